import { AURORA, putFrameInCart } from './helpers/shop-session';
import { expect, test } from './helpers/test';
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
    await page.getByLabel('E-Mail').fill(`country.${testInfo.project.name}.${Date.now()}@example.com`);
    await page.getByLabel('Vorname').fill('Clara');
    await page.getByLabel('Nachname').fill('Schumann');
    await page.getByLabel('Straße und Hausnummer').fill('Unter den Linden 1');
    await page.getByLabel('Ort', { exact: true }).fill('Berlin');
    await page.getByLabel('Postleitzahl').fill('10117');
    await page.getByLabel('Telefon').fill('030123456');
    await page.getByRole('button', { name: 'Weiter zur Versandart' }).click();
    // ADR 040: one standard parcel, free over the de view's 92,00 € (no second, free carrier).
    await page.getByRole('radio', { name: /Standardversand — Paket mit Sendungsverfolgung/ }).check();
    await expect(page.getByRole('radio', { name: /Kostenloser Standardversand/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await expect(page.getByRole('group', { name: 'Zahlungsart' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Bestellübersicht' }).getByText('Voraussichtliche Summe').locator('..')).toContainText(PRICE);
  });
});
