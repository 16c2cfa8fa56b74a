import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import type { CartDetails } from '../../machines/cart/cart.types';
import { deferred } from '../../machines/shared/deferred.test-helpers';
import { createBrowserStorage } from '../storage/browser-storage';
import { memoryStorage } from '../storage/memory-storage.test-helpers';
import { cartIdKey } from '../storage/storage-keys';
import { adoptCart, sendCartAdopt, settledCartId, type CartAdoptionDeps } from './cart-adoption';

const emptyDetails = { id: 'x', items: [], total_quantity: 0 } as unknown as CartDetails;

/** The real cart machine with effects the test settles by hand; `saved` records what it stores. */
function cartActor(cartId: string | null, saved: string[] = []) {
  const created = deferred<string>();
  const actor = createActor(
    cartMachine.provide({
      actors: {
        createCart: fromPromise(() => created.promise),
        fetchCartDetails: fromPromise<CartDetails, { cartId: string }>(async ({ input }) => ({ ...emptyDetails, id: input.cartId })),
      },
      actions: { saveCartId: (_, { cartId: id }) => void saved.push(id) },
    }),
    { input: { cartId, isSignedIn: false } },
  );
  actor.start();
  return { actor, created };
}

function adoptionDeps(overrides: Partial<CartAdoptionDeps> & Pick<CartAdoptionDeps, 'settledCartId'>) {
  const { map, ...backing } = memoryStorage();
  const storage = createBrowserStorage(backing);
  const calls: string[] = [];
  const deps: CartAdoptionDeps = {
    storage,
    storeCode: 'ca',
    revalidateCart: async (cartId) => void calls.push(`revalidate ${cartId}`),
    refreshCart: () => calls.push('refresh'),
    loadPage: (path) => calls.push(`load ${path}`),
    ...overrides,
  };
  return { deps, calls, map, storage };
}

describe('adopting a restored cart (spec §2 abandoned cart, §4 "stored cart id changed … the page reloads")', () => {
  it('spec §4/§9: writes the restored id under the cart key with the store suffix, then loads the destination page', async () => {
    const { deps, calls, storage } = adoptionDeps({ settledCartId: async () => 'current-cart' });
    await expect(adoptCart(deps, 'restored-cart', '/cart')).resolves.toBe('reloaded');
    expect(storage.getItem(cartIdKey('ca'))).toBe('restored-cart');
    expect(calls).toEqual(['revalidate restored-cart', 'load /ca/cart']);
  });

  it('the cart already in use is not reloaded: its details are refreshed (the page then navigates in the app)', async () => {
    const { deps, calls, map } = adoptionDeps({ settledCartId: async () => 'same-cart' });
    await expect(adoptCart(deps, 'same-cart', '/paymentfail?order=000000042')).resolves.toBe('navigated');
    expect(calls).toEqual(['revalidate same-cart', 'refresh']);
    expect(map.size).toBe(0);
  });

  it('waits for a cart machine that is still creating its cart, so its own id cannot overwrite the restored one', async () => {
    const { actor, created } = cartActor(null);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const { deps, storage, calls } = adoptionDeps({
      settledCartId: () => settledCartId(actor),
    });
    const adoption = adoptCart(deps, 'restored-cart', '/cart');
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([]);
    expect(storage.getItem(cartIdKey('ca'))).toBeUndefined();
    // The machine saves its new id when its cart is created (cart.actors saveCartId); the test plays that part.
    storage.setItem(cartIdKey('ca'), 'machine-new-cart');
    created.resolve('machine-new-cart');
    await expect(adoption).resolves.toBe('reloaded');
    expect(storage.getItem(cartIdKey('ca'))).toBe('restored-cart');
    expect(calls).toEqual(['revalidate restored-cart', 'load /ca/cart']);
    actor.stop();
  });

  it('a failed revalidation does not stop the adoption', async () => {
    const { deps, calls, storage } = adoptionDeps({ settledCartId: async () => null, revalidateCart: async () => Promise.reject(new Error('offline')) });
    await expect(adoptCart(deps, 'restored-cart', 'cart')).resolves.toBe('reloaded');
    expect(storage.getItem(cartIdKey('ca'))).toBe('restored-cart');
    expect(calls).toEqual(['load /ca/cart']);
  });

  it('settledCartId answers the id of a machine that is ready, and the current id when it never settles', async () => {
    const ready = cartActor('cart-1');
    await expect(settledCartId(ready.actor)).resolves.toBe('cart-1');
    const busy = cartActor(null);
    await expect(settledCartId(busy.actor, 0)).resolves.toBeNull();
    ready.actor.stop();
    busy.actor.stop();
  });

  describe('spec §4 cart.adopt: the cart machine takes the cart without a page reload', () => {
    it("spec §4: the restored cart becomes the machine's current cart, stored by the machine, with nothing reloaded (the page then navigates in the app)", async () => {
      const saved: string[] = [];
      const { actor } = cartActor('current-cart', saved);
      await waitFor(actor, (s) => s.matches('ready'));
      const { deps, calls } = adoptionDeps({ settledCartId: () => settledCartId(actor), adoptInCart: (cartId) => sendCartAdopt(actor, cartId) });
      await expect(adoptCart(deps, 'restored-cart', '/cart')).resolves.toBe('adopted');
      expect(calls).toEqual([]);
      const ready = await waitFor(actor, (s) => s.matches('ready'));
      expect(ready.context.cartId).toBe('restored-cart');
      expect(ready.context.details?.id).toBe('restored-cart');
      expect(saved).toEqual(['restored-cart']);
      actor.stop();
    });

    it('spec §4: a machine still creating its cart does not need waiting for: its late id is dropped', async () => {
      const saved: string[] = [];
      const { actor, created } = cartActor(null, saved);
      const { deps, calls } = adoptionDeps({ settledCartId: () => settledCartId(actor), adoptInCart: (cartId) => sendCartAdopt(actor, cartId) });
      await expect(adoptCart(deps, 'restored-cart', '/paymentfail?order=000000042')).resolves.toBe('adopted');
      created.resolve('machine-new-cart');
      const ready = await waitFor(actor, (s) => s.matches('ready'));
      expect(ready.context.cartId).toBe('restored-cart');
      expect(saved).toEqual(['restored-cart']);
      expect(calls).toEqual([]);
      actor.stop();
    });

    it('a missing cart id is refused with a clear message before anything is sent', async () => {
      const sent: string[] = [];
      const { deps } = adoptionDeps({ settledCartId: async () => null, adoptInCart: (cartId) => sent.push(cartId) });
      await expect(adoptCart(deps, '', '/cart')).rejects.toThrow('A cart id is needed to make a cart the current one.');
      expect(sent).toEqual([]);
    });
  });
});
