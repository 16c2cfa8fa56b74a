/**
 * accountAlerts — the shopper's stock and price alerts in the account, on `/communications` (spec §2
 * routes "communication preferences", signed in; the alerts set up on `/stock` and `/price` are
 * "saved in your account"): the page lists them and removes one. Started by its page inside the
 * shop's actor system (ADR 009); the view renders and sends (ADR 010).
 *
 * Injected by the services (`src/services/account/account.actors.ts`), with `.provide()`:
 * - actor `removeAlert`: ({ id }) => { at }   the alert removed (the backend lets a customer remove
 *   only their own), answered once the list has been read again
 *
 * A refused removal leaves the list as it is with the backend's message (`error`); a removal
 * raises the machine's own toast (`ACCOUNT_ALERTS_TOASTS`, ADR 010).
 */
import { assign, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorMessageOf, notProvidedActor } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import type { ToastEvent, ToastInput } from '../toast/toast.machine';
import type { Saved } from './saved-form.machine';

type ToastAdd = Extract<ToastEvent, { type: 'toast.add' }>;

export const ACCOUNT_ALERTS_TOASTS = {
  removed: { type: 'success', message: 'Alert removed.', messageId: 'account.toast.alertRemoved', dismissable: true },
} as const satisfies Record<string, ToastInput>;

export interface AccountAlertsContext {
  /** The alert being removed (null while browsing). */
  removingId: number | null;
  error: string | null;
}

export type AccountAlertsEvent = { type: 'alert.remove'; id: number };

export const accountAlertsMachine = setup({
  types: { context: {} as AccountAlertsContext, events: {} as AccountAlertsEvent },
  actors: {
    removeAlert: notProvidedActor<Saved, { id: number }>('removeAlert'),
  },
  actions: {
    startRemoving: assign({ removingId: (_, params: { id: number }) => params.id, error: null }),
    doneRemoving: assign({ removingId: null }),
    recordError: assign({ removingId: null, error: (_, params: { error: unknown }) => errorMessageOf(params.error) }),
    raiseToast: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (_, params: { at: number }): ToastAdd => ({ type: 'toast.add', toast: ACCOUNT_ALERTS_TOASTS.removed, timestamp: params.at }),
    ),
  },
}).createMachine({
  id: 'accountAlerts',
  context: { removingId: null, error: null },
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'alert.remove': { target: 'removing', actions: { type: 'startRemoving', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    removing: {
      invoke: {
        src: 'removeAlert',
        input: ({ context }) => ({ id: context.removingId! }),
        onDone: { target: 'browsing', actions: ['doneRemoving', { type: 'raiseToast', params: ({ event }) => ({ at: event.output.at }) }] },
        onError: { target: 'browsing', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type AccountAlertsActor = ActorRefFrom<typeof accountAlertsMachine>;
type Snapshot = SnapshotFrom<typeof accountAlertsMachine>;

export const selectRemovingAlertId = (snapshot: Snapshot) => snapshot.context.removingId;
export const selectAccountAlertsError = (snapshot: Snapshot) => snapshot.context.error;
