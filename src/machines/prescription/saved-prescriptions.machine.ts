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
  },
  actions: {
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
        onDone: { target: 'listing', actions: assign({ list: ({ event }) => event.output, loadError: null, unauthorised: false }) },
        onError: {
          target: 'loadFailed',
          actions: assign({
            loadError: ({ event }) => errorMessageOf(event.error),
            unauthorised: ({ event }) => Boolean((event.error as { unauthorised?: boolean } | null)?.unauthorised),
          }),
        },
      },
    },
    loadFailed: {
      on: { 'prescriptions.retry': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    listing: {
      on: {
        'prescriptions.add': {
          target: 'editing',
          actions: assign(({ context, spawn }) => ({
            editing: { uid: null, originalName: '' },
            name: '',
            notice: null,
            form: spawn('prescriptionForm', { id: 'form', input: { usage: 'SINGLE_VISION_DISTANCE' as const, draft: emptyPrescriptionDraft(), today: context.today } }),
          })),
        },
        'prescriptions.edit': {
          target: 'editing',
          guard: ({ context, event }) => context.list?.some((p) => p.uid === event.uid) ?? false,
          actions: assign(({ context, event, spawn }) => {
            const saved = context.list!.find((p) => p.uid === event.uid)!;
            const usage = saved.usage && saved.usage !== 'NON_PRESCRIPTION' ? saved.usage : ('SINGLE_VISION_DISTANCE' as const);
            return {
              editing: { uid: saved.uid, originalName: saved.name },
              name: saved.name,
              notice: null,
              form: spawn('prescriptionForm', { id: 'form', input: { usage, draft: draftOfPrescription(saved), today: context.today } }),
            };
          }),
        },
        'prescriptions.askDelete': { target: 'confirmingDelete', actions: assign({ deletingUid: ({ event }) => event.uid, deleteError: null, notice: null }) },
      },
    },
    confirmingDelete: {
      on: {
        'prescriptions.confirmDelete': 'deleting',
        'prescriptions.keep': { target: 'listing', actions: assign({ deletingUid: null }) },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteSavedPrescription',
        src: 'deleteSavedPrescription',
        input: ({ context }) => ({ uid: context.deletingUid ?? '' }),
        onDone: { target: 'loading', actions: assign(({ context }) => ({ notice: { kind: 'deleted' as const, name: nameOf(context, context.deletingUid) }, deletingUid: null })) },
        // The list stays as it was, with the reason next to the prescription.
        onError: { target: 'listing', actions: assign(({ context, event }) => ({ deleteError: { uid: context.deletingUid ?? '', message: errorMessageOf(event.error) }, deletingUid: null })) },
      },
    },
    editing: {
      initial: 'form',
      exit: ['stopForm', 'closeForm'],
      on: {
        'prescriptions.setName': { actions: assign({ name: ({ event }) => event.name, nameMissing: false }) },
      },
      states: {
        form: {
          on: {
            'prescriptions.save': [
              { guard: 'canSave', target: 'saving', actions: assign({ saveError: null, nameMissing: false }) },
              { actions: ['showAllIssues', assign({ nameMissing: ({ context }) => context.name.trim() === '' })] },
            ],
            'prescriptions.cancel': '#savedPrescriptions.listing',
          },
        },
        saving: {
          invoke: {
            id: 'saveSavedPrescription',
            src: 'saveSavedPrescription',
            input: ({ context }) => ({ uid: context.editing?.uid ?? null, name: context.name.trim(), prescription: payloadOf(validPrescriptionOf(context)!, { withPrism: false }) }),
            onDone: { target: '#savedPrescriptions.loading', actions: assign(({ context }) => ({ notice: { kind: 'saved' as const, name: context.name.trim() } })) },
            // Nothing typed is lost: the form stays with the backend's message.
            onError: { target: 'form', actions: assign({ saveError: ({ event }) => errorMessageOf(event.error) }) },
          },
        },
      },
    },
  },
});

export type SavedPrescriptionsActor = ActorRefFrom<typeof savedPrescriptionsMachine>;
export type SavedPrescriptionsSnapshot = SnapshotFrom<typeof savedPrescriptionsMachine>;
