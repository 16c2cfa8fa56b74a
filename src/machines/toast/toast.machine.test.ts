import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, sendTo, SimulatedClock } from 'xstate';
import {
  addToast,
  type ClockStampEvent,
  type ToastAddEvent,
  DEFAULT_TOAST_TIMEOUT_MS,
  selectToasts,
  selectToastValidationError,
  TOAST_MESSAGE_REQUIRED,
  TOAST_NEEDS_DISMISS_OR_TIMEOUT,
  TOAST_TYPE_REQUIRED,
  toastMachine,
  validateToast,
} from './toast.machine';
import { systemActor } from '../shared/system-actor';

/** The services' clock (toast.actors.ts) over a simulated clock. */
const toastImplementations = ({ now }: { now: () => number }) => ({
  actors: {
    clock: fromCallback<ClockStampEvent>(({ sendBack, receive }) => {
      receive((event) => sendBack({ type: 'toast.add', toast: event.toast, timestamp: now() }));
    }),
  },
});

function startToasts() {
  const clock = new SimulatedClock();
  const actor = createActor(toastMachine.provide(toastImplementations({ now: () => clock.now() })), { clock }).start();
  return { actor, clock };
}

describe('toast machine', () => {
  it('spec §5: a toast needs a type, a message, and must be dismissable or have a timeout', () => {
    expect(validateToast({ message: 'hi' })).toBe(TOAST_TYPE_REQUIRED);
    expect(TOAST_TYPE_REQUIRED).toBe('toast.type is required');
    expect(validateToast({ type: 'info' })).toBe(TOAST_MESSAGE_REQUIRED);
    expect(TOAST_MESSAGE_REQUIRED).toBe('toast.message is required');
    expect(validateToast({ type: 'info', message: 'hi', timeout: 0 })).toBe(TOAST_NEEDS_DISMISS_OR_TIMEOUT);
    expect(validateToast({ type: 'info', message: 'hi', timeout: false })).toBe('Toast should be user-dismissable or have a timeout');
    expect(validateToast({ type: 'info', message: 'hi', timeout: 0, dismissable: true })).toBeNull();
    expect(validateToast({ type: 'info', message: 'hi' })).toBeNull();
  });

  it('spec §5: addToast throws the validation message and adds nothing', () => {
    const { actor } = startToasts();
    expect(() => addToast(actor, { message: 'x' }, 1)).toThrow(new TypeError(TOAST_TYPE_REQUIRED));
    actor.send({ type: 'toast.add', toast: { type: 'info' }, timestamp: 1 });
    expect(selectToastValidationError(actor.getSnapshot())).toBe(TOAST_MESSAGE_REQUIRED);
    expect(selectToasts(actor.getSnapshot())).toEqual([]);
  });

  it('spec §9: a toast without a timeout is removed after the default 5000 ms', () => {
    const { actor, clock } = startToasts();
    addToast(actor, { type: 'success', message: 'Added to cart' }, 100);
    clock.increment(DEFAULT_TOAST_TIMEOUT_MS - 1);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(1);
    clock.increment(1);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(0);
  });

  it('spec §3: a given timeout is used; a dismissable toast with timeout 0 stays until removed', () => {
    const { actor, clock } = startToasts();
    addToast(actor, { id: 'short', type: 'info', message: 'short', timeout: 1000 }, 1);
    addToast(actor, { id: 'sticky', type: 'error', message: 'sticky', dismissable: true, timeout: 0 }, 2);
    clock.increment(1000);
    expect(selectToasts(actor.getSnapshot()).map((t) => t.id)).toEqual(['sticky']);
    clock.increment(1_000_000);
    expect(selectToasts(actor.getSnapshot()).map((t) => t.id)).toEqual(['sticky']);
    actor.send({ type: 'toast.remove', id: 'sticky' });
    expect(selectToasts(actor.getSnapshot())).toEqual([]);
  });

  it('spec §4 Other: adding an existing id keeps its original timestamp and marks it duplicate', () => {
    const { actor, clock } = startToasts();
    const id = addToast(actor, { type: 'warning', message: 'Offline' }, 1000);
    clock.increment(4000);
    expect(addToast(actor, { type: 'warning', message: 'Offline' }, 5000)).toBe(id);
    const [toast] = selectToasts(actor.getSnapshot());
    expect(toast).toMatchObject({ id, timestamp: 1000, isDuplicate: true });
    // The duplicate restarted the timer: it is still there past the first toast's timeout.
    clock.increment(4000);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(1);
    clock.increment(1000);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(0);
  });

  it('spec §4 Other: removal deletes the toast and its timer', () => {
    const { actor, clock } = startToasts();
    const id = addToast(actor, { type: 'info', message: 'bye' }, 1);
    actor.send({ type: 'toast.remove', id });
    expect(selectToasts(actor.getSnapshot())).toEqual([]);
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['clock']);
    clock.increment(DEFAULT_TOAST_TIMEOUT_MS);
    expect(selectToasts(actor.getSnapshot())).toEqual([]);
  });

  it('spec §3: a toast sent without a timestamp is stamped with the clock the services provide', () => {
    const { actor, clock } = startToasts();
    clock.set(1_700_000_000_000);
    actor.send({ type: 'toast.add', toast: { type: 'success', message: 'Saved' } });
    expect(selectToasts(actor.getSnapshot())).toMatchObject([{ message: 'Saved', timestamp: 1_700_000_000_000, isDuplicate: false }]);
    clock.increment(DEFAULT_TOAST_TIMEOUT_MS);
    expect(selectToasts(actor.getSnapshot())).toEqual([]);
  });

  it('ADR 010: a machine raises a toast with sendTo through the system, without reading the clock', () => {
    const clock = new SimulatedClock();
    clock.set(42_000);
    const shop = createMachine({
      invoke: { id: 'toast', systemId: 'toast', src: toastMachine.provide(toastImplementations({ now: () => clock.now() })) },
      on: {
        saved: {
          actions: sendTo(
            ({ system }) => systemActor(system, 'toast'),
            (): ToastAddEvent => ({ type: 'toast.add', toast: { type: 'success', message: 'Saved to your wishlist.' } }),
          ),
        },
      },
    });
    const root = createActor(shop, { clock }).start();
    root.send({ type: 'saved' });
    const toasts = root.system.get('toast') as ReturnType<typeof startToasts>['actor'];
    expect(selectToasts(toasts.getSnapshot())).toMatchObject([{ message: 'Saved to your wishlist.', timestamp: 42_000 }]);
  });

  it('a toast that needs a stamp fails loudly when the clock is not provided', () => {
    const actor = createActor(toastMachine).start();
    actor.subscribe({ error: () => {} });
    actor.send({ type: 'toast.add', toast: { type: 'info', message: 'hi' } });
    expect(actor.getSnapshot().status).toBe('error');
  });

  it('spec §3: a message id and its values are part of the toast (and of its default id)', () => {
    const { actor } = startToasts();
    addToast(actor, { type: 'error', message: 'Not saved: {reason}', messageId: 'wishlist.toast.failed', values: { reason: 'a' } }, 1);
    addToast(actor, { type: 'error', message: 'Not saved: {reason}', messageId: 'wishlist.toast.failed', values: { reason: 'b' } }, 2);
    expect(selectToasts(actor.getSnapshot()).map((t) => [t.messageId, t.values, t.isDuplicate])).toEqual([
      ['wishlist.toast.failed', { reason: 'a' }, false],
      ['wishlist.toast.failed', { reason: 'b' }, false],
    ]);
  });

  it('WCAG 2.2.1: a paused toast outlives its timeout and gets its whole timeout again when resumed', () => {
    const { actor, clock } = startToasts();
    const id = addToast(actor, { type: 'success', message: 'Saved', dismissable: true }, 1);
    clock.increment(4000);
    actor.send({ type: 'toast.pause', id });
    clock.increment(10_000);
    expect(selectToasts(actor.getSnapshot())).toMatchObject([{ id, isPaused: true }]);
    // A duplicate arriving while the shopper is on it keeps it paused.
    addToast(actor, { type: 'success', message: 'Saved', dismissable: true }, 2);
    clock.increment(10_000);
    expect(selectToasts(actor.getSnapshot())).toMatchObject([{ id, isPaused: true, isDuplicate: true }]);
    actor.send({ type: 'toast.resume', id });
    clock.increment(DEFAULT_TOAST_TIMEOUT_MS - 1);
    expect(selectToasts(actor.getSnapshot())).toMatchObject([{ id, isPaused: false }]);
    clock.increment(1);
    expect(selectToasts(actor.getSnapshot())).toEqual([]);
  });

  it('pausing a toast without a timeout keeps it; resuming starts no timer', () => {
    const { actor, clock } = startToasts();
    const id = addToast(actor, { type: 'error', message: 'Sticky', dismissable: true, timeout: false }, 1);
    actor.send({ type: 'toast.pause', id });
    actor.send({ type: 'toast.resume', id });
    expect(Object.keys(actor.getSnapshot().children)).toEqual(['clock']);
    clock.increment(1_000_000);
    expect(selectToasts(actor.getSnapshot())).toHaveLength(1);
  });
});
