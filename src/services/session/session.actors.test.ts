import { ApolloClient, ApolloLink, gql, Observable } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { createShopCache } from '../apollo/cache';
import { createBrowserStorage } from '../storage/browser-storage';
import { readToken, readTokenRecord, sessionImplementations } from './session.actors';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    storage: createBrowserStorage(
      { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) },
      () => 10_000,
    ),
  };
}

const client = () => new ApolloClient({ cache: createShopCache(), link: new ApolloLink(() => Observable.of({ data: {} })) });

describe('session actors', () => {
  it('spec §3 Sign-in record: the token is stored under signin_token as { value, timeStored, ttl }', () => {
    const { map, storage } = memory();
    const { actions } = sessionImplementations({ client: client(), storage, persistence: null, now: () => 5, reload: () => {} });
    actions.saveTokenRecord(undefined, { value: 'tok', timeStored: 1_000, ttl: 3600 });
    expect(JSON.parse(map.get('signin_token')!)).toEqual({ value: 'tok', timeStored: 1_000, ttl: 3600 });
    expect(readTokenRecord(storage)).toEqual({ value: 'tok', timeStored: 1_000, ttl: 3600 });
    expect(readToken(storage)).toBe('tok');
    actions.clearStoredToken();
    expect(readToken(storage)).toBeNull();
  });

  it('spec §4 sign-out: the stored checkout data of spec §9 is cleared', () => {
    const { map, storage } = memory();
    for (const key of ['billing_address', 'paymentMethod', 'shipping_address', 'shippingMethod', 'availableShippingMethods', 'cartId_ca'])
      storage.setItem(key, 'x');
    sessionImplementations({ client: client(), storage, persistence: null, now: () => 5, reload: () => {} }).actions.clearStoredCheckoutData();
    expect([...map.keys()]).toEqual(['cartId_ca']);
  });

  it('spec §4: after sign-in or sign-out the customer data is evicted and the persisted cache rewritten', async () => {
    const apollo = client();
    apollo.cache.writeQuery({
      query: gql`
        query C {
          customer {
            email
          }
        }
      `,
      data: { customer: { __typename: 'Customer', email: 'a@b.c' } },
    });
    const persist = vi.fn(async () => {});
    sessionImplementations({
      client: apollo,
      storage: memory().storage,
      persistence: { persist },
      now: () => 5,
      reload: () => {},
    }).actions.evictCustomerCache();
    await vi.waitFor(() => expect(persist).toHaveBeenCalled());
    expect(apollo.cache.extract()['Customer:{}']).toBeUndefined();
  });
});
