import { expect, test } from './helpers/test';
import { createCustomerWithAddress, customerTokenOf, signInWithToken, waitForShell } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';
import { expectNoAxeViolations } from './helpers/axe';

/**
 * Toasts (spec §3 "Toast", §9): the wishlist machine saves a frame and the one
 * toast region says so; the keyboard reaches the toast (F8) and dismisses it; axe finds no
 * violation while it shows; at 1280 and 375 px it stays on screen, under the header.
 */

test('spec §3 Toast: a wishlist save shows a toast the keyboard dismisses, with no axe violation', { tag: PHONE }, async ({ page, request }, testInfo) => {
  // A customer of this run: once a frame is saved its button says so instead, so each width saves to an empty wishlist.
  const customer = await createCustomerWithAddress(request, 'Tess', `toast.${testInfo.project.name}.${Date.now()}@example.com`);
  await signInWithToken(page, await customerTokenOf(request, customer.email));
  await page.goto('/ca/aurora-cat-eye.html');
  await waitForShell(page);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();

  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  const toast = region.locator('[data-toast-type="success"]');
  await expect(toast).toContainText('Saved to your wishlist.');
  // A polite announcement, not an alert.
  await expect(region.locator('[aria-live="polite"]')).toContainText('Done: Saved to your wishlist.');

  // Keyboard: F8 reaches the toast's close button (the toast then waits: its timer is paused).
  await page.keyboard.press('F8');
  const dismiss = toast.getByRole('button', { name: 'Dismiss notification' });
  await expect(dismiss).toBeFocused();
  await expect(toast).toHaveAttribute('data-paused', 'true');

  // On screen, under the header, clear of the screen's foot (1280 and 375 px).
  const viewport = page.viewportSize()!;
  const box = (await toast.boundingBox())!;
  const header = (await page.locator('header').first().boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(box.y + box.height).toBeLessThan(viewport.height / 2);

  await expectNoAxeViolations(page);
  await expect(toast).toBeVisible();

  await page.keyboard.press('Enter');
  await expect(toast).toHaveCount(0);
  // Focus is not lost to the page's top.
  await expect(page.locator('body')).not.toBeFocused();
});
