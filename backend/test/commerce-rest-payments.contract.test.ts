import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProductBySku } from '../src/modules/catalog/catalog-lookup';
import {
  addAurora,
  approveHostedPayment,
  bearer,
  firstError,
  guestCart,
  newCustomer,
  PLACE_ORDER,
  readyForOrder,
  signIn,
  startCommerceBackend,
  testClock,
  type CommerceTestBackend,
  US_ADDRESS as ADDRESS,
  jsonPost as json,
} from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const shippingInformation = {
  addressInformation: { shipping_address: ADDRESS, billing_address: ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' },
};

describe('spec §7 REST checkout', () => {
  it('guest: shipping-information answers payment methods and totals; payment-information places the order and answers its id', async () => {
    const cartId = await guestCart(api, { Store: 'us' });
    await addAurora(api, cartId, 1, { Store: 'us' });
    const res = await api.http(`/rest/us/V1/guest-carts/${cartId}/shipping-information`, json(shippingInformation));
    expect(res.status).toBe(200);
    const details = (await res.json()) as {
      payment_methods: { code: string }[];
      totals: Record<string, unknown> & { total_segments: { code: string; value: number }[] };
    };
    expect(details.payment_methods.map((m) => m.code)).toEqual(['checkmo', 'lunettepay_card', 'lunettepay_wallet']);
    // 129 USD (over the us view's 100.00 USD free-shipping subtotal: the flat rate is free, ADR 040) + Texas 6.25 % (8.06).
    expect(details.totals).toMatchObject({
      subtotal: 129,
      shipping_amount: 0,
      tax_amount: 8.06,
      grand_total: 137.06,
      base_grand_total: 137.06,
      quote_currency_code: 'USD',
      items_qty: 1,
    });
    expect(details.totals.total_segments.map((s) => s.code)).toEqual(['subtotal', 'shipping', 'tax', 'grand_total']);

    const get = await api.http(`/rest/us/V1/guest-carts/${cartId}/payment-information`);
    expect(((await get.json()) as { totals: { grand_total: number } }).totals.grand_total).toBe(137.06);

    const placed = await api.http(
      `/rest/us/V1/guest-carts/${cartId}/payment-information`,
      json({ email: 'ada.rest@example.com', paymentMethod: { method: 'checkmo' }, billingAddress: ADDRESS }),
    );
    expect(placed.status).toBe(200);
    const orderId = (await placed.json()) as string;
    expect(orderId).toMatch(/^\d+$/);
    const row = await api.backend.db.query<{ number: string; email: string; currency: string }>(
      'SELECT number, email, currency FROM sales_order WHERE id = $1',
      [Number(orderId)],
    );
    expect(row.rows[0]).toEqual({ number: orderId.padStart(9, '0'), email: 'ada.rest@example.com', currency: 'USD' });
  });

  it("answers errors in Magento's REST shape with proper status codes", async () => {
    const missing = await api.http('/rest/V1/guest-carts/unknown-cart/shipping-information', json(shippingInformation));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      message: 'No such entity with cartId = unknown-cart',
      parameters: { fieldName: 'cartId', fieldValue: 'unknown-cart' },
    });

    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    const noBody = await api.http(`/rest/V1/guest-carts/${cartId}/shipping-information`, json({}));
    expect(noBody.status).toBe(400);
    expect(await noBody.json()).toEqual({ message: '"addressInformation" is required. Enter and try again.', parameters: [] });
    const noMethod = await api.http(`/rest/V1/guest-carts/${cartId}/shipping-information`, json({ addressInformation: { shipping_address: ADDRESS } }));
    expect(((await noMethod.json()) as { message: string }).message).toBe('The shipping method is missing. Select the shipping method and try again.');
    const noEmail = await api.http(`/rest/V1/guest-carts/${cartId}/payment-information`, json({ paymentMethod: { method: 'checkmo' } }));
    expect(noEmail.status).toBe(400);
    expect(((await noEmail.json()) as { message: string }).message).toBe('"email" is required. Enter and try again.');
    const notReady = await api.http(
      `/rest/V1/guest-carts/${cartId}/payment-information`,
      json({
        email: 'a@example.com',
        paymentMethod: { method: 'checkmo' },
        billingAddress: { ...ADDRESS, country_id: 'CA', region_code: 'ON', region_id: 74 },
      }),
    );
    expect(notReady.status).toBe(400);
    // Magento's QuoteValidator words, passed on as they are by the REST payment-information route.
    expect(((await notReady.json()) as { message: string }).message).toBe('The shipping address is missing. Set the address and try again.');

    const mine = await api.http('/rest/V1/carts/mine/payment-information');
    expect(mine.status).toBe(401);
    expect(await mine.json()).toEqual({ message: "The consumer isn't authorized to access %resources.", parameters: { resources: 'self' } });
  });

  it('spec §6: a signed-in customer uses the carts/mine routes with the bearer token', async () => {
    const { token } = await newCustomer(api);
    const cartId = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
    await addAurora(api, cartId, 1, bearer(token));
    const info = await api.http(
      '/rest/V1/carts/mine/shipping-information',
      json(
        {
          addressInformation: {
            ...shippingInformation.addressInformation,
            shipping_address: { ...ADDRESS, country_id: 'CA', region_code: 'ON', region_id: 74, postcode: 'M5H 1A1', city: 'Toronto' },
          },
        },
        bearer(token),
      ),
    );
    expect(info.status).toBe(200);
    const placed = await api.http('/rest/V1/carts/mine/payment-information', json({ paymentMethod: { method: 'checkmo' } }, bearer(token)));
    expect(placed.status).toBe(200);
    const orderId = (await placed.json()) as string;
    const orders = await api.gqlGet<{ customer: { orders: { items: { number: string }[] } } }>(
      '{ customer { orders { items { number } } } }',
      {},
      bearer(token),
    );
    expect(orders.data!.customer.orders.items.map((o) => o.number)).toEqual([orderId.padStart(9, '0')]);
  });
});

describe('LunettePay hosted payments', () => {
  const VERIFY = `mutation ($i: LunettePaymentReturnInput!) { lunetteVerifyPaymentReturn(input: $i) { result order_number message cart_id order_token } }`;
  type Placed = {
    placeOrder: {
      orderV2: { number: string; status: string; token: string; payment_methods: { type: string; additional_data: { name: string; value: string }[] }[] };
    };
  };

  async function payWith(method: string, decision: string) {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await readyForOrder(api, cartId, {}, method);
    const placed = (await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.orderV2;
    const url = new URL(placed.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value);
    const page = await api.http(url.pathname);
    const decided = await api.http(url.pathname, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
    });
    return { cartId, placed, page, decided, returnUrl: new URL(decided.headers.get('location')!) };
  }

  it('card: the order waits in Pending Payment; Approve returns to /ca/ayden/action/return.html with a signed result that completes the order', async () => {
    const { placed, page, decided, returnUrl } = await payWith('lunettepay_card', 'approved');
    expect(placed.status).toBe('Pending Payment');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    for (const label of ['Approve payment', 'Decline', 'Cancel and return to the shop']) expect(html).toContain(label);
    expect(decided.status).toBe(303);
    expect(returnUrl.pathname).toBe('/ca/ayden/action/return.html');
    const params = Object.fromEntries(returnUrl.searchParams);
    expect(params).toMatchObject({ result: 'approved', order_number: placed.number });

    const forged = await api.gql(VERIFY, { i: { payment_token: params.payment_token, result: 'approved', signature: '0'.repeat(64) } });
    expect(firstError(forged)).toBe('The payment result could not be verified.');
    const swapped = await api.gql(VERIFY, { i: { payment_token: params.payment_token, result: 'declined', signature: params.signature } });
    expect(firstError(swapped)).toBe('The payment result could not be verified.');

    const verified = await api.gql(VERIFY, { i: { payment_token: params.payment_token, result: params.result, signature: params.signature } });
    expect(verified.data!.lunetteVerifyPaymentReturn).toEqual({
      result: 'APPROVED',
      order_number: placed.number,
      message: 'Your payment was approved. Thank you for your order.',
      cart_id: null,
      order_token: placed.token,
    });
    const status = await api.backend.db.query<{ status: string }>('SELECT status FROM sales_order WHERE number = $1', [placed.number]);
    expect(status.rows[0]!.status).toBe('processing');
    // The same return verified again answers the same (a page reload), without doing anything twice.
    expect(
      (await api.gql(VERIFY, { i: { payment_token: params.payment_token, result: params.result, signature: params.signature } })).data!
        .lunetteVerifyPaymentReturn,
    ).toMatchObject({ result: 'APPROVED' });
  });

  it('lunetteHostedPaymentOfCart names the page a guest cart’s order waits to be paid on; nothing for an active or unknown cart', async () => {
    const OF_CART = 'query ($c: String!) { lunetteHostedPaymentOfCart(cart_id: $c) { order_number payment_url } }';
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await readyForOrder(api, cartId, {}, 'lunettepay_card');
    expect((await api.gql(OF_CART, { c: cartId })).data).toEqual({ lunetteHostedPaymentOfCart: null });
    const placed = (await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.orderV2;
    const url = placed.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value;
    expect((await api.gql(OF_CART, { c: cartId })).data).toEqual({ lunetteHostedPaymentOfCart: { order_number: placed.number, payment_url: url } });
    expect((await api.gql(OF_CART, { c: 'no-such-cart' })).data).toEqual({ lunetteHostedPaymentOfCart: null });
  });

  it('wallet: Decline returns to /ca/paypal/action/return.html; verifying cancels the order, returns the stock and restores the cart', async () => {
    const stock = (await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty;
    const { cartId, placed, returnUrl } = await payWith('lunettepay_wallet', 'declined');
    expect(returnUrl.pathname).toBe('/ca/paypal/action/return.html');
    expect((await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty).toBe(stock - 1);
    const params = Object.fromEntries(returnUrl.searchParams);
    const verified = await api.gql<{ lunetteVerifyPaymentReturn: { result: string; cart_id: string } }>(VERIFY, {
      i: { payment_token: params.payment_token, result: 'declined', signature: params.signature },
    });
    expect(verified.data!.lunetteVerifyPaymentReturn).toMatchObject({ result: 'DECLINED', order_number: placed.number, cart_id: cartId });
    expect((await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty).toBe(stock);
    const cart = await api.gqlGet<{ cart: { total_quantity: number } }>('query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: cartId });
    expect(cart.data!.cart.total_quantity).toBe(1);
    const approveAfterDecline = await api.gql(VERIFY, { i: { payment_token: params.payment_token, result: 'declined', signature: params.signature } });
    expect(approveAfterDecline.errors).toBeUndefined();
  });
});

describe('LunettePay hosted payments left unpaid: the cart comes back (ADR 042)', () => {
  const RESTORE = 'mutation ($c: String!, $b: Boolean!) { lunetteRestorePendingPaymentCart(cart_id: $c, came_back: $b) { cart_id order_number } }';
  const VERIFY = `mutation ($i: LunettePaymentReturnInput!) { lunetteVerifyPaymentReturn(input: $i) { result } }`;
  type Placed = { placeOrder: { orderV2: { number: string; payment_methods: { additional_data: { name: string; value: string }[] }[] } } };
  type Restored = { lunetteRestorePendingPaymentCart: { cart_id: string | null; order_number: string } | null };

  async function placed(headers: Record<string, string> = {}, cartId?: string) {
    const id = cartId ?? (await guestCart(api));
    await addAurora(api, id, 1, headers);
    await readyForOrder(api, id, headers, 'lunettepay_card');
    const order = (await api.gql<Placed>(PLACE_ORDER, { c: id }, headers)).data!.placeOrder.orderV2;
    return { cartId: id, number: order.number, url: new URL(order.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value) };
  }
  const statusOf = async (number: string) =>
    (await api.backend.db.query<{ status: string }>('SELECT status FROM sales_order WHERE number = $1', [number])).rows[0]!.status;

  it('Back from the provider: the order is cancelled, its stock returned and its cart active again; the page left behind can no longer pay it', async () => {
    const stock = (await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty;
    const order = await placed();
    expect((await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty).toBe(stock - 1);
    // Another tab (not the one that went to pay) does not take the order from under the page still open: it is named, no cart.
    expect((await api.gql<Restored>(RESTORE, { c: order.cartId, b: false })).data).toEqual({
      lunetteRestorePendingPaymentCart: { cart_id: null, order_number: order.number },
    });
    expect(await statusOf(order.number)).toBe('pending_payment');

    const back = await api.gql<Restored>(RESTORE, { c: order.cartId, b: true });
    expect(back.data).toEqual({ lunetteRestorePendingPaymentCart: { cart_id: order.cartId, order_number: order.number } });
    expect(await statusOf(order.number)).toBe('canceled');
    expect((await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty).toBe(stock);
    const cart = await api.gqlGet<{ cart: { total_quantity: number } }>('query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: order.cartId });
    expect(cart.data!.cart.total_quantity).toBe(1);
    // The answer lost, the call made again: the same answer, nothing done twice (the stock stays returned once).
    expect((await api.gql<Restored>(RESTORE, { c: order.cartId, b: true })).data).toEqual(back.data);
    expect((await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!.qty).toBe(stock);
    // An unknown cart has nothing to give back.
    expect((await api.gql<Restored>(RESTORE, { c: 'no-such-cart', b: true })).data).toEqual({ lunetteRestorePendingPaymentCart: null });

    // The provider's page, still in the history, approves: the payment is refused, the order stays cancelled.
    const decided = await api.http(order.url.pathname, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approved',
    });
    expect(decided.status).toBe(303);
    const params = Object.fromEntries(new URL(decided.headers.get('location')!).searchParams);
    const verified = await api.gql(VERIFY, { i: { payment_token: params.payment_token, result: params.result, signature: params.signature } });
    expect(firstError(verified)).toBe('This payment has already been completed.');
    expect(await statusOf(order.number)).toBe('canceled');
  });

  it('an order paid is never given back: its cart answers null, however it asks', async () => {
    const order = await placed();
    await approveHostedPayment(api, order.url.href);
    expect((await api.gql<Restored>(RESTORE, { c: order.cartId, b: true })).data).toEqual({ lunetteRestorePendingPaymentCart: null });
    expect(await statusOf(order.number)).toBe('processing');
  });

  it("Magento's pending-payment lifetime (480 minutes): an order left unpaid that long gives its cart back to any tab", async () => {
    const order = await placed();
    api.clock.advance(479 * 60);
    expect((await api.gql<Restored>(RESTORE, { c: order.cartId, b: false })).data).toEqual({
      lunetteRestorePendingPaymentCart: { cart_id: null, order_number: order.number },
    });
    api.clock.advance(60);
    expect((await api.gql<Restored>(RESTORE, { c: order.cartId, b: false })).data).toEqual({
      lunetteRestorePendingPaymentCart: { cart_id: order.cartId, order_number: order.number },
    });
    expect(await statusOf(order.number)).toBe('canceled');
  });

  it("a customer's cart is given back to its owner only: no token, or another customer's, is refused with Magento's words and nothing changes", async () => {
    const owner = await newCustomer(api);
    const other = await newCustomer(api);
    const cartId = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(owner.token))).data!.customerCart.id;
    const order = await placed(bearer(owner.token), cartId);
    for (const headers of [{}, bearer(other.token)]) {
      const refused = await api.gql(RESTORE, { c: cartId, b: true }, headers);
      expect(firstError(refused)).toBe(`The current user cannot perform operations on cart "${cartId}"`);
      expect(refused.errors?.[0]?.extensions?.category).toBe('graphql-authorization');
    }
    expect(await statusOf(order.number)).toBe('pending_payment');
    expect((await api.gql<Restored>(RESTORE, { c: cartId, b: true }, bearer(owner.token))).data).toEqual({
      lunetteRestorePendingPaymentCart: { cart_id: cartId, order_number: order.number },
    });
  });
});

describe('LunettePay hosted payments: the confirmation email', () => {
  const VERIFY = `mutation ($i: LunettePaymentReturnInput!) { lunetteVerifyPaymentReturn(input: $i) { result order_number cart_id order_token } }`;
  const GUEST_ORDER_BY_TOKEN =
    'query ($t: String!) { guestOrderByToken(input: { token: $t }) { number status email shipping_address { firstname lastname } } }';
  type Placed = { placeOrder: { orderV2: { number: string; token: string; payment_methods: { additional_data: { name: string; value: string }[] }[] } } };
  type Verified = { lunetteVerifyPaymentReturn: { result: string; order_number: string; cart_id: string | null; order_token: string | null } };

  const mailsOf = async (number: string) =>
    (await api.backend.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE subject LIKE $1 ORDER BY id', [`%#${number}`])).rows;

  async function place(cartId: string, method: string, headers: Record<string, string> = {}) {
    await readyForOrder(api, cartId, headers, method);
    const placed = (await api.gql<Placed>(PLACE_ORDER, { c: cartId }, headers)).data!.placeOrder.orderV2;
    return { placed, url: new URL(placed.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value) };
  }
  async function decide(url: URL, decision: string) {
    const decided = await api.http(url.pathname, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
    });
    const params = Object.fromEntries(new URL(decided.headers.get('location')!).searchParams);
    return (await api.gql<Verified>(VERIFY, { i: { payment_token: params.payment_token, result: params.result, signature: params.signature } })).data!
      .lunetteVerifyPaymentReturn;
  }

  it('an order placed for the hosted page sends no email until its payment is approved; a decline or cancel sends none', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    const declined = await place(cartId, 'lunettepay_card');
    expect(await mailsOf(declined.placed.number)).toEqual([]);
    expect(await decide(declined.url, 'declined')).toMatchObject({ result: 'DECLINED', cart_id: cartId, order_token: null });
    expect(await mailsOf(declined.placed.number)).toEqual([]);

    // The restored cart is paid again with the wallet and cancelled: still no mail.
    const cancelled = await place(cartId, 'lunettepay_wallet');
    expect(await decide(cancelled.url, 'cancelled')).toMatchObject({ result: 'CANCELLED', order_token: null });
    expect(await mailsOf(cancelled.placed.number)).toEqual([]);

    // Then approved: exactly one confirmation, for the approved order only, even when the return is verified twice.
    const approved = await place(cartId, 'lunettepay_wallet');
    expect(approved.url.pathname).toMatch(/^\/hosted-payment\//);
    const verified = await decide(approved.url, 'approved');
    expect(verified).toMatchObject({ result: 'APPROVED', order_number: approved.placed.number, order_token: approved.placed.token });
    await decide(approved.url, 'approved');
    const mails = await mailsOf(approved.placed.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`Thank you for your order #${approved.placed.number}`);
    expect(await mailsOf(declined.placed.number)).toEqual([]);
    expect(await mailsOf(cancelled.placed.number)).toEqual([]);
  });

  it('an offline payment (check / money order) is confirmed by email when the order is placed', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await readyForOrder(api, cartId);
    const number = (await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.orderV2.number;
    expect(await mailsOf(number)).toHaveLength(1);
  });

  it('the success page reads a guest order only with the token its verified return carried; another token, or a customer order, shows nothing', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    const { placed, url } = await place(cartId, 'lunettepay_card');
    const { order_token: token } = await decide(url, 'approved');
    const answer = await api.gqlGet<{ guestOrderByToken: { number: string; status: string; email: string } }>(GUEST_ORDER_BY_TOKEN, { t: token });
    expect(answer.data!.guestOrderByToken).toMatchObject({ number: placed.number, status: 'Processing', email: 'guest@example.com' });
    expect(firstError(await api.gqlGet(GUEST_ORDER_BY_TOKEN, { t: 'not-a-token' }))).toBe("We couldn't locate an order with the information provided.");
    // another store view's order is not found either, said in that view's language
    expect(firstError(await api.gqlGet(GUEST_ORDER_BY_TOKEN, { t: token }, { Store: 'fr' }))).toBe('Aucune commande ne correspond aux informations fournies.');

    const { token: customerToken } = await newCustomer(api);
    const customerCart = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(customerToken))).data!.customerCart.id;
    await addAurora(api, customerCart, 1, bearer(customerToken));
    await readyForOrder(api, customerCart, bearer(customerToken));
    const customerOrder = (await api.gql<Placed>(PLACE_ORDER, { c: customerCart }, bearer(customerToken))).data!.placeOrder.orderV2;
    expect(firstError(await api.gqlGet(GUEST_ORDER_BY_TOKEN, { t: customerOrder.token }))).toBe('Please login to view the order.');
  });
});

describe('persistence', () => {
  it('a restart keeps customers, carts and orders', async () => {
    const dataDir = `${mkdtempSync(`${tmpdir()}/eyewear-commerce-restart-`)}/db`;
    const clock = testClock();
    const first = await startCommerceBackend({ dataDir, clock });
    const { email, token } = await newCustomer(first);
    const guest = await guestCart(first);
    await addAurora(first, guest, 2);
    const ordered = await guestCart(first);
    await addAurora(first, ordered);
    await readyForOrder(first, ordered);
    const number = (await first.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: ordered })).data!.placeOrder.orderV2.number;
    await first.stop();

    const second = await startCommerceBackend({ dataDir, clock });
    expect(second.backend.seeded).toBe(false);
    expect((await second.gqlGet<{ customer: { email: string } }>('{ customer { email } }', {}, bearer(token))).data!.customer.email).toBe(email);
    await signIn(second, email, 'Lunette!2026');
    expect(
      (await second.gqlGet<{ cart: { total_quantity: number } }>('query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: guest })).data!.cart
        .total_quantity,
    ).toBe(2);
    const row = await second.backend.db.query('SELECT 1 FROM sales_order WHERE number = $1', [number]);
    expect(row.rows).toHaveLength(1);
    await second.close();
  }, 180_000); // seeds a fresh database: slow on a loaded machine
});

describe('REST errors in the store view’s language', () => {
  it('a refusal reads in the view’s language; the cart signals the storefront matches stay as Magento words them', async () => {
    const fr = { Store: 'fr' };
    const cartId = await guestCart(api, fr);
    await addAurora(api, cartId, 1, fr);
    const noSuchCarrier = { addressInformation: { ...shippingInformation.addressInformation, shipping_carrier_code: 'nope', shipping_method_code: 'nope' } };
    const refused = await api.http(`/rest/fr/V1/guest-carts/${cartId}/shipping-information`, json(noSuchCarrier));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Aucun transporteur ne propose ce mode de livraison : nope, nope');
    const missing = await api.http('/rest/fr/V1/guest-carts/unknown-cart/shipping-information', json(shippingInformation));
    expect(((await missing.json()) as { message: string }).message).toBe('No such entity with cartId = unknown-cart');
  });
});
