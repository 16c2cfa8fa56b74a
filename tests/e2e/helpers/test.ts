/**
 * Playwright's `test` and `expect` for the shop's journeys: `page.goto` and `page.reload` come back
 * once the shop runs in the page (`<html data-shop-ready>`, set by ShopRoot). A page rendered on the
 * server is on screen before its code has taken it over; a journey that clicked at once
 * would click a page that does nothing yet. A page the shop does not load (a raw answer, an
 * error page) is not waited for.
 */
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * Waits for the shop to run the page: a page with the app's module script, or a server page whose
 * loader asks for it after its picture (ADR 033: its capture defines `__shopEarlyInteractions`).
 * What a shopper does before that is kept and replayed, proven on purpose by early-clicks.spec.ts;
 * the other journeys act on a running shop, as a shopper who waits a moment does.
 */
async function shopReady(page: Page): Promise<void> {
  const wait = () =>
    !(document.querySelector('script[type="module"]') || '__shopEarlyInteractions' in window) || document.documentElement.dataset.shopReady === 'true';
  await page.waitForFunction(wait, undefined, {
    timeout: 20_000,
  });
}

export const test = base.extend({
  // The journeys' API set-up (`request`) opens a connection a request. Node's server closes a
  // keep-alive connection idle for 5 s; Playwright's client keeps it in its pool and a POST sent on it
  // at that moment is reset (ECONNRESET: a client retries only idempotent requests), which failed a
  // journey's set-up on a loaded machine. A browser retries such a request itself.
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
    await use(request);
    await request.dispose();
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()['content-type']?.startsWith('text/html')) await shopReady(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (response?.headers()['content-type']?.startsWith('text/html')) await shopReady(page);
      return response;
    };
    await use(page);
  },
});
