/**
 * savedPrescriptions — `/prescription` (spec §2, signed in only; eyewear notes "saved prescriptions
 * in the account"): the list, add, edit (name + the `prescriptionForm` child) and delete with a
 * confirmation. A failed save keeps every value; a failed delete keeps the list.
 *
 * Injected by the services (`src/services/customise/prescription-pages.actors.ts`):
 * - actor `fetchSavedPrescriptions`: () => SavedPrescription[]   (rejects `{ message, unauthorised? }`)
 * - actor `saveSavedPrescription`: SavedPrescriptionInput => unknown   (adds, or updates `uid`)
 * - actor `deleteSavedPrescription`: ({ uid }) => unknown
 */
import { assign, sendTo, setup, stopChild, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { SavedPrescription } from '../customise/customise.types';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { formPrescriptionOf, prescriptionFormMachine, type PrescriptionFormActor } from './prescription-form.machine';
import { draftOfPrescription, emptyPrescriptionDraft, payloadOf, type PrescriptionPayload } from './prescription-rules';

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
  /** The list needs a signed-in customer. */
  unauthorised: boolean;
  /** The prescription being edited (null uid: a new one) and its name as typed. */
  editing: { uid: string | null; originalName: string } | null;
  name: string;
  nameMissing: boolean;
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
    isListed: ({ context }, params: { uid: string }) => context.list?.some((p) => p.uid === params.uid) ?? false,
  },
  actions: {
    rememberList: assign((_, params: { list: SavedPrescription[] }) => ({ list: params.list, loadError: null, unauthorised: false })),
    /** The list needs a signed-in customer: the services mark that refusal `unauthorised`. */
    rememberLoadError: assign((_, params: { error: unknown }) => ({
      loadError: errorMessageOf(params.error),
      unauthorised: Boolean((params.error as { unauthorised?: boolean } | null)?.unauthorised),
    })),
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
    setName: assign((_, params: { name: string }) => ({ name: params.name, nameMissing: false })),
    startSaving: assign({ saveError: null, nameMissing: false }),
    tellNameMissing: assign(({ context }) => ({ nameMissing: context.name.trim() === '' })),
    noteSaved: assign(({ context }) => ({ notice: { kind: 'saved' as const, name: context.name.trim() } })),
    rememberSaveError: assign((_, params: { error: unknown }) => ({ saveError: errorMessageOf(params.error) })),
    closeForm: assign(({ context }) => (context.form ? { form: null, editing: null, saveError: null, nameMissing: false } : {})),
    stopForm: stopChild('form'),
    showAllIssues: sendTo(({ context }) => context.form as PrescriptionFormActor, { type: 'prescription.showAllIssues' }),
  },
}).createMachine({
  id: 'savedPrescriptions',
  context: ({ input }) => ({
    today: input.today,
    list: null,
    loadError: null,
    unauthorised: false,
    editing: null,
    name: '',
    nameMissing: false,
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
        onError: { target: 'loadFailed', actions: { type: 'rememberLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'prescriptions.retry': { target: 'loading', actions: 'clearLoadError' } },
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
          on: {
            'prescriptions.save': [{ guard: 'canSave', target: 'saving', actions: 'startSaving' }, { actions: ['showAllIssues', 'tellNameMissing'] }],
            'prescriptions.cancel': '#savedPrescriptions.listing',
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
