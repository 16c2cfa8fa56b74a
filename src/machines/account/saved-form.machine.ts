/**
 * savedForm — a form of the account pages that saves with one call (spec §4 "User": name, email,
 * password; the newsletter choice; the contact form; the reset-password link's form; spec §7
 * operations updateCustomerV2, updateCustomerEmail, changeCustomerPassword, resetPassword, contactUs).
 * Started by its page (ADR 004: page-only machines), inside the shop's actor system (ADR 009), so
 * it reaches the 'toast' and 'session' actors with `sendTo`.
 *
 * Injected by the services (`src/services/account/account.actors.ts`), with `.provide()`:
 * - actor `save`: (values) => { at }   the mutation; `at` is when it answered (the toast's timestamp)
 *
 * What was typed lives in `values` (`form.change`); a refused save keeps every value and shows the
 * backend's message (`error`); an accepted one empties the fields named in `clearOnSave` (passwords),
 * raises the `savedToast` and, with `refreshesCustomer`, has the session read the customer again.
 *
 * The toasts are the machine's own (ADR 010): the page names one of `SAVED_FORM_TOASTS`; each has
 * its complete English `message` and the `messageId` the toast region words it with, in the
 * shopper's language (`src/ui/shell/toast-messages.ts`).
 */
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import type { ToastEvent, ToastInput } from '../toast/toast.machine';

type ToastAdd = Extract<ToastEvent, { type: 'toast.add' }>;

/** What a saved form tells the shopper once saved, by the page's choice (`savedToast`). */
export const SAVED_FORM_TOASTS = {
  detailsSaved: { type: 'success', message: 'Your details are saved.', messageId: 'account.toast.detailsSaved', dismissable: true },
  emailChanged: { type: 'success', message: 'Your email is changed: sign in with it from now on.', messageId: 'account.toast.emailChanged', dismissable: true },
  passwordChanged: { type: 'success', message: 'Your password is changed.', messageId: 'account.toast.passwordChanged', dismissable: true },
  newsletterSaved: { type: 'success', message: 'Your newsletter choice is saved.', messageId: 'account.toast.newsletterSaved', dismissable: true },
} as const satisfies Record<string, ToastInput>;

export type SavedFormToast = keyof typeof SAVED_FORM_TOASTS;

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

/** What a save answers: the time it answered (ms), for the toast's timestamp (ADR 004). */
export interface Saved {
  at: number;
}

export interface SavedFormInput {
  values: FormValues;
  /** Fields emptied once saved (a password is never kept after it was used). */
  clearOnSave?: readonly string[];
  /** Raised once saved (none when absent). */
  savedToast?: SavedFormToast | null;
  /** The session reads the customer again once saved (the header greets the customer by name). */
  refreshesCustomer?: boolean;
}

export interface SavedFormContext {
  values: FormValues;
  clearOnSave: readonly string[];
  savedToast: SavedFormToast | null;
  refreshesCustomer: boolean;
  /** The backend's message for the last refused save. */
  error: string | null;
}

export type SavedFormEvent =
  | { type: 'form.change'; field: string; value: FormValue }
  /** Saves the values; `values` are merged in first (a checkbox that saves as it is ticked). */
  | { type: 'form.submit'; values?: FormValues };

export const savedFormMachine = setup({
  types: { context: {} as SavedFormContext, events: {} as SavedFormEvent, input: {} as SavedFormInput },
  actors: { save: notProvidedActor<Saved, FormValues>('save') },
  guards: {
    refreshesCustomer: ({ context }) => context.refreshesCustomer,
  },
  actions: {
    changeValue: assign({
      values: ({ context, event }) => (event.type === 'form.change' ? { ...context.values, [event.field]: event.value } : context.values),
    }),
    mergeSubmittedValues: assign({
      values: ({ context, event }) => (event.type === 'form.submit' && event.values ? { ...context.values, ...event.values } : context.values),
      error: null,
    }),
    clearSavedFields: assign({
      values: ({ context }) => ({ ...context.values, ...Object.fromEntries(context.clearOnSave.map((field) => [field, ''])) }),
    }),
    raiseSavedToast: enqueueActions(({ context, enqueue }, params: { at: number }) => {
      if (!context.savedToast) return;
      const add: ToastAdd = { type: 'toast.add', toast: SAVED_FORM_TOASTS[context.savedToast], timestamp: params.at };
      enqueue.sendTo(({ system }) => systemActor(system, 'toast'), add);
    }),
    refreshCustomer: sendTo(({ system }) => systemActor(system, 'session'), { type: 'session.getDetails' }),
    recordError: assign({ error: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
  },
}).createMachine({
  id: 'savedForm',
  context: ({ input }) => ({
    values: input.values,
    clearOnSave: input.clearOnSave ?? [],
    savedToast: input.savedToast ?? null,
    refreshesCustomer: input.refreshesCustomer ?? false,
    error: null,
  }),
  initial: 'editing',
  // Typing is never lost, not even while a save is on its way.
  on: { 'form.change': { actions: 'changeValue' } },
  states: {
    editing: {
      initial: 'idle',
      on: {
        'form.submit': { target: 'saving', actions: 'mergeSubmittedValues' },
      },
      states: {
        idle: {},
        /** The last submit was saved: the page shows its status line. */
        saved: {},
        /** The last submit was refused: `error` says why, the values are as typed. */
        failed: {},
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => context.values,
        onDone: {
          target: 'editing.saved',
          actions: [
            'clearSavedFields',
            { type: 'raiseSavedToast', params: ({ event }) => ({ at: event.output.at }) },
            enqueueActions(({ check, enqueue }) => {
              if (check('refreshesCustomer')) enqueue('refreshCustomer');
            }),
          ],
        },
        onError: { target: 'editing.failed', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type SavedFormActor = ActorRefFrom<typeof savedFormMachine>;
export type SavedFormSnapshot = SnapshotFrom<typeof savedFormMachine>;

export const selectFormValues = (snapshot: SavedFormSnapshot) => snapshot.context.values;
export const selectIsSaving = (snapshot: SavedFormSnapshot) => snapshot.matches('saving');
export const selectIsSaved = (snapshot: SavedFormSnapshot) => snapshot.matches({ editing: 'saved' });
/** The refusal's message while the form shows it (a new submit clears it). */
export const selectFormError = (snapshot: SavedFormSnapshot) => (snapshot.matches({ editing: 'failed' }) ? snapshot.context.error : null);
