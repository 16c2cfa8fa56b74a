import { expect, test } from './helpers/test';

/**
 * Spec §2 `/paymentfail` reached with no order (an address typed, kept or shared without one): the
 * page must not claim an order was cancelled, since none is named (ADR 039).
 */
test('/paymentfail without an order says no order was cancelled', async ({ page }) => {
  await page.goto('/ca/paymentfail');
  await expect(page.getByRole('heading', { level: 1, name: "Your payment didn't go through" })).toBeVisible();
  await expect(page.getByText('This page names no order, so no order was cancelled.', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('the order was cancelled');
});
