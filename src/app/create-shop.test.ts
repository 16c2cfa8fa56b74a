import { describe, expect, it } from 'vitest';
import { createShop } from './create-shop';

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
