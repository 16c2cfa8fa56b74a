import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, firstError, guestCart, startCommerceBackend, TORONTO, type CommerceTestBackend } from './commerce-test-kit';

/**
 * ADR 040, spec §3 "Cart prices": an order's lines answer the amounts the cart showed. Magento's
 * `OrderItemPrices.price_including_tax` and `row_total_including_tax` and `OrderTotal.subtotal_incl_tax`
 * are the cart's own `price_including_tax`, `row_total_including_tax` and `subtotal_including_tax`
 * (each tax rounded once per row), kept with the order; a view showing prices without tax (ca)
 * keeps its amounts apart from its taxes as before.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const PARIS = { firstname: 'A', lastname: 'B', street: ['8 Rue de Rivoli'], city: 'Paris', postcode: '75004', country_code: 'FR', telephone: '0140000000' };
type Amount = { value: number };
type LinePrices = { price: Amount; price_including_tax: Amount; row_total: Amount; row_total_including_tax: Amount };
const PRICES = 'price { value } price_including_tax { value } row_total { value } row_total_including_tax { value }';

async function checkoutCart(store: string, address: Record<string, unknown>, payment: string) {
  const headers = { Store: store };
  const cartId = await guestCart(api, headers);
  await addAurora(api, cartId, 2, headers);
  const steps: [string, Record<string, unknown>][] = [
    ['mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "guest@example.com" }) { cart { id } } }', {}],
    [
      'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: address },
    ],
    [
      'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    ['mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {}],
    ['mutation ($c: String!, $p: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $p } }) { cart { id } } }', { p: payment }],
  ];
  for (const [query, variables] of steps) {
    const res = await api.gql(query, { c: cartId, ...variables }, headers);
    expect(firstError(res)).toBeUndefined();
  }
  const cart = await api.gqlGet<{ cart: { itemsV2: { items: { prices: LinePrices }[] }; prices: { subtotal_including_tax: Amount } } }>(
    `query ($c: String!) { cart(cart_id: $c) { itemsV2 { items { prices { ${PRICES} } } } prices { subtotal_including_tax { value } } } }`,
    { c: cartId },
    headers,
  );
  const placed = await api.gql<{
    placeOrder: { orderV2: { items: { prices: LinePrices }[]; total: { subtotal_excl_tax: Amount; subtotal_incl_tax: Amount } } };
  }>(
    `mutation ($c: String!) { placeOrder(input: { cart_id: $c }) {
      orderV2 { items { prices { ${PRICES} } } total { subtotal_excl_tax { value } subtotal_incl_tax { value } } } errors { message } } }`,
    { c: cartId },
    headers,
  );
  expect(firstError(placed)).toBeUndefined();
  return { cart: cart.data!.cart, order: placed.data!.placeOrder.orderV2 };
}

describe('an order answers the prices with tax the cart showed (ADR 040)', () => {
  it('fr: each line and the subtotal including tax are the cart’s, above the amounts without tax', async () => {
    const { cart, order } = await checkoutCart('fr', PARIS, 'lunettepay_card');
    const cartLine = cart.itemsV2.items[0]!.prices;
    const orderLine = order.items[0]!.prices;
    expect(orderLine.price_including_tax.value).toBe(cartLine.price_including_tax.value);
    expect(orderLine.row_total_including_tax.value).toBe(cartLine.row_total_including_tax.value);
    expect(orderLine.row_total_including_tax.value).toBeGreaterThan(orderLine.row_total.value);
    expect(orderLine.row_total.value).toBe(cartLine.row_total.value);
    expect(order.total.subtotal_incl_tax.value).toBe(cart.prices.subtotal_including_tax.value);
  });

  it('ca: the same fields answer the amounts with the province’s taxes, the amounts without them unchanged', async () => {
    const { cart, order } = await checkoutCart('ca', TORONTO, 'checkmo');
    const orderLine = order.items[0]!.prices;
    expect(orderLine.row_total_including_tax.value).toBe(cart.itemsV2.items[0]!.prices.row_total_including_tax.value);
    expect(orderLine.row_total.value).toBe(cart.itemsV2.items[0]!.prices.row_total.value);
    expect(order.total.subtotal_incl_tax.value).toBe(cart.prices.subtotal_including_tax.value);
  });
});
