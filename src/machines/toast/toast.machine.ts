/**
 * toast — spec §3 "Toast", §4 "Other" (duplicates, removal), §5 (validation), §9 (default timeout 5000 ms).
 * systemId: 'toast'.
 *
 * No injected effects. Time: `toast.add` carries the `timestamp` (ms) the caller read; the removal
 * timers are `after` delays in one child actor per toast, so a SimulatedClock drives them.
 * `addToast(actor, toast, timestamp)` validates first and throws like the spec's toast API; the
 * machine also refuses an invalid toast (keeping the message in `validationError`).
 */
import { assign, enqueueActions, sendParent, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/** Spec §9. */
export const DEFAULT_TOAST_TIMEOUT_MS = 5000;
export const TOAST_TYPE_REQUIRED = 'toast.type is required';
export const TOAST_MESSAGE_REQUIRED = 'toast.message is required';
export const TOAST_NEEDS_DISMISS_OR_TIMEOUT = 'Toast should be user-dismissable or have a timeout';

export type ToastType = 'info' | 'success' | 'warning' | 'error';

export interface ToastInput {
  /** Defaults to an id made of the toast's content, so the same toast twice is a duplicate. */
  id?: string;
  type?: ToastType | '';
  message?: string;
  dismissable?: boolean;
  /** ms; 0 or false means no automatic removal; absent means the default 5000 ms. */
  timeout?: number | false;
  icon?: string;
  actionText?: string;
}

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  dismissable: boolean;
  timeout: number | false;
  timestamp: number;
  isDuplicate: boolean;
  icon?: string;
  actionText?: string;
  /** The child actor that removes the toast when its timeout elapses. */
  timerId: string | null;
}

/** Spec §5: the validation message for a toast, or null when it is valid. */
export function validateToast(toast: ToastInput): string | null {
  if (!toast.type) return TOAST_TYPE_REQUIRED;
  if (!toast.message) return TOAST_MESSAGE_REQUIRED;
  const hasTimeout = toast.timeout === undefined || (typeof toast.timeout === 'number' && toast.timeout > 0);
  if (!toast.dismissable && !hasTimeout) return TOAST_NEEDS_DISMISS_OR_TIMEOUT;
  return null;
}

export function toastIdOf(toast: ToastInput): string {
  return toast.id ?? JSON.stringify([toast.type, toast.message, Boolean(toast.dismissable), toast.timeout ?? null, toast.icon ?? null, toast.actionText ?? null]);
}

function timeoutOf(toast: ToastInput): number | false {
  if (toast.timeout === undefined) return DEFAULT_TOAST_TIMEOUT_MS;
  return toast.timeout && toast.timeout > 0 ? toast.timeout : false;
}

/** Removes one toast after its timeout: the timer is an `after` delay. */
export const toastTimerMachine = setup({
  types: { context: {} as { id: string; timeout: number }, input: {} as { id: string; timeout: number } },
  delays: { toastTimeout: ({ context }) => context.timeout },
}).createMachine({
  id: 'toastTimer',
  context: ({ input }) => input,
  initial: 'waiting',
  states: {
    waiting: { after: { toastTimeout: { target: 'done', actions: sendParent(({ context }) => ({ type: 'toast.remove', id: context.id })) } } },
    done: { type: 'final' },
  },
});

export interface ToastContext {
  toasts: Record<string, Toast>;
  validationError: string | null;
  timerSequence: number;
}

export type ToastEvent =
  | { type: 'toast.add'; toast: ToastInput; timestamp: number }
  | { type: 'toast.remove'; id: string };

export const toastMachine = setup({
  types: { context: {} as ToastContext, events: {} as ToastEvent },
  actors: { toastTimer: toastTimerMachine },
  guards: {
    isInvalid: (_, params: { toast: ToastInput }) => validateToast(params.toast) !== null,
  },
}).createMachine({
  id: 'toast',
  context: { toasts: {}, validationError: null, timerSequence: 0 },
  initial: 'active',
  states: {
    active: {
      on: {
        'toast.add': [
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ toast: event.toast }) },
            actions: assign(({ event }) => ({ validationError: validateToast(event.toast) })),
          },
          {
            actions: enqueueActions(({ context, event, enqueue }) => {
              const id = toastIdOf(event.toast);
              const previous = context.toasts[id];
              // A duplicate restarts its timer, keeps its first timestamp and is marked.
              if (previous?.timerId) enqueue.stopChild(previous.timerId);
              const timeout = timeoutOf(event.toast);
              const timerId = timeout === false ? null : `toast-timer-${context.timerSequence + 1}`;
              if (timerId && timeout !== false) enqueue.spawnChild('toastTimer', { id: timerId, input: { id, timeout } });
              const toast: Toast = {
                id,
                type: event.toast.type as ToastType,
                message: event.toast.message ?? '',
                dismissable: Boolean(event.toast.dismissable),
                timeout,
                timestamp: previous ? previous.timestamp : event.timestamp,
                isDuplicate: Boolean(previous),
                timerId,
                ...(event.toast.icon ? { icon: event.toast.icon } : {}),
                ...(event.toast.actionText ? { actionText: event.toast.actionText } : {}),
              };
              enqueue.assign({
                toasts: { ...context.toasts, [id]: toast },
                validationError: null,
                timerSequence: context.timerSequence + 1,
              });
            }),
          },
        ],
        'toast.remove': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const toast = context.toasts[event.id];
            if (!toast) return;
            if (toast.timerId) enqueue.stopChild(toast.timerId);
            const { [event.id]: _removed, ...rest } = context.toasts;
            enqueue.assign({ toasts: rest });
          }),
        },
      },
    },
  },
});

export type ToastSnapshot = SnapshotFrom<typeof toastMachine>;
export type ToastActorRef = ActorRefFrom<typeof toastMachine>;

/** Spec §5: validates (throwing a TypeError with the spec's message), then adds; returns the toast id. */
export function addToast(toasts: ToastActorRef, toast: ToastInput, timestamp: number): string {
  const problem = validateToast(toast);
  if (problem) throw new TypeError(problem);
  toasts.send({ type: 'toast.add', toast, timestamp });
  return toastIdOf(toast);
}

/** Oldest first. */
export const selectToasts = (snapshot: ToastSnapshot): Toast[] =>
  Object.values(snapshot.context.toasts).sort((a, b) => a.timestamp - b.timestamp);
export const selectToastValidationError = (snapshot: ToastSnapshot) => snapshot.context.validationError;
