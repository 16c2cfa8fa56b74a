import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { selectToasts, toastMachine, type ClockStampEvent } from '../toast/toast.machine';
import {
  selectBusyWishlistItem,
  selectIsSavingProduct,
  selectSavedWishlistItem,
  selectWishlistItemError,
  selectWishlistRemovalAsked,
  selectHasMoreWishlistPages,
  selectIsLoadingWishlist,
  selectIsSavingToWishlist,
  selectWishlistError,
  selectWishlistItems,
  wishlistMachine,
  type WishlistItem,
  type WishlistItemInput,
  type WishlistItemRef,
  type WishlistPage,
  type WishlistSaved,
} from './wishlist.machine';

const item = (id: string): WishlistItem => ({ id, product: { uid: `p${id}`, name: `Frame ${id}`, sku: `sku-${id}` } });

function startWishlist(fetchPage: (page: number) => Promise<WishlistPage>) {
  const spy = vi.fn(fetchPage);
  const actor = createActor(wishlistMachine.provide({ actors: { fetchWishlistPage: fromPromise(({ input }) => spy(input.page)) } })).start();
  return { actor, spy };
}

const pages: Record<number, WishlistItem[]> = { 1: [item('1'), item('2')], 2: [item('3')] };

describe('wishlist machine', () => {
  it('spec §3 Wishlist: page 1 replaces the items, later pages append', async () => {
    const { actor, spy } = startWishlist(async (page) => ({ wishlistId: 'w1', items: pages[page] ?? [], totalPages: 2 }));
    actor.send({ type: 'wishlist.load' });
    expect(selectIsLoadingWishlist(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    actor.send({ type: 'wishlist.loadMore' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['1', '2', '3']);
    expect(selectHasMoreWishlistPages(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'wishlist.loadMore' });
    expect(actor.getSnapshot().matches({ list: 'loaded' })).toBe(true);
    actor.send({ type: 'wishlist.load' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['1', '2']);
    expect(spy.mock.calls.map(([page]) => page)).toEqual([1, 2, 1]);
  });

  it('wishlist.loadAll loads every page, so whether a frame is saved is known for a list of any length', async () => {
    const long: Record<number, WishlistItem[]> = { 1: [item('1')], 2: [item('2')], 3: [item('3')] };
    const { actor, spy } = startWishlist(async (page) => ({ wishlistId: 'w1', items: long[page] ?? [], totalPages: 3 }));
    actor.send({ type: 'wishlist.loadAll' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }) && !selectHasMoreWishlistPages(s));
    expect(spy.mock.calls.map(([page]) => page)).toEqual([1, 2, 3]);
    expect(selectSavedWishlistItem(actor.getSnapshot(), 'sku-3')?.id).toBe('3');
    // the wishlist page's own load shows page 1 again and pages on request only
    actor.send({ type: 'wishlist.load' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    expect(spy.mock.calls.map(([page]) => page)).toEqual([1, 2, 3, 1]);
    expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['1']);
  });

  it('a failed page keeps the items already shown and records the error', async () => {
    const { actor } = startWishlist(async (page) => (page === 1 ? { wishlistId: 'w1', items: pages[1]!, totalPages: 2 } : Promise.reject(new Error('down'))));
    actor.send({ type: 'wishlist.load' });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    actor.send({ type: 'wishlist.loadMore' });
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(selectWishlistError(actor.getSnapshot())?.message).toBe('down');
    expect(selectWishlistItems(actor.getSnapshot())).toHaveLength(2);
  });

  describe('saving a frame (ADR 010: the machine saves, the toast says the outcome)', () => {
    /** The wishlist and the toast machine in one system, as the shop runs them. */
    function startShop(
      save: (input: WishlistItemInput) => Promise<WishlistSaved>,
      fetchPage: (page: number) => Promise<WishlistPage> = async () => ({ wishlistId: 'w1', items: [], totalPages: 1 }),
    ) {
      const saveSpy = vi.fn(save);
      const fetchSpy = vi.fn(fetchPage);
      const clock = fromCallback<ClockStampEvent>(({ sendBack, receive }) => receive((e) => sendBack({ type: 'toast.add', toast: e.toast, timestamp: 1000 })));
      const wishlist = wishlistMachine.provide({
        actors: { saveWishlistItem: fromPromise(({ input }) => saveSpy(input)), fetchWishlistPage: fromPromise(({ input }) => fetchSpy(input.page)) },
      });
      const root = createActor(
        createMachine({
          invoke: [
            { id: 'toast', systemId: 'toast', src: toastMachine.provide({ actors: { clock } }) },
            { id: 'wishlist', systemId: 'wishlist', src: wishlist },
          ],
        }),
      ).start();
      return {
        wishlist: root.system.get('wishlist') as ActorRefFrom<typeof wishlistMachine>,
        toasts: () => selectToasts((root.system.get('toast') as ActorRefFrom<typeof toastMachine>).getSnapshot()),
        saveSpy,
        fetchSpy,
      };
    }

    it('a saved frame raises "Saved to your wishlist." and one save runs at a time', async () => {
      let finish: (saved: WishlistSaved) => void = () => {};
      const { wishlist, toasts, saveSpy, fetchSpy } = startShop(() => new Promise((resolve) => (finish = resolve)));
      wishlist.send({ type: 'wishlist.item.add', sku: 'LN1001-BLK-M', parentSku: 'LN1001', selectedOptions: ['Y29uZmlndXJhYmxlLzkzLzQ5'] });
      expect(selectIsSavingToWishlist(wishlist.getSnapshot())).toBe(true);
      wishlist.send({ type: 'wishlist.item.add', sku: 'LN1001-BLK-M' });
      expect(saveSpy.mock.calls).toEqual([[{ sku: 'LN1001-BLK-M', parentSku: 'LN1001', selectedOptions: ['Y29uZmlndXJhYmxlLzkzLzQ5'] }]]);
      finish({ wishlistId: 'w1', itemsCount: 1 });
      await waitFor(wishlist, (s) => !selectIsSavingToWishlist(s));
      expect(toasts()).toMatchObject([
        { type: 'success', message: 'Saved to your wishlist.', messageId: 'wishlist.toast.saved', dismissable: true, timeout: 5000, timestamp: 1000 },
      ]);
      // The list was never shown: nothing is fetched (the wishlist page loads it when visited).
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(wishlist.getSnapshot().matches({ list: 'idle' })).toBe(true);
      // A second save of the same frame is the same toast again: marked, not stacked (spec §4 Other).
      wishlist.send({ type: 'wishlist.item.add', sku: 'LN1001-BLK-M' });
      finish({ wishlistId: 'w1', itemsCount: 1 });
      await waitFor(wishlist, (s) => !selectIsSavingToWishlist(s));
      expect(toasts()).toMatchObject([{ message: 'Saved to your wishlist.', isDuplicate: true }]);
    });

    it('a save whose answer was lost is not sent again; the list read again says it is saved, and the button knows', async () => {
      const saved = { ...item('9'), product: { uid: 'p9', name: 'Aurora', sku: 'LN1001' }, configured_variant: { sku: 'LN1001-BLK-M' } };
      let serverItems: WishlistItem[] = [];
      const { wishlist, toasts, saveSpy } = startShop(
        async () => {
          serverItems = [saved];
          throw new TypeError('Failed to fetch');
        },
        async () => ({ wishlistId: 'w1', items: serverItems, totalPages: 1 }),
      );
      wishlist.send({ type: 'wishlist.item.add', sku: 'LN1001-BLK-M', parentSku: 'LN1001' });
      const done = await waitFor(wishlist, (s) => s.matches({ list: 'loaded' }) && !selectIsSavingToWishlist(s));
      expect(saveSpy).toHaveBeenCalledTimes(1);
      expect(selectSavedWishlistItem(done, 'LN1001-BLK-M')?.id).toBe('9');
      expect(toasts()).toMatchObject([{ type: 'success', message: 'Saved to your wishlist.' }]);
    });

    it('a save whose answer was lost and did not happen says it failed, and the button does not claim it', async () => {
      const { wishlist, toasts, saveSpy } = startShop(async () => Promise.reject(new TypeError('Failed to fetch')));
      wishlist.send({ type: 'wishlist.item.add', sku: 'LN1001-BLK-M', parentSku: 'LN1001' });
      const done = await waitFor(wishlist, (s) => s.matches({ list: 'loaded' }) && !selectIsSavingToWishlist(s));
      expect(saveSpy).toHaveBeenCalledTimes(1);
      expect(selectSavedWishlistItem(done, 'LN1001-BLK-M')).toBeNull();
      expect(selectIsSavingProduct(done, 'LN1001-BLK-M')).toBe(false);
      expect(toasts()).toMatchObject([{ type: 'error', messageId: 'wishlist.toast.failed', values: { reason: 'Failed to fetch' } }]);
    });

    it('spec §3 Wishlist: a saved frame reloads page 1 of a list already shown', async () => {
      const { wishlist, fetchSpy } = startShop(
        async () => ({ wishlistId: 'w1', itemsCount: 3 }),
        async (page) => ({ wishlistId: 'w1', items: fetchSpy.mock.calls.length > 1 ? [item('9'), ...pages[page]!] : (pages[page] ?? []), totalPages: 2 }),
      );
      wishlist.send({ type: 'wishlist.load' });
      await waitFor(wishlist, (s) => s.matches({ list: 'loaded' }));
      wishlist.send({ type: 'wishlist.item.add', sku: 'sku-9' });
      // Saved, the list reloads: the product still reads as being saved until the list has it.
      const reloading = await waitFor(wishlist, (s) => s.matches({ list: 'loading' }));
      expect(selectIsSavingProduct(reloading, 'sku-9')).toBe(true);
      expect(selectIsSavingProduct(reloading, 'sku-1')).toBe(false);
      await waitFor(wishlist, (s) => s.matches({ list: 'loaded' }) && fetchSpy.mock.calls.length === 2);
      expect(selectIsSavingProduct(wishlist.getSnapshot(), 'sku-9')).toBe(false);
      expect(fetchSpy.mock.calls.map(([page]) => page)).toEqual([1, 1]);
      expect(selectWishlistItems(wishlist.getSnapshot()).map((i) => i.id)).toEqual(['9', '1', '2']);
    });

    it("a guest's save waits for the sign-in and runs once, with the colour and size chosen", async () => {
      const { wishlist, saveSpy, toasts } = startShop(async () => ({ wishlistId: 'w1', itemsCount: 1 }));
      wishlist.send({ type: 'wishlist.session.signedIn' });
      expect(saveSpy).not.toHaveBeenCalled();
      wishlist.send({ type: 'wishlist.item.addAfterSignIn', sku: 'LN1001-TRT-L', parentSku: 'LN1001' });
      expect(selectIsSavingToWishlist(wishlist.getSnapshot())).toBe(false);
      wishlist.send({ type: 'wishlist.session.signedIn' });
      expect(saveSpy.mock.calls).toEqual([[{ sku: 'LN1001-TRT-L', parentSku: 'LN1001', selectedOptions: null }]]);
      await waitFor(wishlist, (s) => !selectIsSavingToWishlist(s));
      expect(toasts()).toMatchObject([{ message: 'Saved to your wishlist.' }]);
      // once: a later sign-in saves nothing
      wishlist.send({ type: 'wishlist.session.signedIn' });
      expect(saveSpy).toHaveBeenCalledTimes(1);
    });

    it('a refused or failed save says why in an error toast that stays until dismissed, and keeps the list', async () => {
      const { wishlist, toasts } = startShop(async () => Promise.reject(new Error('The product is out of stock.')));
      wishlist.send({ type: 'wishlist.item.add', sku: 'LN1001' });
      await waitFor(wishlist, (s) => !selectIsSavingToWishlist(s));
      expect(toasts()).toMatchObject([
        {
          type: 'error',
          message: 'This frame could not be saved to your wishlist: The product is out of stock.',
          messageId: 'wishlist.toast.failed',
          values: { reason: 'The product is out of stock.' },
          dismissable: true,
          timeout: false,
        },
      ]);
      expect(selectWishlistError(wishlist.getSnapshot())).toBeNull();
      // The shopper can try again.
      wishlist.send({ type: 'wishlist.item.add', sku: 'LN1001' });
      expect(selectIsSavingToWishlist(wishlist.getSnapshot())).toBe(true);
    });

    it('ADR 010: without a toast actor in the system the outcome is not lost silently: the machine fails', async () => {
      const saved: WishlistSaved = { wishlistId: 'w1', itemsCount: 1 };
      const actor = createActor(wishlistMachine.provide({ actors: { saveWishlistItem: fromPromise(async () => saved) } }));
      const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
      actor.start();
      actor.send({ type: 'wishlist.item.add', sku: 'LN1001' });
      expect(await failed).toEqual(new Error("No 'toast' actor in this actor system: the event sent to it would be lost."));
      expect(actor.getSnapshot().status).toBe('error');
    });
  });

  describe('removing an item and moving a plain product to the cart', () => {
    function startList(
      remove: (ref: WishlistItemRef) => Promise<void>,
      move: (ref: WishlistItemRef) => Promise<void> = async () => {},
      fetchPage: () => Promise<WishlistPage> = async () => ({ wishlistId: 'w1', items: pages[1]!, totalPages: 1 }),
    ) {
      const removeSpy = vi.fn(remove);
      const moveSpy = vi.fn(move);
      const cartEvents: string[] = [];
      const clock = fromCallback<ClockStampEvent>(({ sendBack, receive }) => receive((e) => sendBack({ type: 'toast.add', toast: e.toast, timestamp: 1000 })));
      const wishlist = wishlistMachine.provide({
        actors: {
          fetchWishlistPage: fromPromise(() => fetchPage()),
          removeWishlistItem: fromPromise(({ input }) => removeSpy(input)),
          moveWishlistItemToCart: fromPromise(({ input }) => moveSpy(input)),
        },
      });
      const cart = createMachine({ on: { '*': { actions: ({ event }) => cartEvents.push(event.type) } } });
      const root = createActor(
        createMachine({
          invoke: [
            { id: 'toast', systemId: 'toast', src: toastMachine.provide({ actors: { clock } }) },
            { id: 'cart', systemId: 'cart', src: cart },
            { id: 'wishlist', systemId: 'wishlist', src: wishlist },
          ],
        }),
      ).start();
      const actor = root.system.get('wishlist') as ActorRefFrom<typeof wishlistMachine>;
      return {
        actor,
        removeSpy,
        moveSpy,
        cartEvents,
        toasts: () => selectToasts((root.system.get('toast') as ActorRefFrom<typeof toastMachine>).getSnapshot()),
      };
    }

    it('removing asks first; "Keep it" keeps the item and removes nothing', async () => {
      const { actor, removeSpy } = startList(async () => {});
      actor.send({ type: 'wishlist.load' });
      await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
      actor.send({ type: 'wishlist.item.remove', itemId: '2' });
      expect(selectWishlistRemovalAsked(actor.getSnapshot())).toBe('2');
      expect(selectBusyWishlistItem(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'wishlist.item.remove.keep' });
      expect(selectWishlistRemovalAsked(actor.getSnapshot())).toBeNull();
      // A yes with nothing asked does nothing.
      actor.send({ type: 'wishlist.item.remove.confirm' });
      expect(removeSpy).not.toHaveBeenCalled();
      expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['1', '2']);
    });

    it('a removed item (once confirmed) leaves the list; one item action runs at a time', async () => {
      let finish: () => void = () => {};
      const { actor, removeSpy } = startList(() => new Promise<void>((resolve) => (finish = resolve)));
      actor.send({ type: 'wishlist.load' });
      await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
      actor.send({ type: 'wishlist.item.remove', itemId: '1' });
      actor.send({ type: 'wishlist.item.remove.confirm' });
      expect(selectBusyWishlistItem(actor.getSnapshot())).toEqual({ itemId: '1', action: 'remove' });
      expect(selectWishlistRemovalAsked(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'wishlist.item.remove', itemId: '2' });
      actor.send({ type: 'wishlist.item.remove.confirm' });
      actor.send({ type: 'wishlist.item.addToCart', itemId: '2' });
      expect(removeSpy.mock.calls).toEqual([[{ wishlistId: 'w1', itemId: '1' }]]);
      finish();
      await waitFor(actor, (s) => selectBusyWishlistItem(s) === null);
      expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['2']);
      // An item not in the list is not acted on.
      actor.send({ type: 'wishlist.item.remove', itemId: '1' });
      expect(selectBusyWishlistItem(actor.getSnapshot())).toBeNull();
    });

    /** Loads the list, asks to remove item 2, confirms, and waits until no item is busy. */
    async function removeTheSecondItem(actor: ReturnType<typeof startList>['actor']) {
      actor.send({ type: 'wishlist.load' });
      await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
      actor.send({ type: 'wishlist.item.remove', itemId: '2' });
      actor.send({ type: 'wishlist.item.remove.confirm' });
      return waitFor(actor, (s) => s.matches({ list: 'loaded' }) && selectBusyWishlistItem(s) === null);
    }

    it('a failed removal keeps the item with the reason; trying again clears it', async () => {
      const { actor, removeSpy } = startList(async () => Promise.reject(new Error('down')));
      await removeTheSecondItem(actor);
      expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['1', '2']);
      expect(selectWishlistItemError(actor.getSnapshot(), '2')).toEqual({ action: 'remove', error: new Error('down') });
      expect(selectWishlistItemError(actor.getSnapshot(), '1')).toBeNull();
      removeSpy.mockImplementation(() => new Promise<void>(() => {}));
      actor.send({ type: 'wishlist.item.remove', itemId: '2' });
      actor.send({ type: 'wishlist.item.remove.confirm' });
      expect(selectWishlistItemError(actor.getSnapshot(), '2')).toBeNull();
    });

    it('a failed removal asks again, so "Yes, remove" is one press away beside the reason', async () => {
      const { actor } = startList(async () => Promise.reject(Object.assign(new Error('The shop could not be reached.'), { requestNotSent: true })));
      await removeTheSecondItem(actor);
      expect(selectWishlistRemovalAsked(actor.getSnapshot())).toBe('2');
      expect(selectWishlistItemError(actor.getSnapshot(), '2')?.action).toBe('remove');
    });

    it('a removal whose answer was lost is not sent again; the list read again says it is gone', async () => {
      let serverItems = [item('1'), item('2')];
      const { actor, removeSpy } = startList(
        async () => {
          serverItems = serverItems.filter((i) => i.id !== '2');
          throw new TypeError('Failed to fetch');
        },
        undefined,
        async () => ({ wishlistId: 'w1', items: serverItems, totalPages: 1 }),
      );
      const done = await removeTheSecondItem(actor);
      expect(removeSpy).toHaveBeenCalledTimes(1);
      expect(selectWishlistItems(done).map((i) => i.id)).toEqual(['1']);
      expect(selectWishlistItemError(done, '2')).toBeNull();
      expect(selectWishlistRemovalAsked(done)).toBeNull();
    });

    it('a removal whose answer was lost and did not happen keeps the item, with the reason, asked again', async () => {
      const { actor, removeSpy } = startList(async () => Promise.reject(new TypeError('Failed to fetch')));
      const done = await removeTheSecondItem(actor);
      expect(removeSpy).toHaveBeenCalledTimes(1);
      expect(selectWishlistItems(done).map((i) => i.id)).toEqual(['1', '2']);
      expect(selectWishlistItemError(done, '2')).toEqual({ action: 'remove', error: new TypeError('Failed to fetch') });
      expect(selectWishlistRemovalAsked(done)).toBe('2');
    });

    it('a plain product moved to the cart leaves the list, the cart reloads its details and a toast says so', async () => {
      const { actor, moveSpy, cartEvents, toasts } = startList(async () => {});
      actor.send({ type: 'wishlist.load' });
      await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
      actor.send({ type: 'wishlist.item.addToCart', itemId: '1' });
      await waitFor(actor, (s) => selectBusyWishlistItem(s) === null);
      expect(moveSpy.mock.calls).toEqual([[{ wishlistId: 'w1', itemId: '1' }]]);
      expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['2']);
      expect(cartEvents).toEqual(['cart.getDetails']);
      expect(toasts()).toMatchObject([
        { type: 'success', message: 'Frame 1 is in your cart.', messageId: 'wishlist.toast.movedToCart', values: { name: 'Frame 1' } },
      ]);
    });

    it('a refused move keeps the item with the refusal and leaves the cart alone', async () => {
      const { actor, cartEvents } = startList(
        async () => {},
        async () => Promise.reject(new Error('Product that you are trying to add is not available.')),
      );
      actor.send({ type: 'wishlist.load' });
      await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
      actor.send({ type: 'wishlist.item.addToCart', itemId: '1' });
      await waitFor(actor, (s) => selectBusyWishlistItem(s) === null);
      expect(selectWishlistItems(actor.getSnapshot())).toHaveLength(2);
      expect(selectWishlistItemError(actor.getSnapshot(), '1')?.error.message).toBe('Product that you are trying to add is not available.');
      expect(cartEvents).toEqual([]);
    });

    it("the product page's button finds a saved frame by the colour and size saved, or by the frame itself", () => {
      const saved: WishlistItem = { id: '7', product: { uid: 'p', name: 'Milo', sku: 'LN1002' }, configured_variant: { sku: 'LN1002-TOR-M' } };
      const snapshot = wishlistMachine.resolveState({
        value: { list: 'loaded' },
        context: { ...wishlistMachine.config.context!, items: [saved, item('8')], currentPage: 1 } as never,
      });
      expect(selectSavedWishlistItem(snapshot, 'LN1002-TOR-M')?.id).toBe('7');
      expect(selectSavedWishlistItem(snapshot, 'LN1002')).toBeNull();
      expect(selectSavedWishlistItem(snapshot, 'sku-8')?.id).toBe('8');
    });

    it('a frame saved with a colour but no size is saved for that colour only, not for the frame with none or another colour', () => {
      const tortoise = { configurable_product_option_value_uid: 'colour-tortoise', option_label: 'Colour', value_label: 'Tortoise' };
      const withColour: WishlistItem = {
        id: '5',
        product: { uid: 'p', name: 'Milo', sku: 'LN1002' },
        configured_variant: null,
        configurable_options: [tortoise],
      };
      const snapshot = wishlistMachine.resolveState({
        value: { list: 'loaded' },
        context: { ...wishlistMachine.config.context!, items: [withColour], currentPage: 1 } as never,
      });
      expect(selectSavedWishlistItem(snapshot, 'LN1002', ['colour-tortoise'])?.id).toBe('5');
      expect(selectSavedWishlistItem(snapshot, 'LN1002')).toBeNull();
      expect(selectSavedWishlistItem(snapshot, 'LN1002', ['colour-black'])).toBeNull();
    });
  });
});
