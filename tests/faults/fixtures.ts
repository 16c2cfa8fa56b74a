import { cartWithAddresses } from '../e2e/helpers/checkout-setup';
import { test as shopTest } from '../e2e/helpers/test';
import { newestOrderNumber, OrderLedger } from './backend-counts';
import { ShopServer } from './shop-server';

export * from '../e2e/helpers/test';

/**
 * The fault suite's `test`: the shop's page readiness (tests/e2e/helpers/test.ts) and, for the
 * worker, the production server on a fresh database that a case may stop and start again, and a
 * ledger of the orders placed (counted from the backend).
 */
export const test = shopTest.extend<object, { shop: ShopServer; ledger: OrderLedger }>({
  shop: [
    // eslint-disable-next-line no-empty-pattern -- the worker fixture asks for no other fixture
    async ({}, use, workerInfo) => {
      // One server a worker (its own port and data): a case that stops and starts it cuts no other worker's requests.
      const shop = new ShopServer(workerInfo.parallelIndex);
      shop.reset();
      await shop.start();
      try {
        await use(shop);
      } finally {
        await shop.stop();
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  // Pages and API calls go to this worker's server.
  baseURL: async ({ shop }, use) => use(shop.url),
  ledger: [
    async ({ shop, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: shop.url });
      const cartId = await cartWithAddresses(request, { email: 'ledger@example.com' });
      const ledger = new OrderLedger(await newestOrderNumber(request, cartId));
      await request.dispose();
      await use(ledger);
    },
    { scope: 'worker' },
  ],
});
