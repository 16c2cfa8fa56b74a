import { expect, test, type Page } from './helpers/test';
import { PHONE } from './helpers/phone-layout';

/**
 * Sunglasses are sold as sunglasses (ADR 035): without a prescription they come with their own
 * tinted UV400 sun lenses, included, and no clear-lens index is sold on top; the backend refuses
 * what the wizard does not offer (backend/test/eyewear-rules.contract.test.ts sends it forged).
 */

/** The wizard's frame step: the first colour and the first size the frame has. */
async function chooseFirstVariant(page: Page) {
  for (const group of await page.locator('main fieldset').all()) await group.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
}

test.describe('sunglasses in the lens wizard', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'without a prescription: their own sun lens, no clear index upsells and no second tint (it offered 1.50 clear with upsells up to +$205.50)',
    {
      tag: PHONE,
    },
    async ({ page }) => {
      await page.goto('/ca/customize/beatrix-aviator');
      await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Beatrix Aviator' })).toBeVisible();
      await chooseFirstVariant(page);
      await page.getByRole('radio', { name: /Non-prescription/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();

      const upsell = page.getByRole('radio', { name: /1\.67 Extra thin/ });
      await expect(upsell).toBeDisabled();
      await expect(upsell).toHaveAccessibleDescription(/These sunglasses come with their own tinted UV400 sun lenses, included\./);
      await expect(page.getByRole('radio', { name: /1\.61 Thin/ })).toBeDisabled();
      // The lens is the sun lens, by its name (ADR 035 "The sun lens by name"): the clear 1.50 is not theirs.
      await expect(page.getByRole('radio', { name: /1\.50 Standard/ })).toBeDisabled();
      const own = page.getByRole('radio', { name: /1\.50 Tinted UV400 sun lens/ });
      await expect(own).toBeChecked();
      await expect(own).toHaveAccessibleDescription(/tinted sun lens, blocking all UV rays \(UV400\)/);
      await expect(page.getByText(/we selected/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Next' }).click();

      // The lens is tinted already: no sun tint on top; polarised stays the upgrade.
      await expect(page.getByRole('checkbox', { name: /Sun tint/ })).toBeDisabled();
      await expect(page.getByRole('checkbox', { name: /Polarised/ })).toBeEnabled();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('table', { name: 'Price breakdown' })).toContainText('1.50 Tinted UV400 sun lens');
    },
  );

  test('the shopper pays for what they saw: the cart and the mini cart name the sun lens bought, never "1.50 Standard"', { tag: PHONE }, async ({ page }) => {
    await page.goto('/ca/customize/beatrix-aviator');
    await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Beatrix Aviator' })).toBeVisible();
    await chooseFirstVariant(page);
    await page.getByRole('radio', { name: /Non-prescription/ }).check();
    for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Beatrix Aviator is in your cart with your lenses.')).toBeVisible();

    await page.getByRole('link', { name: 'Go to the cart' }).click();
    const line = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Beatrix Aviator', exact: true }) });
    await expect(line).toContainText('1.50 Tinted UV400 sun lens');
    await expect(line).not.toContainText('Standard');
    await page.getByRole('button', { name: /^Cart, 1 item$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer).toContainText('1.50 Tinted UV400 sun lens');
    await expect(drawer).not.toContainText('Standard');
  });
});
