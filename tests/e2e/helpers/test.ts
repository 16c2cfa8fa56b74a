/**
 * Playwright's `test` and `expect` for the shop's journeys: `page.goto` and `page.reload` come back
 * once the shop runs in the page (`<html data-shop-ready>`, set by ShopRoot). A page rendered on the
 * server (issue 12) is on screen before its code has taken it over; a journey that clicked at once
 * would click a page that does nothing yet. A page the shop does not load (a raw answer, an
 * error page) is not waited for.
 */
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

async function shopReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('script[type="module"]') || document.documentElement.dataset.shopReady === 'true', undefined, {
    timeout: 20_000,
  });
}

export const test = base.extend({
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
