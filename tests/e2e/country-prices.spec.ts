import { AURORA, fillBerlinCheckoutAddress, putFrameInCart, putLineInCart } from './helpers/shop-session';
import { expect, test, type Page } from './helpers/test';
import { PHONE } from './helpers/phone-layout';

/**
 * ADR 040: a shopper in the de store view sees prices with VAT (inkl. MwSt.) everywhere, the same
 * amount on the listing, the product page, the cart and at payment (129 USD = 118,68 € + 19 % =
 * 141,23 €), and the checkout's address starts in Germany.
 */
const PRICE = '141,23\u00a0€';

test.describe('ADR 040: the de store view shows prices with VAT and starts the address in Germany', () => {
  test('the same price with VAT on the listing, the product page, the cart and at payment', { tag: PHONE }, async ({ page }, testInfo) => {
    await page.goto('/de/eyeglasses.html');
    await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();
    await page.goto('/de/aurora-cat-eye.html');
    await expect(page.getByRole('main').getByText(PRICE).first()).toBeVisible();

    await putFrameInCart(page, AURORA, 'de');
    await page.goto('/de/cart');
    const summary = page.getByRole('region', { name: 'Bestellübersicht' });
    await expect(summary.getByText('Voraussichtliche Summe').locator('..')).toContainText(PRICE);

    await page.goto('/de/checkout');
    await expect(page.getByLabel('Land', { exact: true })).toHaveValue('DE');
    // Countries by their German names, not by ISO code (CA before DE): Deutschland, then Kanada.
    const countries = await page.getByLabel('Land', { exact: true }).locator('option').allTextContents();
    expect(countries.indexOf('Deutschland')).toBeLessThan(countries.indexOf('Kanada'));
    // ADR 040: Germany requires no Land (Magento's countries_with_required_region): the form asks for none, the postcode comes before the city.
    await expect(page.getByLabel('Bundesland / Kanton')).toHaveCount(0);
    await fillBerlinCheckoutAddress(page, `country.${testInfo.project.name}.${Date.now()}@example.com`);
    // ADR 040: one standard parcel, free over the de view's 92,00 € (no second, free carrier).
    await page.getByRole('radio', { name: /Standardversand — Paket mit Sendungsverfolgung/ }).check();
    await expect(page.getByRole('radio', { name: /Kostenloser Standardversand/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await expect(page.getByRole('group', { name: 'Zahlungsart' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bestellübersicht' }).getByText('Voraussichtliche Summe').locator('..')).toContainText(PRICE);
  });
});

/** A de guest's checkout up to its shipping methods, the address in Berlin. */
async function berlinShippingMethods(page: Page, email: string) {
  await page.goto('/de/checkout');
  await fillBerlinCheckoutAddress(page, email);
  const methods = page.getByRole('group', { name: 'Versandart' });
  await expect(methods).toBeVisible();
  return methods;
}

test.describe('ADR 040: in de the shopper sees, and the shop compares, amounts with VAT', { tag: PHONE }, () => {
  test('the cart lines show their prices with VAT, on the cart page and in the checkout’s items, as the totals do', async ({ page }) => {
    await page.goto('/de/');
    await putFrameInCart(page, AURORA, 'de');
    await page.goto('/de/cart');
    const line = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Aurora' }).first();
    await expect(line).toContainText(PRICE);
    await expect(line).not.toContainText('118,68');
    await page.goto('/de/checkout');
    const items = page.getByRole('list', { name: 'Artikel Ihrer Bestellung' });
    await expect(items).toContainText(PRICE);
    await expect(items).not.toContainText('118,68');
  });

  test('free shipping from 92,00 € as the cart shows it: a 104,01 € frame (87,40 € before VAT) ships free', async ({ page }, testInfo) => {
    await page.goto('/de/');
    await putLineInCart(page, 'de', { sku: 'LN1002-CRY-M', parentSku: 'LN1002', lenses: ['Non-prescription', '1.50 Standard'] });
    const methods = await berlinShippingMethods(page, `vat.free.${testInfo.project.name}.${Date.now()}@example.com`);
    const standard = methods.getByRole('radio', { name: /^Standardversand — Paket mit Sendungsverfolgung/ });
    await expect(standard).toHaveAccessibleName(/Kostenlos/);
    await expect(methods.getByRole('radio', { name: /Kostenloser Standardversand/ })).toHaveCount(0);
  });

  test('the price filter selects by the price shown: "100–200 €" lists the 104,01 € frame first', async ({ page }) => {
    await page.goto('/de/eyeglasses.html?price=100_200&sort=price_ASC');
    await expect(page.locator('main article').first()).toContainText('104,01\u00a0€');
  });

  test('the lens wizard’s total is the cart line’s price to the cent (one row taxed once: 238,67 €, not the parts’ 238,66 €)', async ({ page }) => {
    await page.goto('/de/customize/aurora-cat-eye');
    await page.getByRole('radio', { name: 'Schwarz' }).check();
    await page.getByRole('radio', { name: 'M', exact: true }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('radio', { name: /Ohne Sehstärke/ }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('radio', { name: /1,59 Polycarbonat/ }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('checkbox', { name: /Polarisiert/ }).check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    // 141,23 € + 32,84 € + 64,59 € as the catalog shows each part; the line is 200,56 € + 19 % = 238,67 €.
    const breakdown = page.getByRole('table', { name: 'Preisaufstellung' });
    await expect(breakdown.getByRole('row', { name: /Gesamt/ })).toContainText('238,67\u00a0€');
    await page.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.goto('/de/cart');
    const line = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Aurora' }).first();
    await expect(line).toContainText('238,67\u00a0€');
    await expect(page.getByRole('region', { name: 'Bestellübersicht' }).getByText('Voraussichtliche Summe').locator('..')).toContainText('238,67\u00a0€');
  });
});
