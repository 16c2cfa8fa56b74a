import { gql } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient, type ApolloClientOptions } from './apollo-client';
import { CACHE_ID_HEADER, RETRY_ATTEMPTS, shouldRetry } from './links';
import { runQuery, SEND_AS_POST } from './operation-helpers';

const STORE_CONFIG = gql`
  query getLocale {
    storeConfig {
      store_code
      locale
    }
  }
`;
const CART = gql`
  query GetCart($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      items {
        uid
        quantity
      }
    }
  }
`;
const ADD = gql`
  mutation AddToCart($cartId: String!) {
    addProductsToCart(cartId: $cartId, cartItems: [{ sku: "A", quantity: 1 }]) {
      cart {
        id
      }
    }
  }
`;

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A fetch that answers from a queue of handlers and records every request. */
function fakeFetch(...answers: Array<(call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: (init?.body as string | undefined) ?? null };
    calls.push(call);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json =
  (body: unknown, init: ResponseInit = {}) =>
  () =>
    new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });

function client(fetch: typeof globalThis.fetch, options: Partial<ApolloClientOptions> = {}) {
  return createApolloClient({ uri: 'https://shop.test/graphql', storeCode: 'fr', getToken: () => null, fetch, isBrowser: () => false, ...options });
}

const storeConfigAnswer = json({ data: { storeConfig: { __typename: 'StoreConfig', store_code: 'fr', locale: 'fr_FR' } } });

describe('Apollo link chain (spec §7)', () => {
  it('spec §7: queries use GET on the one endpoint with the query minified in the URL', async () => {
    const { fetch, calls } = fakeFetch(storeConfigAnswer);
    await client(fetch).query({ query: STORE_CONFIG });
    const url = new URL(calls[0]!.url);
    expect(calls[0]!.method).toBe('GET');
    expect(url.origin + url.pathname).toBe('https://shop.test/graphql');
    expect(url.searchParams.get('query')).toBe('query getLocale{storeConfig{store_code locale __typename}}');
    expect(url.searchParams.get('operationName')).toBe('getLocale');
  });

  it("a query carrying a shopper's secret (SEND_AS_POST: a guest order's token) goes as POST, never in the URL", async () => {
    const { fetch, calls } = fakeFetch(json({ data: { guestOrderByToken: { __typename: 'CustomerOrder', number: '000000009' } } }));
    const GUEST_ORDER = gql`
      query GuestOrderByToken($token: String!) {
        guestOrderByToken(input: { token: $token }) {
          number
        }
      }
    `;
    await runQuery(client(fetch), GUEST_ORDER, { token: 'tok-secret' }, 'network-only', SEND_AS_POST);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('https://shop.test/graphql');
    expect(calls[0]!.url).not.toContain('tok-secret');
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({ operationName: 'GuestOrderByToken', variables: { token: 'tok-secret' } });
  });

  it('spec §7: mutations use POST with a JSON body of operationName, variables and query', async () => {
    const { fetch, calls } = fakeFetch(
      json({ data: { addProductsToCart: { __typename: 'AddProductsToCartOutput', cart: { __typename: 'Cart', id: 'c1' } } } }),
    );
    await client(fetch).mutate({ mutation: ADD, variables: { cartId: 'c1' } });
    expect(calls[0]!.method).toBe('POST');
    const body = JSON.parse(calls[0]!.body!);
    expect(body.operationName).toBe('AddToCart');
    expect(body.variables).toEqual({ cartId: 'c1' });
    expect(body.query).toMatch(/^mutation AddToCart\(\$cartId:String!\)\{addProductsToCart/);
  });

  it('spec §7: a bearer header from the stored token, empty when absent, and the Store header', async () => {
    const { fetch, calls } = fakeFetch(storeConfigAnswer);
    let token: string | null = null;
    const apollo = client(fetch, { getToken: () => token });
    await apollo.query({ query: STORE_CONFIG, fetchPolicy: 'network-only' });
    token = 'tok-1';
    await apollo.query({ query: STORE_CONFIG, fetchPolicy: 'network-only' });
    expect(calls[0]!.headers.get('authorization')).toBe('');
    expect(calls[1]!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(calls[1]!.headers.get('store')).toBe('fr');
  });

  it('spec §7: the response cache-id header is stored and re-sent as x-magento-cache-id', async () => {
    const { fetch, calls } = fakeFetch(
      json({ data: { storeConfig: { __typename: 'StoreConfig', store_code: 'fr', locale: 'fr_FR' } } }, { headers: { [CACHE_ID_HEADER]: 'abc123' } }),
    );
    let stored: string | null = null;
    const apollo = client(fetch, { getCacheId: () => stored, saveCacheId: (id) => (stored = id) });
    await apollo.query({ query: STORE_CONFIG, fetchPolicy: 'network-only' });
    expect(calls[0]!.headers.get('x-magento-cache-id')).toBe('');
    expect(stored).toBe('abc123');
    await apollo.query({ query: STORE_CONFIG, fetchPolicy: 'network-only' });
    expect(calls[1]!.headers.get('x-magento-cache-id')).toBe('abc123');
  });

  it('spec §7: a status of 300 or above is an error', async () => {
    const { fetch } = fakeFetch(json({ message: 'moved' }, { status: 302 }));
    await expect(client(fetch).query({ query: STORE_CONFIG })).rejects.toMatchObject({ networkError: { statusCode: 302 } });
  });

  it('spec §7: an answer with neither data nor errors is an error', async () => {
    const { fetch } = fakeFetch(json({ something: 'else' }));
    await expect(client(fetch).query({ query: STORE_CONFIG })).rejects.toThrow(/Server response was missing for query 'getLocale'/);
  });

  it('spec §7: a non-JSON answer is a parse error', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>oops</html>', { status: 200 }));
    await expect(client(fetch).query({ query: STORE_CONFIG })).rejects.toMatchObject({ networkError: { name: 'ServerParseError' } });
  });

  it('spec §7: errors arriving with data still deliver the partial data', async () => {
    const { fetch } = fakeFetch(
      json({
        data: { storeConfig: { __typename: 'StoreConfig', store_code: 'fr', locale: null } },
        errors: [{ message: 'locale unavailable', path: ['storeConfig', 'locale'] }],
      }),
    );
    const result = await client(fetch).query({ query: STORE_CONFIG, errorPolicy: 'all' });
    expect(result.data.storeConfig.store_code).toBe('fr');
    expect(result.errors?.[0]?.message).toBe('locale unavailable');
  });

  it('spec §8: out-of-stock errors are dropped and the affected cart items removed from the data', async () => {
    const { fetch } = fakeFetch(
      json({
        data: { cart: { __typename: 'Cart', id: 'c1', items: [{ __typename: 'SimpleCartItem', uid: 'i1', quantity: 1 }, null] } },
        errors: [{ message: 'The requested qty is not available', path: ['cart', 'items', 1] }],
      }),
    );
    const result = await client(fetch).query({ query: CART, variables: { cartId: 'c1' } });
    expect(result.errors).toBeUndefined();
    expect(result.data.cart.items).toEqual([{ __typename: 'SimpleCartItem', uid: 'i1', quantity: 1 }]);
  });

  it('spec §7: mutations are queued and sent one at a time', async () => {
    const pending: Array<() => void> = [];
    const added = json({ data: { addProductsToCart: { __typename: 'AddProductsToCartOutput', cart: { __typename: 'Cart', id: 'c1' } } } });
    const answer = (call: Call) => new Promise<Response>((resolve) => pending.push(() => resolve(call.method === 'GET' ? storeConfigAnswer() : added())));
    const { fetch, calls } = fakeFetch(answer);
    const apollo = client(fetch);
    const first = apollo.mutate({ mutation: ADD, variables: { cartId: 'c1' } });
    const second = apollo.mutate({ mutation: ADD, variables: { cartId: 'c1' } });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // a query is never held behind a mutation
    const query = apollo.query({ query: STORE_CONFIG });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.method).toBe('GET');
    pending.shift()!();
    await first;
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.method).toBe('POST');
    pending.shift()!();
    pending.shift()!();
    await Promise.all([second, query]);
  });
});

describe('retry (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // With jitter the delay is random × 300 ms × 2^n; 0.5 makes it exactly 300, 600, 1200, 2400.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const failing = () => Promise.reject(new TypeError('Failed to fetch'));

  it('spec §9: a failed query is tried up to 5 times, from 300 ms doubling each time', async () => {
    const { fetch, calls } = fakeFetch(failing);
    const outcome = client(fetch, { isBrowser: () => true, isOnline: () => true })
      .query({ query: STORE_CONFIG })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    for (const [delay, attempts] of [
      [300, 2],
      [600, 3],
      [1200, 4],
      [2400, 5],
    ] as const) {
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(calls).toHaveLength(attempts - 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(attempts);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(RETRY_ATTEMPTS);
    expect(await outcome).toMatchObject({ networkError: { message: 'Failed to fetch' } });
  });

  it('spec §9: a retry succeeds when the server answers', async () => {
    const { fetch, calls } = fakeFetch(failing, storeConfigAnswer);
    const result = client(fetch, { isBrowser: () => true, isOnline: () => true }).query({ query: STORE_CONFIG });
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(2);
    expect((await result).data.storeConfig.locale).toBe('fr_FR');
  });

  it('spec §9: no retry outside the browser, nor while offline', async () => {
    const { fetch, calls } = fakeFetch(failing);
    await expect(client(fetch, { isBrowser: () => false }).query({ query: STORE_CONFIG })).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(1);
    let online = true;
    const offlineSoon = fakeFetch(() => {
      online = false;
      return failing();
    });
    const outcome = client(offlineSoon.fetch, { isBrowser: () => true, isOnline: () => online })
      .query({ query: STORE_CONFIG })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(offlineSoon.calls).toHaveLength(1);
    expect(await outcome).toBeInstanceOf(Error);
  });

  it('a mutation that may have reached the server is never sent again (no duplicate order or double add)', async () => {
    for (const answer of [failing, json({ errors: [{ message: 'gateway' }] }, { status: 502 })]) {
      const { fetch, calls } = fakeFetch(answer);
      const outcome = client(fetch, { isBrowser: () => true, isOnline: () => true })
        .mutate({ mutation: ADD, variables: { cartId: 'c1' } })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toHaveLength(1);
      expect(await outcome).toBeInstanceOf(Error);
    }
  });

  it('a mutation whose answer was lost (reset, abort, timeout) is never sent again; a query is, with backoff', async () => {
    const lost = [
      () => Promise.reject(new TypeError('network error: connection reset')),
      () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')),
      () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
    ];
    for (const answer of lost) {
      const mutation = fakeFetch(answer);
      const outcome = client(mutation.fetch, { isBrowser: () => true, isOnline: () => true })
        .mutate({ mutation: ADD, variables: { cartId: 'c1' } })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(mutation.calls).toHaveLength(1);
      expect(await outcome).toBeInstanceOf(Error);
      const query = fakeFetch(answer, storeConfigAnswer);
      const result = client(query.fetch, { isBrowser: () => true, isOnline: () => true }).query({ query: STORE_CONFIG });
      await vi.advanceTimersByTimeAsync(299);
      expect(query.calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(query.calls).toHaveLength(2);
      expect((await result).data.storeConfig.locale).toBe('fr_FR');
    }
  });

  it('a mutation whose connection was refused before sending is retried', async () => {
    const refused = () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }));
    const { fetch, calls } = fakeFetch(
      refused,
      json({ data: { addProductsToCart: { __typename: 'AddProductsToCartOutput', cart: { __typename: 'Cart', id: 'c1' } } } }),
    );
    const result = client(fetch, { isBrowser: () => true, isOnline: () => true }).mutate({ mutation: ADD, variables: { cartId: 'c1' } });
    await vi.advanceTimersByTimeAsync(300);
    expect(calls).toHaveLength(2);
    expect((await result).data?.addProductsToCart.cart.id).toBe('c1');
  });

  it('an offline request is not sent at all, and not retried while offline', async () => {
    const { fetch, calls } = fakeFetch(storeConfigAnswer);
    const outcome = client(fetch, { isBrowser: () => true, isOnline: () => false })
      .query({ query: STORE_CONFIG })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(0);
    expect(await outcome).toMatchObject({ networkError: { name: 'RequestNotSentError' } });
  });

  it('offline under a service worker (ADR 007), a query is still sent for the cache of visited pages; a mutation is not', async () => {
    const { fetch, calls } = fakeFetch(storeConfigAnswer);
    const offlineWithWorker = { isBrowser: () => true, isOnline: () => false, canAnswerOffline: () => true };
    const answered = await client(fetch, offlineWithWorker).query({ query: STORE_CONFIG });
    expect(calls).toHaveLength(1);
    expect(answered.data).toBeTruthy();
    const mutation = client(fetch, offlineWithWorker)
      .mutate({ mutation: ADD, variables: { cartId: 'c1' } })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    expect(await mutation).toMatchObject({ networkError: { name: 'RequestNotSentError' } });
  });

  it('queries are not retried on answers that would not change: 4xx and parse errors', () => {
    const browser = { isBrowser: () => true, isOnline: () => true };
    expect(shouldRetry({ statusCode: 400 }, { query: STORE_CONFIG }, browser)).toBe(false);
    expect(shouldRetry({ name: 'ServerParseError', statusCode: 200 }, { query: STORE_CONFIG }, browser)).toBe(false);
    expect(shouldRetry({ statusCode: 503 }, { query: STORE_CONFIG }, browser)).toBe(true);
    expect(shouldRetry({ statusCode: 429 }, { query: STORE_CONFIG }, browser)).toBe(true);
  });
});
