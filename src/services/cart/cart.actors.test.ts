import { ApolloClient, ApolloLink, InMemoryCache, Observable, type FetchResult } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor, type AnyActorLogic } from 'xstate';
import { cartMachine, isInvalidCartError, selectDetailsError } from '../../machines/cart/cart.machine';
import { ShopFailure } from '../../machines/shared/shop-failure';
import { createShopCache } from '../apollo/cache';
import { createBrowserStorage } from '../storage/browser-storage';
import { cartImplementations, CartUserError, readStoredCartId } from './cart.actors';
import { CART_PAGE_FRAGMENT } from './cart.operations';

function answering(result: FetchResult | ((operationName: string, variables: Record<string, unknown>) => FetchResult)) {
  const seen: Array<{ operationName: string; variables: Record<string, unknown> }> = [];
  const link = new ApolloLink((operation) => {
    seen.push({ operationName: operation.operationName, variables: operation.variables });
    return Observable.of(typeof result === 'function' ? result(operation.operationName, operation.variables) : result);
  });
  return { client: new ApolloClient({ cache: createShopCache(), link }), seen };
}

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    storage: createBrowserStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }),
  };
}

function run(logic: AnyActorLogic, input?: unknown): Promise<unknown> {
  const actor = createActor(logic, { input });
  return new Promise((resolve, reject) => {
    actor.subscribe({ complete: () => resolve(actor.getSnapshot().output), error: reject });
    actor.start();
  });
}

const deps = (client: ApolloClient<never>) => ({ client, storage: memory().storage, storeCode: 'ca', reload: () => {}, notify: () => {} });

describe('cart actors', () => {
  it('spec §8: createCart that answers no id fails with the shop failure cartNotCreated (its words: shop-failure-words.test.ts)', async () => {
    const { client } = answering({ data: { cartId: null } });
    await expect(run(cartImplementations(deps(client as never)).actors.createCart)).rejects.toMatchObject({ code: 'cartNotCreated' });
  });

  it('spec §5: a cart-invalid GraphQL error reaches the machine as graphQLErrors (so it recovers)', async () => {
    const { client } = answering({ data: { cart: null }, errors: [{ message: 'Could not find a cart with ID "c1"' }] as never });
    const error = await run(cartImplementations(deps(client as never)).actors.fetchCartDetails, { cartId: 'c1' }).catch((e: unknown) => e);
    expect(isInvalidCartError(error)).toBe(true);
  });

  it('spec §7 add item: addProductsToCart with parent_sku and selected options; user errors are failures', async () => {
    const { client, seen } = answering({
      data: {
        addProductsToCart: {
          __typename: 'AddProductsToCartOutput',
          cart: null,
          user_errors: [{ __typename: 'CartUserInputError', code: 'INSUFFICIENT_STOCK', message: 'Not enough stock' }],
        },
      },
    });
    const error = await run(cartImplementations(deps(client as never)).actors.addCartItem, {
      cartId: 'c1',
      item: { sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 2, selectedOptions: ['opt1'] },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartUserError);
    expect((error as Error).message).toBe('Not enough stock');
    expect(seen[0]).toEqual({
      operationName: 'AddProductToCart',
      variables: { cartId: 'c1', sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 2, selectedOptions: ['opt1'] },
    });
  });

  it('spec §7 update and remove item send the item uid', async () => {
    const { client, seen } = answering((name) => ({ data: name === 'UpdateCartItem' ? { updateCartItems: null } : { removeItemFromCart: null } }));
    const { actors } = cartImplementations(deps(client as never));
    await run(actors.updateCartItem, { cartId: 'c1', itemUid: 'uid-1', quantity: 3 });
    await run(actors.removeCartItem, { cartId: 'c1', itemUid: 'uid-1' });
    expect(seen.map((s) => [s.operationName, s.variables])).toEqual([
      ['UpdateCartItem', { cartId: 'c1', itemId: 'uid-1', quantity: 3 }],
      ['RemoveItemFromCart', { cartId: 'c1', itemId: 'uid-1' }],
    ]);
  });

  it("spec §7 update item: a quantity the backend cannot give (its errors[] beside the unchanged cart) is the update's refusal, in the shop's words (spec §8: Magento's out-of-stock words are a signal, left in English)", async () => {
    const { client } = answering({
      data: {
        updateCartItems: {
          __typename: 'UpdateCartItemsOutput',
          cart: null,
          errors: [{ __typename: 'CartUserInputError', code: 'UNDEFINED', message: 'The requested qty is not available' }],
        },
      },
    });
    const error = await run(cartImplementations(deps(client as never)).actors.updateCartItem, { cartId: 'c1', itemUid: 'uid-1', quantity: 150 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ShopFailure);
    expect(error).toMatchObject({ code: 'quantityNotAvailable', values: { quantity: 150 } });
  });

  it("spec §7 update item: another refusal of the backend is the update's refusal in the backend's words", async () => {
    const { client } = answering({
      data: {
        updateCartItems: {
          __typename: 'UpdateCartItemsOutput',
          cart: null,
          errors: [{ __typename: 'CartUserInputError', code: 'UNDEFINED', message: 'Le nombre maximal d’articles autorisé est 10.' }],
        },
      },
    });
    const error = await run(cartImplementations(deps(client as never)).actors.updateCartItem, { cartId: 'c1', itemUid: 'uid-1', quantity: 150 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CartUserError);
    expect((error as Error).message).toBe('Le nombre maximal d’articles autorisé est 10.');
  });

  it('spec §4 configurable update: remove and re-add travel in ONE request, whose answer is the cart details', async () => {
    const { client, seen } = answering(() => ({
      data: {
        removeItemFromCart: { __typename: 'RemoveItemFromCartOutput', cart: { __typename: 'Cart', id: 'c1' } },
        addProductsToCart: { __typename: 'AddProductsToCartOutput', cart: cartAnswer('c1'), user_errors: [] },
      },
    }));
    const cart = await run(cartImplementations(deps(client as never)).actors.replaceCartItem, {
      cartId: 'c1',
      itemUid: 'old-line',
      item: {
        sku: 'LN1001-TRT-L',
        parentSku: 'LN1001',
        quantity: 1,
        selectedOptions: ['tortoise', 'L', 'usage'],
        enteredOptions: [{ uid: 'rx', value: '{"od":{}}' }],
      },
      restore: { sku: 'LN1001', quantity: 1, selectedOptions: ['black', 'M', 'usage'] },
    });
    expect((cart as { id: string }).id).toBe('c1');
    expect(seen).toEqual([
      {
        operationName: 'ReplaceCartItem',
        variables: {
          cartId: 'c1',
          itemId: 'old-line',
          sku: 'LN1001-TRT-L',
          parentSku: 'LN1001',
          quantity: 1,
          selectedOptions: ['tortoise', 'L', 'usage'],
          enteredOptions: [{ uid: 'rx', value: '{"od":{}}' }],
        },
      },
    ]);
  });

  it('spec §4 configurable update: a refused re-add puts the line back as it was and fails with the refusal (a line is never lost)', async () => {
    const { client, seen } = answering((name) =>
      name === 'ReplaceCartItem'
        ? {
            data: {
              removeItemFromCart: { __typename: 'RemoveItemFromCartOutput', cart: { __typename: 'Cart', id: 'c1' } },
              addProductsToCart: {
                __typename: 'AddProductsToCartOutput',
                cart: null,
                user_errors: [{ __typename: 'CartUserInputError', code: 'INSUFFICIENT_STOCK', message: 'Not enough stock' }],
              },
            },
          }
        : { data: { addProductsToCart: { __typename: 'AddProductsToCartOutput', cart: cartAnswer('c1'), user_errors: [] } } },
    );
    const restore = { sku: 'LN1001', quantity: 1, selectedOptions: ['black', 'M'], enteredOptions: [{ uid: 'rx', value: 'Prescription to follow' }] };
    const error = await run(cartImplementations(deps(client as never)).actors.replaceCartItem, {
      cartId: 'c1',
      itemUid: 'old-line',
      item: { sku: 'LN1001-TRT-L', parentSku: 'LN1001', quantity: 1 },
      restore,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartUserError);
    expect((error as Error).message).toBe('Not enough stock');
    expect(seen.map((s) => [s.operationName, s.variables])).toEqual([
      ['ReplaceCartItem', { cartId: 'c1', itemId: 'old-line', sku: 'LN1001-TRT-L', parentSku: 'LN1001', quantity: 1 }],
      [
        'AddProductToCart',
        { cartId: 'c1', sku: 'LN1001', quantity: 1, selectedOptions: ['black', 'M'], enteredOptions: [{ uid: 'rx', value: 'Prescription to follow' }] },
      ],
    ]);
  });

  it('spec §9: the cart id is saved under a key with the store-code suffix', () => {
    const { map, storage } = memory();
    const { actions } = cartImplementations({
      client: new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() }),
      storage,
      storeCode: 'fr',
      reload: () => {},
      notify: () => {},
    });
    actions.saveCartId(undefined, { cartId: 'abc' });
    expect(map.has('cartId_fr')).toBe(true);
    expect(readStoredCartId(storage, 'fr')).toBe('abc');
    expect(readStoredCartId(storage, 'ca')).toBeNull();
    actions.clearCartId();
    expect(readStoredCartId(storage, 'fr')).toBeNull();
  });
});

/** A cart answer with every field the cart page fragment selects, as Magento shapes it. */
function cartAnswer(id: string) {
  const money = (value: number) => ({ __typename: 'Money', currency: 'CAD', value });
  return {
    __typename: 'Cart',
    id,
    total_quantity: 1,
    applied_coupons: null,
    items: [
      {
        __typename: 'SimpleCartItem',
        uid: 'item-1',
        quantity: 1,
        prices: {
          __typename: 'CartItemPrices',
          price: money(120),
          row_total: money(120),
          price_including_tax: money(135.6),
          row_total_including_tax: money(135.6),
          total_item_discount: money(0),
        },
        errors: null,
        customizable_options: [],
        product: {
          __typename: 'SimpleProduct',
          uid: 'p-1',
          name: 'Aurora Cat-Eye',
          sku: 'LN1001',
          url_key: 'aurora-cat-eye',
          stock_status: 'IN_STOCK',
          thumbnail: { __typename: 'ProductImage', url: 'https://shop.test/t.jpg' },
          small_image: { __typename: 'ProductImage', url: 'https://shop.test/s.jpg', label: 'Aurora' },
          price: { __typename: 'ProductPrices', regularPrice: { __typename: 'Price', amount: money(120) } },
        },
      },
    ],
    shipping_addresses: [],
    available_payment_methods: [{ __typename: 'AvailablePaymentMethod', code: 'checkmo', title: 'Check / Money order' }],
    prices: {
      __typename: 'CartPrices',
      applied_taxes: [],
      discounts: null,
      grand_total: money(120),
      subtotal_excluding_tax: money(120),
      subtotal_including_tax: money(120),
    },
  };
}

/** The real cart machine on the live implementations, over a link that answers by operation name. */
function startShopCart(storedCartId: string | null, answer: (operationName: string, variables: Record<string, unknown>) => FetchResult) {
  const { client, seen } = answering(answer);
  const { map, storage } = memory();
  if (storedCartId) storage.setItem('cartId_ca', storedCartId);
  const implementations = cartImplementations({ client: client as never, storage, storeCode: 'ca', reload: () => {}, notify: () => {} });
  const actor = createActor(cartMachine.provide({ ...implementations, actions: { ...implementations.actions, requestSignOut: () => {} } }), {
    input: { cartId: readStoredCartId(storage, 'ca'), isSignedIn: false },
    clock: new SimulatedClock(),
  }).start();
  return { actor, seen, storage, map, client };
}

const byName = (name: string, variables: Record<string, unknown>): FetchResult =>
  name === 'createCart' ? { data: { cartId: 'new-cart' } } : { data: { cart: cartAnswer(String(variables.cartId)) } };

describe('spec §6/§7 first load: the GraphQL requests the cart machine sends', () => {
  it('spec §6: with a stored cart id, ONE request both checks that the shopper may query the cart and reads it (no separate checkUserIsAuthed)', async () => {
    const { actor, seen } = startShopCart('stored', byName);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(seen.map((s) => [s.operationName, s.variables])).toEqual([['GetCartDetails', { cartId: 'stored' }]]);
    actor.stop();
  });

  it('spec §4: without a stored cart id, two requests: create the cart, read it', async () => {
    const { actor, seen } = startShopCart(null, byName);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(seen.map((s) => s.operationName)).toEqual(['createCart', 'GetCartDetails']);
    actor.stop();
  });

  it('spec §6/§5: a stored cart the shopper may not query is replaced by a fresh stored cart', async () => {
    const { actor, seen, storage } = startShopCart('customers-cart', (name, variables) =>
      variables.cartId === 'customers-cart'
        ? ({ data: { cart: null }, errors: [{ message: 'The current user cannot perform operations on cart "customers-cart"' }] } as never)
        : byName(name, variables),
    );
    await waitFor(actor, (s) => s.matches('ready'));
    expect(seen.map((s) => s.operationName)).toEqual(['GetCartDetails', 'createCart', 'GetCartDetails']);
    expect(readStoredCartId(storage, 'ca')).toBe('new-cart');
    actor.stop();
  });

  it('spec §6/§5: a network error keeps the stored cart and reports the error', async () => {
    const failing = new ApolloLink(() => new Observable((observer) => observer.error(new TypeError('Failed to fetch'))));
    const { storage } = memory();
    storage.setItem('cartId_ca', 'stored');
    const implementations = cartImplementations({
      client: new ApolloClient({ cache: createShopCache(), link: failing }) as never,
      storage,
      storeCode: 'ca',
      reload: () => {},
      notify: () => {},
    });
    const actor = createActor(cartMachine.provide(implementations), { input: { cartId: 'stored', isSignedIn: false }, clock: new SimulatedClock() }).start();
    const failed = await waitFor(actor, (s) => s.matches('detailsFailed'));
    expect(failed.context.cartId).toBe('stored');
    expect(selectDetailsError(failed)?.message).toContain('Failed to fetch');
    expect(readStoredCartId(storage, 'ca')).toBe('stored');
    actor.stop();
  });
});

describe('spec §7 GetCartDetailsAfterSignIn', () => {
  it('spec §7: reads the cart network-only with the cart page fragment, which is then in the cache for the cart page', async () => {
    const { client, seen } = answering((_, variables) => ({ data: { cart: cartAnswer(String(variables.cartId)) } }));
    const { actors } = cartImplementations(deps(client as never));
    const cart = (await run(actors.fetchCartDetails, { cartId: 'customer-cart', afterSignIn: true })) as { id: string };
    expect(cart.id).toBe('customer-cart');
    expect(seen).toEqual([{ operationName: 'GetCartDetailsAfterSignIn', variables: { cartId: 'customer-cart' } }]);
    // Spec §3 cache identity: the cart is a singleton.
    const cachedClient = client as ApolloClient<never>;
    const cached = cachedClient.readFragment({
      fragment: CART_PAGE_FRAGMENT,
      fragmentName: 'CartPageFragment',
      id: cachedClient.cache.identify({ __typename: 'Cart' }),
    });
    expect(cached).toMatchObject({ id: 'customer-cart', total_quantity: 1, items: [{ uid: 'item-1', quantity: 1 }] });
    // Network only: a second read goes to the backend again.
    await run(actors.fetchCartDetails, { cartId: 'customer-cart', afterSignIn: true });
    expect(seen).toHaveLength(2);
  });
});
