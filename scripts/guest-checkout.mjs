// One guest shopper's whole checkout over HTTP, as GraphQL documents the storefront sends them
// (spec §7): create a cart, add two frames, shipping address with the guest's email, shipping method,
// billing (same as shipping), then the payment method and placeOrder in one document (the shape of
// src/services/checkout/order-requests.operations.ts). Used by `npm run bench`'s checkout phase
// (scripts/bench-backend.mjs) and by the kill-one-process drill (backend/test/processes.contract.test.ts).
//
// A step whose answer is lost (no answer, a reset, a 5xx: the process behind the balancer died) is
// never repeated blindly (ADR 011): an add is repeated only when a read of the cart shows it did not
// take; the address, method and payment steps set the same values again (setting them twice is the
// same as once); a place order whose answer was lost asks the backend whether the cart is still
// active: not active → the order exists; active → nothing was ordered, and the shopper places it again.

/** What every request carries, as the storefront sends it: its store view and currency. */
export const SHOPPER_HEADERS = { Store: 'ca', 'Content-Currency': 'CAD' };

/** A Toronto address in GraphQL's CartAddressInput shape (also the contract tests', backend/test/commerce-test-kit.ts). */
export const TORONTO_ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['12 King St W'],
  city: 'Toronto',
  region: 'ON',
  postcode: 'M5H 1A1',
  country_code: 'CA',
  telephone: '4165550100',
};

const CREATE_CART = 'mutation CreateGuestCart { createGuestCart { cart { id } } }';
const ADD =
  'mutation AddToCart($cartId: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $cartId, cartItems: $items) { cart { id total_quantity items { uid quantity product { sku } ... on ConfigurableCartItem { configured_variant { sku } } } prices { grand_total { value currency } } } user_errors { code message } } }';
const SHIPPING_ADDRESS =
  'mutation SetShippingAddress($cartId: String!, $address: CartAddressInput!, $email: String!) { setGuestEmailOnCart(input: { cart_id: $cartId, email: $email }) { cart { id email } } setShippingAddressesOnCart(input: { cart_id: $cartId, shipping_addresses: [{ address: $address }] }) { cart { id shipping_addresses { firstname lastname street city postcode country { code } available_shipping_methods { carrier_code method_code carrier_title method_title amount { value currency } } } } } }';
const SHIPPING_METHOD =
  'mutation SetShippingMethod($cartId: String!) { setShippingMethodsOnCart(input: { cart_id: $cartId, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id shipping_addresses { selected_shipping_method { carrier_code method_code amount { value currency } } } prices { grand_total { value currency } } } } }';
const BILLING =
  'mutation SetBilling($cartId: String!) { setBillingAddressOnCart(input: { cart_id: $cartId, billing_address: { same_as_shipping: true } }) { cart { id billing_address { firstname lastname city } available_payment_methods { code title } } } }';
const PLACE_ORDER =
  'mutation PlaceOrder($cartId: String!, $code: String!) { setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: $code } }) { cart { id } } placeOrder(input: { cart_id: $cartId }) { errors { code message } orderV2 { number status total { grand_total { value currency } } } } }';
const CART_ITEMS =
  'query CartItems($cartId: String!) { cart(cart_id: $cartId) { id items { quantity product { sku } ... on ConfigurableCartItem { configured_variant { sku } } } } }';
const CART_ACTIVE = 'query CartActive($cartId: String!) { cart(cart_id: $cartId) { id } }';
const FRAME_OPTIONS =
  'query FrameOptions($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { sku ... on ConfigurableProduct { configurable_options { values { uid } } variants { product { sku } attributes { uid } } options { required title ... on CustomizableRadioOption { radio: value { uid title } } ... on CustomizableDropDownOption { dropdown: value { uid title } } } } } } }';

/** An answer that never came whole: the request may have been served (ADR 011's `isAnswerLost`). */
export class AnswerLost extends Error {}

/** POSTs one GraphQL document; a missing, reset or 5xx answer is `AnswerLost`. `onTiming(name, ms)` gets each call's wall time. */
async function post(base, name, query, variables, onTiming) {
  const started = performance.now();
  let res;
  let body;
  try {
    res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...SHOPPER_HEADERS },
      body: JSON.stringify({ operationName: name, query, variables }),
    });
    if (res.status >= 500) throw new AnswerLost(`${name}: ${res.status}`);
    body = await res.json();
  } catch (error) {
    if (error instanceof AnswerLost) throw error;
    throw new AnswerLost(`${name}: ${error.cause?.code ?? error.message}`);
  } finally {
    onTiming?.(name, performance.now() - started);
  }
  return body;
}

/**
 * The option uids a storefront sends for a frame: its first colour and size that names `variantSku` (or the first), and
 * the first value of every required lens option but the index, which is 1.59 polycarbonate: the one lens the eyewear
 * rules allow in every frame, rimless ones included (ADR 035).
 */
export async function frameChoice(base, sku) {
  const answer = await post(base, 'FrameOptions', FRAME_OPTIONS, { sku });
  const product = answer.data?.products.items[0];
  if (!product) throw new Error(`no frame ${sku}: ${JSON.stringify(answer.errors)}`);
  const variant = product.variants[0];
  // The index is not a required option (the frame alone has none) but lenses need one (ADR 035 "Frame only").
  const lenses = product.options
    .filter((o) => o.required || o.title === 'Lens index')
    .map((o) => {
      const values = o.radio ?? o.dropdown;
      return (values.find((v) => v.title.startsWith('1.59 ')) ?? values[0]).uid;
    });
  return { sku, variantSku: variant.product.sku, selected: [...variant.attributes.map((a) => a.uid), ...lenses] };
}

const errorsOf = (answer) => (answer.errors?.length ? answer.errors.map((e) => e.message).join('; ') : null);

/** Runs `step` until it answers; a lost answer is followed by `wasTaken()` (when given) before the step is sent again. */
async function settled(step, wasTaken, tries = 6) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof AnswerLost) || attempt >= tries) throw error;
      await new Promise((done) => setTimeout(done, 50 * attempt));
      const taken = wasTaken ? await settled(wasTaken, null, tries).catch(() => false) : false;
      if (taken) return taken;
    }
  }
}

/**
 * One guest checkout of `frames` (from `frameChoice`, one unit each). Answers the cart id, the order
 * number (null when the order exists but its answer was lost: the shopper was told "placed, the
 * confirmation is on its way", ADR 011 §2), whether it was placed, how many answers were lost, and
 * the wall time of each GraphQL call by operation name in `timings`.
 */
export async function guestCheckout(base, frames, { email = 'guest@example.com', timings = null } = {}) {
  const onTiming = timings ? (name, ms) => (timings[name] ??= []).push(ms) : undefined;
  let lost = 0;
  const call = async (name, query, variables) => {
    try {
      return await post(base, name, query, variables, onTiming);
    } catch (error) {
      if (error instanceof AnswerLost) lost++;
      throw error;
    }
  };
  const must = (answer, what) => {
    const errors = errorsOf(answer);
    if (errors) throw new Error(`${what}: ${errors}`);
    return answer.data;
  };
  const created = await settled(async () => must(await call('CreateGuestCart', CREATE_CART), 'createGuestCart'));
  const cartId = created.createGuestCart.cart.id;
  const skusInCart = async () => {
    const answer = must(await call('CartItems', CART_ITEMS, { cartId }), 'cart');
    return new Set(answer.cart.items.map((i) => i.configured_variant?.sku));
  };
  for (const frame of frames) {
    await settled(
      async () => {
        const data = must(
          await call('AddToCart', ADD, { cartId, items: [{ sku: frame.sku, quantity: 1, selected_options: frame.selected }] }),
          'addProductsToCart',
        );
        if (data.addProductsToCart.user_errors.length) throw new Error(`addProductsToCart: ${data.addProductsToCart.user_errors[0].message}`);
        return true;
      },
      async () => (await skusInCart()).has(frame.variantSku),
    );
  }
  await settled(async () => must(await call('SetShippingAddress', SHIPPING_ADDRESS, { cartId, address: TORONTO_ADDRESS, email }), 'shipping address'));
  await settled(async () => must(await call('SetShippingMethod', SHIPPING_METHOD, { cartId }), 'shipping method'));
  await settled(async () => must(await call('SetBilling', BILLING, { cartId }), 'billing address'));
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await call('PlaceOrder', PLACE_ORDER, { cartId, code: 'checkmo' });
      const errors = errorsOf(answer) ?? answer.data?.placeOrder.errors.map((e) => e.message).join('; ');
      if (errors) throw new Error(`placeOrder: ${errors}`);
      return { cartId, orderNumber: answer.data.placeOrder.orderV2.number, placed: true, lost };
    } catch (error) {
      if (!(error instanceof AnswerLost) || attempt >= 6) throw error;
      // ADR 011: the answer was lost; ask whether the cart is still active, never place again blindly.
      const active = await settled(async () => {
        const answer = await call('CartActive', CART_ACTIVE, { cartId });
        return answer.data?.cart ? 'active' : 'gone';
      });
      if (active === 'gone') return { cartId, orderNumber: null, placed: true, lost };
    }
  }
}

/**
 * Reads the orders of `checkouts` (their cart ids) from the database through `query(sql, params)`,
 * and checks each: a placed checkout has exactly one order, of the two frames it added (one unit
 * each, its own variants), with a grand total equal to its lines, shipping and taxes; a checkout not
 * placed has none; no order names another shopper's cart. Answers the counts and what was wrong.
 */
export async function verifyOrders(query, checkouts, frameSkus) {
  const ids = checkouts.map((c) => c.cartId);
  const rows = (
    await query(
      `SELECT c.masked_id, o.id, o.number, o.email, o.totals,
         (SELECT json_agg(json_build_object('sku', i.sku, 'quantity', i.quantity::float8, 'row_total', i.row_total::float8) ORDER BY i.id) FROM sales_order_item i WHERE i.order_id = o.id) AS items
       FROM cart c JOIN sales_order o ON o.cart_id = c.id WHERE c.masked_id = ANY($1)`,
      [ids],
    )
  ).rows;
  const byCart = new Map();
  for (const row of rows) byCart.set(row.masked_id, [...(byCart.get(row.masked_id) ?? []), row]);
  const wrong = [];
  let lost = 0;
  let doubled = 0;
  for (const checkout of checkouts) {
    const orders = byCart.get(checkout.cartId) ?? [];
    if (!checkout.placed) {
      if (orders.length) wrong.push(`${checkout.cartId}: the shopper was told nothing was ordered, yet ${orders.length} order(s) exist`);
      continue;
    }
    if (orders.length === 0) {
      lost++;
      wrong.push(`${checkout.cartId}: placed, but no order in the database`);
      continue;
    }
    if (orders.length > 1) {
      doubled++;
      wrong.push(`${checkout.cartId}: ${orders.length} orders`);
    }
    const order = orders[0];
    if (checkout.orderNumber && order.number !== checkout.orderNumber)
      wrong.push(`${checkout.cartId}: answered ${checkout.orderNumber}, the database holds ${order.number}`);
    if (checkout.email && order.email !== checkout.email) wrong.push(`${checkout.cartId}: order ${order.number} is ${order.email}'s, not ${checkout.email}'s`);
    const items = order.items ?? [];
    const skus = items.map((i) => i.sku).sort();
    const expected = [...(checkout.variantSkus ?? frameSkus)].sort();
    if (JSON.stringify(skus) !== JSON.stringify(expected) || items.some((i) => i.quantity !== 1))
      wrong.push(`${checkout.cartId}: order ${order.number} holds ${JSON.stringify(items)}, not one each of ${expected.join(', ')}`);
    const totals = typeof order.totals === 'string' ? JSON.parse(order.totals) : order.totals;
    const sum = items.reduce((s, i) => s + i.row_total, 0);
    if (Math.abs(totals.subtotal - sum) > 0.005) wrong.push(`${checkout.cartId}: subtotal ${totals.subtotal} is not its lines' ${sum}`);
    const grand = totals.subtotal - totals.discount_total + totals.shipping + totals.tax_total;
    if (Math.abs(totals.grand_total - grand) > 0.005) wrong.push(`${checkout.cartId}: grand total ${totals.grand_total} is not ${grand}`);
  }
  return { orders: rows.length, lost, doubled, wrong };
}
