import { expect, test, type Page } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';

/**
 * Spec §2 `/abandonedcart/checkout/cart/id/{id}/token/{token}/` against the seeded link
 * (guest cart 1 with one Aurora Cat-Eye; see backend/src/modules/cart/cart.seed.ts).
 */
const SEEDED_LINK = '/ca/abandonedcart/checkout/cart/id/1/token/5eed0abandoned0cart0token0000001/';
const CART_KEY = 'cartId_ca';

const storedCartId = (page: Page) =>
  page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? ((JSON.parse(raw) as { value: unknown }).value as string) : null;
  }, CART_KEY);

/** A shopper who already has a cart of their own (created by the shop on the first visit). */
async function shopperWithCart(page: Page): Promise<string> {
  await page.goto('/ca/cart');
  await expect(page.getByText('There are no items in your cart.')).toBeVisible();
  const id = await storedCartId(page);
  expect(id).toMatch(/^\w{32}$/);
  return id!;
}

test.describe('spec §2 abandoned-cart link', () => {
  test('the seeded link restores that cart as the current one and opens /cart', async ({ page }) => {
    const before = await shopperWithCart(page);
    await page.goto(SEEDED_LINK);
    await expect(page).toHaveURL(/\/ca\/cart$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
    await expect(page.getByText('Aurora Cat-Eye').first()).toBeVisible();
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
    const after = await storedCartId(page);
    expect(after).toMatch(/^\w{32}$/);
    expect(after).not.toBe(before);
  });

  test('a wrong token says the link is not valid and KEEPS the current cart', async ({ page }) => {
    const before = await shopperWithCart(page);
    await page.goto('/ca/abandonedcart/checkout/cart/id/1/token/not0the0right0token/');
    await expect(page.getByRole('heading', { level: 1, name: 'This cart link has expired or is not valid' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Your current cart has not changed.', { exact: true })).toBeVisible();
    expect(await storedCartId(page)).toBe(before);
    await expectNoAxeViolations(page, 'main');
    await page.getByRole('link', { name: 'View your current cart' }).click();
    await expect(page).toHaveURL(/\/ca\/cart$/);
    await expect(page.getByText('There are no items in your cart.')).toBeVisible();
    expect(await storedCartId(page)).toBe(before);
  });

  test('a cut or malformed link is refused without asking the shop, and keeps the cart', async ({ page }) => {
    const before = await shopperWithCart(page);
    const restores: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/graphql') && (r.postData() ?? '').includes('RestoreAbandonedCart')) restores.push(r.url());
    });
    await page.goto('/ca/abandonedcart/checkout/cart/id/one/token/abc/');
    await expect(page.getByRole('heading', { level: 1, name: 'This cart link has expired or is not valid' })).toBeVisible();
    expect(restores).toEqual([]);
    expect(await storedCartId(page)).toBe(before);
  });
});
