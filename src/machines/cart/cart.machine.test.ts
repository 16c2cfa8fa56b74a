import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { startInShopSystem } from '../shared/shop-system.test-helpers';
import { deferred } from '../shared/deferred.test-helpers';
import {
  CART_NOT_READY_ERROR,
  CART_STOPPED_ERROR,
  cartMachine,
  isCartEmpty,
  ITEM_ADDED_TOAST,
  itemFailedToast,
  paymentLeftToast,
  selectLastAddition,
  CART_OPERATION_NAMES,
  selectAddItemError,
  selectCartError,
  selectCouponError,
  selectDetailsError,
  selectGetCartError,
  selectMergeError,
  selectRemoveItemError,
  selectUpdateItemError,
  selectIsChangingCoupon,
  isInvalidCartError,
  selectCurrencyCode,
  selectIsAddingItem,
  selectIsEmpty,
  selectIsUpdatingItem,
  selectNumItems,
  selectShippingMethods,
  selectSubtotal,
  type CartInput,
  type ReplaceCartItemInput,
} from './cart.machine';
import type {
  CartAnswer,
  CartDetails,
  CartDetailsAnswer,
  CartDetailsRead,
  CartItem,
  CartItemToAdd,
  CartItemUpdate,
  CartRequest,
  RestoredPaymentCart,
} from './cart.types';

const invalidCart = (message = 'Could not find a cart with ID "abc"') => ({ message, graphQLErrors: [{ message }] });

function item(uid: string, quantity: number): CartItem {
  return { uid, quantity, product: { uid: `p-${uid}`, name: uid, sku: `sku-${uid}` } };
}

function details(cartId: string, items: CartItem[] = [], total = 0, currency = 'CAD'): CartDetails {
  return { id: cartId, items, total_quantity: items.reduce((s, i) => s + i.quantity, 0), prices: { grand_total: { value: total, currency } } };
}

/** A cart actor with recording fakes; each fake can be replaced per test. */
function startCart(input: Partial<CartInput> = {}, fakes: Partial<Record<string, (input: never) => Promise<unknown>>> = {}) {
  const log: string[] = [];
  let created = 0;
  const impl = {
    createCart: vi.fn(async () => `cart-${++created}`),
    fetchCustomerCartId: vi.fn(async () => 'customer-cart'),
    fetchCartDetails: vi.fn(async ({ cartId }: { cartId: string }) => details(cartId, [item('a', 2)], 25)),
    fetchCartDetailsAfterSignIn: vi.fn(async ({ cartId }: { cartId: string }) => details(cartId, [item('a', 2), item('b', 1)], 40)),
    // The mutations answer the cart details (one round trip).
    addCartItem: vi.fn(async ({ cartId, item: added }: { cartId: string; item: CartItemToAdd }) =>
      details(cartId, [item('a', 2), item(added.sku, added.quantity)], 50),
    ),
    updateCartItem: vi.fn(async ({ cartId, itemUid, quantity }: { cartId: string; itemUid: string; quantity: number }) =>
      details(cartId, [item(itemUid, quantity)], 30),
    ),
    removeCartItem: vi.fn(async ({ cartId }: { cartId: string; itemUid: string }) => details(cartId, [], 0)),
    replaceCartItem: vi.fn(async ({ cartId, item: added }: ReplaceCartItemInput) => details(cartId, [item(added.sku, added.quantity)], 30)),
    applyCoupon: vi.fn(async ({ cartId }: { cartId: string; code: string }) => details(cartId, [item('a', 2)], 20)),
    removeCoupon: vi.fn(async ({ cartId }: { cartId: string }) => details(cartId, [item('a', 2)], 25)),
    mergeCarts: vi.fn(async ({ destinationCartId }: { sourceCartId: string; destinationCartId: string }) => ({ cartId: destinationCartId })),
    restorePendingPayment: vi.fn(async (_: { cartId: string; cameBack: boolean }): Promise<RestoredPaymentCart | null> => null),
    ...Object.fromEntries(Object.entries(fakes).map(([name, fake]) => [name, vi.fn(fake)])),
  } as const;
  const recorded = <I, O>(name: string, fn: (input: I) => Promise<O>) =>
    fromPromise<O, I>(async ({ input }) => {
      log.push(`${name}${input && typeof input === 'object' ? ' ' + JSON.stringify(input) : ''}`);
      return fn(input);
    });
  const actions = {
    saveCartId: vi.fn(),
    clearCartId: vi.fn(),
    reloadPage: vi.fn(),
    notifyMergeFailed: vi.fn(),
    requestSignOut: vi.fn(),
  };
  const machine = cartMachine.provide({
    actors: {
      createCart: recorded('createCart', impl.createCart as () => Promise<string>),
      fetchCustomerCartId: recorded('fetchCustomerCartId', impl.fetchCustomerCartId as () => Promise<string>),
      // One actor, two documents: `afterSignIn` is GetCartDetailsAfterSignIn (spec §7), logged under its own name.
      fetchCartDetails: fromPromise<CartDetails, { cartId: string; afterSignIn?: boolean }>(async ({ input }) => {
        const name = input.afterSignIn ? 'fetchCartDetailsAfterSignIn' : 'fetchCartDetails';
        log.push(`${name} ${JSON.stringify({ cartId: input.cartId })}`);
        const fake = (input.afterSignIn ? impl.fetchCartDetailsAfterSignIn : impl.fetchCartDetails) as (i: { cartId: string }) => Promise<CartDetails>;
        return fake({ cartId: input.cartId });
      }),
      addCartItem: recorded('addCartItem', impl.addCartItem as (i: { cartId: string; item: CartItemToAdd }) => Promise<unknown>),
      updateCartItem: recorded('updateCartItem', impl.updateCartItem as (i: { cartId: string; itemUid: string; quantity: number }) => Promise<unknown>),
      removeCartItem: recorded('removeCartItem', impl.removeCartItem as (i: { cartId: string; itemUid: string }) => Promise<unknown>),
      replaceCartItem: recorded('replaceCartItem', impl.replaceCartItem as (i: ReplaceCartItemInput) => Promise<unknown>),
      applyCoupon: recorded('applyCoupon', impl.applyCoupon as (i: { cartId: string; code: string }) => Promise<unknown>),
      removeCoupon: recorded('removeCoupon', impl.removeCoupon as (i: { cartId: string }) => Promise<unknown>),
      mergeCarts: recorded('mergeCarts', impl.mergeCarts as (i: { sourceCartId: string; destinationCartId: string }) => Promise<{ cartId: string }>),
      restorePendingPayment: recorded(
        'restorePendingPayment',
        impl.restorePendingPayment as (i: { cartId: string; cameBack: boolean }) => Promise<RestoredPaymentCart | null>,
      ),
    },
    actions: {
      saveCartId: (_, params) => {
        log.push(`saveCartId ${params.cartId}`);
        actions.saveCartId(params);
      },
      clearCartId: () => {
        log.push('clearCartId');
        actions.clearCartId();
      },
      reloadPage: () => actions.reloadPage(),
      notifyMergeFailed: (_, params) => actions.notifyMergeFailed(params),
      requestSignOut: () => {
        log.push('requestSignOut');
        actions.requestSignOut();
      },
      savePendingPayment: (_, params) => log.push(`savePendingPayment ${JSON.stringify(params)}`),
      clearPendingPayment: () => log.push('clearPendingPayment'),
    },
  });
  // A simulated clock: nothing in the cart machine may wait on real time. The shop's 'toast' and
  // 'session' are recording stand-ins: the cart raises its add-to-cart toasts with sendTo.
  const { actor, sentTo } = startInShopSystem(machine, { cartId: null, isSignedIn: false, ...input }, { clock: new SimulatedClock() });
  return { actor, log, actions, impl, sentTo };
}

const selectCartItemSkus = (snapshot: ReturnType<ReturnType<typeof startCart>['actor']['getSnapshot']>) =>
  (snapshot.context.details?.items ?? []).map((line) => line?.product.sku);
const ready = (actor: ReturnType<typeof startCart>['actor']) => waitFor(actor, (s) => s.matches('ready'));
const update = (over: Partial<CartItemUpdate> = {}): CartItemUpdate => ({
  itemUid: 'a',
  quantity: 3,
  isConfigurable: false,
  item: { sku: 'sku-a', quantity: 3 },
  ...over,
});

describe('cart machine', () => {
  describe('spec §5 cart-invalid classifier', () => {
    it.each(['Could not find a cart with ID "x"', "The cart isn't active.", 'The current user cannot perform operations on cart "x"'])(
      'spec §5: the GraphQL error "%s" invalidates the cart',
      (message) => {
        expect(isInvalidCartError(invalidCart(message))).toBe(true);
      },
    );

    it('spec §5: network errors are excluded even with a matching GraphQL message', () => {
      expect(isInvalidCartError({ ...invalidCart(), networkError: new Error('offline') })).toBe(false);
    });

    it('spec §5: only GraphQL errors count, not a plain message or another GraphQL error', () => {
      expect(isInvalidCartError(new Error('Could not find a cart'))).toBe(false);
      expect(isInvalidCartError({ message: 'x', graphQLErrors: [{ message: 'Product not salable' }] })).toBe(false);
      expect(isInvalidCartError(null)).toBe(false);
      expect(isInvalidCartError('Could not find a cart')).toBe(false);
    });
  });

  describe('spec §4 Cart lifecycle: creation', () => {
    it('spec §4 Cart lifecycle: with no cart id an empty cart is created, its id stored, then details fetched', async () => {
      const { actor, log } = startCart();
      await ready(actor);
      expect(log).toEqual(['createCart', 'saveCartId cart-1', 'fetchCartDetails {"cartId":"cart-1"}']);
      expect(actor.getSnapshot().context.cartId).toBe('cart-1');
    });

    it('spec §4 Cart lifecycle: a stored cart id is used as is', async () => {
      const { actor, log } = startCart({ cartId: 'stored' });
      await ready(actor);
      expect(log).toEqual(['fetchCartDetails {"cartId":"stored"}']);
    });

    it("spec §8: cart creation failing gives 'Unable to create cart' and the initial state", async () => {
      const { actor } = startCart({}, { createCart: async () => Promise.reject(new Error('boom')) });
      await waitFor(actor, (s) => s.matches('noCart'));
      const { context } = actor.getSnapshot();
      expect(selectGetCartError(actor.getSnapshot())).toEqual({ message: 'shop:cartNotCreated' });
      expect(context.cartId).toBeNull();
      expect(context.details).toBeNull();
    });

    it('spec §4: cart.getCart after a failed creation tries again', async () => {
      let attempt = 0;
      const { actor } = startCart({}, { createCart: async () => (++attempt === 1 ? Promise.reject(new Error('x')) : 'second') });
      await waitFor(actor, (s) => s.matches('noCart'));
      actor.send({ type: 'cart.getCart' });
      await ready(actor);
      expect(actor.getSnapshot().context).toMatchObject({ cartId: 'second' });
      expect(selectGetCartError(actor.getSnapshot())).toBeNull();
    });
  });

  describe('spec §4 derived summary', () => {
    it('spec §4: the cart is empty when details or items are missing or the list is empty', () => {
      expect(isCartEmpty(null)).toBe(true);
      expect(isCartEmpty({ id: 'c', items: null })).toBe(true);
      expect(isCartEmpty({ id: 'c' })).toBe(true);
      expect(isCartEmpty(details('c', []))).toBe(true);
      expect(isCartEmpty(details('c', [item('a', 1)]))).toBe(false);
    });

    it('spec §4: an empty cart summarises as USD, 0 items, subtotal 0', async () => {
      const { actor } = startCart({}, { fetchCartDetails: async () => ({ id: 'c', items: [], prices: { grand_total: { value: 12, currency: 'CAD' } } }) });
      await ready(actor);
      const snapshot = actor.getSnapshot();
      expect([selectIsEmpty(snapshot), selectCurrencyCode(snapshot), selectNumItems(snapshot), selectSubtotal(snapshot)]).toEqual([true, 'USD', 0, 0]);
    });

    it('spec §3: numItems sums quantities, subtotal is the grand total, currency is its currency; shipping methods exposed', async () => {
      const method = { carrier_code: 'flatrate', carrier_title: 'Flat', method_code: 'flatrate', amount: { currency: 'CAD', value: 5 } };
      const { actor } = startCart(
        { cartId: 'c' },
        {
          fetchCartDetails: async () => ({
            ...details('c', [item('a', 2), item('b', 3)], 99.5, 'CAD'),
            shipping_addresses: [{ street: ['1'], available_shipping_methods: [method] }],
          }),
        },
      );
      await ready(actor);
      const snapshot = actor.getSnapshot();
      expect([selectIsEmpty(snapshot), selectCurrencyCode(snapshot), selectNumItems(snapshot), selectSubtotal(snapshot)]).toEqual([false, 'CAD', 5, 99.5]);
      expect(selectShippingMethods(snapshot)).toEqual([method]);
    });
  });

  describe('spec §4 add, update, remove', () => {
    it('spec §4 Add item: request, mutation, receive: the details come with the mutation (one round trip); isAddingItem until received', async () => {
      const mutation = deferred<CartDetails | null>();
      const { actor, log, sentTo } = startCart({ cartId: 'c' }, { addCartItem: () => mutation.promise, fetchCartDetails: async () => details('c') });
      await ready(actor);
      actor.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
      expect(selectIsAddingItem(actor.getSnapshot())).toBe(true);
      mutation.resolve(details('c', [item('frame-1', 1)], 80));
      await ready(actor);
      expect(selectIsAddingItem(actor.getSnapshot())).toBe(false);
      expect(selectNumItems(actor.getSnapshot())).toBe(1);
      expect(selectSubtotal(actor.getSnapshot())).toBe(80);
      expect(log).toEqual(['fetchCartDetails {"cartId":"c"}', 'addCartItem {"cartId":"c","item":{"sku":"frame-1","quantity":1}}']);
      expect(sentTo('toast')).toEqual([{ type: 'toast.add', toast: { ...ITEM_ADDED_TOAST } }]);
    });

    it('spec §4 Add item: a page that confirms the addition itself (the lens wizard) gets no toast over it; the outcome is still kept and emitted', async () => {
      for (const answer of [details('c', [item('frame-1', 1)], 80), null]) {
        let fetches = 0;
        const { actor, sentTo } = startCart(
          { cartId: 'c' },
          { addCartItem: async () => answer, fetchCartDetails: async () => (++fetches === 1 ? details('c') : details('c', [item('frame-1', 1)], 80)) },
        );
        await ready(actor);
        const emitted: string[] = [];
        actor.on('cart.item.added', (e) => emitted.push(e.type));
        actor.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 }, confirmedByPage: true });
        await ready(actor);
        expect(selectNumItems(actor.getSnapshot())).toBe(1);
        expect(actor.getSnapshot().context.lastAddition?.outcome).toBe('added');
        expect(emitted).toEqual(['cart.item.added']);
        expect(sentTo('toast')).toEqual([]);
      }
    });

    it('spec §4 Add item: a mutation that answers without a cart falls back to refreshing the details', async () => {
      const mutation = deferred<CartDetails | null>();
      const refresh = deferred<CartDetails>();
      let fetches = 0;
      const { actor, log } = startCart(
        { cartId: 'c' },
        {
          addCartItem: () => mutation.promise,
          fetchCartDetails: async () => (++fetches === 1 ? details('c') : refresh.promise),
        },
      );
      await ready(actor);
      actor.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
      mutation.resolve(null);
      await waitFor(actor, (s) => s.matches({ addingItem: 'refreshing' }));
      expect(selectIsAddingItem(actor.getSnapshot())).toBe(true);
      refresh.resolve(details('c', [item('frame-1', 1)], 80));
      await ready(actor);
      expect(selectNumItems(actor.getSnapshot())).toBe(1);
      expect(log).toEqual([
        'fetchCartDetails {"cartId":"c"}',
        'addCartItem {"cartId":"c","item":{"sku":"frame-1","quantity":1}}',
        'fetchCartDetails {"cartId":"c"}',
      ]);
    });

    it('a failed add keeps the cart and records the addItem error', async () => {
      const { actor, sentTo } = startCart(
        { cartId: 'c' },
        { addCartItem: async () => Promise.reject({ message: 'Product not salable', graphQLErrors: [{ message: 'Product not salable' }] }) },
      );
      await ready(actor);
      const before = actor.getSnapshot().context.details;
      actor.send({ type: 'cart.addItem', item: { sku: 'x', quantity: 1 } });
      await waitFor(actor, (s) => selectAddItemError(s) !== null);
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(actor.getSnapshot().context.details).toBe(before);
      expect(selectAddItemError(actor.getSnapshot())?.message).toBe('Product not salable');
      expect(sentTo('toast')).toEqual([{ type: 'toast.add', toast: itemFailedToast('Product not salable') }]);
    });

    it('spec §4 Update item: a configurable product is removed then re-added (one request, the line as it was kept to put back); the answer is the details', async () => {
      const { actor, log } = startCart({ cartId: 'c' });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.updateItem', update: update({ isConfigurable: true, item: { sku: 'frame-blue', parentSku: 'frame', quantity: 3 } }) });
      expect(selectIsUpdatingItem(actor.getSnapshot())).toBe(true);
      await ready(actor);
      expect(log).toEqual([
        'replaceCartItem {"cartId":"c","itemUid":"a","item":{"sku":"frame-blue","parentSku":"frame","quantity":3},"restore":{"sku":"sku-a","quantity":2}}',
      ]);
      expect(selectCartItemSkus(actor.getSnapshot())).toEqual(['sku-frame-blue']);
    });

    it('spec §4 Update item: a refused re-add keeps the cart: the error is recorded and the details read again', async () => {
      const refused = Object.assign(new Error('The requested qty is not available'), { name: 'CartUserError' });
      let fetches = 0;
      const { actor, log } = startCart(
        { cartId: 'c' },
        {
          replaceCartItem: async () => Promise.reject(refused),
          fetchCartDetails: async ({ cartId }: { cartId: string }) => details(cartId, [item(++fetches === 1 ? 'a' : 'a-restored', 2)]),
        },
      );
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.updateItem', update: update({ isConfigurable: true, item: { sku: 'frame-blue', parentSku: 'frame', quantity: 2 } }) });
      await waitFor(actor, (s) => s.matches('ready') && selectUpdateItemError(s) !== null);
      expect(selectUpdateItemError(actor.getSnapshot())?.message).toBe('The requested qty is not available');
      expect(log.at(-1)).toBe('fetchCartDetails {"cartId":"c"}');
      expect(selectCartItemSkus(actor.getSnapshot())).toEqual(['sku-a-restored']);
    });

    it('spec §4 Update item: a colour/size edit re-adds every custom option of the line, read from the cart details', async () => {
      const rx = '{"od":{"sph":-1.25},"os":{"sph":-1},"pd":{"single":63}}';
      const lensLine: CartItem = {
        ...item('a', 2),
        customizable_options: [
          {
            customizable_option_uid: 'usage',
            label: 'Lens type',
            type: 'radio',
            values: [{ customizable_option_value_uid: 'usage/single', label: 'Single vision', value: '2' }],
          },
          { customizable_option_uid: 'rx', label: 'Prescription', type: 'area', values: [{ customizable_option_value_uid: 'rx', label: '', value: rx }] },
        ],
      };
      const { actor, impl } = startCart({ cartId: 'c' }, { fetchCartDetails: async ({ cartId }: { cartId: string }) => details(cartId, [lensLine]) });
      await ready(actor);
      actor.send({
        type: 'cart.updateItem',
        update: {
          itemUid: 'a',
          quantity: 2,
          isConfigurable: true,
          keepLineOptions: true,
          item: { sku: 'frame-blue', parentSku: 'frame', quantity: 2, selectedOptions: ['blue', 'L'] },
        },
      });
      await ready(actor);
      expect(impl.replaceCartItem).toHaveBeenCalledWith({
        cartId: 'c',
        itemUid: 'a',
        item: {
          sku: 'frame-blue',
          parentSku: 'frame',
          quantity: 2,
          selectedOptions: ['blue', 'L', 'usage/single'],
          enteredOptions: [{ uid: 'rx', value: rx }],
        },
        // The line as it was, put back if the new one is refused: every option too.
        restore: { sku: 'sku-a', quantity: 2, selectedOptions: ['usage/single'], enteredOptions: [{ uid: 'rx', value: rx }] },
      });
    });

    it('spec §4 Update item: an update whose item carries the full new options (the lens wizard) replaces the line’s options', async () => {
      const lensLine: CartItem = {
        ...item('a', 1),
        customizable_options: [
          { customizable_option_uid: 'rx', label: 'Prescription', type: 'area', values: [{ customizable_option_value_uid: 'rx', label: '', value: 'old' }] },
        ],
      };
      const { actor, impl } = startCart({ cartId: 'c' }, { fetchCartDetails: async ({ cartId }: { cartId: string }) => details(cartId, [lensLine]) });
      await ready(actor);
      const wizardItem = {
        sku: 'frame-blue',
        parentSku: 'frame',
        quantity: 1,
        selectedOptions: ['blue', 'usage/progressive'],
        enteredOptions: [{ uid: 'rx', value: 'new' }],
      };
      actor.send({ type: 'cart.updateItem', update: { itemUid: 'a', quantity: 1, isConfigurable: true, item: wizardItem } });
      await ready(actor);
      expect(impl.replaceCartItem).toHaveBeenCalledWith(expect.objectContaining({ cartId: 'c', itemUid: 'a', item: wizardItem }));
    });

    it('spec §4 Update item: other products get their quantity updated, then details refresh', async () => {
      const { actor, log } = startCart({ cartId: 'c' });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.updateItem', update: update() });
      await ready(actor);
      expect(log).toEqual(['updateCartItem {"cartId":"c","itemUid":"a","quantity":3}']);
      expect(selectNumItems(actor.getSnapshot())).toBe(3);
    });

    it('a failed update keeps the cart and records the updateItem error', async () => {
      const { actor } = startCart({ cartId: 'c' }, { updateCartItem: async () => Promise.reject(new Error('The requested qty is not available')) });
      await ready(actor);
      actor.send({ type: 'cart.updateItem', update: update() });
      await waitFor(actor, (s) => selectUpdateItemError(s) !== null);
      expect(actor.getSnapshot().context).toMatchObject({ cartId: 'c' });
      expect(selectUpdateItemError(actor.getSnapshot())).toEqual({ message: 'The requested qty is not available' });
      expect(actor.getSnapshot().context.details?.items).toHaveLength(1);
    });

    it('spec §4 Remove item: mutation, then details refresh; a failure records the removeItem error', async () => {
      let fail = false;
      const { actor, log } = startCart({ cartId: 'c' }, { removeCartItem: async () => (fail ? Promise.reject(new Error('nope')) : details('c')) });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.removeItem', itemUid: 'a' });
      expect(selectIsUpdatingItem(actor.getSnapshot())).toBe(true);
      await ready(actor);
      expect(log).toEqual(['removeCartItem {"cartId":"c","itemUid":"a"}']);
      expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
      fail = true;
      actor.send({ type: 'cart.removeItem', itemUid: 'a' });
      await waitFor(actor, (s) => selectRemoveItemError(s) !== null);
      expect(selectRemoveItemError(actor.getSnapshot())?.message).toBe('nope');
    });

    it('spec §4: cart fetch errors clear the cart data to its initial state (id kept for a retry)', async () => {
      let fetches = 0;
      const { actor } = startCart(
        { cartId: 'c' },
        {
          fetchCartDetails: async () => (++fetches === 2 ? Promise.reject({ message: 'down', networkError: new Error('down') }) : details('c', [item('a', 1)])),
        },
      );
      await ready(actor);
      actor.send({ type: 'cart.getDetails' });
      await waitFor(actor, (s) => s.matches('detailsFailed'));
      expect(actor.getSnapshot().context).toMatchObject({ cartId: 'c', details: null });
      expect(selectDetailsError(actor.getSnapshot())).toMatchObject({ message: 'down' });
      actor.send({ type: 'cart.getDetails' });
      await ready(actor);
      expect(selectDetailsError(actor.getSnapshot())).toBeNull();
    });

    it('spec §4: a cart whose read failed is read again when the connection comes back (cart.online), and only then', async () => {
      let fetches = 0;
      const { actor } = startCart(
        { cartId: 'c' },
        {
          fetchCartDetails: async () =>
            ++fetches === 2 ? Promise.reject({ message: 'offline', networkError: new Error('offline') }) : details('c', [item('a', 1)]),
        },
      );
      await ready(actor);
      actor.send({ type: 'cart.online' });
      expect(actor.getSnapshot().value).toBe('ready');
      actor.send({ type: 'cart.getDetails' });
      await waitFor(actor, (s) => s.matches('detailsFailed'));
      expect(actor.getSnapshot().context.details).toBeNull();
      actor.send({ type: 'cart.online' });
      await ready(actor);
      expect(fetches).toBe(3);
      expect(actor.getSnapshot().context.details?.items).toHaveLength(1);
    });
  });

  describe('ADR 042: a hosted payment left unpaid gives the cart back', () => {
    const pending = (cameBack: boolean) => ({ pendingPayment: { cartId: 'paid-cart', orderNumber: '000000007', cameBack } });

    it('the checkout hands the cart to the payment: it is remembered with the order, and a new cart begins', async () => {
      const { actor, log } = startCart({ cartId: 'c' });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.paymentPending', orderNumber: '000000007' });
      await ready(actor);
      expect(log.slice(0, 3)).toEqual(['savePendingPayment {"cartId":"c","orderNumber":"000000007"}', 'clearCartId', 'createCart']);
      expect(actor.getSnapshot().context.cartId).toBe('cart-1');
    });

    it('back from the provider unpaid: the backend gives the cart back, it becomes the current cart, the shopper is told which order was cancelled', async () => {
      const { actor, log, sentTo } = startCart(
        { cartId: 'new-empty-cart', ...pending(true) },
        { restorePendingPayment: async () => ({ orderNumber: '000000007', cartId: 'paid-cart' }) },
      );
      await ready(actor);
      expect(log).toEqual([
        'restorePendingPayment {"cartId":"paid-cart","cameBack":true}',
        'saveCartId paid-cart',
        'clearPendingPayment',
        'fetchCartDetails {"cartId":"paid-cart"}',
      ]);
      expect(actor.getSnapshot().context).toMatchObject({ cartId: 'paid-cart', pendingPayment: null });
      expect(sentTo('toast')).toEqual([{ type: 'toast.add', toast: paymentLeftToast('000000007') }]);
    });

    it('the order still waits (another tab may be paying it): the cart starts as stored and the payment is asked about again next time', async () => {
      const { actor, log, sentTo } = startCart(
        { cartId: 'new-empty-cart', ...pending(false) },
        { restorePendingPayment: async () => ({ orderNumber: '000000007', cartId: null }) },
      );
      await ready(actor);
      expect(log).toEqual(['restorePendingPayment {"cartId":"paid-cart","cameBack":false}', 'fetchCartDetails {"cartId":"new-empty-cart"}']);
      expect(sentTo('toast')).toEqual([]);
    });

    it('nothing waits any more (paid or cancelled): the pending payment is forgotten; the backend unreachable: kept for next time', async () => {
      const paid = startCart({ cartId: 'new-empty-cart', ...pending(true) }, { restorePendingPayment: async () => null });
      await ready(paid.actor);
      expect(paid.log).toEqual([
        'restorePendingPayment {"cartId":"paid-cart","cameBack":true}',
        'clearPendingPayment',
        'fetchCartDetails {"cartId":"new-empty-cart"}',
      ]);
      const down = startCart(
        { cartId: 'new-empty-cart', ...pending(true) },
        { restorePendingPayment: async () => Promise.reject({ message: 'offline', networkError: new Error('offline') }) },
      );
      await ready(down.actor);
      expect(down.log).toEqual(['restorePendingPayment {"cartId":"paid-cart","cameBack":true}', 'fetchCartDetails {"cartId":"new-empty-cart"}']);
    });
  });

  describe('spec §4 Cart lifecycle: cart-invalid recovery', () => {
    it('spec §4 Cart lifecycle: a guest cart is reset (stored id cleared), a new cart created, details refetched, the add retried', async () => {
      let adds = 0;
      const { actor, log } = startCart(
        { cartId: 'old' },
        { addCartItem: async () => (++adds === 1 ? Promise.reject(invalidCart()) : details('cart-1', [item('s', 1)])) },
      );
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.addItem', item: { sku: 's', quantity: 1 } });
      await waitFor(actor, (s) => s.matches('ready') && adds === 2);
      expect(log).toEqual([
        'addCartItem {"cartId":"old","item":{"sku":"s","quantity":1}}',
        'clearCartId',
        'createCart',
        'saveCartId cart-1',
        'fetchCartDetails {"cartId":"cart-1"}',
        'addCartItem {"cartId":"cart-1","item":{"sku":"s","quantity":1}}',
      ]);
      expect(selectAddItemError(actor.getSnapshot())).toBeNull();
    });

    it('spec §4 Cart lifecycle: on update after an invalid cart, a guest re-adds the item', async () => {
      const { actor, log, impl } = startCart({ cartId: 'old' }, { updateCartItem: async () => Promise.reject(invalidCart("The cart isn't active.")) });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.updateItem', update: update({ item: { sku: 'sku-a', quantity: 3 } }) });
      await waitFor(actor, (s) => s.matches('ready') && impl.addCartItem.mock.calls.length === 1);
      expect(impl.updateCartItem).toHaveBeenCalledTimes(1);
      expect(log.slice(-2)).toEqual(['fetchCartDetails {"cartId":"cart-1"}', 'addCartItem {"cartId":"cart-1","item":{"sku":"sku-a","quantity":3}}']);
    });

    it('spec §4 Cart lifecycle: a signed-in user is signed out, then a new cart is created and the update retried', async () => {
      let updates = 0;
      const { actor, log } = startCart(
        { cartId: 'old', isSignedIn: true },
        {
          updateCartItem: async () =>
            ++updates === 1 ? Promise.reject(invalidCart('The current user cannot perform operations on cart "old"')) : details('cart-1', [item('a', 3)]),
        },
      );
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.updateItem', update: update() });
      await waitFor(actor, (s) => s.matches({ recovering: 'awaitingSignOut' }));
      expect(log).toEqual(['updateCartItem {"cartId":"old","itemUid":"a","quantity":3}', 'requestSignOut']);
      // The session's sign-out sequence ends by telling the cart.
      actor.send({ type: 'cart.session.signedOut' });
      actor.send({ type: 'cart.remove' });
      await waitFor(actor, (s) => s.matches('ready') && updates === 2);
      expect(log.slice(2)).toEqual([
        'clearCartId',
        'createCart',
        'saveCartId cart-1',
        'fetchCartDetails {"cartId":"cart-1"}',
        'updateCartItem {"cartId":"cart-1","itemUid":"a","quantity":3}',
      ]);
    });

    it('spec §4 Cart lifecycle: on remove no retry happens, details are only refetched', async () => {
      const { actor, log, impl } = startCart({ cartId: 'old' }, { removeCartItem: async () => Promise.reject(invalidCart()) });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.removeItem', itemUid: 'a' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'cart-1');
      expect(impl.removeCartItem).toHaveBeenCalledTimes(1);
      expect(log).toEqual([
        'removeCartItem {"cartId":"old","itemUid":"a"}',
        'clearCartId',
        'createCart',
        'saveCartId cart-1',
        'fetchCartDetails {"cartId":"cart-1"}',
      ]);
    });

    it('spec §4: an invalid cart met while fetching details is replaced by a new one', async () => {
      const { actor, log } = startCart(
        { cartId: 'gone' },
        {
          fetchCartDetails: async ({ cartId }: { cartId: string }) => (cartId === 'gone' ? Promise.reject(invalidCart()) : details(cartId)),
        },
      );
      await ready(actor);
      expect(log).toEqual(['fetchCartDetails {"cartId":"gone"}', 'clearCartId', 'createCart', 'saveCartId cart-1', 'fetchCartDetails {"cartId":"cart-1"}']);
    });

    it('spec §5: a network error is not a cart-invalid error: the cart is kept, the error recorded', async () => {
      const { actor, impl } = startCart({ cartId: 'c' }, { addCartItem: async () => Promise.reject({ ...invalidCart(), networkError: new Error('offline') }) });
      await ready(actor);
      actor.send({ type: 'cart.addItem', item: { sku: 's', quantity: 1 } });
      await waitFor(actor, (s) => selectAddItemError(s) !== null);
      expect(impl.createCart).not.toHaveBeenCalled();
      expect(actor.getSnapshot().context.cartId).toBe('c');
    });

    it('recovery happens once per request: an invalid cart on the retry is reported, not looped', async () => {
      const { actor, impl } = startCart({ cartId: 'old' }, { addCartItem: async () => Promise.reject(invalidCart()) });
      await ready(actor);
      actor.send({ type: 'cart.addItem', item: { sku: 's', quantity: 1 } });
      await waitFor(actor, (s) => selectAddItemError(s) !== null);
      expect(impl.addCartItem).toHaveBeenCalledTimes(2);
      expect(impl.createCart).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().matches('ready')).toBe(true);
    });

    it('spec §5: the retry is a state of its own (still addingItem for views), and the next request may recover again', async () => {
      let adds = 0;
      const { actor, impl } = startCart(
        { cartId: 'old' },
        {
          addCartItem: async () => (++adds % 2 === 1 ? Promise.reject(invalidCart()) : details(`cart-${adds}`, [item('s', 1)])),
        },
      );
      await ready(actor);
      actor.send({ type: 'cart.addItem', item: { sku: 's', quantity: 1 } });
      const retry = await waitFor(actor, (s) => s.matches({ addingItem: { retry: 'mutating' } }));
      expect(retry.hasTag('addingItem')).toBe(true);
      await waitFor(actor, (s) => s.matches('ready') && adds === 2);
      actor.send({ type: 'cart.addItem', item: { sku: 's', quantity: 1 } });
      await waitFor(actor, (s) => s.matches('ready') && adds === 4);
      expect(impl.createCart).toHaveBeenCalledTimes(2);
      expect(selectAddItemError(actor.getSnapshot())).toBeNull();
    });
  });

  describe('spec §4 sign-in merge, other tabs, edit, reset', () => {
    it('spec §4 Cart lifecycle: after sign-in a guest cart is merged into the customer cart', async () => {
      const { actor, log } = startCart({ cartId: 'guest' });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.session.signedIn' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'customer-cart');
      expect(log).toEqual([
        'fetchCustomerCartId',
        'mergeCarts {"sourceCartId":"guest","destinationCartId":"customer-cart"}',
        'saveCartId customer-cart',
        'fetchCartDetailsAfterSignIn {"cartId":"customer-cart"}',
      ]);
    });

    it('a merge whose answer was lost is checked on the guest cart: gone → merged, no toast; still there → the failure', async () => {
      // The lost merge did merge: from then on the guest cart is no longer active.
      let merged = false;
      const { actor, log, actions } = startCart(
        { cartId: 'guest' },
        {
          mergeCarts: async () => {
            merged = true;
            return Promise.reject({ message: 'Failed to fetch', networkError: new TypeError('Failed to fetch') });
          },
          fetchCartDetails: async ({ cartId }: { cartId: string }) =>
            cartId === 'guest' && merged ? Promise.reject(invalidCart("The cart isn't active.")) : details(cartId, [item('a', 2)]),
        },
      );
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.session.signedIn' });
      const done = await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'customer-cart');
      expect(log.filter((line) => line.startsWith('mergeCarts'))).toHaveLength(1);
      expect(log).toContain('fetchCartDetails {"cartId":"guest"}');
      expect(actions.notifyMergeFailed).not.toHaveBeenCalled();
      expect(selectMergeError(done)).toBeNull();

      const second = startCart(
        { cartId: 'guest' },
        { mergeCarts: async () => Promise.reject({ message: 'Failed to fetch', networkError: new TypeError('Failed to fetch') }) },
      );
      await ready(second.actor);
      second.actor.send({ type: 'cart.session.signedIn' });
      const failed = await waitFor(second.actor, (s) => s.matches('ready') && s.context.cartId === 'customer-cart');
      expect(selectMergeError(failed)?.message).toBe('Failed to fetch');
      expect(second.actions.notifyMergeFailed).toHaveBeenCalledWith({ message: 'Failed to fetch' });
    });

    it('a failed merge keeps the customer cart and raises an error message for a toast', async () => {
      const { actor, actions } = startCart({ cartId: 'guest' }, { mergeCarts: async () => Promise.reject(new Error('The cart could not be merged')) });
      await ready(actor);
      actor.send({ type: 'cart.session.signedIn' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'customer-cart');
      expect(selectMergeError(actor.getSnapshot())?.message).toBe('The cart could not be merged');
      expect(actions.saveCartId).toHaveBeenLastCalledWith({ cartId: 'customer-cart' });
      expect(actions.notifyMergeFailed).toHaveBeenCalledWith({ message: 'The cart could not be merged' });
    });

    it('a customer who signs in with no guest cart change (already signed in) merges nothing', async () => {
      const { actor, impl } = startCart({ cartId: 'customer-cart', isSignedIn: true });
      await ready(actor);
      actor.send({ type: 'cart.session.signedIn' });
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(impl.mergeCarts).not.toHaveBeenCalled();
    });

    it('spec §4 Cart lifecycle: a stored cart id changed in another tab and different from the current one reloads the page', async () => {
      const { actor, actions } = startCart({ cartId: 'c' });
      await ready(actor);
      actor.send({ type: 'cart.storage.changed', cartId: 'c' });
      expect(actions.reloadPage).not.toHaveBeenCalled();
      actor.send({ type: 'cart.storage.changed', cartId: 'other' });
      expect(actions.reloadPage).toHaveBeenCalledTimes(1);
    });

    it('ADR 039: another tab changed this cart: a ready cart reads its details again; another cart changed is not its business', async () => {
      const { actor } = startCart({ cartId: 'c' });
      await ready(actor);
      actor.send({ type: 'cart.changed.elsewhere', cartId: 'other' });
      expect(actor.getSnapshot().value).toBe('ready');
      actor.send({ type: 'cart.changed.elsewhere', cartId: 'c' });
      expect(actor.getSnapshot().value).toBe('loadingDetails');
      await ready(actor);
    });

    it('spec §4 Cart actions: begin and end edit item', async () => {
      const { actor } = startCart({ cartId: 'c' });
      await ready(actor);
      actor.send({ type: 'cart.beginEditItem', item: item('a', 2) });
      expect(actor.getSnapshot().context.editingItem?.uid).toBe('a');
      actor.send({ type: 'cart.endEditItem' });
      expect(actor.getSnapshot().context.editingItem).toBeNull();
    });

    it('spec §4: reset clears the cart', async () => {
      const { actor } = startCart({ cartId: 'c' });
      await ready(actor);
      actor.send({ type: 'cart.reset' });
      expect(actor.getSnapshot().matches('noCart')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ cartId: null, details: null });
    });

    it('spec §4 Checkout/User session: removing the cart clears the stored id and creates a new cart', async () => {
      const { actor, log } = startCart({ cartId: 'c' });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.remove' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'cart-1');
      expect(log).toEqual(['clearCartId', 'createCart', 'saveCartId cart-1', 'fetchCartDetails {"cartId":"cart-1"}']);
    });
  });

  describe('spec §6 the check that the shopper may query the stored cart', () => {
    it('spec §6: a stored cart id is not used before the backend answered for it (guests included): one request, the details query', async () => {
      const answer = deferred<CartDetails>();
      const { actor, log } = startCart({ cartId: 'stored' }, { fetchCartDetails: () => answer.promise });
      expect(actor.getSnapshot().matches('loadingDetails')).toBe(true);
      actor.send({ type: 'cart.addItem', item: { sku: 'sku-a', quantity: 1 } });
      expect(actor.getSnapshot().matches('loadingDetails')).toBe(true);
      expect(log).toEqual(['fetchCartDetails {"cartId":"stored"}']);
      answer.resolve(details('stored'));
      // The add waited for the answer, then went to the cart the backend answered for.
      await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s) !== null);
      expect(log).toEqual(['fetchCartDetails {"cartId":"stored"}', 'addCartItem {"cartId":"stored","item":{"sku":"sku-a","quantity":1}}']);
    });

    it.each(['Could not find a cart with ID "stored"', "The cart isn't active", 'The current user cannot perform operations on cart "stored"'])(
      'spec §6/§5: a guest whose stored cart answers "%s" gets a fresh cart through the invalid-cart recovery',
      async (message) => {
        const { actor, log } = startCart(
          { cartId: 'stored' },
          {
            fetchCartDetails: async ({ cartId }: { cartId: string }) => (cartId === 'stored' ? Promise.reject(invalidCart(message)) : details(cartId)),
          },
        );
        await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'cart-1');
        expect(log).toEqual(['fetchCartDetails {"cartId":"stored"}', 'clearCartId', 'createCart', 'saveCartId cart-1', 'fetchCartDetails {"cartId":"cart-1"}']);
        expect(selectDetailsError(actor.getSnapshot())).toBeNull();
      },
    );

    it('spec §6/§4: a signed-in shopper whose stored cart may not be queried is signed out, then gets a new cart', async () => {
      const { actor, log } = startCart(
        { cartId: 'stored', isSignedIn: true },
        {
          fetchCartDetails: async ({ cartId }: { cartId: string }) =>
            cartId === 'stored' ? Promise.reject(invalidCart('The current user cannot perform operations on cart "stored"')) : details(cartId),
        },
      );
      await waitFor(actor, (s) => s.matches({ recovering: 'awaitingSignOut' }));
      expect(log).toEqual(['fetchCartDetails {"cartId":"stored"}', 'requestSignOut']);
      actor.send({ type: 'cart.session.signedOut' });
      actor.send({ type: 'cart.remove' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'cart-1');
      expect(actor.getSnapshot().context.isSignedIn).toBe(false);
    });

    it('spec §6/§5: a network error keeps the stored cart, is reported, and a retry uses the same cart', async () => {
      let calls = 0;
      const networkDown = { message: 'Failed to fetch', networkError: { message: 'Failed to fetch' } };
      const { actor, impl } = startCart(
        { cartId: 'stored' },
        {
          fetchCartDetails: async ({ cartId }: { cartId: string }) => (++calls === 1 ? Promise.reject(networkDown) : details(cartId, [item('a', 1)])),
        },
      );
      await waitFor(actor, (s) => s.matches('detailsFailed'));
      expect(actor.getSnapshot().context).toMatchObject({ cartId: 'stored' });
      expect(selectDetailsError(actor.getSnapshot())).toMatchObject({ message: 'Failed to fetch' });
      actor.send({ type: 'cart.getDetails' });
      await ready(actor);
      expect(actor.getSnapshot().context.cartId).toBe('stored');
      expect(impl.createCart).not.toHaveBeenCalled();
    });
  });

  describe('spec §7 GetCartDetailsAfterSignIn', () => {
    it('spec §7/§4: after sign-in and the merge, the merged cart is read with GetCartDetailsAfterSignIn, not the plain details query', async () => {
      const { actor, log } = startCart({ cartId: 'guest' });
      await ready(actor);
      log.length = 0;
      actor.send({ type: 'cart.session.signedIn' });
      await waitFor(actor, (s) => s.matches('loadingDetailsAfterSignIn'));
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      await waitFor(actor, (s) => s.matches('ready'));
      expect(log.filter((l) => l.startsWith('fetch'))).toEqual(['fetchCustomerCartId', 'fetchCartDetailsAfterSignIn {"cartId":"customer-cart"}']);
      expect(actor.getSnapshot().context.details?.items).toHaveLength(2);
    });

    it('spec §7: the customer cart is read with it too when there was nothing to merge or the merge failed', async () => {
      const same = startCart({ cartId: 'customer-cart' });
      await ready(same.actor);
      same.actor.send({ type: 'cart.session.signedIn' });
      await waitFor(same.actor, (s) => s.matches('ready') && s.context.details?.items?.length === 2);
      expect(same.impl.mergeCarts).not.toHaveBeenCalled();
      expect(same.impl.fetchCartDetailsAfterSignIn).toHaveBeenCalledWith({ cartId: 'customer-cart' });

      const failed = startCart({ cartId: 'guest' }, { mergeCarts: async () => Promise.reject(new Error('The cart could not be merged')) });
      await ready(failed.actor);
      failed.actor.send({ type: 'cart.session.signedIn' });
      await waitFor(failed.actor, (s) => s.matches('ready') && s.context.cartId === 'customer-cart');
      expect(failed.impl.fetchCartDetailsAfterSignIn).toHaveBeenCalledWith({ cartId: 'customer-cart' });
    });

    it('spec §7/§5: a cart-invalid answer to it goes through recovery; another error keeps the cart id', async () => {
      const invalid = startCart({ cartId: 'guest' }, { fetchCartDetailsAfterSignIn: async () => Promise.reject(invalidCart("The cart isn't active")) });
      await ready(invalid.actor);
      invalid.actor.send({ type: 'cart.session.signedIn' });
      await waitFor(invalid.actor, (s) => s.matches({ recovering: 'awaitingSignOut' }));

      const down = startCart(
        { cartId: 'guest' },
        { fetchCartDetailsAfterSignIn: async () => Promise.reject({ message: 'Failed to fetch', networkError: {} }) },
      );
      await ready(down.actor);
      down.actor.send({ type: 'cart.session.signedIn' });
      await waitFor(down.actor, (s) => s.matches('detailsFailed'));
      expect(down.actor.getSnapshot().context.cartId).toBe('customer-cart');
    });
  });

  describe('spec §4 cart.adopt', () => {
    it('spec §4: cart.adopt makes the given cart the current one: id stored, details loaded, no reload', async () => {
      const { actor, log, actions } = startCart({ cartId: 'c' });
      await ready(actor);
      actor.send({ type: 'cart.beginEditItem', item: item('a', 2) });
      log.length = 0;
      actor.send({ type: 'cart.adopt', cartId: 'restored' });
      expect(actor.getSnapshot().matches('adopting')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ cartId: 'restored', details: null, editingItem: null });
      await waitFor(actor, (s) => s.matches('ready'));
      expect(log).toEqual(['saveCartId restored', 'fetchCartDetails {"cartId":"restored"}']);
      expect(actions.reloadPage).not.toHaveBeenCalled();
      expect(actor.getSnapshot().context.details?.id).toBe('restored');
    });

    it('spec §4: a cart still being created cannot save its id over the adopted one', async () => {
      const created = deferred<string>();
      const { actor, actions } = startCart({ cartId: null }, { createCart: () => created.promise });
      expect(actor.getSnapshot().matches('creatingCart')).toBe(true);
      actor.send({ type: 'cart.adopt', cartId: 'restored' });
      created.resolve('late-new-cart');
      await waitFor(actor, (s) => s.matches('ready'));
      expect(actor.getSnapshot().context.cartId).toBe('restored');
      expect(actions.saveCartId.mock.calls).toEqual([[{ cartId: 'restored' }]]);
    });

    it('spec §4/§5: an adopted cart that turns out invalid is replaced through the recovery', async () => {
      const { actor } = startCart(
        { cartId: 'c' },
        {
          fetchCartDetails: async ({ cartId }: { cartId: string }) => (cartId === 'gone' ? Promise.reject(invalidCart()) : details(cartId)),
        },
      );
      await ready(actor);
      actor.send({ type: 'cart.adopt', cartId: 'gone' });
      await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'cart-1');
    });

    it('an empty cart id is not adopted', async () => {
      const { actor, actions } = startCart({ cartId: 'c' });
      await ready(actor);
      actor.send({ type: 'cart.adopt', cartId: '  ' });
      expect(actor.getSnapshot().matches('ready')).toBe(true);
      expect(actor.getSnapshot().context.cartId).toBe('c');
      expect(actions.saveCartId).not.toHaveBeenCalled();
    });
  });
});

describe('the add-to-cart outcome belongs to the machine (emitted, kept, toasted with sendTo)', () => {
  /** The cart in one actor system with recording 'toast' and 'session' actors, as the shop runs them. */
  function cartInSystem(addCartItem: () => Promise<unknown>, input: Partial<CartInput> = {}) {
    const cart = cartMachine.provide({
      actors: {
        createCart: fromPromise(async () => 'cart-1'),
        fetchCartDetails: fromPromise(async ({ input: i }: { input: { cartId: string } }) => details(i.cartId)),
        addCartItem: fromPromise(addCartItem),
      },
      actions: { saveCartId: () => {}, clearCartId: () => {} },
    });
    const { actor: cartRef, host: root, sentTo } = startInShopSystem(cart, { cartId: 'c', isSignedIn: false, ...input }, { clock: new SimulatedClock() });
    return { root, cartRef, sentTo };
  }

  it('spec §4 Add item: an added item is emitted (cart.item.added), kept in lastAddition and raised as an "Added to your cart" toast', async () => {
    const { root, cartRef, sentTo } = cartInSystem(async () => details('c', [item('frame-1', 1)], 80));
    const emitted: unknown[] = [];
    cartRef.on('cart.item.added', (event) => emitted.push(event));
    cartRef.on('cart.item.failed', (event) => emitted.push(event));
    await waitFor(cartRef, (s) => s.matches('ready'));
    cartRef.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
    const done = await waitFor(cartRef, (s) => s.matches('ready') && s.context.lastAddition !== null);
    expect(emitted).toEqual([{ type: 'cart.item.added', item: { sku: 'frame-1', quantity: 1 } }]);
    expect(selectLastAddition(done)).toEqual({ item: { sku: 'frame-1', quantity: 1 }, outcome: 'added', error: null });
    expect(sentTo('toast')).toEqual([{ type: 'toast.add', toast: { ...ITEM_ADDED_TOAST } }]);
    root.stop();
  });

  it('a refused item is emitted (cart.item.failed) with the reason, kept, and raised as an error toast; the cart is kept', async () => {
    const { root, cartRef, sentTo } = cartInSystem(async () => Promise.reject(new Error('Not enough stock')));
    const emitted: unknown[] = [];
    cartRef.on('cart.item.failed', (event) => emitted.push(event));
    await waitFor(cartRef, (s) => s.matches('ready'));
    cartRef.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
    const done = await waitFor(cartRef, (s) => s.matches('ready') && s.context.lastAddition !== null);
    expect(emitted).toEqual([{ type: 'cart.item.failed', item: { sku: 'frame-1', quantity: 1 }, error: { message: 'Not enough stock' } }]);
    expect(done.context.lastAddition).toMatchObject({ outcome: 'failed', error: { message: 'Not enough stock' } });
    expect(done.context.details).toEqual(details('c'));
    expect(sentTo('toast')).toEqual([{ type: 'toast.add', toast: itemFailedToast('Not enough stock') }]);
    // The next add starts afresh.
    cartRef.send({ type: 'cart.addItem', item: { sku: 'frame-2', quantity: 1 } });
    expect(cartRef.getSnapshot().context.lastAddition).toBeNull();
    root.stop();
  });

  it('spec §4 Cart-invalid errors: a signed-in shopper is signed out with sendTo the system’s session', async () => {
    const { root, cartRef, sentTo } = cartInSystem(async () => Promise.reject(invalidCart()), { isSignedIn: true });
    await waitFor(cartRef, (s) => s.matches('ready'));
    cartRef.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
    await waitFor(cartRef, (s) => s.matches({ recovering: 'awaitingSignOut' }));
    expect(sentTo('session')).toEqual([{ type: 'session.signOut' }]);
    root.stop();
  });
});

describe('spec §3 applied_coupons: coupons are cart machine calls', () => {
  it('applying a code is one call whose answer is the cart details (the coupon and the new prices)', async () => {
    const withCoupon = { ...details('c', [item('a', 2)], 22.5), applied_coupons: [{ code: 'WELCOME10' }] };
    const { actor, log } = startCart({ cartId: 'c' }, { applyCoupon: async () => withCoupon });
    await ready(actor);
    log.length = 0;
    actor.send({ type: 'cart.applyCoupon', code: ' WELCOME10 ' });
    expect(selectIsChangingCoupon(actor.getSnapshot())).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('ready') && !s.hasTag('changingCoupon'));
    expect(log).toEqual(['applyCoupon {"cartId":"c","code":"WELCOME10"}']);
    expect(done.context.details?.applied_coupons).toEqual([{ code: 'WELCOME10' }]);
    expect(selectCouponError(done)).toBeNull();
  });

  it('a refused code is kept as the coupon error (for the field) and the cart is kept; an empty code is not sent', async () => {
    const { actor, log } = startCart(
      { cartId: 'c' },
      {
        applyCoupon: async () =>
          Promise.reject({ message: 'The coupon code "NOPE" is not valid.', graphQLErrors: [{ message: 'The coupon code "NOPE" is not valid.' }] }),
      },
    );
    await ready(actor);
    const before = actor.getSnapshot().context.details;
    log.length = 0;
    actor.send({ type: 'cart.applyCoupon', code: '   ' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'cart.applyCoupon', code: 'NOPE' });
    const refused = await waitFor(actor, (s) => s.matches('ready') && selectCouponError(s) !== null);
    expect(log).toEqual(['applyCoupon {"cartId":"c","code":"NOPE"}']);
    expect(selectCouponError(refused)?.message).toBe('The coupon code "NOPE" is not valid.');
    expect(refused.context.details).toBe(before);
  });

  it('spec §3/§4: each operation keeps its own error record: a line call clears the calls’ failures, not the coupon’s', async () => {
    const refusal = (message: string) => Promise.reject({ message, graphQLErrors: [{ message }] });
    const { actor } = startCart(
      { cartId: 'c' },
      { applyCoupon: async () => refusal('The coupon code "NOPE" is not valid.'), removeCartItem: async () => refusal('The item could not be removed') },
    );
    await ready(actor);
    actor.send({ type: 'cart.applyCoupon', code: 'NOPE' });
    await waitFor(actor, (s) => s.matches('ready') && selectCouponError(s) !== null);
    actor.send({ type: 'cart.removeItem', itemUid: 'a' });
    const both = await waitFor(actor, (s) => s.matches('ready') && selectRemoveItemError(s) !== null);
    expect(CART_OPERATION_NAMES.map((operation) => selectCartError(both, operation)?.message ?? null)).toEqual([
      null,
      null,
      null,
      null,
      'The item could not be removed',
      null,
      'The coupon code "NOPE" is not valid.',
    ]);
    actor.send({ type: 'cart.updateItem', update: update() });
    const updated = await waitFor(actor, (s) => s.matches('ready') && !s.hasTag('updatingItem'));
    expect(selectRemoveItemError(updated)).toBeNull();
    expect(selectUpdateItemError(updated)).toBeNull();
    expect(selectCouponError(updated)?.message).toBe('The coupon code "NOPE" is not valid.');
    // Applying a code again clears the coupon's record while it runs.
    actor.send({ type: 'cart.applyCoupon', code: 'NOPE' });
    expect(selectCouponError(actor.getSnapshot())).toBeNull();
  });

  it('removing the coupon answers the details without it', async () => {
    const { actor, log } = startCart({ cartId: 'c' }, { removeCoupon: async () => ({ ...details('c', [item('a', 2)], 25), applied_coupons: null }) });
    await ready(actor);
    log.length = 0;
    actor.send({ type: 'cart.removeCoupon' });
    const done = await waitFor(actor, (s) => s.matches('ready') && !s.hasTag('changingCoupon'));
    expect(log).toEqual(['removeCoupon {"cartId":"c"}']);
    expect(done.context.details?.applied_coupons).toBeNull();
  });
});

describe('cart machine in a server render', () => {
  it('renders for nobody: no cart is created, nothing stored, no request', () => {
    const { actor, log, impl } = startCart({ onServer: true });
    expect(actor.getSnapshot().value).toBe('noCart');
    expect(impl.createCart).not.toHaveBeenCalled();
    expect(log).toEqual([]);
  });
});

describe('spec §4 "Cart lifecycle": a visitor\'s new cart waits for the page to be ready', () => {
  it('no cart id: nothing is created before cart.start, then the empty cart is created, stored and its details fetched', async () => {
    const { actor, log, impl, actions } = startCart({ createOnStart: true });
    expect(actor.getSnapshot().value).toBe('awaitingStart');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(impl.createCart).not.toHaveBeenCalled();
    actor.send({ type: 'cart.start' });
    const done = await ready(actor);
    expect(log).toEqual(['createCart', 'saveCartId cart-1', 'fetchCartDetails {"cartId":"cart-1"}']);
    expect(actions.saveCartId).toHaveBeenCalledTimes(1);
    expect(done.context.cartId).toBe('cart-1');
  });

  it('a call that needs the cart before the page is ready creates it at once', async () => {
    const { actor, log } = startCart({ createOnStart: true });
    actor.send({ type: 'cart.getCart' });
    await ready(actor);
    expect(log).toEqual(['createCart', 'saveCartId cart-1', 'fetchCartDetails {"cartId":"cart-1"}']);
  });

  it('a stored cart id is read at once: the header shows its count', async () => {
    const { actor, log } = startCart({ cartId: 'c', createOnStart: true });
    await ready(actor);
    expect(log).toEqual(['fetchCartDetails {"cartId":"c"}']);
  });

  it('cart.start once the cart exists changes nothing', async () => {
    const { actor, log } = startCart({ createOnStart: true });
    actor.send({ type: 'cart.start' });
    await ready(actor);
    actor.send({ type: 'cart.start' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(log).toEqual(['createCart', 'saveCartId cart-1', 'fetchCartDetails {"cartId":"cart-1"}']);
  });
});

describe('spec §4 "Cart lifecycle" + "Add item": a new visitor\'s first add creates the cart at once', () => {
  const frame: CartItemToAdd = { sku: 'frame-black-m', parentSku: 'frame', quantity: 1 };

  it('an add before cart.start creates the cart at once, then adds the item: nothing waits for the page', async () => {
    const { actor, log, sentTo } = startCart({ createOnStart: true });
    expect(actor.getSnapshot().value).toBe('awaitingStart');
    actor.send({ type: 'cart.addItem', item: frame });
    expect(selectIsAddingItem(actor.getSnapshot())).toBe(true);
    const done = await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s) !== null);
    expect(log).toEqual([
      'createCart',
      'saveCartId cart-1',
      'fetchCartDetails {"cartId":"cart-1"}',
      `addCartItem ${JSON.stringify({ cartId: 'cart-1', item: frame })}`,
    ]);
    expect(selectCartItemSkus(done)).toContain('sku-frame-black-m');
    expect(selectLastAddition(done)).toEqual({ item: frame, outcome: 'added', error: null });
    expect(selectIsAddingItem(done)).toBe(false);
    expect(sentTo('toast')).toEqual([{ type: 'toast.add', toast: { ...ITEM_ADDED_TOAST } }]);
  });

  it('cart.start arriving while that cart is created creates no second cart', async () => {
    const created = deferred<string>();
    const { actor, impl, log } = startCart({ createOnStart: true }, { createCart: () => created.promise });
    actor.send({ type: 'cart.addItem', item: frame });
    actor.send({ type: 'cart.start' });
    created.resolve('cart-new');
    await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s) !== null);
    actor.send({ type: 'cart.start' });
    expect(impl.createCart).toHaveBeenCalledTimes(1);
    expect(log.filter((line) => line.startsWith('addCartItem'))).toEqual([`addCartItem ${JSON.stringify({ cartId: 'cart-new', item: frame })}`]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it("the wizard's add (its page confirms it) waits the same way, and raises no toast", async () => {
    const { actor, sentTo } = startCart({ createOnStart: true });
    const added: unknown[] = [];
    actor.on('cart.item.added', (event) => added.push(event.item));
    actor.send({ type: 'cart.addItem', item: frame, confirmedByPage: true });
    await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s) !== null);
    expect(added).toEqual([frame]);
    expect(sentTo('toast')).toEqual([]);
  });

  it('an add while the cart is being created (after cart.start) is kept and goes ahead once it is ready', async () => {
    const created = deferred<string>();
    const { actor, log } = startCart({ createOnStart: true }, { createCart: () => created.promise });
    actor.send({ type: 'cart.start' });
    expect(actor.getSnapshot().value).toBe('creatingCart');
    actor.send({ type: 'cart.addItem', item: frame });
    created.resolve('cart-9');
    await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s)?.outcome === 'added');
    expect(log.at(-1)).toBe(`addCartItem ${JSON.stringify({ cartId: 'cart-9', item: frame })}`);
  });

  it('a second press while the first add waits adds nothing more', async () => {
    const { actor, impl } = startCart({ createOnStart: true });
    actor.send({ type: 'cart.addItem', item: frame });
    actor.send({ type: 'cart.addItem', item: frame });
    await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s) !== null);
    expect(impl.addCartItem).toHaveBeenCalledTimes(1);
  });

  it('spec §8: the cart cannot be created: the add is not lost silently, it fails with "Unable to create cart"', async () => {
    const { actor, impl, sentTo } = startCart({ createOnStart: true }, { createCart: async () => Promise.reject(new Error('network down')) });
    const failed: unknown[] = [];
    actor.on('cart.item.failed', (event) => failed.push(event));
    actor.send({ type: 'cart.addItem', item: frame });
    const done = await waitFor(actor, (s) => s.matches('noCart'));
    expect(impl.addCartItem).not.toHaveBeenCalled();
    expect(selectLastAddition(done)).toEqual({ item: frame, outcome: 'failed', error: { message: 'shop:cartNotCreated' } });
    expect(selectIsAddingItem(done)).toBe(false);
    expect(failed).toEqual([{ type: 'cart.item.failed', item: frame, error: { message: 'shop:cartNotCreated' } }]);
    expect(sentTo('toast')).toEqual([{ type: 'toast.add', toast: itemFailedToast('shop:cartNotCreated') }]);
    // Pressed again, the add creates the cart and goes ahead.
    impl.createCart.mockImplementation(async () => 'cart-2');
    actor.send({ type: 'cart.addItem', item: frame });
    await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s)?.outcome === 'added');
    expect(impl.addCartItem).toHaveBeenCalledTimes(1);
  });

  it("a returning visitor's add while the stored cart loads goes ahead once it is read", async () => {
    const read = deferred<CartDetails>();
    const { actor, log } = startCart({ cartId: 'c', createOnStart: true }, { fetchCartDetails: () => read.promise });
    actor.send({ type: 'cart.addItem', item: frame });
    read.resolve(details('c', [item('a', 1)], 10));
    await waitFor(actor, (s) => s.matches('ready') && selectLastAddition(s)?.outcome === 'added');
    expect(log).toEqual(['fetchCartDetails {"cartId":"c"}', `addCartItem ${JSON.stringify({ cartId: 'c', item: frame })}`]);
  });
});

describe('a cart call whose answer was lost is checked against the cart, never sent again', () => {
  const lost = () => Promise.reject({ message: 'Failed to fetch', networkError: new TypeError('Failed to fetch') });
  const notSent = () =>
    Promise.reject({
      message: 'offline',
      networkError: Object.assign(new Error('The browser is offline: the request was not sent.'), { requestNotSent: true }),
    });

  it('a lost add whose line is in the cart is an add: the cart as read, "added", one addCartItem', async () => {
    let reads = 0;
    const { actor, log } = startCart(
      { cartId: 'c' },
      {
        addCartItem: lost,
        // The first read is the cart before the add; the check finds the line the lost add put there.
        fetchCartDetails: async () => (++reads === 1 ? details('c', [item('a', 2)]) : details('c', [item('a', 2), item('frame-1', 1)])),
      },
    );
    await ready(actor);
    log.length = 0;
    actor.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
    const done = await waitFor(actor, (s) => s.matches('ready') && s.context.lastAddition !== null);
    expect(log).toEqual(['addCartItem {"cartId":"c","item":{"sku":"frame-1","quantity":1}}', 'fetchCartDetails {"cartId":"c"}']);
    expect(selectLastAddition(done)).toMatchObject({ outcome: 'added', error: null });
    expect(selectNumItems(done)).toBe(3);
    expect(selectAddItemError(done)).toBeNull();
  });

  it('a lost add the cart does not hold is the failure as it came (nothing added, nothing sent again)', async () => {
    const { actor, log } = startCart({ cartId: 'c' }, { addCartItem: lost });
    await ready(actor);
    log.length = 0;
    actor.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
    const done = await waitFor(actor, (s) => s.matches('ready') && s.context.lastAddition !== null);
    expect(log).toEqual(['addCartItem {"cartId":"c","item":{"sku":"frame-1","quantity":1}}', 'fetchCartDetails {"cartId":"c"}']);
    expect(selectLastAddition(done)).toMatchObject({ outcome: 'failed', error: { message: 'Failed to fetch' } });
    expect(selectNumItems(done)).toBe(2);
  });

  it('a request that provably never left (offline) is not checked: it failed', async () => {
    const { actor, log } = startCart({ cartId: 'c' }, { addCartItem: notSent });
    await ready(actor);
    log.length = 0;
    actor.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
    const done = await waitFor(actor, (s) => s.matches('ready') && s.context.lastAddition !== null);
    expect(log).toEqual(['addCartItem {"cartId":"c","item":{"sku":"frame-1","quantity":1}}']);
    expect(selectLastAddition(done)?.outcome).toBe('failed');
  });

  it('a lost quantity update found in the cart, and a lost removal found done, are no failure', async () => {
    let reads = 0;
    const { actor } = startCart(
      { cartId: 'c' },
      {
        updateCartItem: lost,
        removeCartItem: lost,
        fetchCartDetails: async () => (++reads === 1 ? details('c', [item('a', 2)]) : reads === 2 ? details('c', [item('a', 3)]) : details('c', [])),
      },
    );
    await ready(actor);
    actor.send({ type: 'cart.updateItem', update: update() });
    const updated = await waitFor(actor, (s) => s.matches('ready') && !selectIsUpdatingItem(s));
    expect(selectUpdateItemError(updated)).toBeNull();
    expect(selectNumItems(updated)).toBe(3);
    actor.send({ type: 'cart.removeItem', itemUid: 'a' });
    const removed = await waitFor(actor, (s) => s.matches('ready') && !selectIsUpdatingItem(s));
    expect(selectRemoveItemError(removed)).toBeNull();
    expect(selectIsEmpty(removed)).toBe(true);
  });

  it('a lost update the cart does not show is the update’s failure; the cart as read is kept', async () => {
    const { actor } = startCart({ cartId: 'c' }, { updateCartItem: lost });
    await ready(actor);
    actor.send({ type: 'cart.updateItem', update: update() });
    const failed = await waitFor(actor, (s) => s.matches('ready') && selectUpdateItemError(s) !== null);
    expect(selectUpdateItemError(failed)?.message).toBe('Failed to fetch');
    expect(selectNumItems(failed)).toBe(2);
  });

  it('a lost coupon found applied is applied; a lost one not applied is the field’s failure', async () => {
    let applied = true;
    const { actor } = startCart(
      { cartId: 'c' },
      {
        applyCoupon: lost,
        fetchCartDetails: async () => ({ ...details('c', [item('a', 2)]), applied_coupons: applied ? [{ code: 'WELCOME10' }] : [] }),
      },
    );
    await ready(actor);
    actor.send({ type: 'cart.applyCoupon', code: 'welcome10' });
    const done = await waitFor(actor, (s) => s.matches('ready') && !s.hasTag('changingCoupon'));
    expect(selectCouponError(done)).toBeNull();
    applied = false;
    actor.send({ type: 'cart.applyCoupon', code: 'OTHER' });
    const refused = await waitFor(actor, (s) => s.matches('ready') && selectCouponError(s) !== null);
    expect(selectCouponError(refused)?.message).toBe('Failed to fetch');
  });

  it('the check failing too leaves the failure as it came', async () => {
    let reads = 0;
    const { actor } = startCart(
      { cartId: 'c' },
      {
        removeCartItem: lost,
        fetchCartDetails: async () => (++reads === 1 ? details('c', [item('a', 2)]) : Promise.reject(new TypeError('Failed to fetch'))),
      },
    );
    await ready(actor);
    actor.send({ type: 'cart.removeItem', itemUid: 'a' });
    const failed = await waitFor(actor, (s) => s.matches('ready') && selectRemoveItemError(s) !== null);
    expect(selectRemoveItemError(failed)?.message).toBe('Failed to fetch');
    expect(selectNumItems(failed)).toBe(2);
  });
});

/** Another machine asking the cart (ADR 010 §6): every answer it receives, in order. */
function startRequester() {
  const answers: Array<CartAnswer | CartDetailsAnswer> = [];
  const requester = createActor(fromCallback<CartAnswer | CartDetailsAnswer>(({ receive }) => receive((answer) => void answers.push(answer))));
  requester.start();
  let next = 0;
  const request = (): CartRequest => ({ id: `r${++next}`, replyTo: requester });
  return { answers, request };
}

describe('the cart answers every request it is sent, once (ADR 010 §6)', () => {
  const frame = { sku: 'frame-1', quantity: 1 };
  const refused = (message: string) => ({ message, graphQLErrors: [{ message }] });

  /** A ready cart (with these fakes) sent the wizard's add of `frame` as a request. */
  async function requestedAdd(fakes: Parameters<typeof startCart>[1] = {}) {
    const { actor } = startCart({ cartId: 'c' }, fakes);
    const requester = startRequester();
    await ready(actor);
    actor.send({ type: 'cart.addItem', item: frame, confirmedByPage: true, request: requester.request() });
    return { actor, answers: requester.answers };
  }

  it('an add that ends in the cart is answered done', async () => {
    const { actor, answers } = await requestedAdd();
    await waitFor(actor, (s) => s.matches('ready') && s.context.lastAddition !== null);
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'done' }]);
  });

  it('an add the backend refuses is answered failed, with the refusal', async () => {
    const { actor, answers } = await requestedAdd({ addCartItem: async () => Promise.reject(refused('The requested qty is not available')) });
    await waitFor(actor, (s) => s.matches('ready') && selectAddItemError(s) !== null);
    expect(answers).toMatchObject([{ requestId: 'r1', outcome: 'failed', error: { message: 'The requested qty is not available' } }]);
  });

  it('an add whose answer was lost is answered from the cart as read again: it took effect → done', async () => {
    // The add reaches the backend (the cart read afterwards has the frame), but its answer is lost.
    let added = false;
    const { actor, answers } = await requestedAdd({
      addCartItem: async () => {
        added = true;
        return Promise.reject({ message: 'Failed to fetch', networkError: new TypeError('Failed to fetch') });
      },
      fetchCartDetails: async ({ cartId }: { cartId: string }) => details(cartId, added ? [item('a', 2), item('frame-1', 1)] : [item('a', 2)], 50),
    });
    await waitFor(actor, (s) => s.matches('ready') && s.context.lastAddition !== null);
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'done' }]);
  });

  it('an add that waited for a cart that could not be created is answered failed, with the reason', async () => {
    const { actor } = startCart({ cartId: null }, { createCart: async () => Promise.reject(new Error('down')) });
    const { answers, request } = startRequester();
    actor.send({ type: 'cart.addItem', item: frame, confirmedByPage: true, request: request() });
    await waitFor(actor, (s) => s.matches('noCart') && s.context.lastAddition !== null);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ requestId: 'r1', outcome: 'failed' });
  });

  it('an update is answered done when the line has its new quantity, failed with the refusal otherwise', async () => {
    let refuse = false;
    const { actor } = startCart(
      { cartId: 'c' },
      {
        updateCartItem: async ({ cartId, itemUid, quantity }: { cartId: string; itemUid: string; quantity: number }) =>
          refuse ? Promise.reject(refused('The requested qty is not available')) : details(cartId, [item(itemUid, quantity)], 30),
      },
    );
    const { answers, request } = startRequester();
    await ready(actor);
    actor.send({ type: 'cart.updateItem', update: update(), request: request() });
    await waitFor(actor, () => answers.length === 1);
    refuse = true;
    actor.send({ type: 'cart.updateItem', update: update({ quantity: 150 }), request: request() });
    await waitFor(actor, () => answers.length === 2);
    expect(answers).toMatchObject([
      { requestId: 'r1', outcome: 'done' },
      { requestId: 'r2', outcome: 'failed', error: { message: 'The requested qty is not available' } },
    ]);
  });

  it('a request the busy cart cannot take is answered at once that it was not taken; the running call is answered on its own', async () => {
    const add = deferred<CartDetails>();
    const { actor } = startCart({ cartId: 'c' }, { addCartItem: () => add.promise });
    const { answers, request } = startRequester();
    await ready(actor);
    actor.send({ type: 'cart.addItem', item: frame, request: request() });
    await waitFor(actor, (s) => s.hasTag('addingItem'));
    actor.send({ type: 'cart.updateItem', update: update(), request: request() });
    actor.send({ type: 'cart.addItem', item: { sku: 'frame-2', quantity: 1 }, request: request() });
    expect(answers).toEqual([
      { type: 'cart.answer', requestId: 'r2', outcome: 'failed', error: CART_NOT_READY_ERROR },
      { type: 'cart.answer', requestId: 'r3', outcome: 'failed', error: CART_NOT_READY_ERROR },
    ]);
    add.resolve(details('c', [item('a', 2), item('frame-1', 1)], 50));
    await waitFor(actor, () => answers.length === 3);
    expect(answers[2]).toEqual({ type: 'cart.answer', requestId: 'r1', outcome: 'done' });
  });

  it('a call dropped because the cart is replaced (an order placed, a sign-out) is answered failed once, and never again', async () => {
    const add = deferred<CartDetails>();
    const { actor } = startCart({ cartId: 'c' }, { addCartItem: () => add.promise });
    const { answers, request } = startRequester();
    await ready(actor);
    actor.send({ type: 'cart.addItem', item: frame, request: request() });
    await waitFor(actor, (s) => s.hasTag('addingItem'));
    actor.send({ type: 'cart.remove' });
    await ready(actor);
    add.resolve(details('c', [item('frame-1', 1)], 50));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'failed', error: CART_STOPPED_ERROR }]);
  });

  it('a guest’s update on a cart no longer valid is retried as an add on the new cart and answered once, done', async () => {
    let updates = 0;
    const { actor } = startCart({ cartId: 'c' }, { updateCartItem: async () => (++updates === 1 ? Promise.reject(invalidCart()) : null) });
    const { answers, request } = startRequester();
    await ready(actor);
    actor.send({ type: 'cart.updateItem', update: update(), request: request() });
    await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'cart-1' && s.context.lastAddition !== null);
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'done' }]);
  });

  it('the product page’s add, which asks for no answer, is taken as before; a busy cart still drops it (its button waits)', async () => {
    const { actor } = startCart({ cartId: 'c' });
    await ready(actor);
    expect(actor.getSnapshot().can({ type: 'cart.addItem', item: frame })).toBe(true);
    actor.send({ type: 'cart.addItem', item: frame });
    await waitFor(actor, (s) => s.hasTag('addingItem'));
    expect(actor.getSnapshot().can({ type: 'cart.addItem', item: frame })).toBe(false);
  });
});

describe('ADR 039: the cart answers a request for its details with the details it read (ADR 010 §6)', () => {
  const refused = (message: string) => ({ message, graphQLErrors: [{ message }] });
  const lost = () => ({ message: 'Failed to fetch', networkError: new TypeError('Failed to fetch') });

  /** A ready cart whose reads answer `reads` in turn (the first is the cart's own start), then asked for its details. */
  async function askedForDetails(reads: Array<() => Promise<CartDetails>>) {
    let read = 0;
    const { actor, log } = startCart({ cartId: 'c' }, { fetchCartDetails: () => reads[Math.min(read++, reads.length - 1)]!() });
    const { answers, request } = startRequester();
    await ready(actor);
    actor.send({ type: 'cart.getDetails', request: request() });
    return { actor, answers, log };
  }

  it('done: the details the read answered, once, the cart ready with them', async () => {
    const now = details('c', [item('a', 2), item('frame-1', 1)], 356.41);
    const { actor, answers, log } = await askedForDetails([async () => details('c', [item('a', 2)], 210.64), async () => now]);
    await waitFor(actor, () => answers.length === 1);
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'done', details: now }]);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(log.filter((line) => line.startsWith('fetchCartDetails'))).toHaveLength(2);
  });

  it('refused: the backend’s refusal of the read, the cart’s details cleared as after any failed read (spec §4)', async () => {
    const { actor, answers } = await askedForDetails([async () => details('c', [item('a', 2)]), async () => Promise.reject(refused('Internal error'))]);
    await waitFor(actor, (s) => s.matches('detailsFailed'));
    expect(answers).toMatchObject([{ type: 'cart.answer', requestId: 'r1', outcome: 'failed', error: { message: 'Internal error' } }]);
  });

  it('lost: the read’s answer lost on the way is answered failed with it (nothing to check: a read changes nothing)', async () => {
    const { actor, answers } = await askedForDetails([async () => details('c', [item('a', 2)]), async () => Promise.reject(lost())]);
    await waitFor(actor, () => answers.length === 1);
    expect(answers).toMatchObject([{ requestId: 'r1', outcome: 'failed', error: { message: 'Failed to fetch', networkError: expect.any(TypeError) } }]);
    expect(actor.getSnapshot().matches('detailsFailed')).toBe(true);
  });

  it('not ready: a cart busy with a call answers at once that it was not taken; the call goes on', async () => {
    const add = deferred<CartDetails>();
    const { actor } = startCart({ cartId: 'c' }, { addCartItem: () => add.promise });
    const { answers, request } = startRequester();
    await ready(actor);
    actor.send({ type: 'cart.addItem', item: { sku: 'frame-1', quantity: 1 } });
    await waitFor(actor, (s) => s.hasTag('addingItem'));
    actor.send({ type: 'cart.getDetails', request: request() });
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'failed', error: CART_NOT_READY_ERROR }]);
    add.resolve(details('c', [item('a', 2), item('frame-1', 1)], 50));
    await waitFor(actor, (s) => s.matches('ready') && selectNumItems(s) === 3);
    expect(answers).toHaveLength(1);
  });

  it('not ready: a cart still reading its details (page load) answers at once that it was not taken', async () => {
    const read = deferred<CartDetails>();
    const { actor } = startCart({ cartId: 'c' }, { fetchCartDetails: () => read.promise });
    const { answers, request } = startRequester();
    expect(actor.getSnapshot().matches('loadingDetails')).toBe(true);
    actor.send({ type: 'cart.getDetails', request: request() });
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'failed', error: CART_NOT_READY_ERROR }]);
    read.resolve(details('c', [item('a', 2)], 25));
    await ready(actor);
    expect(answers).toHaveLength(1);
  });

  it('stopped mid-request: the cart replaced while it reads (an order placed) answers failed once, never with the old cart', async () => {
    const second = deferred<CartDetails>();
    const { actor, answers } = await askedForDetails([async () => details('c', [item('a', 2)]), () => second.promise, async () => details('cart-1')]);
    expect(actor.getSnapshot().matches('loadingDetails')).toBe(true);
    actor.send({ type: 'cart.remove' });
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'failed', error: CART_STOPPED_ERROR }]);
    second.resolve(details('c', [item('a', 2), item('b', 1)]));
    await waitFor(actor, (s) => s.matches('ready') && s.context.cartId === 'cart-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(1);
  });

  it('a cart that had to be recovered (spec §5) answers with the new cart’s details', async () => {
    const { actor, answers } = await askedForDetails([
      async () => details('c', [item('a', 2)]),
      async () => Promise.reject(invalidCart()),
      async () => details('cart-1', [], 0),
    ]);
    await waitFor(actor, () => answers.length === 1);
    expect(answers).toEqual([{ type: 'cart.answer', requestId: 'r1', outcome: 'done', details: details('cart-1', [], 0) }]);
  });

  it('a cart that could not be read after it failed is answered with why, once it is asked again and reads', async () => {
    const { actor } = startCart({ cartId: 'c' }, { fetchCartDetails: async () => Promise.reject(refused('Internal error')) });
    const { answers, request } = startRequester();
    await waitFor(actor, (s) => s.matches('detailsFailed'));
    actor.send({ type: 'cart.getDetails', request: request() });
    await waitFor(actor, () => answers.length === 1);
    expect(answers).toMatchObject([{ requestId: 'r1', outcome: 'failed', error: { message: 'Internal error' } }]);
  });

  it('the cart announces its details each time it comes to rest with them (ready): after a read, a call’s answer, a refusal alike', async () => {
    const { actor } = startCart(
      { cartId: 'c' },
      {
        updateCartItem: async ({ quantity }: { quantity: number }) =>
          quantity > 9 ? Promise.reject(refused('The requested qty is not available')) : details('c', [item('a', quantity)], 30),
      },
    );
    const heard: CartDetailsRead[] = [];
    actor.on('cart.details.read', (event) => void heard.push(event));
    await ready(actor);
    actor.send({ type: 'cart.changed.elsewhere', cartId: 'c' });
    await waitFor(actor, () => heard.length === 2);
    actor.send({ type: 'cart.updateItem', update: update({ quantity: 3 }) });
    await waitFor(actor, () => heard.length === 3);
    actor.send({ type: 'cart.updateItem', update: update({ quantity: 10 }) });
    await waitFor(actor, (s) => s.matches('ready') && selectUpdateItemError(s) !== null);
    expect(heard.map((event) => event.details.items?.map((line) => line?.quantity))).toEqual([[2], [2], [3], [3]]);
  });
});
