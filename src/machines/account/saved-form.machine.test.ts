import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { startInShopSystem, successToastReceived } from '../shared/shop-system.test-helpers';
import {
  SAVED_FORM_TOASTS,
  savedFormMachine,
  selectFormError,
  selectFormValues,
  selectIsSaved,
  selectIsSaving,
  type FormValues,
  type Saved,
  type SavedFormInput,
} from './saved-form.machine';

function startForm(save: (values: FormValues) => Promise<Saved>, input: Partial<SavedFormInput> = {}) {
  const spy = vi.fn(save);
  const machine = savedFormMachine.provide({ actors: { save: fromPromise<Saved, FormValues>(({ input: values }) => spy(values)) } });
  const started = startInShopSystem(machine, {
    values: { currentPassword: '', newPassword: '' },
    clearOnSave: ['currentPassword', 'newPassword'],
    savedToast: 'passwordChanged',
    ...input,
  });
  return { ...started, spy };
}

describe('savedForm machine (account pages, spec §4 User, §7 operations)', () => {
  it('spec §7 changeCustomerPassword: saves what was typed, then empties the password fields, shows saved and raises the toast', async () => {
    const { actor, spy, received } = startForm(async () => ({ at: 1_700_000_000_000 }));
    actor.send({ type: 'form.change', field: 'currentPassword', value: 'Old!2026' });
    actor.send({ type: 'form.change', field: 'newPassword', value: 'New!2026x' });
    actor.send({ type: 'form.submit' });
    expect(selectIsSaving(actor.getSnapshot())).toBe(true);
    await waitFor(actor, selectIsSaved);
    expect(spy).toHaveBeenCalledWith({ currentPassword: 'Old!2026', newPassword: 'New!2026x' });
    expect(selectFormValues(actor.getSnapshot())).toEqual({ currentPassword: '', newPassword: '' });
    expect(received).toEqual([successToastReceived('Your password is changed.', 'account.toast.passwordChanged', 1_700_000_000_000)]);
  });

  it('spec §4 User: a refused save keeps every value as typed and shows Magento’s message; no toast', async () => {
    const { actor, received } = startForm(() => Promise.reject(new Error("The password doesn't match this account. Verify the password and try again.")));
    actor.send({ type: 'form.change', field: 'currentPassword', value: 'wrong' });
    actor.send({ type: 'form.change', field: 'newPassword', value: 'New!2026x' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    expect(selectFormError(actor.getSnapshot())).toBe("The password doesn't match this account. Verify the password and try again.");
    expect(selectFormValues(actor.getSnapshot())).toEqual({ currentPassword: 'wrong', newPassword: 'New!2026x' });
    expect(selectIsSaved(actor.getSnapshot())).toBe(false);
    expect(received).toEqual([]);
  });

  it('a new submit clears the last error and the saved status until it answers', async () => {
    let answer: (saved: Saved) => void = () => undefined;
    const { actor } = startForm((values) =>
      values.currentPassword === 'wrong' ? Promise.reject(new Error('refused')) : new Promise<Saved>((resolve) => (answer = resolve)),
    );
    actor.send({ type: 'form.submit', values: { currentPassword: 'wrong' } });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    actor.send({ type: 'form.submit', values: { currentPassword: 'right' } });
    expect(selectFormError(actor.getSnapshot())).toBeNull();
    expect(selectIsSaved(actor.getSnapshot())).toBe(false);
    // Typing while the save is on its way is kept.
    actor.send({ type: 'form.change', field: 'newPassword', value: 'typed meanwhile' });
    expect(selectFormValues(actor.getSnapshot()).newPassword).toBe('typed meanwhile');
    answer({ at: 1 });
    await waitFor(actor, selectIsSaved);
  });

  it('spec §4 User "get details": a saved name or email has the session read the customer again', async () => {
    const { actor, received } = startForm(async () => ({ at: 5 }), {
      values: { firstname: 'Ada', lastname: 'Lovelace' },
      clearOnSave: [],
      refreshesCustomer: true,
      savedToast: null,
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, selectIsSaved);
    expect(received).toEqual([{ to: 'session', event: { type: 'session.getDetails' } }]);
    expect(selectFormValues(actor.getSnapshot())).toEqual({ firstname: 'Ada', lastname: 'Lovelace' });
  });

  it('ADR 010: each page names its toast; the machine raises it worded by its message id (the email form also has the session read the customer)', async () => {
    const { actor, received } = startForm(async () => ({ at: 7 }), {
      values: { email: 'ada@example.com', password: 'x' },
      clearOnSave: ['password'],
      refreshesCustomer: true,
      savedToast: 'emailChanged',
    });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, selectIsSaved);
    expect(received).toEqual([
      { to: 'toast', event: { type: 'toast.add', toast: SAVED_FORM_TOASTS.emailChanged, timestamp: 7 } },
      { to: 'session', event: { type: 'session.getDetails' } },
    ]);
  });

  it('the newsletter choice is saved as it is ticked: `form.submit` carries the value', async () => {
    const { actor, spy } = startForm(async () => ({ at: 5 }), { values: {}, clearOnSave: [] });
    actor.send({ type: 'form.submit', values: { isSubscribed: true } });
    await waitFor(actor, selectIsSaved);
    expect(spy).toHaveBeenCalledWith({ isSubscribed: true });
    expect(actor.getSnapshot().context.values.isSubscribed).toBe(true);
  });

  it('submitting while a save is on its way sends nothing more (a double click saves once)', async () => {
    const { actor, spy } = startForm(() => new Promise<Saved>(() => undefined));
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
