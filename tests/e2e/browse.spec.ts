import { expect, test, type Page, type Route } from './helpers/test';
import { PHONE } from './helpers/phone-layout';
import { expectNoAxeViolations } from './helpers/axe';

/** The shell is ready once the store switcher is enabled (the store view is settled). */
async function settled(page: Page, label = 'Store') {
  // a store-view change reloads the page and loads its messages first
  await expect(page.getByRole('combobox', { name: label })).toBeEnabled({ timeout: 20_000 });
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
const resultCount = (page: Page) => page.locator('main').getByRole('status');

/** Ticks a filter: in the sidebar on large screens, in the filter drawer on small ones (spec §2). */
async function chooseFilter(page: Page, block: string, option: string) {
  if (isPhone(page)) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('checkbox', { name: option }).check();
    await drawer.getByRole('button', { name: /^Show / }).click();
    await expect(drawer).toBeHidden();
  } else {
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    const toggle = sidebar.getByRole('button', { name: block, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await sidebar.getByRole('checkbox', { name: option }).check();
  }
}

test.describe('browsing (spec §2 routes, fallback and category page)', () => {
  test('a category with a filter and a sort, then a product: pick a colour, see the price in CAD', { tag: PHONE }, async ({ page }) => {
    await page.goto('/ca/eyeglasses.html');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
    await expect(page).toHaveTitle('Eyeglasses | Lunette Eyewear');
    await expect(resultCount(page)).toHaveText('36 frames');
    await expect(page.locator('main article')).toHaveCount(6);
    // The frames' pictures really arrive (served from the media cache under DATA_DIR, a dot folder).
    const firstPicture = page.locator('main article img').first();
    await firstPicture.scrollIntoViewIfNeeded();
    await expect.poll(() => firstPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await chooseFilter(page, 'Shape', 'Round');
    await expect(resultCount(page)).toHaveText('5 frames');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_ASC');
    await expect(page).toHaveURL(/\/ca\/eyeglasses\.html\?frame_shape=301&sort=price_ASC$/);
    const prices = async () => (await page.locator('main article').allTextContents()).map((t) => Number(/\d+\.\d\d/.exec(t)?.[0]));
    // the previous order stays on screen (dimmed) until the sorted page arrives
    await expect
      .poll(async () => {
        const shown = await prices();
        return shown.length === 5 && shown.every((p, i) => i === 0 || shown[i - 1]! <= p);
      })
      .toBe(true);
    await expectNoAxeViolations(page);

    await page.locator('main article a').first().click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'In stock' })).toBeVisible();
    const colours = page.getByRole('group', { name: /^Colour/ }).getByRole('radio');
    const second = colours.nth(1);
    const colourName = await second.evaluate((input) => input.closest('label')?.textContent?.trim() ?? '');
    await second.check();
    await expect(page.getByRole('group', { name: `Colour: ${colourName}` })).toBeVisible();
    await expect(page.locator('main img[fetchpriority="high"]')).toHaveAttribute('alt', new RegExp(colourName, 'i'));
    // en-CA prices in CAD read "$130.15" (a USD price would read "US$")
    await expect(
      page
        .locator('main p')
        .filter({ hasText: /^\$\d+\.\d\d/ })
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('search from the header: suggestions as you type, then the product', { tag: PHONE }, async ({ page }) => {
    await page.goto('/ca/');
    await settled(page);
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('combobox', { name: 'Search frames' });
    await expect(input).toBeFocused();
    await input.fill('aurora');
    await expect(page.getByRole('option', { name: /Aurora Cat-Eye/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('option', { name: /Aurora Cat-Eye/ }).click();
    await expect(page).toHaveURL(/\/ca\/aurora-cat-eye\.html$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aurora Cat-Eye' })).toBeVisible();
  });

  test('the search page lists results with the category filters and sort', async ({ page }) => {
    await page.goto('/ca/');
    await settled(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search frames' }).fill('round');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/ca\/search\.html\?query=round$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “round”' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('6 frames');
    await expectNoAxeViolations(page);
    await page.locator('main article a').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('an unknown URL says the page does not exist (spec §8)', async ({ page }) => {
    await page.goto('/ca/no-such-frames.html');
    await expect(page.getByRole('heading', { level: 1, name: "Looks like the page you were hoping to find doesn't exist. Sorry about that." })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a 301 from the backend lands on the current URL (spec §2 redirect)', async ({ page }) => {
    await page.goto('/ca/glasses.html');
    await expect(page).toHaveURL(/\/ca\/eyeglasses\.html$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
  });

  test('a redirect to another site is the generic error, never followed (spec §2 redirect rule)', async ({ page }) => {
    await page.goto('/ca/lens-guide');
    await expect(page.getByRole('alert')).toContainText('Something went wrong. Sorry about that.');
    await expect(page).toHaveURL(/\/ca\/lens-guide$/);
  });

  test('the navigation drawer holds the category tree, traps focus and closes on Escape', { tag: PHONE }, async ({ page }) => {
    await page.goto('/ca/');
    await settled(page);
    const menu = page.getByRole('button', { name: 'Shop by category' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Shop by category' });
    await expect(drawer.getByRole('link', { name: 'Sunglasses' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await drawer.getByRole('link', { name: 'Sunglasses' }).click();
    await expect(page).toHaveURL(/\/ca\/sunglasses\.html$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sunglasses' })).toBeFocused();
  });

  test('footer CMS links open their pages through the route fallback', async ({ page }) => {
    await page.goto('/ca/');
    await settled(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping and returns' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shipping and returns' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/fr/ shows the French shop with prices in EUR', async ({ page }) => {
    await page.goto('/fr/eyeglasses.html');
    await settled(page, 'Boutique');
    // the category's French name (store-scoped); its URL key stays shared
    await expect(page.getByRole('heading', { level: 1, name: 'Lunettes de vue' })).toBeVisible();
    await expect(resultCount(page)).toHaveText('36 montures');
    await expect(page.locator('main article').first()).toContainText('€');
    await expect(page.getByRole('combobox', { name: 'Trier par' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('page loading on a slow network (spec §2: a loading flag is set while route data is fetched)', () => {
  // The held request must reach page.route, not be answered by the service worker.
  test.use({ serviceWorkers: 'block' });

  test('the page-loading indicator shows while a category URL resolves, then the category', async ({ page }) => {
    await page.goto('/ca/eyeglasses.html');
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
    const indicator = page.getByRole('status').filter({ hasText: /^Loading…$/ });
    await expect(indicator).toHaveCount(0);

    // The next `route` query waits until the test lets it go: a very slow network.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(
      (url) => url.pathname === '/graphql' && url.searchParams.get('operationName') === 'ResolveURL',
      async (route: Route) => {
        held += 1;
        await released;
        await route.continue();
      },
    );

    await page.getByRole('button', { name: 'Shop by category' }).click();
    await page.getByRole('dialog', { name: 'Shop by category' }).getByRole('link', { name: 'Sunglasses' }).click();
    await expect(page).toHaveURL(/\/ca\/sunglasses\.html$/);
    await expect(indicator).toBeVisible();
    // The category shimmer holds the page's place; the previous category is not shown for the new URL.
    await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toHaveCount(0);
    await expect.poll(() => held).toBe(1);

    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Sunglasses' })).toBeVisible();
    await expect(indicator).toHaveCount(0);
  });
});
