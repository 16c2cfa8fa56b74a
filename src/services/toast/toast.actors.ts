/** The live effects of the toast machine (see the header of toast.machine.ts). */
import { fromCallback } from 'xstate';
import type { ClockStampEvent, ToastAddEvent } from '../../machines/toast/toast.machine';

export function toastImplementations(deps: { now: () => number }) {
  return {
    actors: {
      // Answers at once (the toast is added in the same turn): the time a machine's toast is raised.
      clock: fromCallback<ClockStampEvent>(({ sendBack, receive }) => {
        receive((event) => sendBack({ type: 'toast.add', toast: event.toast, timestamp: deps.now() } satisfies ToastAddEvent));
      }),
    },
    actions: {},
  };
}
