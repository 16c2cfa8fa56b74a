import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, firstError, guestCart, jsonPost, startCommerceBackend, TORONTO, type CommerceTestBackend } from './commerce-test-kit';

/**
 * ADR 040, Magento's `payment/checkmo/active` (store-scoped): check / money order is offered only
 * where the shop can cash the check, in Canadian or US dollars at its bank in Montréal (ca, us and
 * the default view). A fr or de shopper was told to post a check in euros to Montréal; those views
 * no longer offer the method, and the backend refuses it when a request names it anyway.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const PARIS = { firstname: 'A', lastname: 'B', street: ['8 Rue de Rivoli'], city: 'Paris', postcode: '75004', country_code: 'FR', telephone: '0140000000' };
const SHIPPING = `mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) {
  cart { available_payment_methods { code } } } }`;
const PAY = `mutation ($c: String!, $p: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $p } }) {
  cart { selected_payment_method { code } } } }`;

async function cartIn(store: string, address: Record<string, unknown>): Promise<{ cartId: string; methods: string[] }> {
  const headers = { Store: store };
  const cartId = await guestCart(api, headers);
  await addAurora(api, cartId, 1, headers);
  const res = await api.gql<{ setShippingAddressesOnCart: { cart: { available_payment_methods: { code: string }[] } } }>(
    SHIPPING,
    { c: cartId, a: address },
    headers,
  );
  expect(res.errors).toBeUndefined();
  return { cartId, methods: res.data!.setShippingAddressesOnCart.cart.available_payment_methods.map((m) => m.code) };
}

describe('check / money order only where the shop can cash the check', () => {
  it('ca, us and the default view offer it; the EUR, GBP, CHF, AUD, MXN and HKD views do not', async () => {
    expect((await cartIn('ca', TORONTO)).methods).toEqual(['checkmo', 'lunettepay_card', 'lunettepay_wallet']);
    expect((await cartIn('us', TORONTO)).methods).toContain('checkmo');
    expect((await cartIn('default', TORONTO)).methods).toContain('checkmo');
    for (const store of ['fr', 'de', 'es', 'nl', 'eu', 'uk', 'ch', 'au', 'mx', 'hk']) {
      expect({ store, methods: (await cartIn(store, PARIS)).methods }).toEqual({ store, methods: ['lunettepay_card', 'lunettepay_wallet'] });
    }
  });

  it("a forged setPaymentMethodOnCart with checkmo in a view that takes no checks is refused in Magento's words, the cart unchanged", async () => {
    const uk = await cartIn('uk', PARIS);
    expect(firstError(await api.gql(PAY, { c: uk.cartId, p: 'checkmo' }, { Store: 'uk' }))).toBe('The requested Payment Method is not available.');
    const fr = await cartIn('fr', PARIS);
    expect(firstError(await api.gql(PAY, { c: fr.cartId, p: 'checkmo' }, { Store: 'fr' }))).toBe('Le moyen de paiement demandé n’est pas disponible.');
    const cart = await api.gqlGet<{ cart: { selected_payment_method: { code: string } } }>(
      'query ($c: String!) { cart(cart_id: $c) { selected_payment_method { code } } }',
      { c: fr.cartId },
      { Store: 'fr' },
    );
    expect(cart.data!.cart.selected_payment_method.code).toBe('');
    // The card is still taken.
    const card = await api.gql<{ setPaymentMethodOnCart: { cart: { selected_payment_method: { code: string } } } }>(
      PAY,
      { c: fr.cartId, p: 'lunettepay_card' },
      { Store: 'fr' },
    );
    expect(card.data!.setPaymentMethodOnCart.cart.selected_payment_method.code).toBe('lunettepay_card');
  });

  it('REST payment-information naming checkmo in the de view answers 400 and places no order', async () => {
    const { cartId } = await cartIn('de', { ...PARIS, city: 'Berlin', postcode: '10117', country_code: 'DE' });
    const res = await api.http(
      `/rest/de/V1/guest-carts/${cartId}/payment-information`,
      jsonPost({
        email: 'ada.rest@example.com',
        paymentMethod: { method: 'checkmo' },
        billingAddress: { ...PARIS, country_id: 'DE', city: 'Berlin', postcode: '10117' },
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Die gewählte Zahlungsart ist nicht verfügbar.');
    const orders = await api.backend.db.query('SELECT 1 FROM sales_order WHERE email = $1', ['ada.rest@example.com']);
    expect(orders.rows).toEqual([]);
  });

  it('the ca view still names its payee and its Montréal address for a check', async () => {
    const { cartId } = await cartIn('ca', TORONTO);
    await api.gql(PAY, { c: cartId, p: 'checkmo' });
    await api.gql('mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "cheque@example.com" }) { cart { id } } }', { c: cartId });
    await api.gql(
      'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {
        c: cartId,
      },
    );
    await api.gql('mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {
      c: cartId,
    });
    const placed = await api.gql<{ placeOrder: { orderV2: { payment_methods: { type: string; additional_data: { name: string; value: string }[] }[] } } }>(
      `mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { orderV2 { payment_methods { type additional_data { name value } } } } }`,
      { c: cartId },
    );
    expect(placed.errors).toBeUndefined();
    const payment = placed.data!.placeOrder.orderV2.payment_methods[0]!;
    expect(payment.type).toBe('checkmo');
    expect(payment.additional_data.find((d) => d.name === 'mailing_address')!.value).toContain('Montréal QC');
  });
});
