import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import type { Address } from '../checkout/checkout.types';
import { startInShopSystem, successToastReceived } from '../shared/shop-system.test-helpers';
import * as book from './address-book.machine';
import type { Saved } from './saved-form.machine';

const address: Address = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['12 King St W'],
  city: 'Toronto',
  region_code: 'ON',
  postcode: 'M5H 1A1',
  telephone: '4165550100',
  country_id: 'CA',
};

function startBook(
  effects: {
    save?: (input: book.SaveAddressInput) => Promise<Saved>;
    remove?: (id: number) => Promise<Saved>;
    makeDefault?: (id: number) => Promise<Saved>;
  } = {},
) {
  const save = vi.fn(effects.save ?? (async () => ({ at: 10 })));
  const remove = vi.fn(effects.remove ?? (async () => ({ at: 20 })));
  const makeDefault = vi.fn(effects.makeDefault ?? (async () => ({ at: 30 })));
  const machine = book.addressBookMachine.provide({
    actors: {
      saveAddress: fromPromise<Saved, book.SaveAddressInput>(({ input }) => save(input)),
      deleteAddress: fromPromise<Saved, { id: number }>(({ input }) => remove(input.id)),
      makeDefaultAddress: fromPromise<Saved, { id: number }>(({ input }) => makeDefault(input.id)),
    },
  });
  return { ...startInShopSystem(machine, undefined), save, remove, makeDefault };
}

describe('addressBook machine (spec §2 /address-book, §7 customer address operations)', () => {
  it('the first address of an empty book is saved as the default one, then the form closes and "Address saved" is toasted', async () => {
    const { actor, save, received } = startBook();
    actor.send({ type: 'address.add', isFirst: true });
    expect(book.selectAddressEditor(actor.getSnapshot())).toEqual({ kind: 'new', isFirst: true });
    actor.send({ type: 'address.submit', address });
    expect(book.selectAddressBookBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(save).toHaveBeenCalledWith({ id: null, address, isDefault: true });
    expect(book.selectAddressEditor(actor.getSnapshot())).toBeNull();
    expect(received).toEqual([successToastReceived('Address saved.', 'account.toast.addressSaved', 10)]);
  });

  it('editing keeps the default flag of a default address, and "Use as my default address" makes another one the default', async () => {
    const { actor, save } = startBook();
    actor.send({ type: 'address.edit', id: 7, isDefault: true });
    actor.send({ type: 'address.submit', address });
    await waitFor(actor, (s) => s.matches('browsing'));
    actor.send({ type: 'address.edit', id: 8, isDefault: false });
    actor.send({ type: 'address.makeDefault.toggle', makeDefault: true });
    actor.send({ type: 'address.submit', address });
    await waitFor(actor, (s) => s.matches('browsing'));
    actor.send({ type: 'address.add', isFirst: false });
    actor.send({ type: 'address.submit', address });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(save.mock.calls.map(([input]) => [input.id, input.isDefault])).toEqual([
      [7, true],
      [8, true],
      [null, false],
    ]);
  });

  it('spec §4 User: a refused save keeps the form open with what was typed and Magento’s message; no toast', async () => {
    const { actor, received } = startBook({ save: () => Promise.reject(new Error('"postcode" is required. Enter and try again.')) });
    actor.send({ type: 'address.add', isFirst: false });
    actor.send({ type: 'address.submit', address });
    await waitFor(actor, (s) => s.matches({ editing: 'filling' }));
    expect(book.selectAddressBookError(actor.getSnapshot())).toBe('"postcode" is required. Enter and try again.');
    expect(book.selectAddressDraft(actor.getSnapshot())).toEqual(address);
    expect(book.selectAddressEditor(actor.getSnapshot())).toEqual({ kind: 'new', isFirst: false });
    expect(received).toEqual([]);
    // Cancelling closes the form; opening another one starts without the old error.
    actor.send({ type: 'address.cancel' });
    actor.send({ type: 'address.add', isFirst: false });
    expect(book.selectAddressBookError(actor.getSnapshot())).toBeNull();
    expect(book.selectAddressDraft(actor.getSnapshot())).toBeNull();
  });

  it('delete and make default run one change at a time and toast their outcome; a refusal is shown', async () => {
    let answer: (saved: Saved) => void = () => undefined;
    const { actor, remove, makeDefault, received } = startBook({
      remove: () => new Promise<Saved>((resolve) => (answer = resolve)),
      makeDefault: () => Promise.reject(new Error('Could not find a address with ID "9"')),
    });
    actor.send({ type: 'address.delete', id: 8 });
    actor.send({ type: 'address.delete.confirm' });
    // A second click while deleting sends nothing.
    actor.send({ type: 'address.delete', id: 8 });
    actor.send({ type: 'address.delete.confirm' });
    actor.send({ type: 'address.setDefault', id: 9 });
    expect(remove).toHaveBeenCalledTimes(1);
    expect(makeDefault).not.toHaveBeenCalled();
    answer({ at: 20 });
    await waitFor(actor, (s) => s.matches('browsing'));
    actor.send({ type: 'address.setDefault', id: 9 });
    await waitFor(actor, (s) => s.matches('browsing') && s.context.error !== null);
    expect(makeDefault).toHaveBeenCalledWith(9);
    expect(book.selectAddressBookError(actor.getSnapshot())).toBe('Could not find a address with ID "9"');
    expect(received.map(({ event }) => event.toast)).toEqual([book.ADDRESS_BOOK_TOASTS.deleted]);
  });

  it('a delete waits for "Yes, delete"; "Keep it" deletes nothing; asking for another address moves the question', async () => {
    const { actor, remove, received } = startBook();
    actor.send({ type: 'address.delete', id: 8 });
    expect(book.selectAddressToDelete(actor.getSnapshot())).toBe(8);
    expect(remove).not.toHaveBeenCalled();
    actor.send({ type: 'address.delete.keep' });
    expect(actor.getSnapshot().matches('browsing')).toBe(true);
    expect(book.selectAddressToDelete(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'address.delete', id: 8 });
    actor.send({ type: 'address.delete', id: 11 });
    actor.send({ type: 'address.delete.confirm' });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith(11);
    expect(book.selectAddressToDelete(actor.getSnapshot())).toBeNull();
    expect(received.map(({ event }) => event.toast)).toEqual([book.ADDRESS_BOOK_TOASTS.deleted]);
  });

  it('a made-default address is toasted as such', async () => {
    const { actor, received } = startBook();
    actor.send({ type: 'address.setDefault', id: 9 });
    await waitFor(actor, (s) => s.matches('browsing'));
    expect(received).toEqual([{ to: 'toast', event: { type: 'toast.add', toast: book.ADDRESS_BOOK_TOASTS.madeDefault, timestamp: 30 } }]);
  });
});
