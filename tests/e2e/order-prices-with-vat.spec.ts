import { AURORA_TORTOISE, customerTokenOf, putFrameInCart, signInWithToken } from './helpers/shop-session';
import { gql } from './helpers/checkout-setup';
import { expect, test } from './helpers/test';
import { PHONE } from './helpers/phone-layout';

/**
 * ADR 040, spec §3 "Cart prices": the fr store view shows prices with VAT (TTC), and the shopper
 * pays for what the cart showed: the receipt (/fr/success) and the order detail
 * (/fr/order-history/…) show each line with the price and line total the cart line showed
 * (129 USD = 118,68 € + 20 % = 142,42 €), and the subtotal with VAT under the one without.
 */
const PRICE = '142,42\u00a0€';
const BEFORE_VAT = '118,68';

test('fr: the receipt and the order detail show the line at the price with VAT the cart showed', { tag: PHONE }, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const email = `vat.order.${testInfo.project.name}.${Date.now()}@example.com`;
  const password = 'Lunette!2026';
  // An account without a saved address: the checkout asks for the French one.
  await gql(request, 'mutation ($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }', {
    i: { firstname: 'Marie', lastname: 'Curie', email, password },
  });
  await signInWithToken(page, await customerTokenOf(request, email, password));
  await page.goto('/fr/');
  await putFrameInCart(page, AURORA_TORTOISE, 'fr');

  await page.goto('/fr/cart');
  const cartLine = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Aurora' }).first();
  await expect(cartLine).toContainText(PRICE);
  await expect(cartLine).not.toContainText(BEFORE_VAT);

  await page.goto('/fr/checkout');
  await page.getByLabel('Prénom', { exact: true }).fill('Marie');
  await page.getByLabel('Nom', { exact: true }).fill('Curie');
  await page.getByLabel('Adresse', { exact: true }).fill('12 rue de Rivoli');
  await page.getByLabel('Ville', { exact: true }).fill('Paris');
  await page.getByLabel('Code postal', { exact: true }).fill('75004');
  await page.getByLabel('Téléphone', { exact: true }).fill('0142000000');
  await page.getByRole('button', { name: 'Continuer vers la livraison' }).click();
  await page.locator('input[name="shipping-method"]').first().check();
  await page.getByRole('button', { name: 'Continuer vers le paiement' }).click();
  await page.getByRole('radio', { name: /carte/i }).first().check();
  await page.getByRole('button', { name: 'Vérifier ma commande' }).click();
  await page.getByRole('button', { name: 'Commander et payer' }).click();
  await page.getByRole('button', { name: 'Approuver le paiement' }).click();
  await expect(page).toHaveURL(/\/fr\/success\?order=\d{9}$/);
  const number = new URL(page.url()).searchParams.get('order')!;

  const receiptLine = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Aurora' }).first();
  await expect(receiptLine).toContainText(PRICE);
  await expect(receiptLine).not.toContainText(BEFORE_VAT);
  await expect(page.getByRole('main').getByText('Sous-total (TTC)').locator('..')).toContainText(PRICE);

  await page.goto(`/fr/order-history/${number}`);
  const orderLine = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Aurora' }).first();
  await expect(orderLine).toContainText(PRICE);
  await expect(orderLine).not.toContainText(BEFORE_VAT);
  await expect(page.getByRole('main').getByText('Sous-total (TTC)').locator('..')).toContainText(PRICE);
});
