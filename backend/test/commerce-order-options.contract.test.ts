import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAuroraWithPrescription,
  AURORA,
  bearer,
  firstError,
  frameChoice,
  guestCart,
  newCustomer,
  PLACE_ORDER,
  readyForOrder,
  startCommerceBackend,
  TORONTO,
  type CommerceTestBackend,
} from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const ADD = 'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { code message } } }';
const CART_PRICES =
  'query ($c: String!) { cart(cart_id: $c) { items { prices { price { value } row_total { value } } } prices { subtotal_excluding_tax { value } } } }';
const ITEM_FIELDS = `items { product_name product_sku quantity_ordered product_sale_price { value currency } prices { row_total { value } }
  selected_options { label value } entered_options { label value } } total { subtotal { value } grand_total { value currency } }`;
const ORDERS = `query ($n: String) { customer { orders(filter: { number: { eq: $n } }) { items { number ${ITEM_FIELDS} } } } }`;
const GUEST_ORDER = `query ($n: String!, $e: String!, $l: String!) { guestOrder(input: { number: $n, email: $e, lastname: $l }) { number ${ITEM_FIELDS} } }`;

/**
 * A reading prescription with ADD, both eyes with cylinder, dual PD (eyewear notes "Prescription rules").
 * Aurora Cat-Eye's lenses are 26 mm high: too low for progressives (30 mm, ADR 035).
 */
const READING_RX = {
  usage: 'SINGLE_VISION_READING',
  exam_date: '2026-01-10',
  od: { sph: -1.5, cyl: -0.75, axis: 90, add: 2 },
  os: { sph: -1.25, cyl: -0.5, axis: 85, add: 2 },
  pd: { single: null, right: 31.5, left: 32 },
};
const LENSES = ['Single vision – reading', '1.61 Thin', 'Anti-reflective'];

interface OrderedItem {
  product_sku: string;
  product_sale_price: { value: number; currency: string };
  prices: { row_total: { value: number } };
  selected_options: { label: string; value: string }[];
  entered_options: { label: string; value: string }[];
}
interface Order {
  number: string;
  items: OrderedItem[];
  total: { subtotal: { value: number }; grand_total: { value: number; currency: string } };
}

/** Adds Aurora Cat-Eye Black M with reading lenses, a coating and the prescription; answers the line's unit price. */
async function addCustomisedFrame(cartId: string, headers: Record<string, string> = {}): Promise<number> {
  expect(await addAuroraWithPrescription(api, cartId, { lenses: LENSES, prescription: READING_RX }, headers)).toEqual([]);
  const cart = await api.gqlGet<{ cart: { items: { prices: { price: { value: number } } }[] } }>(CART_PRICES, { c: cartId }, headers);
  return cart.data!.cart.items[0]!.prices.price.value;
}

function expectCustomisedItem(order: Order, unitPrice: number) {
  const [item] = order.items;
  expect(item).toMatchObject({
    product_sku: 'LN1001-BLK-M',
    product_sale_price: { value: unitPrice, currency: 'CAD' },
    prices: { row_total: { value: unitPrice } },
  });
  expect(item!.selected_options).toEqual([
    { label: 'Colour', value: 'Black' },
    { label: 'Size', value: 'M' },
    { label: 'Lens type', value: 'Single vision – reading' },
    { label: 'Lens index', value: '1.61 Thin' },
    { label: 'Lens coatings', value: 'Anti-reflective' },
  ]);
  // The prescription is typed text: only in entered_options, as the JSON the shopper sent.
  expect(item!.entered_options).toHaveLength(1);
  expect(item!.entered_options[0]!.label).toBe('Prescription');
  expect(JSON.parse(item!.entered_options[0]!.value)).toMatchObject({
    usage: 'SINGLE_VISION_READING',
    od: { sph: -1.5, cyl: -0.75, axis: 90, add: 2 },
    os: { sph: -1.25, cyl: -0.5, axis: 85, add: 2 },
    pd: { right: 31.5, left: 32 },
  });
  expect(order.total.subtotal.value).toBe(unitPrice);
}

describe('eyewear notes "In Magento terms": an order keeps the lens choices and the prescription of its cart line', () => {
  it("a customer's order item has the lens options as selected_options, the prescription as entered_options, and their prices in the line", async () => {
    const { token } = await newCustomer(api);
    const cartId = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
    const unitPrice = await addCustomisedFrame(cartId, bearer(token));
    const plainFrame = await api.gqlGet<{ products: { items: { price_range: { minimum_price: { final_price: { value: number } } } }[] } }>(
      '{ products(filter: { sku: { eq: "LN1001" } }) { items { price_range { minimum_price { final_price { value } } } } } }',
      {},
      { Store: 'ca' },
    );
    // The lens options cost something: the line is dearer than the frame alone.
    expect(unitPrice).toBeGreaterThan(plainFrame.data!.products.items[0]!.price_range.minimum_price.final_price.value);
    await readyForOrder(api, cartId, bearer(token));
    const placed = await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId }, bearer(token));
    const number = placed.data!.placeOrder.orderV2.number;

    const orders = await api.gqlGet<{ customer: { orders: { items: Order[] } } }>(ORDERS, { n: number }, bearer(token));
    const order = orders.data!.customer.orders.items[0]!;
    expectCustomisedItem(order, unitPrice);
    expect(order.total.grand_total.value).toBeGreaterThan(unitPrice);
  });

  it('a guest reads the order with guestOrder (number, email, billing last name); a wrong detail finds nothing', async () => {
    const cartId = await guestCart(api);
    const unitPrice = await addCustomisedFrame(cartId);
    await readyForOrder(api, cartId);
    const placed = await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId });
    const number = placed.data!.placeOrder.orderV2.number;

    const found = await api.gqlGet<{ guestOrder: Order }>(GUEST_ORDER, { n: number, e: 'Guest@example.com', l: TORONTO.lastname.toUpperCase() });
    expect(found.errors).toBeUndefined();
    expect(found.data!.guestOrder.number).toBe(number);
    expectCustomisedItem(found.data!.guestOrder, unitPrice);

    expect(firstError(await api.gqlGet(GUEST_ORDER, { n: number, e: 'guest@example.com', l: 'Byron' }))).toBe(
      "We couldn't locate an order with the information provided.",
    );
    expect(firstError(await api.gqlGet(GUEST_ORDER, { n: number, e: 'someone@example.com', l: TORONTO.lastname }))).toBe(
      "We couldn't locate an order with the information provided.",
    );
    // another store view's order is not found either, said in that view's language
    expect(firstError(await api.gqlGet(GUEST_ORDER, { n: number, e: 'guest@example.com', l: TORONTO.lastname }, { Store: 'fr' }))).toBe(
      'Aucune commande ne correspond aux informations fournies.',
    );
  });

  it("a customer's order is not shown to a guest who knows its details", async () => {
    const { email, token } = await newCustomer(api);
    const cartId = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
    await addCustomisedFrame(cartId, bearer(token));
    await readyForOrder(api, cartId, bearer(token));
    const placed = await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId }, bearer(token));
    expect(firstError(await api.gqlGet(GUEST_ORDER, { n: placed.data!.placeOrder.orderV2.number, e: email, l: TORONTO.lastname }))).toBe(
      'Please login to view the order.',
    );
  });

  it('a line without lenses typed in has no entered_options', async () => {
    const cartId = await guestCart(api);
    const { lenses } = await frameChoice(api, 'LN1001', ['Non-prescription', '1.50 Standard']);
    await api.gql(ADD, { c: cartId, items: [{ sku: 'LN1001', quantity: 1, selected_options: [AURORA.BLACK, AURORA.M, ...lenses] }] });
    await readyForOrder(api, cartId);
    const placed = await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId });
    const found = await api.gqlGet<{ guestOrder: Order }>(GUEST_ORDER, {
      n: placed.data!.placeOrder.orderV2.number,
      e: 'guest@example.com',
      l: TORONTO.lastname,
    });
    expect(found.data!.guestOrder.items[0]!.entered_options).toEqual([]);
    expect(found.data!.guestOrder.items[0]!.selected_options.map((o) => o.label)).toEqual(['Colour', 'Size', 'Lens type', 'Lens index']);
  });
});
