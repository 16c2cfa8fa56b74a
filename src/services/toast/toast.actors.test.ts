import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { selectToasts, toastMachine } from '../../machines/toast/toast.machine';
import { toastImplementations } from './toast.actors';
import { createToastNotifier } from './toast-notifier';

describe('toast actors', () => {
  it('spec §3 Toast: the clock stamps a toast a machine raised with the time read when it arrives', () => {
    let time = 1000;
    const toasts = createActor(toastMachine.provide(toastImplementations({ now: () => time }))).start();
    toasts.send({ type: 'toast.add', toast: { type: 'success', message: 'Saved' } });
    time = 2000;
    toasts.send({ type: 'toast.add', toast: { type: 'info', message: 'Later' } });
    expect(selectToasts(toasts.getSnapshot()).map((t) => [t.message, t.timestamp])).toEqual([
      ['Saved', 1000],
      ['Later', 2000],
    ]);
    toasts.stop();
  });

  it('spec §3 Toast: a service notifier sends the toast with the time it read', () => {
    const toasts = createActor(toastMachine).start();
    const notify = createToastNotifier(
      () => toasts,
      () => 5,
    );
    notify({ type: 'error', message: 'The carts could not be merged', dismissable: true, timeout: false });
    expect(selectToasts(toasts.getSnapshot())).toMatchObject([{ message: 'The carts could not be merged', timestamp: 5, dismissable: true, timeout: false }]);
    toasts.stop();
  });

  it('ADR 010: a notice with no toast actor to go to fails loudly instead of vanishing', () => {
    const notify = createToastNotifier(
      () => undefined,
      () => 5,
    );
    expect(() => notify({ type: 'error', message: 'The carts could not be merged', dismissable: true, timeout: false })).toThrow("No 'toast' actor");
  });
});
