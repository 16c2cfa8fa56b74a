import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  addToast,
  DEFAULT_TOAST_TIMEOUT_MS,
  selectToasts,
  selectToastValidationError,
  TOAST_MESSAGE_REQUIRED,
  TOAST_NEEDS_DISMISS_OR_TIMEOUT,
  TOAST_TYPE_REQUIRED,
  toastMachine,
  validateToast,
} from './toast.machine';

function startToasts() {
  const clock = new SimulatedClock();
  const actor = createActor(toastMachine, { clock }).start();
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
    expect(Object.keys(actor.getSnapshot().children)).toEqual([]);
    clock.increment(DEFAULT_TOAST_TIMEOUT_MS);
    expect(selectToasts(actor.getSnapshot())).toEqual([]);
  });
});
