/**
 * Toasts raised by services (a failed cart merge, going offline): sent to the system's 'toast'
 * actor with the time read here, as the toast machine wants its timestamp from the caller.
 */
import type { AnyActorRef } from 'xstate';
import type { ToastInput } from '../../machines/toast/toast.machine';

export type Notify = (toast: ToastInput) => void;

export function createToastNotifier(getToastActor: () => AnyActorRef | undefined, now: () => number): Notify {
  return (toast) => {
    const toasts = getToastActor();
    // A notice with nowhere to go is a wiring bug, never a silent drop (ADR 010).
    if (!toasts) throw new Error(`No 'toast' actor to tell the shopper: ${toast.message}`);
    toasts.send({ type: 'toast.add', toast, timestamp: now() });
  };
}
