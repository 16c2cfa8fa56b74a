import { expect, test, type Locator, type Page } from './helpers/test';
import { AURORA, AURORA_TORTOISE, ADA, SEED_PASSWORD, createCustomerWithAddress, putFrameInCart, waitForShell } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';

/**
 * The flows the machines own (ADR 010), seen as a shopper sees them (1280 and 375 px):
 * - two frames of different colours in the cart show their own colour and size, in the cart and in
 *   the mini cart (each line's own variant, never the last line's: spec §3 Client cache identity);
 * - a failed cart merge after sign-in, and a guest checkout email that already has an account, are
 *   told in the one toast region (spec §3 Toast; before, the toast machine received them and no view
 *   rendered them).
 */

/** The colour and size each Aurora line of a list shows, and the picture it shows, in document order. */
async function auroraLinesOf(list: Locator) {
  const rows = list.locator('li').filter({ has: list.page().getByRole('link', { name: 'Aurora Cat-Eye', exact: true }) });
  await expect(rows).toHaveCount(2);
  const lines: { colour: string; size: string; image: string }[] = [];
  for (const row of await rows.all()) {
    const valueOf = async (label: string) => (await row.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText()).trim();
    lines.push({ colour: await valueOf('Colour'), size: await valueOf('Size'), image: (await row.locator('img').first().getAttribute('src')) ?? '' });
  }
  return lines;
}

function expectOwnVariants(lines: { colour: string; size: string; image: string }[]) {
  expect(lines.map((line) => line.colour).sort()).toEqual(['Black', 'Tortoise']);
  for (const line of lines) {
    expect(line.size).toBe('M');
    // Each line's picture is its own colour's (configured_variant), not the other line's.
    expect(line.image.toLowerCase()).toContain(line.colour.toLowerCase());
  }
}

async function toastRegion(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

test(
  'spec §3 Cart item and Client cache identity: two colours of one frame each show their own colour and size, in the cart and the mini cart',
  { tag: PHONE },
  async ({ page }) => {
    await page.goto('/ca/cart');
    await waitForShell(page);
    await putFrameInCart(page, AURORA);
    await putFrameInCart(page, AURORA_TORTOISE);
    await page.reload();
    await waitForShell(page);

    const cartList = page
      .getByRole('main')
      .locator('ul')
      .filter({ has: page.getByRole('link', { name: 'Aurora Cat-Eye', exact: true }) })
      .first();
    expectOwnVariants(await auroraLinesOf(cartList));

    await page.getByRole('button', { name: /^Cart, 2 items$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer.getByRole('link', { name: 'Aurora Cat-Eye', exact: true })).toHaveCount(2);
    expectOwnVariants(await auroraLinesOf(drawer.locator('ul').first()));
  },
);

test('toasts (spec §4 sign-in merge): a cart merge that fails after sign-in is told in a toast', async ({ page, request }) => {
  const shopper = await createCustomerWithAddress(request, 'Mira', `merge-${Date.now()}@example.com`);
  await page.goto('/ca/sign-in');
  await waitForShell(page);
  await putFrameInCart(page, AURORA);
  // The backend refuses the merge (as Magento does when a cart cannot be merged).
  await page.route('**/graphql**', async (route) => {
    if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('mergeCarts')) {
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [{ message: 'The carts could not be merged.' }], data: { mergeCarts: null } }),
      });
      return;
    }
    await route.fallback();
  });
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password').fill(SEED_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const toast = (await toastRegion(page)).locator('[data-toast-type="error"]');
  await expect(toast).toContainText('The carts could not be merged.');
  await expect(toast.getByRole('button', { name: 'Dismiss notification' })).toBeVisible();
});

test('toasts (spec §4 Checkout): a guest email that already has an account raises a toast and a hint by the field', async ({ page }) => {
  await page.goto('/ca/cart');
  await waitForShell(page);
  await putFrameInCart(page, AURORA);
  await page.goto('/ca/checkout');
  await waitForShell(page);
  const email = page.getByLabel('Email');
  await email.fill(ADA);
  await email.press('Tab');

  const toast = (await toastRegion(page)).locator('[data-toast-type="info"]');
  await expect(toast).toContainText('This email already has an account');
  // What was typed stays; the guest may go on.
  await expect(email).toHaveValue(ADA);
});
