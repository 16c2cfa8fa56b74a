import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { selectHasMoreWishlistPages, selectIsLoadingWishlist, selectWishlistError, selectWishlistItems, wishlistMachine, type WishlistItem, type WishlistPage } from './wishlist.machine';

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
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'wishlist.loadMore' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['1', '2', '3']);
    expect(selectHasMoreWishlistPages(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'wishlist.loadMore' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    actor.send({ type: 'wishlist.load' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectWishlistItems(actor.getSnapshot()).map((i) => i.id)).toEqual(['1', '2']);
    expect(spy.mock.calls.map(([page]) => page)).toEqual([1, 2, 1]);
  });

  it('a failed page keeps the items already shown and records the error', async () => {
    const { actor } = startWishlist(async (page) => (page === 1 ? { wishlistId: 'w1', items: pages[1]!, totalPages: 2 } : Promise.reject(new Error('down'))));
    actor.send({ type: 'wishlist.load' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'wishlist.loadMore' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(selectWishlistError(actor.getSnapshot())?.message).toBe('down');
    expect(selectWishlistItems(actor.getSnapshot())).toHaveLength(2);
  });
});
