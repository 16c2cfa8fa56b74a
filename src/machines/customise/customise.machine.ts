/**
 * customise — the lens wizard of `/customize/{urlkey?}` (spec §2; eyewear notes "lens flow"):
 * frame (when no url key: pick one; then colour and size) → usage → prescription (typed in, saved,
 * uploaded file, or later) → lens index (forced upgrades, refusals) → coatings and tint → review with
 * the price breakdown → add to cart. Going back keeps every value; a failed add keeps everything.
 *
 * Injected by the services (`src/services/customise/customise.actors.ts`):
 * - actor `fetchFrames`: () => FrameSummary[]                      (frames to choose from, no url key)
 * - actor `fetchLensProduct`: ({ urlKey }) => LensProduct          (the frame and its lens options)
 * - actor `fetchSavedPrescriptions`: () => SavedPrescription[]     (signed in only)
 * - actor `uploadPrescription`: callback, input PrescriptionUploadInput; sends back
 *   `customise.prescription.uploadProgress` { sent } (0…1), then `customise.prescription.uploaded`
 *   { upload } or `customise.prescription.uploadFailed` { message }
 * - actor `fetchCartLine`: ({ itemUid }) => CartLensChoices      (a cart line reopened: its options)
 * - actor `cartReady`: () => void                                   (resolves when the system's `cart` can take a call)
 * - actor `cartOutcome`: ({ kind: 'add' | 'update' }) => void       (settles with the cart call the wizard sent;
 *   rejects with the shopper's words for the cart's error)
 *
 * The line itself reaches the cart as the cart machine's own event (`cart.addItem`, or
 * `cart.updateItem` with every option when a cart line is edited), sent with `sendTo` to the system's
 * `cart` actor: the wizard never calls a mutation.
 */
import { assign, fromCallback, sendTo, setup, type AnyActorRef, type SnapshotFrom } from 'xstate';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { draftForUsage, draftOfPrescription, setDraftField, setPdMode, type LensUsage, type PdMode, type PrescriptionField } from '../prescription/prescription-rules';
import {
  cartEventOf,
  cartItemOf,
  cartOperationOf,
  chosenVariant,
  choicesFromCart,
  defaultVariantSelection,
  fileIssueOf,
  forcedIndexOf,
  hasLensOptions,
  indexChoicesOf,
  frameInStock,
  initialContext,
  lensRefusalOf,
  needsPrescription,
  prescriptionStepIssue,
  preselectionOf,
  usageChoiceIssue,
  variantIssue,
  variantStockIssue,
  type CustomiseContext,
} from './customise-choices';
import type {
  CartLensChoices,
  CartOperationKind,
  CustomiseInput,
  FrameSummary,
  LensProduct,
  PrescriptionFile,
  PrescriptionMethod,
  PrescriptionUploadInput,
  SavedPrescription,
  UploadedPrescription,
} from './customise.types';

export type CustomiseStep = 'frame' | 'usage' | 'prescription' | 'lenses' | 'coatings' | 'review';

export type CustomiseEvent =
  | { type: 'customise.retry' }
  | { type: 'customise.chooseFrame'; urlKey: string }
  | { type: 'customise.chooseAnotherFrame' }
  /** From the out-of-stock refusal: choose another colour or size on the frame step. */
  | { type: 'customise.chooseAnotherVariant' }
  | { type: 'customise.selectVariant'; attributeUid: string; valueUid: string }
  | { type: 'customise.chooseUsage'; usage: LensUsage }
  | { type: 'customise.prescription.chooseMethod'; method: PrescriptionMethod }
  | { type: 'customise.prescription.change'; field: PrescriptionField; value: string }
  | { type: 'customise.prescription.setPdMode'; mode: PdMode }
  | { type: 'customise.prescription.leaveField'; field: PrescriptionField }
  | { type: 'customise.prescription.pickSaved'; uid: string }
  /** `body` holds the bytes to upload (a File is a Blob). */
  | { type: 'customise.prescription.attachFile'; file: PrescriptionFile; body: Blob }
  | { type: 'customise.prescription.removeFile' }
  | { type: 'customise.prescription.retryUpload' }
  | { type: 'customise.prescription.uploadProgress'; sent: number }
  | { type: 'customise.prescription.uploaded'; upload: UploadedPrescription }
  | { type: 'customise.prescription.uploadFailed'; message: string }
  | { type: 'customise.chooseIndex'; uid: string }
  | { type: 'customise.toggleCoating'; uid: string }
  | { type: 'customise.next' }
  | { type: 'customise.back' }
  | { type: 'customise.goTo'; step: CustomiseStep }
  | { type: 'customise.addToCart' }
  /** The page is left: the wizard ends (and stops what it runs). */
  | { type: 'customise.close' };

export interface CartOutcomeInput {
  kind: CartOperationKind;
}

const stepIssueCleared = { stepIssue: null };
const noUpload = { upload: null, uploadProgress: null, uploadError: null };

/** The default upload effect: fails loudly until the services provide the real one. */
const uploadNotProvided = fromCallback<CustomiseEvent, PrescriptionUploadInput>(({ sendBack }) => {
  sendBack({ type: 'customise.prescription.uploadFailed', message: 'uploadPrescription is not provided' });
});

/**
 * The loaded frame: single values preselected, then the product page's colour and size, then (when
 * editing a cart line) the line's options read back into the choices.
 */
function receivedProduct(context: CustomiseContext, product: LensProduct): Partial<CustomiseContext> {
  const restored = context.editing ? choicesFromCart(product, context.editing) : {};
  return {
    product,
    loadError: null,
    ...restored,
    variantSelection: { ...defaultVariantSelection(product), ...preselectionOf(product, context.preselect), ...restored.variantSelection },
  };
}

/** The system's cart actor: the wizard runs in the shop's actor system (ADR 004). */
const cartOfSystem = ({ system }: { system: { get(id: string): AnyActorRef | undefined } }) => system.get('cart') as AnyActorRef;

export const customiseMachine = setup({
  types: {
    context: {} as CustomiseContext,
    input: {} as CustomiseInput,
    events: {} as CustomiseEvent,
    tags: {} as 'loading' | 'step' | 'busy',
  },
  actors: {
    fetchFrames: notProvidedActor<FrameSummary[]>('fetchFrames'),
    fetchLensProduct: notProvidedActor<LensProduct, { urlKey: string }>('fetchLensProduct'),
    fetchSavedPrescriptions: notProvidedActor<SavedPrescription[]>('fetchSavedPrescriptions'),
    fetchCartLine: notProvidedActor<CartLensChoices, { itemUid: string }>('fetchCartLine'),
    cartReady: notProvidedActor<unknown>('cartReady'),
    cartOutcome: notProvidedActor<unknown, CartOutcomeInput>('cartOutcome'),
    uploadPrescription: uploadNotProvided,
  },
  guards: {
    hasUrlKey: ({ context }) => context.urlKey !== null,
    hasLineToRead: ({ context }) => context.editItemUid !== null && context.editing === null,
    someVariantInStock: ({ context }) => context.product !== null && frameInStock(context.product),
    variantChosen: ({ context }) => variantIssue(context) === null && (context.product?.attributes.length === 0 || chosenVariant(context) !== null),
    usageChosen: ({ context }) => context.usage !== null && usageChoiceIssue(context, context.usage) === null,
    usageAllowed: ({ context, event }) => event.type === 'customise.chooseUsage' && usageChoiceIssue(context, event.usage) === null,
    needsPrescription: ({ context }) => needsPrescription(context.usage),
    prescriptionReady: ({ context }) => prescriptionStepIssue(context) === null,
    savedNotLoaded: ({ context, event }) =>
      event.type === 'customise.prescription.chooseMethod' && event.method === 'saved' && context.isSignedIn && context.savedPrescriptions === null,
    methodAllowed: ({ context, event }) => event.type === 'customise.prescription.chooseMethod' && (event.method !== 'saved' || context.isSignedIn),
    lensChosen: ({ context }) => {
      const choice = indexChoicesOf(context).find((c) => c.value.uid === context.indexUid);
      return Boolean(choice && !choice.issue) && lensRefusalOf(context) === null;
    },
    indexAllowed: ({ context, event }) =>
      event.type === 'customise.chooseIndex' && indexChoicesOf(context).some((c) => c.value.uid === event.uid && !c.issue),
    canAdd: ({ context }) => cartItemOf(context) !== null,
  },
  actions: {
    enterLenses: assign(({ context }) => ({ ...forcedIndexOf(context), ...stepIssueCleared })),
    receiveProduct: assign(({ context, event }) => receivedProduct(context, (event as unknown as { output: LensProduct }).output)),
    /** The line goes to the cart as the cart machine's own event; `canAdd` made sure there is one. */
    sendLineToCart: sendTo(cartOfSystem, ({ context }) => cartEventOf(context) as NonNullable<ReturnType<typeof cartEventOf>>),
  },
}).createMachine({
  id: 'customise',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  // The page runs the wizard inside the shop's actor system, where only the machine can end itself.
  on: { 'customise.close': '.closed' },
  states: {
    starting: {
      always: [{ guard: 'hasLineToRead', target: 'loadingCartLine' }, { guard: 'hasUrlKey', target: 'loadingProduct' }, { target: 'loadingFrames' }],
    },
    /** `/customize/{urlkey}?edit={itemUid}`: the cart line's options are read first, then the frame. */
    loadingCartLine: {
      tags: ['loading'],
      invoke: {
        id: 'fetchCartLine',
        src: 'fetchCartLine',
        input: ({ context }) => ({ itemUid: context.editItemUid ?? '' }),
        onDone: { target: 'loadingProduct', actions: assign({ editing: ({ event }) => event.output, editItemUid: null }) },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    loadingFrames: {
      tags: ['loading'],
      invoke: {
        id: 'fetchFrames',
        src: 'fetchFrames',
        onDone: { target: 'choosingFrame', actions: assign({ frames: ({ event }) => event.output, loadError: null }) },
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    choosingFrame: {
      on: {
        'customise.chooseFrame': { target: 'loadingProduct', actions: assign({ urlKey: ({ event }) => event.urlKey }) },
      },
    },
    loadingProduct: {
      tags: ['loading'],
      invoke: {
        id: 'fetchLensProduct',
        src: 'fetchLensProduct',
        input: ({ context }) => ({ urlKey: context.urlKey ?? '' }),
        onDone: [
          { guard: ({ event }) => !hasLensOptions(event.output), target: 'notCustomisable', actions: 'receiveProduct' },
          // Refused before step 1 when the frame, or the colour and size chosen on the product page, is out of stock.
          {
            guard: ({ context, event }) => variantStockIssue({ ...context, ...receivedProduct(context, event.output) }) !== null,
            target: 'outOfStock',
            actions: ['receiveProduct', assign({ stepIssue: ({ context }) => variantStockIssue(context) })],
          },
          { target: 'frame', actions: 'receiveProduct' },
        ],
        onError: { target: 'loadFailed', actions: assign({ loadError: ({ event }) => errorMessageOf(event.error) }) },
      },
    },
    /** Refused before step 1: the frame, or the colour and size chosen, is out of stock. */
    outOfStock: {
      on: {
        'customise.chooseAnotherVariant': {
          guard: 'someVariantInStock',
          target: 'frame',
          // The refused colour/size is forgotten; single values stay chosen.
          actions: assign(({ context }) => ({ variantSelection: context.product ? defaultVariantSelection(context.product) : {}, ...stepIssueCleared })),
        },
        'customise.chooseAnotherFrame': { target: 'loadingFrames', actions: assign({ urlKey: null, product: null, variantSelection: {}, editing: null, ...stepIssueCleared }) },
      },
    },
    loadFailed: {
      on: { 'customise.retry': { target: 'starting', actions: assign({ loadError: null }) } },
    },
    /** The product has no lens options (e.g. an accessory): nothing to customise. */
    notCustomisable: {
      on: { 'customise.chooseAnotherFrame': { target: 'loadingFrames', actions: assign({ urlKey: null, product: null }) } },
    },
    frame: {
      tags: ['step'],
      on: {
        'customise.selectVariant': {
          actions: assign({
            variantSelection: ({ context, event }) => ({ ...context.variantSelection, [event.attributeUid]: event.valueUid }),
            ...stepIssueCleared,
          }),
        },
        'customise.chooseAnotherFrame': { target: 'loadingFrames', actions: assign({ urlKey: null, product: null, variantSelection: {} }) },
        'customise.next': [
          { guard: 'variantChosen', target: 'usage', actions: assign(stepIssueCleared) },
          { actions: assign({ stepIssue: ({ context }) => variantIssue(context) }) },
        ],
      },
    },
    usage: {
      tags: ['step'],
      on: {
        'customise.chooseUsage': {
          guard: 'usageAllowed',
          actions: assign({
            usage: ({ event }) => event.usage,
            // Keep what still applies to the new usage (SPH, CYL, AXIS, PD); drop what does not.
            draft: ({ context, event }) => draftForUsage(context.draft, event.usage),
            ...stepIssueCleared,
          }),
        },
        'customise.next': [
          { guard: 'usageChosen', target: 'prescription', actions: assign(stepIssueCleared) },
          { actions: assign({ stepIssue: { code: 'usageRequired' } }) },
        ],
        'customise.back': 'frame',
      },
    },
    prescription: {
      tags: ['step'],
      always: { guard: ({ context }) => !needsPrescription(context.usage), target: 'lenses', actions: 'enterLenses' },
      initial: 'editing',
      on: {
        'customise.prescription.chooseMethod': [
          {
            guard: 'savedNotLoaded',
            target: '.loadingSaved',
            // Loading the saved prescriptions stops an upload under way: it is then offered again.
            actions: assign(({ context }) => ({
              method: 'saved' as const,
              ...stepIssueCleared,
              ...(context.file && !context.upload && context.uploadError === null && context.uploadProgress !== null
                ? { uploadProgress: null, uploadError: 'The upload stopped before it finished.' }
                : {}),
            })),
          },
          { guard: 'methodAllowed', actions: assign({ method: ({ event }) => event.method, ...stepIssueCleared }) },
        ],
        'customise.prescription.change': {
          actions: assign({ draft: ({ context, event }) => setDraftField(context.draft, event.field, event.value) }),
        },
        'customise.prescription.setPdMode': { actions: assign({ draft: ({ context, event }) => setPdMode(context.draft, event.mode) }) },
        'customise.prescription.leaveField': {
          actions: assign({ touched: ({ context, event }) => (context.touched.includes(event.field) ? context.touched : [...context.touched, event.field]) }),
        },
        'customise.prescription.pickSaved': {
          actions: assign(({ context, event }) => {
            const saved = context.savedPrescriptions?.find((p) => p.uid === event.uid);
            if (!saved) return {};
            // A saved prescription fills the form (and can be adjusted); its expiry is checked like any exam date.
            return { savedUid: saved.uid, draft: draftForUsage(draftOfPrescription(saved), context.usage ?? 'SINGLE_VISION_DISTANCE'), showAllIssues: true, ...stepIssueCleared };
          }),
        },
        // A file the rules accept is uploaded at once; a refused one leaves the attached file as it was.
        'customise.prescription.attachFile': [
          {
            guard: ({ event }) => fileIssueOf(event.file) === null,
            target: '.uploading',
            reenter: true,
            actions: assign(({ event }) => ({ file: event.file, fileBody: event.body, fileIssue: null, ...noUpload, ...stepIssueCleared })),
          },
          { actions: assign({ fileIssue: ({ event }) => fileIssueOf((event as { file: PrescriptionFile }).file) }) },
        ],
        'customise.prescription.removeFile': { target: '.editing', actions: assign({ file: null, fileBody: null, fileIssue: null, ...noUpload }) },
        // The file is kept after a failure: retrying sends the same bytes again.
        'customise.prescription.retryUpload': {
          guard: ({ context }) => context.fileBody !== null && context.upload === null,
          target: '.uploading',
          actions: assign({ uploadError: null, ...stepIssueCleared }),
        },
        'customise.next': [
          { guard: 'prescriptionReady', target: 'lenses', actions: ['enterLenses', assign({ showAllIssues: false })] },
          {
            actions: assign(({ context }) => {
              const issue = prescriptionStepIssue(context);
              return issue === 'invalid' ? { showAllIssues: true, stepIssue: null } : { showAllIssues: true, stepIssue: issue };
            }),
          },
        ],
        'customise.back': 'usage',
      },
      states: {
        editing: {},
        loadingSaved: {
          tags: ['busy'],
          invoke: {
            id: 'fetchSavedPrescriptions',
            src: 'fetchSavedPrescriptions',
            onDone: { target: 'editing', actions: assign({ savedPrescriptions: ({ event }) => event.output, savedError: null }) },
            onError: { target: 'savedFailed', actions: assign({ savedError: ({ event }) => errorMessageOf(event.error) }) },
          },
        },
        savedFailed: {
          on: { 'customise.retry': 'loadingSaved' },
        },
        uploading: {
          tags: ['busy'],
          entry: assign({ uploadProgress: 0, uploadError: null }),
          invoke: {
            id: 'uploadPrescription',
            src: 'uploadPrescription',
            input: ({ context }) => ({ file: context.file as PrescriptionFile, body: context.fileBody as Blob }),
          },
          on: {
            'customise.prescription.uploadProgress': { actions: assign({ uploadProgress: ({ event }) => Math.min(1, Math.max(0, event.sent)) }) },
            // The bytes are no longer needed once the shop has the file.
            'customise.prescription.uploaded': { target: 'editing', actions: assign({ upload: ({ event }) => event.upload, fileBody: null, uploadProgress: null }) },
            'customise.prescription.uploadFailed': { target: 'uploadFailed', actions: assign({ uploadError: ({ event }) => event.message, uploadProgress: null }) },
          },
        },
        uploadFailed: {},
      },
    },
    lenses: {
      tags: ['step'],
      on: {
        'customise.chooseIndex': { guard: 'indexAllowed', actions: assign({ indexUid: ({ event }) => event.uid, forcedIndex: null, ...stepIssueCleared }) },
        'customise.next': [
          { guard: 'lensChosen', target: 'coatings', actions: assign(stepIssueCleared) },
          { actions: assign({ stepIssue: ({ context }) => lensRefusalOf(context) ?? { code: 'indexRequired' } }) },
        ],
        'customise.back': [{ guard: 'needsPrescription', target: 'prescription.editing' }, { target: 'usage' }],
      },
    },
    coatings: {
      tags: ['step'],
      on: {
        'customise.toggleCoating': {
          actions: assign({
            coatingUids: ({ context, event }) =>
              context.coatingUids.includes(event.uid) ? context.coatingUids.filter((u) => u !== event.uid) : [...context.coatingUids, event.uid],
          }),
        },
        'customise.next': 'review',
        'customise.back': 'lenses',
      },
    },
    review: {
      tags: ['step'],
      on: {
        'customise.addToCart': [
          { guard: 'canAdd', target: 'adding', actions: assign({ addError: null }) },
          // The variant sold out meanwhile (or nothing can be added): said in words, nothing lost.
          { actions: assign({ stepIssue: ({ context }) => variantIssue(context) }) },
        ],
        'customise.back': 'coatings',
        'customise.goTo': [
          { guard: ({ event }) => event.step === 'frame', target: 'frame' },
          { guard: ({ event }) => event.step === 'usage', target: 'usage' },
          { guard: ({ event, context }) => event.step === 'prescription' && needsPrescription(context.usage), target: 'prescription.editing' },
          { guard: ({ event }) => event.step === 'lenses', target: 'lenses', actions: 'enterLenses' },
          { guard: ({ event }) => event.step === 'coatings', target: 'coatings' },
        ],
      },
    },
    adding: {
      tags: ['busy'],
      initial: 'waitingForCart',
      states: {
        /** The cart may still be loading (a reload on the wizard): the event waits for it, never dropped. */
        waitingForCart: {
          invoke: {
            id: 'cartReady',
            src: 'cartReady',
            onDone: 'sending',
            onError: { target: '#customise.review', actions: assign({ addError: ({ event }) => errorMessageOf(event.error) }) },
          },
        },
        sending: {
          entry: 'sendLineToCart',
          invoke: {
            id: 'cartOutcome',
            src: 'cartOutcome',
            input: ({ context }) => ({ kind: cartOperationOf(context) }),
            onDone: [{ guard: ({ context }) => context.editing !== null, target: '#customise.updated' }, { target: '#customise.added' }],
            // Nothing is lost: the review shows the error with every choice still there.
            onError: { target: '#customise.review', actions: assign({ addError: ({ event }) => errorMessageOf(event.error) }) },
          },
        },
      },
    },
    added: {
      on: { 'customise.goTo': { target: 'review' } },
    },
    /** The edited cart line was replaced: the shopper goes back to the cart. */
    updated: {},
    closed: { type: 'final' },
  },
});

export type CustomiseSnapshot = SnapshotFrom<typeof customiseMachine>;

/** The wizard step a snapshot shows (null while loading, choosing a frame, or after adding). */
export function stepOf(snapshot: CustomiseSnapshot): CustomiseStep | null {
  const steps: CustomiseStep[] = ['frame', 'usage', 'prescription', 'lenses', 'coatings', 'review'];
  return steps.find((s) => snapshot.matches(s)) ?? (snapshot.matches('adding') ? 'review' : null);
}

/** The steps shown in the progress list: no prescription step for non-prescription lenses. */
export function stepsOf(context: Pick<CustomiseContext, 'usage'>): CustomiseStep[] {
  return needsPrescription(context.usage) || context.usage === null
    ? ['frame', 'usage', 'prescription', 'lenses', 'coatings', 'review']
    : ['frame', 'usage', 'lenses', 'coatings', 'review'];
}
