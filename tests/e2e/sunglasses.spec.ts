import { expect, test, type Page } from './helpers/test';

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

  test('without a prescription: their own sun lens, no clear index upsells and no second tint (it offered 1.50 clear with upsells up to +$205.50)', async ({
    page,
  }) => {
    await page.goto('/ca/customize/beatrix-aviator');
    await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Beatrix Aviator' })).toBeVisible();
    await chooseFirstVariant(page);
    await page.getByRole('radio', { name: /Non-prescription/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    const upsell = page.getByRole('radio', { name: /1\.67 Extra thin/ });
    await expect(upsell).toBeDisabled();
    await expect(upsell).toHaveAccessibleDescription(/These sunglasses come with their own tinted UV400 sun lenses, included\./);
    await expect(page.getByRole('radio', { name: /1\.61 Thin/ })).toBeDisabled();
    await expect(page.getByRole('radio', { name: /1\.50 Standard/ })).toBeEnabled();
    await page.getByRole('radio', { name: /1\.50 Standard/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();

    // The lens is tinted already: no sun tint on top; polarised stays the upgrade.
    await expect(page.getByRole('checkbox', { name: /Sun tint/ })).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: /Polarised/ })).toBeEnabled();
  });
});
