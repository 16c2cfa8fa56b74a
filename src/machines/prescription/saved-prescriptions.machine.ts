/**
 * savedPrescriptions — `/prescription` (spec §2, signed in only; eyewear notes "saved prescriptions
 * in the account"): the list, add, edit (name + the `prescriptionForm` child) and delete with a
 * confirmation. A failed save keeps every value; a failed delete keeps the list.
 *
 * Injected by the services (`src/services/customise/prescription-pages.actors.ts`):
 * - actor `fetchSavedPrescriptions`: () => SavedPrescription[]   (rejects `{ message, unauthorised? }`)
 *
 * Modes are states, not flags: a load refused because no customer is signed in is
 * `loadFailed.unauthorised` (the page says to sign in), any other failure `loadFailed.unavailable`
 * (its words and "Try again"); a save asked with no name stays in `editing.form.nameMissing` until a
 * name is typed.
 * - actor `saveSavedPrescription`: SavedPrescriptionInput => unknown   (adds, or updates `uid`)
 * - actor `deleteSavedPrescription`: ({ uid }) => unknown
 */
import { assign, sendTo, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SavedPrescription } from '../customise/customise.types';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { formPrescriptionOf, prescriptionFormMachine, type PrescriptionFormActor } from './prescription-form.machine';
import { draftOfPrescription, emptyPrescriptionDraft, payloadOf, type PrescriptionPayload } from '../../../rules/eyewear/prescription';

export interface SavedPrescriptionInput {
  /** null: a new one. */
  uid: string | null;
  name: string;
  prescription: PrescriptionPayload;
}

export interface SavedPrescriptionsContext {
  today: string;
  list: SavedPrescription[] | null;
  loadError: string | null;
  /** The prescription being edited (null uid: a new one) and its name as typed. */
  editing: { uid: string | null; originalName: string } | null;
  name: string;
  form: PrescriptionFormActor | null;
  saveError: string | null;
  /** The one awaiting "Yes, delete", or being deleted. */
  deletingUid: string | null;
  deleteError: { uid: string; message: string } | null;
  /** What just happened ("… is saved.", "… is deleted."), for the page's status line. */
  notice: { kind: 'saved' | 'deleted'; name: string } | null;
}

export type SavedPrescriptionsEvent =
  | { type: 'prescriptions.retry' }
  | { type: 'prescriptions.add' }
  | { type: 'prescriptions.edit'; uid: string }
  | { type: 'prescriptions.setName'; name: string }
  | { type: 'prescriptions.save' }
  | { type: 'prescriptions.cancel' }
  | { type: 'prescriptions.askDelete'; uid: string }
  | { type: 'prescriptions.keep' }
  | { type: 'prescriptions.confirmDelete' };

const validPrescriptionOf = (context: SavedPrescriptionsContext) => (context.form ? formPrescriptionOf(context.form.getSnapshot()) : null);
const nameOf = (context: SavedPrescriptionsContext, uid: string | null) => context.list?.find((p) => p.uid === uid)?.name ?? '';

export const savedPrescriptionsMachine = setup({
  types: {
    context: {} as SavedPrescriptionsContext,
    input: {} as { today: string },
    events: {} as SavedPrescriptionsEvent,
  },
  actors: {
    prescriptionForm: prescriptionFormMachine,
    fetchSavedPrescriptions: notProvidedActor<SavedPrescription[]>('fetchSavedPrescriptions'),
    saveSavedPrescription: notProvidedActor<unknown, SavedPrescriptionInput>('saveSavedPrescription'),
    deleteSavedPrescription: notProvidedActor<unknown, { uid: string }>('deleteSavedPrescription'),
  },
  guards: {
    canSave: ({ context }) => validPrescriptionOf(context) !== null && context.name.trim() !== '',
    /** The services mark the refusal of a guest `unauthorised`: the list needs a signed-in customer. */
    isUnauthorised: (_, params: { error: unknown }) => Boolean((params.error as { unauthorised?: boolean } | null)?.unauthorised),
    isNameEmpty: ({ context }) => context.name.trim() === '',
    isListed: ({ context }, params: { uid: string }) => context.list?.some((p) => p.uid === params.uid) ?? false,
  },
  actions: {
    rememberList: assign((_, params: { list: SavedPrescription[] }) => ({ list: params.list, loadError: null })),
    rememberLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorMessageOf(params.error) })),
    clearLoadError: assign({ loadError: null }),
    openNewForm: assign(({ context, spawn }) => ({
      editing: { uid: null, originalName: '' },
      name: '',
      notice: null,
      form: spawn('prescriptionForm', {
        id: 'form',
        input: { usage: 'SINGLE_VISION_DISTANCE' as const, draft: emptyPrescriptionDraft(), today: context.today },
      }),
    })),
    /** A saved prescription in the form, under its name; a non-prescription one is edited as single vision. */
    openSavedForm: assign(({ context, spawn }, params: { uid: string }) => {
      const saved = context.list!.find((p) => p.uid === params.uid)!;
      const usage = saved.usage && saved.usage !== 'NON_PRESCRIPTION' ? saved.usage : ('SINGLE_VISION_DISTANCE' as const);
      return {
        editing: { uid: saved.uid, originalName: saved.name },
        name: saved.name,
        notice: null,
        form: spawn('prescriptionForm', { id: 'form', input: { usage, draft: draftOfPrescription(saved), today: context.today } }),
      };
    }),
    askDelete: assign((_, params: { uid: string }) => ({ deletingUid: params.uid, deleteError: null, notice: null })),
    keepPrescription: assign({ deletingUid: null }),
    noteDeleted: assign(({ context }) => ({ notice: { kind: 'deleted' as const, name: nameOf(context, context.deletingUid) }, deletingUid: null })),
    /** The list stays as it was, with the reason next to the prescription. */
    rememberDeleteError: assign(({ context }, params: { error: unknown }) => ({
      deleteError: { uid: context.deletingUid ?? '', message: errorMessageOf(params.error) },
      deletingUid: null,
    })),
    setName: assign((_, params: { name: string }) => ({ name: params.name })),
    startSaving: assign({ saveError: null }),
    noteSaved: assign(({ context }) => ({ notice: { kind: 'saved' as const, name: context.name.trim() } })),
    rememberSaveError: assign((_, params: { error: unknown }) => ({ saveError: errorMessageOf(params.error) })),
    closeForm: assign(({ context }) => (context.form ? { form: null, editing: null, saveError: null } : {})),
    stopForm: stopChild('form'),
    showAllIssues: sendTo(({ context }) => context.form as PrescriptionFormActor, { type: 'prescription.showAllIssues' }),
  },
}).createMachine({
  id: 'savedPrescriptions',
  context: ({ input }) => ({
    today: input.today,
    list: null,
    loadError: null,
    editing: null,
    name: '',
    form: null,
    saveError: null,
    deletingUid: null,
    deleteError: null,
    notice: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchSavedPrescriptions',
        src: 'fetchSavedPrescriptions',
        onDone: { target: 'listing', actions: { type: 'rememberList', params: ({ event }) => ({ list: event.output }) } },
        onError: [
          {
            guard: { type: 'isUnauthorised', params: ({ event }) => ({ error: event.error }) },
            target: 'loadFailed.unauthorised',
            actions: { type: 'rememberLoadError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'loadFailed.unavailable', actions: { type: 'rememberLoadError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: {
      initial: 'unavailable',
      on: { 'prescriptions.retry': { target: 'loading', actions: 'clearLoadError' } },
      states: {
        /** The backend did not answer or refused: its words and "Try again". */
        unavailable: {},
        /** A guest: the page says to sign in. */
        unauthorised: {},
      },
    },
    listing: {
      on: {
        'prescriptions.add': { target: 'editing', actions: 'openNewForm' },
        'prescriptions.edit': {
          target: 'editing',
          guard: { type: 'isListed', params: ({ event }) => ({ uid: event.uid }) },
          actions: { type: 'openSavedForm', params: ({ event }) => ({ uid: event.uid }) },
        },
        'prescriptions.askDelete': { target: 'confirmingDelete', actions: { type: 'askDelete', params: ({ event }) => ({ uid: event.uid }) } },
      },
    },
    confirmingDelete: {
      on: {
        'prescriptions.confirmDelete': 'deleting',
        'prescriptions.keep': { target: 'listing', actions: 'keepPrescription' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteSavedPrescription',
        src: 'deleteSavedPrescription',
        input: ({ context }) => ({ uid: context.deletingUid ?? '' }),
        onDone: { target: 'loading', actions: 'noteDeleted' },
        onError: { target: 'listing', actions: { type: 'rememberDeleteError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    editing: {
      initial: 'form',
      exit: ['stopForm', 'closeForm'],
      on: {
        'prescriptions.setName': { actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) } },
      },
      states: {
        form: {
          initial: 'filling',
          on: {
            'prescriptions.save': [
              { guard: 'canSave', target: 'saving', actions: 'startSaving' },
              { guard: 'isNameEmpty', target: '.nameMissing', actions: 'showAllIssues' },
              { target: '.filling', actions: 'showAllIssues' },
            ],
            'prescriptions.cancel': '#savedPrescriptions.listing',
          },
          states: {
            filling: {},
            /** Saved with no name: the name field says so until a name is typed. */
            nameMissing: {
              on: { 'prescriptions.setName': { target: 'filling', actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) } } },
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveSavedPrescription',
            src: 'saveSavedPrescription',
            input: ({ context }) => ({
              uid: context.editing?.uid ?? null,
              name: context.name.trim(),
              prescription: payloadOf(validPrescriptionOf(context)!, { withPrism: false }),
            }),
            onDone: { target: '#savedPrescriptions.loading', actions: 'noteSaved' },
            // Nothing typed is lost: the form stays with the backend's message.
            onError: { target: 'form', actions: { type: 'rememberSaveError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type SavedPrescriptionsActor = ActorRefFrom<typeof savedPrescriptionsMachine>;
export type SavedPrescriptionsSnapshot = SnapshotFrom<typeof savedPrescriptionsMachine>;
