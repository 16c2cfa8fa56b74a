import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { fillAddress, putAuroraInCart } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';

// The shop's service worker runs here, as on a shopper's phone (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The page's layout at this project's width (1280 and 375 px), by geometry (bounding
 * boxes), not pixels: the footer ends the page (nothing below it), the category's filter sidebar
 * scrolls with the page, and the connection notice never covers the checkout's buttons.
 */
async function pageEnd(page: Page) {
  return page.evaluate(() => ({
    documentHeight: document.documentElement.scrollHeight,
    footerBottom: document.querySelector('footer')!.getBoundingClientRect().bottom + window.scrollY,
    viewportHeight: window.innerHeight,
  }));
}

test.describe('the page fills the screen and ends with its footer', { tag: PHONE }, () => {
  test('category page: no blank space below the footer; the sidebar filters scroll with the page', async ({ page }, testInfo) => {
    await page.goto('/ca/eyeglasses.html');
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Aurora Cat-Eye' }).first()).toBeVisible();
    const end = await pageEnd(page);
    expect(end.documentHeight).toBeGreaterThanOrEqual(end.viewportHeight);
    // The footer is the page's last thing: at most a pixel of rounding below it.
    expect(end.documentHeight - end.footerBottom).toBeLessThanOrEqual(1);
    if (testInfo.project.name !== 'desktop') return;
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    await expect(sidebar.getByRole('checkbox').first()).toBeVisible();
    // Every filter block is in the page's flow: the sidebar's panel scrolls nothing by itself.
    const scrolling = await sidebar.evaluate(
      (aside) =>
        [aside, ...aside.querySelectorAll('*')].filter(
          (el) => el.scrollHeight > el.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY),
        ).length,
    );
    expect(scrolling).toBe(0);
    // The last filter is reached by scrolling the page, and it lies above the footer.
    const lastOption = sidebar.getByRole('checkbox').last();
    await lastOption.scrollIntoViewIfNeeded();
    await expect(lastOption).toBeInViewport();
    const option = (await lastOption.boundingBox())!;
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(option.y + option.height).toBeLessThanOrEqual(footer.y);
  });

  test('a short page (the empty cart) still fills the screen and ends with its footer', async ({ page }) => {
    await page.goto('/ca/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const end = await pageEnd(page);
    expect(end.documentHeight).toBeGreaterThanOrEqual(end.viewportHeight);
    expect(end.documentHeight - end.footerBottom).toBeLessThanOrEqual(1);
  });

  test("offline at checkout: the connection notice does not cover the checkout's buttons", async ({ page, context }) => {
    await page.goto('/ca/');
    await expect(page.getByRole('combobox', { name: 'Store' })).toBeEnabled();
    await putAuroraInCart(page);
    await page.goto('/ca/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(`layout.${Date.now()}@example.com`);
    await fillAddress(page);
    await context.setOffline(true);
    const notice = page.getByText(/^You are offline\./);
    await expect(notice).toBeVisible();
    const button = page.getByRole('button', { name: 'Continue to shipping method' });
    // Scrolled to as a shopper or the keyboard brings it into view: clear of the notice.
    await button.scrollIntoViewIfNeeded();
    const clear = async () => {
      const b = (await button.boundingBox())!;
      const n = (await notice.boundingBox())!;
      return b.y + b.height <= n.y || b.y >= n.y + n.height;
    };
    expect(await clear()).toBe(true);
    // At the very end of the page the notice sits below the footer, covering nothing.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const n = (await notice.boundingBox())!;
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(n.y + 1);
    await context.setOffline(false);
  });
});
