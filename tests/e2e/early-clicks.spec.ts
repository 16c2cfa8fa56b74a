/**
 * ADR 033: a server page shows before its code runs (its scripts are asked for once its
 * LCP picture is painted). What a shopper does in that window is kept: the page records it and the
 * shop replays it once React runs the page. Each test holds the app's entry script back until the
 * shopper has acted, then lets it go.
 */
// Playwright's own `test`: the suite's (./helpers/test) waits in `goto` for the shop to run, which
// here is held back on purpose.
import { expect, test, type Page } from '@playwright/test';
import { hydrationComplaints } from './helpers/hydration';

/** Holds the app's entry script (`/assets/index-*.js`) until the returned function is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * The page's `load` waits for a script asked for before it: the loader asks once the LCP picture is
 * painted, or after 3 s, which a slow machine reaches before `load`. With the script held, `load`
 * would then never come: the tests go on once the HTML is parsed and wait for what they look at.
 */
const HELD = { waitUntil: 'domcontentloaded' } as const;

const shopRunning = (page: Page) => page.evaluate(() => document.documentElement.dataset.shopReady === 'true');

test.describe('what a shopper does before a server page’s code runs (ADR 033)', () => {
  // The held script must reach page.route, not be answered by the service worker.
  test.use({ serviceWorkers: 'block' });

  test('a colour checked before hydration is the colour chosen after it: the lens link follows', async ({ page }) => {
    const complaints = hydrationComplaints(page);
    const release = await holdEntryScript(page);
    await page.goto('/ca/milo-round.html', HELD);
    await expect(page.getByRole('heading', { level: 1, name: 'Milo Round' })).toBeVisible();
    const lenses = page.getByRole('link', { name: 'Choose your lenses' });
    const before = await lenses.getAttribute('href');
    await page.getByRole('radio', { name: 'Tortoise' }).check();
    expect(await shopRunning(page)).toBe(false);

    release();
    await expect.poll(() => shopRunning(page)).toBe(true);
    await expect(page.getByRole('radio', { name: 'Tortoise' })).toBeChecked();
    await expect(lenses).not.toHaveAttribute('href', before ?? '');
    // The shop's state has the colour: the next choice (a size) keeps it in the link.
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await lenses.click();
    await expect(page).toHaveURL(/\/ca\/customize\/milo-round\?color=\d+&size=\d+(&step=frame)?$/);
    await expect(page.getByRole('radio', { name: 'Tortoise' })).toBeChecked();
    await expect(page.getByTestId('customise-frame-image')).toHaveAttribute('src', /tortoise/);
    expect(complaints).toEqual([]);
  });

  test('the category drawer clicked open before hydration opens once the shop runs', async ({ page }) => {
    const complaints = hydrationComplaints(page);
    const release = await holdEntryScript(page);
    await page.goto('/ca/eyeglasses.html', HELD);
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
    await page.getByRole('button', { name: 'Shop by category' }).click();
    expect(await shopRunning(page)).toBe(false);
    const drawer = page.getByRole('dialog', { name: 'Shop by category' });
    await expect(drawer).toHaveCount(0);

    release();
    await expect(drawer.getByRole('link', { name: 'Sunglasses' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Sunglasses' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sunglasses' })).toBeVisible();
    expect(complaints).toEqual([]);
  });

  test('the header’s search opened before hydration opens once the shop runs, and searches', async ({ page }) => {
    const complaints = hydrationComplaints(page);
    const release = await holdEntryScript(page);
    await page.goto('/ca/eyeglasses.html', HELD);
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    expect(await shopRunning(page)).toBe(false);

    release();
    const search = page.getByRole('combobox', { name: 'Search frames' });
    await search.fill('round');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ca\/search\.html\?query=round$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “round”' })).toBeVisible();
    expect(complaints).toEqual([]);
  });
});
