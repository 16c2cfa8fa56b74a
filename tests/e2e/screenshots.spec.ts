import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './helpers/test';
import { gql } from './helpers/checkout-setup';
import { AURORA_TORTOISE, createCustomerWithAddress, customerTokenOf, fillAddress, signInWithToken, waitForCustomerCart } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';

/**
 * The shopper's pages at 375 and 1280 px, each asserted on. With `SCREENSHOTS_DIR` set, each page is
 * also kept as a picture in `<SCREENSHOTS_DIR>/<desktop|phone>/`, so a change to a screen can be
 * looked at before and after (scripts/shrink-screenshots.mjs makes the docs' pictures of them). The
 * gate (`npm test`) sets no folder and takes none: nothing compares them (docs/testing.md), and a
 * full-page shot after the network settles cost a second or two of a 2-core machine each.
 */
const ROOT = process.env.SCREENSHOTS_DIR ? resolve(process.env.SCREENSHOTS_DIR) : null;

function camera(page: Page, testInfo: TestInfo) {
  if (!ROOT) return async (_name: string) => {};
  const folder = resolve(ROOT, testInfo.project.name);
  mkdirSync(folder, { recursive: true });
  let count = 0;
  return async (name: string) => {
    count += 1;
    // Animations settle and lazy pictures load before the shot.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: resolve(folder, `${String(count).padStart(2, '0')}-${name}.png`), fullPage: true, animations: 'disabled' });
  };
}

test.describe('screenshots of every shopper page at this width', { tag: PHONE }, () => {
  test.describe.configure({ timeout: 180_000 });

  test('catalog, lens wizard, cart, guest checkout and receipt', async ({ page }, testInfo) => {
    const shoot = camera(page, testInfo);
    await page.goto('/ca/');
    await expect(page.getByRole('main')).toBeVisible();
    await shoot('home');
    await page.goto('/ca/eyeglasses.html');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot('category');
    await page.goto('/ca/milo-round.html');
    await expect(page.getByRole('heading', { level: 1, name: 'Milo Round' })).toBeVisible();
    await shoot('product');

    await page.goto('/ca/customize/milo-round');
    await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Milo Round' })).toBeVisible();
    await page.getByRole('radio', { name: 'Tortoise' }).check();
    const sizeM = page.getByRole('radio', { name: 'M', exact: true });
    if (await sizeM.count()) await sizeM.check();
    await shoot('wizard-frame');
    await page.getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('radio', { name: /Single vision/ })
      .first()
      .check();
    await shoot('wizard-usage');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'Send it later' }).check();
    await shoot('wizard-prescription');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    await shoot('wizard-lenses');
    await page.getByRole('button', { name: 'Next' }).click();
    await shoot('wizard-coatings');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('table', { name: 'Price breakdown' })).toBeVisible();
    await shoot('wizard-review');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Milo Round is in your cart with your lenses.')).toBeVisible();

    await page.goto('/ca/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Milo Round').first()).toBeVisible();
    await shoot('cart');

    await page.goto('/ca/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await page.getByLabel('Email').fill(`screens.${testInfo.project.name}.${Date.now()}@example.com`);
    await fillAddress(page);
    await shoot('checkout-address');
    await page.getByRole('button', { name: 'Continue to shipping method' }).click();
    await expect(page.getByRole('radio').first()).toBeVisible();
    await shoot('checkout-shipping-method');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Check \/ Money order/ }).check();
    await shoot('checkout-payment');
    await page.getByRole('button', { name: 'Review your order' }).click();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
    await shoot('checkout-review');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    // The order waits for the prescription sent later: the receipt says how and by when.
    await expect(page.getByRole('region', { name: 'Next step: send your prescription' })).toBeVisible();
    await shoot('receipt');
  });

  test('account pages of a customer with a saved address', async ({ page, request }, testInfo) => {
    const shoot = camera(page, testInfo);
    const customer = await createCustomerWithAddress(request, 'Irene', `screens.account.${testInfo.project.name}.${Date.now()}@example.com`);
    const token = await customerTokenOf(request, customer.email);
    // A frame on the wishlist, so its page shows an item (price, colour, actions).
    const { customer: lists } = await gql<{ customer: { wishlists: { id: string }[] } }>(request, '{ customer { wishlists { id } } }', {}, token);
    await gql(
      request,
      'mutation ($id: ID!, $sku: String!, $parent: String) { addProductsToWishlist(wishlistId: $id, wishlistItems: [{ sku: $sku, parent_sku: $parent, quantity: 1 }]) { user_errors { message } } }',
      { id: lists.wishlists[0]!.id, sku: AURORA_TORTOISE.sku, parent: AURORA_TORTOISE.parentSku },
      token,
    );
    await signInWithToken(page, token);
    await page.goto('/ca/');
    await waitForCustomerCart(page);
    for (const [path, name] of [
      ['/ca/account-information', 'account-information'],
      ['/ca/address-book', 'account-address-book'],
      ['/ca/order-history', 'account-orders'],
      ['/ca/wishlist', 'account-wishlist'],
      ['/ca/prescription', 'account-prescriptions'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(name);
    }
  });
});
