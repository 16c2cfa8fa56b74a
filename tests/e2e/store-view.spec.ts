import { PHONE } from './helpers/phone-layout';
import { putAuroraInCart } from './helpers/shop-session';
import { expect, test, type Page } from './helpers/test';
import { expectNoAxeViolations } from './helpers/axe';

const stored = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = window.localStorage.getItem(k);
    return raw ? (JSON.parse(raw) as { value: unknown }).value : null;
  }, key);

/** The store switcher once the store view is settled (it is disabled while loading or reloading). */
async function settledStore(page: Page, label = 'Store') {
  const select = page.getByRole('combobox', { name: label });
  await expect(select).toBeEnabled();
  return select;
}

test.describe('store views (spec §2 store-view prefix)', () => {
  // A page the browser renders itself (the server renders catalog pages with their store config).
  test('the shell opens on /ca/sign-in with store config fetched by a minified GET query', async ({ page }) => {
    const queries: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/graphql')) queries.push(`${r.method()} ${decodeURIComponent(r.url())}`);
    });
    await page.goto('/ca/sign-in');
    await expect(page.getByRole('link', { name: 'Lunette, home' })).toBeVisible();
    await expect(await settledStore(page)).toHaveValue('ca');
    await expect(page.getByRole('option')).toHaveCount(13);
    const getLocale = queries.find((q) => q.includes('query getLocale'));
    expect(getLocale).toMatch(/^GET .*\/graphql\?query=query getLocale\{storeConfig\{store_code locale/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-CA');
    expect(await stored(page, 'store_view_code')).toBe('ca');
    expect(await stored(page, 'store_view_currency')).toBe('CAD');
  });

  test('a URL naming another store view saves code, currency and media URL, then reloads into it', async ({ page }) => {
    await page.goto('/ca/');
    await expect(await settledStore(page)).toHaveValue('ca');
    await page.goto('/fr/');
    await expect(await settledStore(page, 'Boutique')).toHaveValue('fr');
    await expect.poll(() => stored(page, 'store_view_code')).toBe('fr');
    expect(await stored(page, 'store_view_currency')).toBe('EUR');
    expect(await stored(page, 'store_view_secure_base_media_url')).toMatch(/\/media\/$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
  });

  test('the longest code wins: /default/ is the default store view, not "de"', async ({ page }) => {
    await page.goto('/default/');
    await expect(await settledStore(page)).toHaveValue('default');
    await expect.poll(() => stored(page, 'store_view_currency')).toBe('USD');
  });

  test('switching store view in the header reloads the same page in the new store', async ({ page }) => {
    await page.goto('/ca/');
    await (await settledStore(page)).selectOption('uk');
    await expect(page).toHaveURL(/\/uk\/$/);
    await expect(await settledStore(page)).toHaveValue('uk');
    await expect.poll(() => stored(page, 'store_view_currency')).toBe('GBP');
  });

  test('a path without a store code opens under the current store view', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/ca\/$/);
  });

  test('a corrupt stored store view is ignored, never a crash', async ({ page }) => {
    await page.goto('/ca/');
    await page.evaluate(() => window.localStorage.setItem('store_view_code', '{broken'));
    await page.goto('/ca/');
    await expect(await settledStore(page)).toHaveValue('ca');
  });

  test('the shell has no accessibility violations', async ({ page }) => {
    await page.goto('/ca/');
    await expect(await settledStore(page)).toHaveValue('ca');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('the cart left in another store view (spec §9: each store view has its own cart)', { tag: PHONE }, () => {
  const leftNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'Your cart in CA - Canada (1 item) stayed there' });

  /** A Canadian cart holding one frame, then a switch to the UK store view on the cart page. */
  async function switchWithCart(page: Page) {
    await page.goto('/ca/cart');
    await settledStore(page);
    await putAuroraInCart(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await (await settledStore(page)).selectOption('uk');
    await expect(page).toHaveURL(/\/uk\/cart$/);
    await expect(await settledStore(page)).toHaveValue('uk');
  }

  test("the new view's cart page and empty mini-cart say where the cart stayed; Switch back returns to it, intact", async ({ page }) => {
    await switchWithCart(page);
    await expect(page.getByText('There are no items in your cart.')).toBeVisible();
    await expect(leftNotice(page)).toContainText('each store view keeps its own cart');

    await page.getByRole('button', { name: 'Cart, 0 items' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(leftNotice(page).and(drawer.getByRole('status'))).toBeVisible();
    await drawer.getByRole('button', { name: 'Switch back to CA - Canada' }).click();

    await expect(page).toHaveURL(/\/ca\/cart$/);
    await expect(await settledStore(page)).toHaveValue('ca');
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Aurora Cat-Eye').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'stayed there' })).toHaveCount(0);
  });

  test('dismissing the notice hides it, and it stays hidden after a reload', async ({ page }) => {
    await switchWithCart(page);
    await expect(leftNotice(page)).toBeVisible();
    await leftNotice(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(leftNotice(page)).toHaveCount(0);
    await page.reload();
    await expect(await settledStore(page)).toHaveValue('uk');
    await expect(page.getByText('There are no items in your cart.')).toBeVisible();
    await expect(leftNotice(page)).toHaveCount(0);
  });
});
