import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { gql } from './helpers/checkout-setup';
import { createCustomerWithAddress, customerTokenOf, signInWithToken, waitForCustomerCart } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';

/**
 * A new shopper's walk at 1280 and 375 px: the product page's measurements
 * follow the size chosen; a guest's "Sign in to save" comes back to the colour and size chosen and
 * saves them; the saved state is right for a wishlist longer than one page.
 */

/** The millimetres shown for a measurement in "Frame measurements". */
async function measured(page: Page, label: string): Promise<number> {
  const section = page.getByRole('region', { name: 'Frame measurements' });
  const value = await section.locator(`dt:text-is("${label}") + dd`).textContent();
  return Number.parseFloat((value ?? '').replace(/[^\d.]/g, ''));
}

async function chooseMilo(page: Page, colour: string, size: string) {
  await page.getByRole('radio', { name: colour }).check();
  await page.getByRole('radio', { name: size, exact: true }).check();
}

test('the measurements follow the size chosen, and "About this frame" names no width of another size', { tag: PHONE }, async ({ page }) => {
  await page.goto('/ca/milo-round.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Milo Round' })).toBeVisible();
  const standard = await measured(page, 'Lens width');
  const standardFrame = await measured(page, 'Frame width');
  // a size alone is enough: its widths do not change with the colour
  await page.getByRole('radio', { name: 'L', exact: true }).check();
  await expect.poll(() => measured(page, 'Lens width')).toBe(standard + 2);
  // Tortoise S is out of stock: its measurements still show (the radio is named "S (out of stock)")
  await page.getByRole('radio', { name: 'Tortoise' }).check();
  await page.getByRole('radio', { name: /^S\b/ }).check();
  await expect.poll(() => measured(page, 'Lens width')).toBe(standard - 2);
  await expect.poll(() => measured(page, 'Frame width')).toBe(standardFrame - 4);
  const about = page.getByRole('region', { name: 'About this frame' });
  await expect(about).toBeVisible();
  await expect(about).not.toContainText('Lens width');
  await expect(about).not.toContainText('Frame width');
});

test('a guest who signs in to save a frame comes back to the colour and size chosen, and the frame is saved', async ({ page, request }, testInfo) => {
  const customer = await createCustomerWithAddress(request, 'Gwen', `guest-save.${testInfo.project.name}.${Date.now()}@example.com`);
  await page.goto('/ca/milo-round.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Milo Round' })).toBeVisible();
  await chooseMilo(page, 'Tortoise', 'L');
  await page.getByRole('link', { name: 'Sign in to save this frame to your wishlist' }).click();
  await expect(page).toHaveURL(/\/ca\/sign-in/);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/ca\/milo-round\.html\?color=\d+&size=\d+$/);
  await expect(page.getByRole('radio', { name: 'Tortoise' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  await expect(page.getByRole('main').getByText('Saved to your wishlist', { exact: true })).toBeVisible();
  const token = await customerTokenOf(request, customer.email);
  const { customer: saved } = await gql<{ customer: { wishlists: { items_v2: { items: { configured_variant: { sku: string } | null }[] } }[] } }>(
    request,
    '{ customer { wishlists { items_v2 { items { ... on ConfigurableWishlistItem { configured_variant { sku } } } } } } }',
    {},
    token,
  );
  expect(saved.wishlists[0]!.items_v2.items.map((i) => i.configured_variant?.sku)).toEqual([expect.stringMatching(/-L$/)]);
});

test('a frame saved after 20 others (on the wishlist\'s second page) reads "Saved to your wishlist" on its page', async ({ page, request }, testInfo) => {
  const customer = await createCustomerWithAddress(request, 'Lena', `long-list.${testInfo.project.name}.${Date.now()}@example.com`);
  const token = await customerTokenOf(request, customer.email);
  const { products } = await gql<{ products: { items: { sku: string; url_key: string; variants?: { product: { sku: string } }[] }[] } }>(
    request,
    '{ products(search: "", pageSize: 12) { items { sku url_key ... on ConfigurableProduct { variants { product { sku } } } } } }',
  );
  const others = products.items
    .filter((p) => p.url_key !== 'milo-round')
    .flatMap((p) => (p.variants ?? []).map((v) => ({ sku: v.product.sku, parent: p.sku })))
    .slice(0, 20);
  const milo = products.items.find((p) => p.url_key === 'milo-round');
  expect(others).toHaveLength(20);
  const { customer: lists } = await gql<{ customer: { wishlists: { id: string }[] } }>(request, '{ customer { wishlists { id } } }', {}, token);
  const add = (sku: string, parent: string) =>
    gql(
      request,
      'mutation ($id: ID!, $sku: String!, $parent: String) { addProductsToWishlist(wishlistId: $id, wishlistItems: [{ sku: $sku, parent_sku: $parent, quantity: 1 }]) { user_errors { message } } }',
      { id: lists.wishlists[0]!.id, sku, parent },
      token,
    );
  for (const other of others) await add(other.sku, other.parent);
  const miloTortoiseM = await gql<{ products: { items: { sku: string; variants: { product: { sku: string; name: string } }[] }[] } }>(
    request,
    '{ products(filter: { url_key: { eq: "milo-round" } }) { items { sku ... on ConfigurableProduct { variants { product { sku name } } } } } }',
  );
  const variant = miloTortoiseM.products.items[0]!.variants.find((v) => v.product.name.endsWith('Tortoise M'))!;
  await add(variant.product.sku, milo?.sku ?? miloTortoiseM.products.items[0]!.sku);

  await signInWithToken(page, token);
  await page.goto('/ca/milo-round.html');
  await waitForCustomerCart(page);
  await chooseMilo(page, 'Tortoise', 'M');
  await expect(page.getByRole('main').getByText('Saved to your wishlist', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeEnabled();
  await chooseMilo(page, 'Tortoise', 'L');
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();
});

test('spec §3 Wishlist: a frame saved with a colour but no size keeps its colour, on its page and in the wishlist', async ({ page, request }, testInfo) => {
  const customer = await createCustomerWithAddress(request, 'Cleo', `colour-only.${testInfo.project.name}.${Date.now()}@example.com`);
  await signInWithToken(page, await customerTokenOf(request, customer.email));
  await page.goto('/ca/milo-round.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Milo Round' })).toBeVisible();
  // Crystal, not the frame's own picture (tortoise), so the card's picture shows which colour was saved.
  await page.getByRole('radio', { name: 'Crystal' }).check();
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('main').getByText('Saved to your wishlist', { exact: true })).toBeVisible();
  // Another colour is not the one saved.
  await page.getByRole('radio', { name: 'Tortoise' }).check();
  await expect(page.getByRole('button', { name: 'Add to wishlist' })).toBeVisible();

  await page.goto('/ca/wishlist');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Milo Round' }) });
  await expect(card.getByText('Colour: Crystal')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Milo Round' })).toHaveAttribute('href', /\/milo-round\.html\?color=\d+$/);
  // The card shows the saved colour's picture, as the product page does once that colour is chosen.
  await expect(card.locator('img')).toHaveAttribute('src', /crystal/);
});

test.describe('the frame alone, without lenses (ADR 035 "Frame only"; domain/eyewear.md "lens flow")', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    "the lens wizard sells the frame alone: its first step, then the review at the frame's price, and the cart names it",
    { tag: PHONE },
    async ({ page }) => {
      await page.goto('/ca/customize/milo-round');
      await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Milo Round' })).toBeVisible();
      await chooseMilo(page, 'Crystal', 'M');
      await page.getByRole('button', { name: 'Next' }).click();
      const frameOnly = page.getByRole('radio', { name: /^Frame only/ });
      await expect(frameOnly).toHaveAccessibleDescription(/The frame alone, without lenses: no prescription, the price of the frame\./);
      await frameOnly.check();
      await page.getByRole('button', { name: 'Next' }).click();

      // Straight to the review: no prescription, lens or coating step.
      await expect(page.getByRole('heading', { name: 'Review your glasses' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Steps' })).not.toContainText(/Prescription|Lens thickness|Coatings/);
      const breakdown = page.getByRole('table', { name: 'Price breakdown' });
      const rows = breakdown.locator('tbody tr');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1)).toContainText('Frame only – no lenses');
      const framePrice = (await rows.nth(0).locator('td').textContent())?.trim();
      await expect(breakdown.locator('tfoot td')).toHaveText(framePrice!);
      await expect(page.getByRole('button', { name: 'Change lenses' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('Milo Round is in your cart, without lenses.')).toBeVisible();
      await page.getByRole('link', { name: 'Go to the cart' }).click();
      const line = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Milo Round', exact: true }) });
      await expect(line).toContainText('Frame only – no lenses');
      await expect(line).not.toContainText(/Lens index|Prescription/);
      await expect(line).toContainText(framePrice!);
    },
  );

  test('a rimless frame\'s lens is moved to polycarbonate for its drilling, and the notice says so, not "thinner lenses"', { tag: PHONE }, async ({ page }) => {
    await page.goto('/ca/customize/harper-square');
    await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Harper Square' })).toBeVisible();
    for (const group of await page.locator('main fieldset').all()) await group.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Non-prescription/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('status').filter({ hasText: /we selected/ })).toHaveText(
      'Rimless frames hold their lenses by holes drilled through them, which needs a stronger lens: we selected 1.59 Polycarbonate.',
    );
    await expect(page.getByText(/thinner lenses/)).toHaveCount(0);
    await expect(page.getByRole('radio', { name: /1\.59 Polycarbonate/ })).toBeChecked();
  });
});
