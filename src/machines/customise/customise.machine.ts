/**
 * customise — the lens wizard of `/customize/{urlkey?}` (spec §2; eyewear notes "lens flow"):
 * frame (when no url key: pick one; then colour and size) → usage → prescription (typed in, saved,
 * uploaded file, or later) → lens index (forced upgrades, refusals) → coatings and tint → review with
 * the price breakdown → add to cart. Going back keeps every value; a failed add keeps everything.
 *
 * The prescription typed in is the shop's one `prescriptionForm` machine (the saved prescriptions
 * and prescription fix pages run it too): spawned with the wizard, it lives as long as the wizard, so
 * what was typed outlives every step change and a failed add. Its view sends it the typing itself
 * (`prescription.change`, …); the wizard keeps its usage and frame in step with it, loads a saved
 * prescription or a reopened cart line's into it, and asks it to show every problem on "Next".
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
 *
 * The line itself reaches the cart as the cart machine's own event (`cart.addItem`, or
 * `cart.updateItem` with every option when a cart line is edited) sent by `cartRequest`
 * (`cart-outcome.ts`) to the system's `cart` actor as a request the cart answers (ADR 010 §6): the
 * wizard never calls a mutation, and learns the outcome only from the answer, as
 * `customise.cart.done` / `customise.cart.failed`.
 *
 * The page host starts the wizard when its page asks for it (`usePageActor('customise', …)`, ADR 009),
 * with its live implementations and input from the composition root's registry
 * (`src/app/page-machines.ts`), and stops it when the route is left.
 */
import { and, assign, enqueueActions, fromCallback, not, sendTo, setup, type SnapshotFrom } from 'xstate';
import { prescriptionFormMachine } from '../prescription/prescription-form.machine';
import { draftOfPrescription, emptyPrescriptionDraft, lensUsageOf, type UsageChoice } from '../../../rules/eyewear/prescription';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { cartRequest, type CartOutcomeEvent, type CartRequestInput } from './cart-outcome';
import {
  cartEventOf,
  cartItemOf,
  chosenVariant,
  choicesFromCart,
  defaultVariantSelection,
  fileIssueOf,
  forcedIndexOf,
  frameAlone,
  hasLensOptions,
  coatingToggleAllowed,
  indexChoicesOf,
  frameInStock,
  initialContext,
  lensRefusalOf,
  sunLensCoatingUids,
  sunLensIssueOf,
  needsPrescription,
  prescriptionStepIssue,
  preselectionOf,
  usageChoiceIssue,
  variantIssue,
  variantStockIssue,
  choicesFromKept,
  keptWizardOf,
  sameCartItem,
  type CartLineChoices,
  type CustomiseContext,
} from './customise-choices';
import { followedStepHistory, putBackStepHistory, stepEntryOf, type StepMove } from '../shared/step-history';
import type {
  CartLensChoices,
  CustomiseInput,
  CustomiseStep,
  FrameSummary,
  KeptWizard,
  LensProduct,
  PrescriptionFile,
  PrescriptionMethod,
  PrescriptionUploadInput,
  SavedPrescription,
  UploadedPrescription,
} from './customise.types';
import { CUSTOMISE_STEPS } from './customise.types';

export type { CustomiseStep };

export type CustomiseEvent =
  | { type: 'customise.retry' }
  | { type: 'customise.chooseFrame'; urlKey: string }
  | { type: 'customise.chooseAnotherFrame' }
  /** From the out-of-stock refusal: choose another colour or size on the frame step. */
  | { type: 'customise.chooseAnotherVariant' }
  | { type: 'customise.selectVariant'; attributeUid: string; valueUid: string }
  /** Lenses of a usage, or the frame alone (ADR 035 "Frame only"). */
  | { type: 'customise.chooseUsage'; usage: UsageChoice }
  | { type: 'customise.prescription.chooseMethod'; method: PrescriptionMethod }
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
  /** Back or Forward brought the URL to this step (ADR 008): opened when its choices allow, else the URL is put back. */
  | { type: 'customise.history.step'; step: CustomiseStep }
  /** The frame and the kept choices are in (the form has them): the step the URL asked for opens. */
  | { type: 'customise.resume' }
  /** From `cartRequest`: the cart's answer. */
  | CartOutcomeEvent;

const stepIssueCleared = { stepIssue: null };
const noUpload = { upload: null, uploadProgress: null, uploadError: null };

/** The default upload effect: fails loudly until the services provide the real one. */
const uploadNotProvided = fromCallback<CustomiseEvent, PrescriptionUploadInput>(({ sendBack }) => {
  sendBack({ type: 'customise.prescription.uploadFailed', message: 'uploadPrescription is not provided' });
});

/**
 * The loaded frame: single values preselected, then the product page's colour and size, then (when
 * editing a cart line) the line's options read back into the choices, and its typed prescription.
 */
function receivedProduct(context: CustomiseContext, product: LensProduct): CartLineChoices {
  const restored = context.editing
    ? choicesFromCart(product, context.editing)
    : context.kept?.urlKey === product.urlKey
      ? choicesFromKept(product, context.kept)
      : { choices: {}, draft: null };
  return {
    choices: {
      product,
      loadError: null,
      ...restored.choices,
      variantSelection: { ...defaultVariantSelection(product), ...preselectionOf(product, context.preselect), ...restored.choices.variantSelection },
    },
    draft: restored.draft,
  };
}

/** The wizard's request to the cart: its line (`canAdd` made sure there is one). */
function cartRequestInputOf(context: CustomiseContext): CartRequestInput {
  const event = cartEventOf(context);
  if (!event) throw new Error('customise: no line to send to the cart');
  return { event };
}

/** Entering a step: the URL change it needs (non-prescription lenses pass the prescription step on at once: no entry). */
function stepShownOn(context: CustomiseContext, step: CustomiseStep) {
  if (step === 'prescription' && !needsPrescription(context.usage)) return { history: context.history, move: null };
  return stepEntryOf(context.history, step);
}

/** A step's entry (ADR 008): the URL shows it (pushed, or in place of the first entry), and the choices are kept. */
function recordStep(step: CustomiseStep) {
  return [
    { type: 'showStep' as const, params: ({ context }: { context: CustomiseContext }) => stepShownOn(context, step).move },
    { type: 'noteStepShown' as const, params: { step } },
    keepWizard(),
  ];
}

/** The choices kept for a reload. */
const keepWizard = () => ({ type: 'keepChoices' as const, params: ({ context }: { context: CustomiseContext }) => keptWizardOf(context) });

const variantChosen = (context: CustomiseContext) =>
  variantIssue(context) === null && (context.product?.attributes.length === 0 || chosenVariant(context) !== null);
const usageChosen = (context: CustomiseContext) => context.usage !== null && usageChoiceIssue(context, context.usage) === null;
const lensChosen = (context: CustomiseContext) => {
  const choice = indexChoicesOf(context).find((c) => c.value.uid === context.indexUid);
  return Boolean(choice && !choice.issue) && lensRefusalOf(context) === null;
};

/** Whether a step can open with what is chosen (every step before it done), as "Next" would have opened it. */
export function stepOpens(context: CustomiseContext, step: CustomiseStep): boolean {
  if (step === 'frame') return true;
  if (!variantChosen(context)) return false;
  if (step === 'usage') return true;
  if (!usageChosen(context)) return false;
  // The frame alone goes from its usage to the review: no prescription, no lenses, no coatings.
  if (frameAlone(context.usage)) return step === 'review';
  if (step === 'prescription') return needsPrescription(context.usage);
  if (needsPrescription(context.usage) && prescriptionStepIssue(context) !== null) return false;
  return step === 'lenses' || lensChosen(context);
}

/** Back and Forward (ADR 008): a step that can open opens, with everything kept; any other puts the URL back. */
function historyMoves() {
  const opens = (step: CustomiseStep) => ({ type: 'historyOpens' as const, params: { step } });
  const follow = (step: CustomiseStep) => ({ type: 'followHistory' as const, params: { step } });
  return [
    { guard: 'historyShowsCurrent' as const },
    { guard: opens('frame'), target: '#customise.frame', actions: follow('frame') },
    { guard: opens('usage'), target: '#customise.usage', actions: follow('usage') },
    { guard: opens('prescription'), target: '#customise.prescription.editing', actions: follow('prescription') },
    { guard: opens('lenses'), target: '#customise.lenses', actions: [follow('lenses'), 'enterLenses' as const] },
    { guard: opens('coatings'), target: '#customise.coatings', actions: follow('coatings') },
    { guard: opens('review'), target: '#customise.review', actions: follow('review') },
    {
      actions: [{ type: 'showStep' as const, params: ({ context }: { context: CustomiseContext }) => putBackMoveOf(context) }, 'notePutBack' as const],
    },
  ];
}

/** The URL put back to the wizard's step, in place of the entry it cannot open. */
const putBackMoveOf = (context: CustomiseContext): StepMove<CustomiseStep> | null =>
  context.history.shown === null ? null : { step: context.history.shown, replace: true };

/** A reload (ADR 008): the step the URL named, or the furthest one before it that can open. */
function resumeMoves() {
  const at = (step: CustomiseStep) => ({ type: 'resumesAt' as const, params: { step } });
  return [
    { guard: at('review'), target: 'review' as const },
    { guard: at('coatings'), target: 'coatings' as const },
    { guard: at('lenses'), target: 'lenses' as const, actions: 'enterLenses' as const },
    { guard: at('prescription'), target: 'prescription' as const },
    { guard: at('usage'), target: 'usage' as const },
    { target: 'frame' as const },
  ];
}

/** The frame as the product's read answered it, for the guards and actions that take it as params. */
const productOf = ({ event }: { event: { output: LensProduct } }) => ({ product: event.output });

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
    cartRequest,
    uploadPrescription: uploadNotProvided,
    prescriptionForm: prescriptionFormMachine,
  },
  guards: {
    hasUrlKey: ({ context }) => context.urlKey !== null,
    hasLineToRead: ({ context }) => context.editItemUid !== null && context.editing === null,
    /** An accessory, say: nothing to customise. */
    lacksLensOptions: (_, params: { product: LensProduct }) => !hasLensOptions(params.product),
    /** The frame, or the colour and size chosen on the product page, is out of stock. */
    chosenVariantOutOfStock: ({ context }, params: { product: LensProduct }) =>
      variantStockIssue({ ...context, ...receivedProduct(context, params.product).choices }) !== null,
    someVariantInStock: ({ context }) => context.product !== null && frameInStock(context.product),
    variantChosen: ({ context }) => variantChosen(context),
    usageChosen: ({ context }) => usageChosen(context),
    usageAllowed: ({ context, event }) => event.type === 'customise.chooseUsage' && usageChoiceIssue(context, event.usage) === null,
    needsPrescription: ({ context }) => needsPrescription(context.usage),
    /** The frame alone, without lenses (ADR 035 "Frame only"). */
    frameAlone: ({ context }) => frameAlone(context.usage),
    savedKnown: ({ context, event }) =>
      event.type === 'customise.prescription.pickSaved' && (context.savedPrescriptions ?? []).some((p) => p.uid === event.uid),
    prescriptionReady: ({ context }) => prescriptionStepIssue(context) === null,
    savedNotLoaded: ({ context, event }) =>
      event.type === 'customise.prescription.chooseMethod' && event.method === 'saved' && context.isSignedIn && context.savedPrescriptions === null,
    methodAllowed: ({ context, event }) => event.type === 'customise.prescription.chooseMethod' && (event.method !== 'saved' || context.isSignedIn),
    fileAcceptable: (_, params: { file: PrescriptionFile }) => fileIssueOf(params.file) === null,
    /** The bytes of a file whose upload failed are still there to send again. */
    hasFileToRetry: ({ context }) => context.fileBody !== null && context.upload === null,
    lensChosen: ({ context }) => lensChosen(context),
    /** A coating a chosen one rules out (a second darkening coating) cannot be added. */
    coatingAllowed: ({ context, event }) => event.type === 'customise.toggleCoating' && coatingToggleAllowed(context, event.uid),
    indexAllowed: ({ context, event }) => event.type === 'customise.chooseIndex' && indexChoicesOf(context).some((c) => c.value.uid === event.uid && !c.issue),
    canAdd: ({ context }) => cartItemOf(context) !== null,
    /** Prescription lenses for sunglasses carry a sun tint or polarised (rules/eyewear "sunglasses"). */
    sunLensChosen: ({ context }) => sunLensIssueOf(context) === null,
    /** The review's "change" links: the step asked for. */
    goesTo: ({ event }, params: { step: CustomiseStep }) => event.type === 'customise.goTo' && event.step === params.step,
    editsCartLine: ({ context }) => context.editing !== null,
    // --- history (ADR 008) ---
    /** Back or Forward asks for this step, and what it needs is chosen. */
    historyOpens: ({ context, event }, params: { step: CustomiseStep }) =>
      event.type === 'customise.history.step' && event.step === params.step && stepOpens(context, params.step),
    /** The step the URL named at the start (a reload) is this one or a later one, and what it needs is chosen. */
    resumesAt: ({ context }, params: { step: CustomiseStep }) =>
      context.requestedStep !== null &&
      CUSTOMISE_STEPS.indexOf(context.requestedStep) >= CUSTOMISE_STEPS.indexOf(params.step) &&
      stepOpens(context, params.step),
    /** The URL shows the step the wizard is on already (the wizard's own entry). */
    historyShowsCurrent: ({ context, event }) => event.type === 'customise.history.step' && event.step === context.history.shown,
    /** The review's line is the one this wizard already added: a second press adds nothing. */
    lineAlreadyAdded: ({ context }) => {
      const event = cartEventOf(context);
      return context.addedItem !== null && event?.type === 'cart.addItem' && sameCartItem(event.item, context.addedItem);
    },
  },
  actions: {
    // --- history (ADR 008) ---
    /** Injected by the services: the URL shows the step, in a new history entry or in place of the current one. */
    showStep: (_, _move: StepMove<CustomiseStep> | null) => {},
    /** Injected by the services: the choices kept for this URL (session storage), for a reload. */
    keepChoices: (_, _kept: KeptWizard) => {},
    /** A step entered: the URL now shows it (the move `showStep` was given). */
    noteStepShown: assign(({ context }, params: { step: CustomiseStep }) => ({ history: stepShownOn(context, params.step).history })),
    /** Back or Forward moved the URL to the step the wizard opens: it adds no entry. */
    followHistory: assign((_, params: { step: CustomiseStep }) => ({ history: followedStepHistory(params.step) })),
    /** A step that cannot open yet: the URL shows the wizard's step again, in place (after `showStep`). */
    notePutBack: assign(({ context }) => ({ history: putBackStepHistory(context.history) })),
    /** The start's request is answered (or could not be): a later Back is the shopper's own. */
    forgetRequestedStep: assign({ requestedStep: null, kept: null }),
    resumeWhenFormHasChoices: sendTo(({ self }) => self, { type: 'customise.resume' as const }),
    rememberAddedItem: assign(({ context }) => {
      const event = cartEventOf(context);
      return { addedItem: event?.type === 'cart.addItem' ? event.item : null };
    }),
    // --- loading ---
    rememberCartLine: assign((_, params: { line: CartLensChoices }) => ({ editing: params.line, editItemUid: null })),
    rememberFrames: assign((_, params: { frames: FrameSummary[] }) => ({ frames: params.frames, loadError: null })),
    rememberLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorMessageOf(params.error) })),
    clearLoadError: assign({ loadError: null }),
    /** The frame's choices into the context; its limits, and a reopened line's usage and prescription, into the form. */
    receiveProduct: enqueueActions(({ context, enqueue }, { product }: { product: LensProduct }) => {
      const { choices, draft } = receivedProduct(context, product);
      enqueue.assign(choices);
      enqueue.sendTo(context.form, { type: 'prescription.setFrame', frame: product.frame });
      const usage = lensUsageOf(choices.usage ?? null);
      if (usage && needsPrescription(usage)) enqueue.sendTo(context.form, { type: 'prescription.setUsage', usage });
      if (draft) enqueue.sendTo(context.form, { type: 'prescription.load', draft });
    }),
    // --- frame ---
    chooseFrame: assign((_, params: { urlKey: string }) => ({ urlKey: params.urlKey })),
    forgetFrame: assign({ urlKey: null, product: null }),
    forgetVariantSelection: assign({ variantSelection: {} }),
    stopEditingCartLine: assign({ editing: null }),
    selectVariant: assign(({ context }, params: { attributeUid: string; valueUid: string }) => ({
      variantSelection: { ...context.variantSelection, [params.attributeUid]: params.valueUid },
      ...stepIssueCleared,
    })),
    /** The refused colour/size is forgotten; single values stay chosen. */
    forgetRefusedVariant: assign(({ context }) => ({ variantSelection: context.product ? defaultVariantSelection(context.product) : {}, ...stepIssueCleared })),
    refuseOutOfStockVariant: assign(({ context }) => ({ stepIssue: variantStockIssue(context) })),
    /** A variant not chosen, or sold out meanwhile: said in words, nothing lost. */
    tellVariantIssue: assign(({ context }) => ({ stepIssue: variantIssue(context) })),
    clearStepIssue: assign(stepIssueCleared),
    // --- usage ---
    chooseUsage: assign((_, params: { usage: UsageChoice }) => ({ usage: params.usage, ...stepIssueCleared })),
    /**
     * The form checks the prescription for the usage chosen: it keeps what still applies (SPH, CYL,
     * AXIS, PD) and drops what does not. Non-prescription lenses leave it as typed, for a way back.
     */
    formFollowsUsage: enqueueActions(({ context, event, enqueue }) => {
      const usage = event.type === 'customise.chooseUsage' ? lensUsageOf(event.usage) : null;
      if (usage && needsPrescription(usage)) enqueue.sendTo(context.form, { type: 'prescription.setUsage', usage });
    }),
    tellUsageRequired: assign({ stepIssue: { code: 'usageRequired' } }),
    // --- prescription ---
    chooseMethod: assign((_, params: { method: PrescriptionMethod }) => ({ method: params.method, ...stepIssueCleared })),
    /** Loading the saved prescriptions stops an upload under way (or one left when the step was): it is then offered again. */
    chooseSavedMethod: assign(({ context }) => ({
      method: 'saved' as const,
      ...stepIssueCleared,
      ...(context.file && !context.upload && context.uploadError === null && context.uploadProgress !== null
        ? { uploadProgress: null, uploadError: 'The upload stopped before it finished.' }
        : {}),
    })),
    rememberSavedPrescriptions: assign((_, params: { prescriptions: SavedPrescription[] }) => ({ savedPrescriptions: params.prescriptions, savedError: null })),
    rememberSavedError: assign((_, params: { error: unknown }) => ({ savedError: errorMessageOf(params.error) })),
    /** A saved prescription fills the form (and can be adjusted); its expiry is checked like any exam date. */
    pickSaved: enqueueActions(({ context, event, enqueue }) => {
      const saved = event.type === 'customise.prescription.pickSaved' ? context.savedPrescriptions?.find((p) => p.uid === event.uid) : undefined;
      if (!saved) return;
      enqueue.assign({ savedUid: saved.uid, ...stepIssueCleared });
      enqueue.sendTo(context.form, { type: 'prescription.load', draft: draftOfPrescription(saved) });
      enqueue.sendTo(context.form, { type: 'prescription.showAllIssues' });
    }),
    attachFile: assign((_, params: { file: PrescriptionFile; body: Blob }) => ({
      file: params.file,
      fileBody: params.body,
      fileIssue: null,
      ...noUpload,
      ...stepIssueCleared,
    })),
    /** A refused file leaves the attached one as it was. */
    refuseFile: assign((_, params: { file: PrescriptionFile }) => ({ fileIssue: fileIssueOf(params.file) })),
    removeFile: assign({ file: null, fileBody: null, fileIssue: null, ...noUpload }),
    clearUploadError: assign({ uploadError: null, ...stepIssueCleared }),
    startUpload: assign({ uploadProgress: 0, uploadError: null }),
    trackUploadProgress: assign((_, params: { sent: number }) => ({ uploadProgress: Math.min(1, Math.max(0, params.sent)) })),
    /** The bytes are no longer needed once the shop has the file. */
    keepUploadedFile: assign((_, params: { upload: UploadedPrescription }) => ({ upload: params.upload, fileBody: null, uploadProgress: null })),
    rememberUploadError: assign((_, params: { message: string }) => ({ uploadError: params.message, uploadProgress: null })),
    /** "Next" refused: every problem of the form shows, next to its field. */
    showAllIssues: sendTo(({ context }) => context.form, { type: 'prescription.showAllIssues' }),
    /** An invalid prescription is told next to its fields; anything else is the step's issue. */
    tellPrescriptionIssue: assign(({ context }) => {
      const issue = prescriptionStepIssue(context);
      return { stepIssue: issue === 'invalid' ? null : issue };
    }),
    // --- lenses and coatings ---
    enterLenses: assign(({ context }) => ({ ...forcedIndexOf(context), coatingUids: sunLensCoatingUids(context), ...stepIssueCleared })),
    tellSunLensIssue: assign(({ context }) => ({ stepIssue: sunLensIssueOf(context) })),
    chooseIndex: assign((_, params: { uid: string }) => ({ indexUid: params.uid, forcedIndex: null, ...stepIssueCleared })),
    tellLensRefusal: assign(({ context }) => ({ stepIssue: lensRefusalOf(context) ?? { code: 'indexRequired' } })),
    toggleCoating: assign(({ context }, params: { uid: string }) => ({
      coatingUids: context.coatingUids.includes(params.uid) ? context.coatingUids.filter((u) => u !== params.uid) : [...context.coatingUids, params.uid],
    })),
    // --- adding ---
    clearAddError: assign({ addError: null }),
    rememberAddError: assign((_, params: { message: string }) => ({ addError: params.message })),
  },
}).createMachine({
  id: 'customise',
  context: ({ input, spawn }) =>
    initialContext(
      input,
      spawn('prescriptionForm', { id: 'prescriptionForm', input: { usage: 'SINGLE_VISION_DISTANCE', draft: emptyPrescriptionDraft(), today: input.today } }),
    ),
  initial: 'starting',
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
        onDone: { target: 'loadingProduct', actions: { type: 'rememberCartLine', params: ({ event }) => ({ line: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'rememberLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingFrames: {
      tags: ['loading'],
      invoke: {
        id: 'fetchFrames',
        src: 'fetchFrames',
        onDone: { target: 'choosingFrame', actions: { type: 'rememberFrames', params: ({ event }) => ({ frames: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'rememberLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    choosingFrame: {
      on: {
        'customise.chooseFrame': { target: 'loadingProduct', actions: { type: 'chooseFrame', params: ({ event }) => ({ urlKey: event.urlKey }) } },
      },
    },
    loadingProduct: {
      tags: ['loading'],
      invoke: {
        id: 'fetchLensProduct',
        src: 'fetchLensProduct',
        input: ({ context }) => ({ urlKey: context.urlKey ?? '' }),
        onDone: [
          { guard: { type: 'lacksLensOptions', params: productOf }, target: 'notCustomisable', actions: { type: 'receiveProduct', params: productOf } },
          // Refused before step 1 when the frame, or the colour and size chosen on the product page, is out of stock.
          {
            guard: { type: 'chosenVariantOutOfStock', params: productOf },
            target: 'outOfStock',
            actions: [{ type: 'receiveProduct', params: productOf }, 'refuseOutOfStockVariant'],
          },
          { target: 'resuming', actions: { type: 'receiveProduct', params: productOf } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'rememberLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /**
     * The frame is in, with a reopened line's or the kept choices sent to the form: once the form has
     * them, the wizard opens the step the URL named (a reload), or the furthest one before it that
     * can open, in place of the URL's entry (ADR 008). Without a step named, the frame step.
     */
    resuming: {
      tags: ['loading'],
      entry: 'resumeWhenFormHasChoices',
      on: { 'customise.resume': resumeMoves() },
      exit: 'forgetRequestedStep',
    },
    /** Refused before step 1: the frame, or the colour and size chosen, is out of stock. */
    outOfStock: {
      on: {
        'customise.chooseAnotherVariant': { guard: 'someVariantInStock', target: 'frame', actions: 'forgetRefusedVariant' },
        'customise.chooseAnotherFrame': {
          target: 'loadingFrames',
          actions: ['forgetFrame', 'forgetVariantSelection', 'stopEditingCartLine', 'clearStepIssue'],
        },
      },
    },
    loadFailed: {
      on: { 'customise.retry': { target: 'starting', actions: 'clearLoadError' } },
    },
    /** The product has no lens options (e.g. an accessory): nothing to customise. */
    notCustomisable: {
      on: { 'customise.chooseAnotherFrame': { target: 'loadingFrames', actions: 'forgetFrame' } },
    },
    frame: {
      tags: ['step'],
      entry: recordStep('frame'),
      on: {
        'customise.history.step': historyMoves(),
        'customise.selectVariant': {
          actions: { type: 'selectVariant', params: ({ event }) => ({ attributeUid: event.attributeUid, valueUid: event.valueUid }) },
        },
        'customise.chooseAnotherFrame': { target: 'loadingFrames', actions: ['forgetFrame', 'forgetVariantSelection'] },
        'customise.next': [{ guard: 'variantChosen', target: 'usage', actions: 'clearStepIssue' }, { actions: 'tellVariantIssue' }],
      },
    },
    usage: {
      tags: ['step'],
      entry: recordStep('usage'),
      on: {
        'customise.history.step': historyMoves(),
        'customise.chooseUsage': {
          guard: 'usageAllowed',
          actions: [{ type: 'chooseUsage', params: ({ event }) => ({ usage: event.usage }) }, 'formFollowsUsage'],
        },
        'customise.next': [
          { guard: and(['usageChosen', 'frameAlone']), target: 'review', actions: 'clearStepIssue' },
          { guard: 'usageChosen', target: 'prescription', actions: 'clearStepIssue' },
          { actions: 'tellUsageRequired' },
        ],
        'customise.back': 'frame',
      },
    },
    prescription: {
      tags: ['step'],
      entry: recordStep('prescription'),
      always: { guard: not('needsPrescription'), target: 'lenses', actions: 'enterLenses' },
      initial: 'editing',
      on: {
        'customise.prescription.chooseMethod': [
          { guard: 'savedNotLoaded', target: '.loadingSaved', actions: 'chooseSavedMethod' },
          { guard: 'methodAllowed', actions: { type: 'chooseMethod', params: ({ event }) => ({ method: event.method }) } },
        ],
        'customise.prescription.pickSaved': { guard: 'savedKnown', actions: 'pickSaved' },
        // A file the rules accept is uploaded at once; a refused one leaves the attached file as it was.
        'customise.prescription.attachFile': [
          {
            guard: { type: 'fileAcceptable', params: ({ event }) => ({ file: event.file }) },
            target: '.uploading',
            reenter: true,
            actions: { type: 'attachFile', params: ({ event }) => ({ file: event.file, body: event.body }) },
          },
          { actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
        ],
        'customise.prescription.removeFile': { target: '.editing', actions: 'removeFile' },
        // The file is kept after a failure: retrying sends the same bytes again.
        'customise.prescription.retryUpload': { guard: 'hasFileToRetry', target: '.uploading', actions: 'clearUploadError' },
        'customise.next': [{ guard: 'prescriptionReady', target: 'lenses', actions: 'enterLenses' }, { actions: ['showAllIssues', 'tellPrescriptionIssue'] }],
        'customise.back': 'usage',
        'customise.history.step': historyMoves(),
      },
      states: {
        editing: {},
        loadingSaved: {
          tags: ['busy'],
          invoke: {
            id: 'fetchSavedPrescriptions',
            src: 'fetchSavedPrescriptions',
            onDone: { target: 'editing', actions: { type: 'rememberSavedPrescriptions', params: ({ event }) => ({ prescriptions: event.output }) } },
            onError: { target: 'savedFailed', actions: { type: 'rememberSavedError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        savedFailed: {
          on: { 'customise.retry': 'loadingSaved' },
        },
        uploading: {
          tags: ['busy'],
          entry: 'startUpload',
          invoke: {
            id: 'uploadPrescription',
            src: 'uploadPrescription',
            input: ({ context }) => ({ file: context.file as PrescriptionFile, body: context.fileBody as Blob }),
          },
          on: {
            'customise.prescription.uploadProgress': { actions: { type: 'trackUploadProgress', params: ({ event }) => ({ sent: event.sent }) } },
            'customise.prescription.uploaded': { target: 'editing', actions: { type: 'keepUploadedFile', params: ({ event }) => ({ upload: event.upload }) } },
            'customise.prescription.uploadFailed': {
              target: 'uploadFailed',
              actions: { type: 'rememberUploadError', params: ({ event }) => ({ message: event.message }) },
            },
          },
        },
        uploadFailed: {},
      },
    },
    lenses: {
      tags: ['step'],
      entry: recordStep('lenses'),
      on: {
        'customise.history.step': historyMoves(),
        'customise.chooseIndex': { guard: 'indexAllowed', actions: { type: 'chooseIndex', params: ({ event }) => ({ uid: event.uid }) } },
        'customise.next': [{ guard: 'lensChosen', target: 'coatings', actions: 'clearStepIssue' }, { actions: 'tellLensRefusal' }],
        'customise.back': [{ guard: 'needsPrescription', target: 'prescription.editing' }, { target: 'usage' }],
      },
    },
    coatings: {
      tags: ['step'],
      entry: recordStep('coatings'),
      on: {
        'customise.history.step': historyMoves(),
        'customise.toggleCoating': { guard: 'coatingAllowed', actions: { type: 'toggleCoating', params: ({ event }) => ({ uid: event.uid }) } },
        'customise.next': [{ guard: 'sunLensChosen', target: 'review' }, { actions: 'tellSunLensIssue' }],
        'customise.back': 'lenses',
      },
    },
    review: {
      tags: ['step'],
      entry: recordStep('review'),
      on: {
        'customise.history.step': historyMoves(),
        'customise.addToCart': [
          // "Back to the review" after adding, nothing changed: the line is in the cart already, once.
          { guard: 'lineAlreadyAdded', target: 'added' },
          { guard: 'canAdd', target: 'adding', actions: 'clearAddError' },
          // The variant sold out meanwhile (or nothing can be added): said in words, nothing lost.
          { actions: 'tellVariantIssue' },
        ],
        'customise.back': [{ guard: 'frameAlone', target: 'usage' }, { target: 'coatings' }],
        'customise.goTo': [
          { guard: { type: 'goesTo', params: { step: 'frame' } }, target: 'frame' },
          { guard: { type: 'goesTo', params: { step: 'usage' } }, target: 'usage' },
          { guard: and([{ type: 'goesTo', params: { step: 'prescription' } } as const, 'needsPrescription']), target: 'prescription.editing' },
          { guard: and([{ type: 'goesTo', params: { step: 'lenses' } } as const, not('frameAlone')]), target: 'lenses', actions: 'enterLenses' },
          { guard: and([{ type: 'goesTo', params: { step: 'coatings' } } as const, not('frameAlone')]), target: 'coatings' },
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
            onError: { target: '#customise.review', actions: { type: 'rememberAddError', params: ({ event }) => ({ message: errorMessageOf(event.error) }) } },
          },
        },
        /** The line goes to the cart as a request; the cart's answer says what it made of it. */
        sending: {
          invoke: {
            id: 'cartRequest',
            src: 'cartRequest',
            input: ({ context }) => cartRequestInputOf(context),
            onError: { target: '#customise.review', actions: { type: 'rememberAddError', params: ({ event }) => ({ message: errorMessageOf(event.error) }) } },
          },
          on: {
            'customise.cart.done': [
              { guard: 'editsCartLine', target: '#customise.updated' },
              { target: '#customise.added', actions: 'rememberAddedItem' },
            ],
            // Nothing is lost: the review shows the error with every choice (and the form) still there.
            'customise.cart.failed': {
              target: '#customise.review',
              actions: { type: 'rememberAddError', params: ({ event }) => ({ message: event.message }) },
            },
          },
        },
      },
    },
    /** In the cart; the URL still shows the review. Its choices are kept with the line added, so a reload does not add it again. */
    added: {
      entry: keepWizard(),
      on: { 'customise.goTo': { target: 'review' }, 'customise.history.step': historyMoves() },
    },
    /** The edited cart line was replaced: the shopper goes back to the cart. */
    updated: {},
  },
});

export type CustomiseSnapshot = SnapshotFrom<typeof customiseMachine>;

/** The wizard step a snapshot shows (null while loading, choosing a frame, or after adding). */
export function stepOf(snapshot: CustomiseSnapshot): CustomiseStep | null {
  const steps: CustomiseStep[] = ['frame', 'usage', 'prescription', 'lenses', 'coatings', 'review'];
  return steps.find((s) => snapshot.matches(s)) ?? (snapshot.matches('adding') ? 'review' : null);
}

/** The steps shown in the progress list: no prescription step for non-prescription lenses, no lens steps for the frame alone. */
export function stepsOf(context: Pick<CustomiseContext, 'usage'>): CustomiseStep[] {
  if (frameAlone(context.usage)) return ['frame', 'usage', 'review'];
  return needsPrescription(context.usage) || context.usage === null
    ? ['frame', 'usage', 'prescription', 'lenses', 'coatings', 'review']
    : ['frame', 'usage', 'lenses', 'coatings', 'review'];
}
