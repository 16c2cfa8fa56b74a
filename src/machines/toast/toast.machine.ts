/**
 * toast — spec §3 "Toast", §4 "Other" (duplicates, removal), §5 (validation), §9 (default timeout 5000 ms).
 * systemId: 'toast'. Machines raise a toast with
 * `sendTo(({ system }) => systemActor(system, 'toast'), { type: 'toast.add', toast })` (ADR 010;
 * `systemActor` from `../shared/system-actor` throws when the system has no 'toast', where a bare
 * `system.get('toast')` would have the event silently dropped).
 *
 * Injected by the services (`src/services/toast/toast.actors.ts`):
 * - actor `clock`: a callback actor that answers `{ type: 'clock.stamp', toast }` at once with
 *   `{ type: 'toast.add', toast, timestamp: now() }`   (the toast machine's only time source)
 *
 * Time: a `toast.add` that carries a `timestamp` (ms, read by the service that raised it) is added
 * as it is; one without (sent by a machine, which cannot read the clock) is stamped by `clock`
 * first. The removal timers are `after` delays in one child actor per toast, so a SimulatedClock
 * drives them. `toast.pause` / `toast.resume` stop a toast's timer while the shopper's pointer or
 * keyboard focus is on it and start it again (its whole timeout) when they leave (WCAG 2.2.1).
 * `addToast(actor, toast, timestamp)` validates first and throws like the spec's toast API; the
 * machine also refuses an invalid toast (keeping the message in `validationError`).
 */
import { assign, enqueueActions, fromCallback, sendParent, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

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
  /**
   * The react-intl message id of `message`: the toast region shows that message in the shopper's
   * language (`message` stays the complete English text, shown when the region does not know the
   * id). Part of the toast's content, so of its default id.
   */
  messageId?: string;
  /** Values of the message's arguments (`{reason}`). */
  values?: Record<string, string | number>;
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
  messageId?: string;
  values?: Record<string, string | number>;
  /** True while the shopper's pointer or focus is on it: its timer is stopped. */
  isPaused: boolean;
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
  return (
    toast.id ??
    JSON.stringify([
      toast.type,
      toast.message,
      Boolean(toast.dismissable),
      toast.timeout ?? null,
      toast.icon ?? null,
      toast.actionText ?? null,
      ...(toast.messageId ? [toast.messageId, toast.values ?? null] : []),
    ])
  );
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

/**
 * `timestamp` (ms) is optional: a service that read the clock sends it; a machine leaves it out and
 * the toast machine's `clock` stamps the toast.
 */
export type ToastAddEvent = { type: 'toast.add'; toast: ToastInput; timestamp?: number };

export type ToastEvent = ToastAddEvent | { type: 'toast.remove'; id: string } | { type: 'toast.pause'; id: string } | { type: 'toast.resume'; id: string };

/** What the toast machine asks its `clock` actor: answer with the toast and the time. */
export type ClockStampEvent = { type: 'clock.stamp'; toast: ToastInput };

export const toastMachine = setup({
  types: { context: {} as ToastContext, events: {} as ToastEvent },
  actors: {
    toastTimer: toastTimerMachine,
    // Loud when a toast needs a stamp and the services did not provide the clock.
    clock: fromCallback<ClockStampEvent>(({ receive }) => {
      receive(() => {
        throw new Error('clock is not provided: the toast machine cannot stamp a toast');
      });
    }),
  },
  actions: {
    /** Spec §5: an invalid toast is not shown; why is kept. */
    refuseToast: assign((_, params: { toast: ToastInput }) => ({ validationError: validateToast(params.toast) })),
    /** A toast without a time: the injected clock answers with it and the time (ADR 010). */
    askClockToStamp: sendTo('clock', (_, params: { toast: ToastInput }): ClockStampEvent => ({ type: 'clock.stamp', toast: params.toast })),
    /** A duplicate restarts its timer, keeps its first timestamp and is marked; one the shopper is on stays paused. */
    showToast: enqueueActions(({ context, enqueue }, params: { toast: ToastInput; timestamp: number | undefined }) => {
      const id = toastIdOf(params.toast);
      const previous = context.toasts[id];
      if (previous?.timerId) enqueue.stopChild(previous.timerId);
      const isPaused = previous?.isPaused ?? false;
      const timeout = timeoutOf(params.toast);
      const timerId = timeout === false || isPaused ? null : `toast-timer-${context.timerSequence + 1}`;
      if (timerId && timeout !== false) enqueue.spawnChild('toastTimer', { id: timerId, input: { id, timeout } });
      const toast: Toast = {
        id,
        type: params.toast.type as ToastType,
        message: params.toast.message ?? '',
        dismissable: Boolean(params.toast.dismissable),
        timeout,
        timestamp: previous ? previous.timestamp : (params.timestamp ?? 0),
        isDuplicate: Boolean(previous),
        isPaused,
        timerId,
        ...(params.toast.icon ? { icon: params.toast.icon } : {}),
        ...(params.toast.actionText ? { actionText: params.toast.actionText } : {}),
        ...(params.toast.messageId ? { messageId: params.toast.messageId } : {}),
        ...(params.toast.values ? { values: params.toast.values } : {}),
      };
      enqueue.assign({ toasts: { ...context.toasts, [id]: toast }, validationError: null, timerSequence: context.timerSequence + 1 });
    }),
    removeToast: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const toast = context.toasts[params.id];
      if (!toast) return;
      if (toast.timerId) enqueue.stopChild(toast.timerId);
      const { [params.id]: _removed, ...rest } = context.toasts;
      enqueue.assign({ toasts: rest });
    }),
    /** WCAG 2.2.1: the shopper's pointer or focus is on the toast: its timer stops. */
    pauseToast: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const toast = context.toasts[params.id];
      if (!toast || toast.isPaused) return;
      if (toast.timerId) enqueue.stopChild(toast.timerId);
      enqueue.assign({ toasts: { ...context.toasts, [params.id]: { ...toast, isPaused: true, timerId: null } } });
    }),
    /** The whole timeout again: the shopper has just looked away from it. */
    resumeToast: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const toast = context.toasts[params.id];
      if (!toast?.isPaused) return;
      const timerId = toast.timeout === false ? null : `toast-timer-${context.timerSequence + 1}`;
      if (timerId && toast.timeout !== false) enqueue.spawnChild('toastTimer', { id: timerId, input: { id: toast.id, timeout: toast.timeout } });
      enqueue.assign({ toasts: { ...context.toasts, [params.id]: { ...toast, isPaused: false, timerId } }, timerSequence: context.timerSequence + 1 });
    }),
  },
  guards: {
    isInvalid: (_, params: { toast: ToastInput }) => validateToast(params.toast) !== null,
    hasNoTimestamp: (_, params: { timestamp: number | undefined }) => params.timestamp === undefined,
  },
}).createMachine({
  id: 'toast',
  context: { toasts: {}, validationError: null, timerSequence: 0 },
  initial: 'active',
  states: {
    active: {
      invoke: { id: 'clock', src: 'clock' },
      on: {
        'toast.add': [
          {
            guard: { type: 'isInvalid', params: ({ event }) => ({ toast: event.toast }) },
            actions: { type: 'refuseToast', params: ({ event }) => ({ toast: event.toast }) },
          },
          {
            guard: { type: 'hasNoTimestamp', params: ({ event }) => ({ timestamp: event.timestamp }) },
            actions: { type: 'askClockToStamp', params: ({ event }) => ({ toast: event.toast }) },
          },
          {
            actions: { type: 'showToast', params: ({ event }) => ({ toast: event.toast, timestamp: event.timestamp }) },
          },
        ],
        'toast.remove': { actions: { type: 'removeToast', params: ({ event }) => ({ id: event.id }) } },
        'toast.pause': { actions: { type: 'pauseToast', params: ({ event }) => ({ id: event.id }) } },
        'toast.resume': { actions: { type: 'resumeToast', params: ({ event }) => ({ id: event.id }) } },
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
export const selectToasts = (snapshot: ToastSnapshot): Toast[] => Object.values(snapshot.context.toasts).sort((a, b) => a.timestamp - b.timestamp);
export const selectToastValidationError = (snapshot: ToastSnapshot) => snapshot.context.validationError;
