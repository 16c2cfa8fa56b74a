import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, frameChoice, guestCart, PLAIN_LENSES, startCommerceBackend, TORONTO, type CommerceTestBackend } from './commerce-test-kit';

/**
 * ADR 040, spec §3 "Cart prices": a cart's totals add up to the cent. Tax is rounded once per row
 * and rate (Magento's `tax/calculation/algorithm` ROW_BASE_CALCULATION), and every total is the sum
 * of those rounded amounts: the lines' rows including tax add up to the subtotal including tax,
 * and the subtotal including tax plus shipping less the discount is the grand total. Québec has
 * two taxes on every row (GST 5 %, QST 9.975 %), where rounding the same amount two ways parts
 * them by a cent.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const MONTREAL = { ...TORONTO, city: 'Montréal', region: 'QC', postcode: 'H2X 1Y4' };
type Amount = { value: number };
type Totals = {
  itemsV2: { items: { quantity: number; prices: { price: Amount; row_total: Amount; row_total_including_tax: Amount } }[] };
  shipping_addresses: { selected_shipping_method: { amount: Amount } | null }[];
  prices: {
    grand_total: Amount;
    subtotal_excluding_tax: Amount;
    subtotal_including_tax: Amount;
    discounts: { amount: Amount }[] | null;
    applied_taxes: { label: string; amount: Amount }[];
  };
};
const TOTALS = `itemsV2 { items { quantity prices { price { value } row_total { value } row_total_including_tax { value } } } }
  shipping_addresses { selected_shipping_method { amount { value } } }
  prices { grand_total { value } subtotal_excluding_tax { value } subtotal_including_tax { value } discounts { amount { value } } applied_taxes { label amount { value } } }`;

const cents = (amount: number) => Math.round(amount * 100);
const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + cents(amount), 0);

async function addLine(cartId: string, sku: string, parent: string, quantity: number, lensTitles: string[]) {
  const { lenses } = await frameChoice(api, parent, lensTitles);
  const res = await api.gql<{ addProductsToCart: { user_errors: unknown[] } }>(
    'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { message } } }',
    { c: cartId, items: [{ sku, quantity, selected_options: lenses }] },
  );
  expect(res.data!.addProductsToCart.user_errors).toEqual([]);
}

/** A Québec cart of several lines and quantities, shipped flat rate (9.95 USD in CAD). */
async function quebecCart(coupon?: string): Promise<Totals> {
  const cartId = await guestCart(api);
  await addAurora(api, cartId, 3);
  await addLine(cartId, 'LN1002-CRY-M', 'LN1002', 2, PLAIN_LENSES);
  await addLine(cartId, 'LN1002-CRY-M', 'LN1002', 1, ['Non-prescription', '1.61 Thin', 'Anti-reflective']);
  await addLine(cartId, 'LN1002-CRY-M', 'LN1002', 7, ['Non-prescription', '1.59 Polycarbonate', 'Blue-light filter']);
  if (coupon) {
    const applied = await api.gql('mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { id } } }', {
      c: cartId,
      k: coupon,
    });
    expect(applied.errors).toBeUndefined();
  }
  await api.gql(
    'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
    {
      c: cartId,
      a: MONTREAL,
    },
  );
  const res = await api.gql<{ setShippingMethodsOnCart: { cart: Totals } }>(
    `mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { ${TOTALS} } } }`,
    { c: cartId },
  );
  expect(res.errors).toBeUndefined();
  return res.data!.setShippingMethodsOnCart.cart;
}

function expectTotalsAddUp(cart: Totals) {
  const { prices } = cart;
  const lines = cart.itemsV2.items;
  const shipping = cart.shipping_addresses[0]!.selected_shipping_method!.amount.value;
  const discount = sum((prices.discounts ?? []).map((d) => d.amount.value));
  const taxes = sum(prices.applied_taxes.map((t) => t.amount.value));
  expect(prices.applied_taxes.map((t) => t.label)).toEqual(['GST', 'QST']);
  expect(sum(lines.map((l) => l.prices.row_total.value))).toBe(cents(prices.subtotal_excluding_tax.value));
  expect(sum(lines.map((l) => l.prices.row_total_including_tax.value))).toBe(cents(prices.subtotal_including_tax.value));
  expect(cents(prices.subtotal_excluding_tax.value) + taxes - discount + cents(shipping)).toBe(cents(prices.grand_total.value));
  return { shipping, discount, taxes };
}

describe('ADR 040: a Québec cart adds up to the cent (tax rounded per row and rate)', () => {
  it('subtotal including tax + shipping = grand total, over several lines and quantities with GST and QST', async () => {
    const cart = await quebecCart();
    const { shipping, taxes } = expectTotalsAddUp(cart);
    const { prices } = cart;
    expect(cents(prices.subtotal_including_tax.value) + cents(shipping)).toBe(cents(prices.grand_total.value));
    expect(cents(prices.subtotal_including_tax.value) - cents(prices.subtotal_excluding_tax.value)).toBe(taxes);
  });

  it('each row is taxed once per rate on its row total, not per unit times the quantity', async () => {
    const cart = await quebecCart();
    for (const line of cart.itemsV2.items) {
      const row = line.prices.row_total.value;
      const gst = Math.round(row * 5) / 100;
      const qst = Math.round(row * 9.975) / 100;
      expect(cents(line.prices.row_total_including_tax.value)).toBe(cents(row) + cents(gst) + cents(qst));
    }
  });

  it('with a 10 % coupon, the parts still add up: subtotal excluding tax + taxes − discount + shipping = grand total', async () => {
    const cart = await quebecCart('WELCOME10');
    const { discount } = expectTotalsAddUp(cart);
    expect(discount).toBeGreaterThan(0);
  });
});
