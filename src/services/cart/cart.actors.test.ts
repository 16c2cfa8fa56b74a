import { ApolloClient, ApolloLink, InMemoryCache, Observable, type FetchResult } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic } from 'xstate';
import { isInvalidCartError } from '../../machines/cart/cart.machine';
import { createShopCache } from '../apollo/cache';
import { createBrowserStorage } from '../storage/browser-storage';
import { cartImplementations, CartUserError, readStoredCartId } from './cart.actors';

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
  return { map, storage: createBrowserStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }) };
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
  it('spec §8: createCart that answers no id fails with "Unable to create cart"', async () => {
    const { client } = answering({ data: { cartId: null } });
    await expect(run(cartImplementations(deps(client as never)).actors.createCart)).rejects.toThrow('Unable to create cart');
  });

  it('spec §5: a cart-invalid GraphQL error reaches the machine as graphQLErrors (so it recovers)', async () => {
    const { client } = answering({ data: { cart: null }, errors: [{ message: 'Could not find a cart with ID "c1"' }] as never });
    const error = await run(cartImplementations(deps(client as never)).actors.fetchCartDetails, { cartId: 'c1' }).catch((e: unknown) => e);
    expect(isInvalidCartError(error)).toBe(true);
  });

  it('spec §7 add item: addProductsToCart with parent_sku and selected options; user errors are failures', async () => {
    const { client, seen } = answering({
      data: { addProductsToCart: { __typename: 'AddProductsToCartOutput', cart: null, user_errors: [{ __typename: 'CartUserInputError', code: 'INSUFFICIENT_STOCK', message: 'Not enough stock' }] } },
    });
    const error = await run(cartImplementations(deps(client as never)).actors.addCartItem, {
      cartId: 'c1',
      item: { sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 2, selectedOptions: ['opt1'] },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartUserError);
    expect((error as Error).message).toBe('Not enough stock');
    expect(seen[0]).toEqual({ operationName: 'AddProductToCart', variables: { cartId: 'c1', sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 2, selectedOptions: ['opt1'] } });
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

  it('spec §9: the cart id is saved under a key with the store-code suffix', () => {
    const { map, storage } = memory();
    const { actions } = cartImplementations({ client: new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() }), storage, storeCode: 'fr', reload: () => {}, notify: () => {} });
    actions.saveCartId(undefined, { cartId: 'abc' });
    expect(map.has('cartId_fr')).toBe(true);
    expect(readStoredCartId(storage, 'fr')).toBe('abc');
    expect(readStoredCartId(storage, 'ca')).toBeNull();
    actions.clearCartId();
    expect(readStoredCartId(storage, 'fr')).toBeNull();
  });
});
