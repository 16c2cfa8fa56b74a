import { expect, test, type Page } from './helpers/test';
import { PHONE } from './helpers/phone-layout';
import { expectNoAxeViolations } from './helpers/axe';

// The shop's service worker runs here, as on a shopper's phone (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Spec §2 "Other visible pieces" (offline indicator, offline/online overlay, unhandled-error
 * overlay with a page reload), §4 App (online/offline handlers), §8 unhandled errors, §9 log buffer:
 * the shell shows what the app machine knows, on desktop and on a 375 px phone.
 */
const OFFLINE_NOTICE = 'You are offline. Pages you have already visited can still be shown, but changes such as adding to your cart need a connection.';
const GENERIC_ERROR = 'Something went wrong. Sorry about that.';

/**
 * The shell once the store view is known (the store switcher is enabled then) and the home content
 * is drawn: its loading state has no h1 yet, which axe rightly reports, and going offline before the
 * content arrives would test the home's fallback rather than the notice.
 */
async function openShop(page: Page) {
  await page.goto('/ca/');
  await expect(page.getByRole('link', { name: 'Lunette, home' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Store' })).toBeEnabled();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** Throws outside any handler, as a bug in a click handler or a timer would. */
const throwUnhandled = (page: Page, message: string) =>
  page.evaluate((text) => {
    setTimeout(() => {
      throw new TypeError(text);
    }, 0);
  }, message);

test.describe('connectivity and unhandled errors (spec §2, §4 App, §8)', { tag: PHONE }, () => {
  test('offline: the header shows the cloud-off indicator and a notice; back online says so, then the notice leaves', async ({ page, context }) => {
    await openShop(page);
    const indicator = page.getByRole('banner').getByRole('img', { name: 'You are offline' });
    await expect(indicator).toHaveCount(0);

    await context.setOffline(true);
    await expect(indicator).toBeVisible();
    await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
    await expectNoAxeViolations(page);

    await context.setOffline(false);
    await expect(page.getByText('You are back online.')).toBeVisible();
    await expect(indicator).toHaveCount(0);
    await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The app machine's timer (spec §9 toast default, 5000 ms) takes the notice away.
    await expect(page.getByText('You are back online.')).toHaveCount(0, { timeout: 15_000 });
  });

  test('offline: hiding the notice keeps the indicator until the connection returns', async ({ page, context }) => {
    await openShop(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Hide this message' }).click();
    await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'You are offline' })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('img', { name: 'You are offline' })).toHaveCount(0);
  });

  test('an unhandled error opens the error overlay with its id and the log; Reload page reloads', async ({ page }) => {
    await openShop(page);
    await throwUnhandled(page, 'Boom from the end-to-end test');
    const dialog = page.getByRole('alertdialog', { name: GENERIC_ERROR });
    await expect(dialog).toBeVisible();
    // Spec §8: the id is the error class, the seconds value and a random letter.
    await expect(dialog).toHaveAccessibleDescription(/^Error id: TypeError\d+[a-z]$/);
    await expect(dialog.getByRole('button', { name: 'Reload page' })).toBeFocused();
    await dialog.getByText('Details').click();
    await expect(dialog.getByRole('list', { name: 'Last log lines, oldest first' })).toContainText(
      /Unhandled error TypeError\d+[a-z]: TypeError: Boom from the end-to-end test/,
    );
    await expectNoAxeViolations(page);

    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Reload page' }).click();
    await reloaded;
    await expect(page.getByRole('link', { name: 'Lunette, home' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/ca\/$/);
  });

  test('an unhandled rejection opens the overlay; Dismiss marks it handled and gives the page back', async ({ page }) => {
    await openShop(page);
    await page.evaluate(() => {
      void Promise.reject(new RangeError('Rejected and never caught'));
    });
    const dialog = page.getByRole('alertdialog', { name: GENERIC_ERROR });
    await expect(dialog).toHaveAccessibleDescription(/^Error id: RangeError\d+[a-z]$/);
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Shop by category' }).click();
    await expect(page.getByRole('dialog', { name: 'Shop by category' })).toBeVisible();
  });
});
