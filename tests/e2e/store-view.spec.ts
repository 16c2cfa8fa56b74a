import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './helpers/test';

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
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
