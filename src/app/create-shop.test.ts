import { describe, expect, it } from 'vitest';
import { createShop, withRenderedCache } from './create-shop';

describe('createShop in the browser’s tasks (issue "Shopper UI": fast on a phone)', () => {
  it('builds the cache, then the machines, then starts them, letting the browser run between the steps', async () => {
    const requests: string[] = [];
    const steps: string[] = [];
    const shop = await createShop({
      pathname: '/ca/',
      graphqlUrl: 'https://shop.test/graphql',
      restBaseUrl: 'https://shop.test',
      origin: 'https://shop.test',
      reload: () => undefined,
      reloadPage: () => undefined,
      assign: () => undefined,
      localStorage: null,
      events: null,
      isOnline: () => true,
      // Requests are recorded and never answered.
      fetch: (input) => {
        requests.push(String(input));
        return new Promise<Response>(() => undefined);
      },
      yieldToBrowser: async () => void steps.push(`yield after ${requests.length} request(s)`),
    });
    // Nothing is sent before the last yield: the machines' first requests start in a task of their own.
    expect(steps).toEqual(['yield after 0 request(s)', 'yield after 0 request(s)']);
    await expect.poll(() => requests.some((url) => url.includes('storeConfig'))).toBe(true);
    shop.stop();
  });
});

describe('withRenderedCache (issue 12: a server-rendered page taken over in a browser that has a cache)', () => {
  it("the server's answers win field by field; fields only this browser holds stay", () => {
    const kept = {
      ROOT_QUERY: { __typename: 'Query', 'cart({"cart_id":"c1"})': { __ref: 'Cart:c1' }, 'route({"url":"/a.html"})': { __ref: 'old' } },
      'CategoryTree:Mw==': { __typename: 'CategoryTree', uid: 'Mw==', name: 'Old name', description: '<p>Frames</p>' },
      'Cart:c1': { __typename: 'Cart', id: 'c1' },
    };
    const server = {
      ROOT_QUERY: { __typename: 'Query', 'route({"url":"/a.html"})': { __ref: 'new' } },
      'CategoryTree:Mw==': { __typename: 'CategoryTree', uid: 'Mw==', name: 'Eyeglasses' },
    };
    expect(withRenderedCache(kept, server)).toEqual({
      ROOT_QUERY: { __typename: 'Query', 'cart({"cart_id":"c1"})': { __ref: 'Cart:c1' }, 'route({"url":"/a.html"})': { __ref: 'new' } },
      'CategoryTree:Mw==': { __typename: 'CategoryTree', uid: 'Mw==', name: 'Eyeglasses', description: '<p>Frames</p>' },
      'Cart:c1': { __typename: 'Cart', id: 'c1' },
    });
  });
});
