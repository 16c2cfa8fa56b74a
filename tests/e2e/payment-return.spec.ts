import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Hosted payments (spec §2 /ayden/action/return.html, /paypal/action/return.html, /success,
 * /paymentfail, /payment-result) through the backend's LunettePay page. The cart and the checkout
 * up to payment are set up through the GraphQL API, as the checkout would leave them (the order is
 * placed with a hosted method, the cart id and the shipping address are in browser storage); the
 * shopper then pays on the provider's page in the browser.
 */
const AURORA_BLACK = 'Y29uZmlndXJhYmxlLzkzLzUw';
const AURORA_M = 'Y29uZmlndXJhYmxlLzE0NC8xNzI=';
const ADDRESS = { firstname: 'Ada', lastname: 'Lovelace', street: ['12 King St W'], city: 'Toronto', region: 'ON', postcode: 'M5H 1A1', country_code: 'CA', telephone: '4165550100' };
const EMAIL = 'pay.guest@example.com';
/** The address as the checkout machine saves it (spec §9 shipping_address). */
const SAVED_ADDRESS = { firstname: 'Ada', lastname: 'Lovelace', street: ['12 King St W'], city: 'Toronto', region_code: 'ON', region: 'Ontario', postcode: 'M5H 1A1', telephone: '4165550100', country_id: 'CA', email: EMAIL };

async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post('/graphql', { headers: { 'content-type': 'application/json', Store: 'ca' }, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('\n'));
  return body.data!;
}

interface HostedOrder {
  cartId: string;
  orderNumber: string;
  /** The provider's page, inside this site. */
  hostedPath: string;
}

/** A guest cart with one Aurora Cat-Eye, taken through checkout to an order paid on the hosted page. */
async function hostedOrder(request: APIRequestContext, method: 'lunettepay_card' | 'lunettepay_wallet'): Promise<HostedOrder> {
  const { createGuestCart } = await gql<{ createGuestCart: { cart: { id: string } } }>(request, 'mutation { createGuestCart { cart { id } } }');
  const cartId = createGuestCart.cart.id;
  const { products } = await gql<{ products: { items: { options: { title: string; value?: { uid: string; title: string }[] }[] }[] } }>(
    request,
    '{ products(filter: { sku: { eq: "LN1001" } }) { items { ... on CustomizableProductInterface { options { title ... on CustomizableRadioOption { value { uid title } } } } } } }',
  );
  const values = products.items[0]!.options.flatMap((o) => o.value ?? []);
  const lenses = ['Non-prescription', '1.50 Standard'].map((title) => values.find((v) => v.title === title)!.uid);
  const steps: [string, Record<string, unknown>][] = [
    ['mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { user_errors { message } } }', { o: [AURORA_BLACK, AURORA_M, ...lenses] }],
    ['mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { id } } }', { e: EMAIL }],
    ['mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }', { a: ADDRESS }],
    ['mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }', {}],
    ['mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {}],
    ['mutation ($c: String!, $m: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $m } }) { cart { id } } }', { m: method }],
  ];
  for (const [query, variables] of steps) await gql(request, query, { c: cartId, ...variables });
  const { placeOrder } = await gql<{ placeOrder: { orderV2: { number: string; payment_methods: { additional_data: { name: string; value: string }[] }[] } } }>(
    request,
    'mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { orderV2 { number payment_methods { additional_data { name value } } } } }',
    { c: cartId },
  );
  const hosted = placeOrder.orderV2.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value;
  return { cartId, orderNumber: placeOrder.orderV2.number, hostedPath: new URL(hosted).pathname };
}

/** The browser as the checkout leaves it before sending the shopper to the provider. */
async function checkedOutIn(page: Page, order: HostedOrder) {
  await page.goto('/ca/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await page.evaluate(
    ({ cartId, address }) => {
      const record = (value: unknown) => JSON.stringify({ value, timeStored: Date.now() });
      window.localStorage.setItem('cartId_ca', record(cartId));
      window.localStorage.setItem('shipping_address', record(address));
      window.localStorage.setItem('paymentMethod', record({ code: 'lunettepay_card' }));
    },
    { cartId: order.cartId, address: SAVED_ADDRESS },
  );
}

const stored = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = window.localStorage.getItem(k);
    return raw ? (JSON.parse(raw) as { value: unknown }).value : null;
  }, key);

/** The provider's redirect for a decision, without following it (to tamper with or replay it). */
async function returnPathFor(request: APIRequestContext, order: HostedOrder, decision: 'approved' | 'declined' | 'cancelled'): Promise<string> {
  const res = await request.post(order.hostedPath, { form: { decision }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  const url = new URL(res.headers()['location']!);
  return `${url.pathname}${url.search}`;
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test.describe('spec §2 hosted payment returns', () => {
  test('card: approve on the provider page → /success with the order number, the shipping address and an account offer', async ({ page, request }) => {
    const order = await hostedOrder(request, 'lunettepay_card');
    await checkedOutIn(page, order);
    await page.goto(order.hostedPath);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/ca/success\\?order=${order.orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText(`Your payment was approved. Your order number is ${order.orderNumber}.`, { exact: true })).toBeVisible();
    const shipTo = page.getByRole('region', { name: 'Shipping to' });
    await expect(shipTo).toContainText('Ada Lovelace');
    await expect(shipTo).toContainText('12 King St W');
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/ca/create-account?email=pay.guest%40example.com&firstName=Ada&lastName=Lovelace',
    );
    // Spec §4: the order is final, so the saved checkout data is cleared.
    expect(await stored(page, 'shipping_address')).toBeNull();
    expect(await stored(page, 'paymentMethod')).toBeNull();
    await expectNoAxeViolations(page);
    // A reload keeps the receipt (it travels in the history entry).
    await page.reload();
    await expect(page.getByRole('region', { name: 'Shipping to' })).toContainText('Ada Lovelace');
  });

  test('wallet: decline → /paymentfail with the cart intact and "try again" back to checkout', async ({ page, request }) => {
    const order = await hostedOrder(request, 'lunettepay_wallet');
    await checkedOutIn(page, order);
    await page.goto(order.hostedPath);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(new RegExp(`/ca/paymentfail\\?order=${order.orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: "Your payment didn't go through" })).toBeVisible();
    await expect(page.getByText(`The payment for order #${order.orderNumber} was declined, so the order was cancelled.`, { exact: true })).toBeVisible();
    await expect(page.getByText('Your cart is just as you left it: 1 item.')).toBeVisible();
    expect(await stored(page, 'cartId_ca')).toBe(order.cartId);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/ca\/checkout$/);
  });

  test('card: cancel → /payment-result explains it, and the cart is back', async ({ page, request }) => {
    const order = await hostedOrder(request, 'lunettepay_card');
    await checkedOutIn(page, order);
    await page.goto(order.hostedPath);
    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await expect(page).toHaveURL(new RegExp(`/ca/payment-result\\?status=cancelled&order=${order.orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'You cancelled the payment' })).toBeVisible();
    await expect(page.getByText(`Order #${order.orderNumber} was cancelled and nothing was charged. Your cart has been restored.`, { exact: true })).toBeVisible();
    expect(await stored(page, 'cartId_ca')).toBe(order.cartId);
    await page.getByRole('link', { name: 'View your cart' }).click();
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  });

  test('a tampered return is refused and changes nothing; the genuine one still works', async ({ page, request }) => {
    const order = await hostedOrder(request, 'lunettepay_card');
    await checkedOutIn(page, order);
    const genuine = await returnPathFor(request, order, 'declined');
    expect(genuine).toMatch(/^\/ca\/ayden\/action\/return\.html\?/);
    await page.goto(genuine.replace('result=declined', 'result=approved'));
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't confirm this payment" })).toBeVisible();
    await expect(page.getByText('The payment result could not be verified.', { exact: true })).toBeVisible();
    await expect(page.getByText(`If you did pay for order #${order.orderNumber}`)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(genuine);
    await expect(page).toHaveURL(new RegExp(`/ca/paymentfail\\?order=${order.orderNumber}$`));
  });

  test('a replayed return for an already completed payment is refused', async ({ page, request }) => {
    const order = await hostedOrder(request, 'lunettepay_wallet');
    await checkedOutIn(page, order);
    const declined = await returnPathFor(request, order, 'declined');
    const approved = await returnPathFor(request, order, 'approved');
    await page.goto(declined);
    await expect(page).toHaveURL(/\/ca\/paymentfail\?/);
    await page.goto(approved);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't confirm this payment" })).toBeVisible();
    await expect(page.getByText('This payment has already been completed.', { exact: true })).toBeVisible();
  });

  test('an incomplete return and a pending one are explained, never a blank page', async ({ page }) => {
    await page.goto('/ca/ayden/action/return.html');
    await expect(page.getByRole('heading', { level: 1, name: 'This payment address is incomplete' })).toBeVisible();
    await page.goto('/ca/paypal/action/return.html?result=pending&order_number=000000099');
    await expect(page).toHaveURL(/\/ca\/payment-result\?status=pending&order=000000099$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your payment is being processed' })).toBeVisible();
    await page.goto('/ca/payment-result');
    await expect(page.getByRole('heading', { level: 1, name: "We don't know the outcome of this payment yet" })).toBeVisible();
    await page.goto('/ca/success');
    await expect(page.getByRole('heading', { level: 1, name: 'There is no recent order to show' })).toBeVisible();
  });
});

/** The backend's outbox as the e2e server mirrors it (scripts/e2e-server.mjs): one `[outbox] to <recipient>: <subject>` line a mail. */
const OUTBOX_LOG = `${resolve(process.env.E2E_DATA_DIR ?? '.data/e2e')}-outbox.log`;
function mailsTo(recipient: string): string[] {
  if (!existsSync(OUTBOX_LOG)) return [];
  return readFileSync(OUTBOX_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`[outbox] to ${recipient}: `));
}

const FLAT_RATE = { carrier_code: 'flatrate', carrier_title: 'Flat Rate', method_code: 'flatrate', method_title: 'Fixed', amount: null, code: 'flatrate', title: 'Flat Rate' };

/** A guest cart with one Aurora Cat-Eye, its address and shipping set, and the checkout's saved steps pointing at the card. */
async function cartReadyToPay(page: Page, request: APIRequestContext, email: string): Promise<string> {
  const { createGuestCart } = await gql<{ createGuestCart: { cart: { id: string } } }>(request, 'mutation { createGuestCart { cart { id } } }');
  const cartId = createGuestCart.cart.id;
  const { products } = await gql<{ products: { items: { options: { value?: { uid: string; title: string }[] }[] }[] } }>(
    request,
    '{ products(filter: { sku: { eq: "LN1001" } }) { items { ... on CustomizableProductInterface { options { ... on CustomizableRadioOption { value { uid title } } } } } } }',
  );
  const values = products.items[0]!.options.flatMap((o) => o.value ?? []);
  const lenses = ['Non-prescription', '1.50 Standard'].map((title) => values.find((v) => v.title === title)!.uid);
  const steps: [string, Record<string, unknown>][] = [
    ['mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { user_errors { message } } }', { o: [AURORA_BLACK, AURORA_M, ...lenses] }],
    ['mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { id } } }', { e: email }],
    ['mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }', { a: ADDRESS }],
    ['mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }', {}],
    ['mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {}],
  ];
  for (const [query, variables] of steps) await gql(request, query, { c: cartId, ...variables });
  await page.goto('/ca/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  await page.evaluate(
    ({ cartId, address, method }) => {
      const record = (value: unknown) => JSON.stringify({ value, timeStored: Date.now() });
      window.localStorage.setItem('cartId_ca', record(cartId));
      window.localStorage.setItem('shipping_address', record(address));
      window.localStorage.setItem('availableShippingMethods', record([method]));
      window.localStorage.setItem('shippingMethod', record(method));
      window.localStorage.setItem('billing_address', record({ ...address, sameAsShippingAddress: true }));
      window.localStorage.setItem('paymentMethod', record({ code: 'lunettepay_card' }));
    },
    { cartId, address: { ...SAVED_ADDRESS, email }, method: FLAT_RATE },
  );
  return cartId;
}

test.describe('issue 11: payment-method changes reach the provider; only an approved payment is confirmed', () => {
  test('decline the card, change to the wallet, approve → the provider shows the wallet, one confirmation for the approved order only; /success of another order shows none', async ({ page, request }) => {
    // Two trips to the provider and back: more than the default minute on a loaded machine.
    test.setTimeout(150_000);
    const email = `wallet.${Date.now()}.${test.info().project.name}@example.com`;
    await cartReadyToPay(page, request, email);

    // The checkout resumes at the review with the card; the machine places the order and sends the shopper to the provider.
    await page.goto('/ca/checkout');
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page.getByText(/Credit or debit card \(LunettePay\)/)).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/ca\/paymentfail\?order=\d+$/);
    const declinedOrder = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByText('Your cart is just as you left it: 1 item.')).toBeVisible();
    // Spec §2: a declined payment sends no "Thank you for your order".
    expect(mailsTo(email)).toEqual([]);

    // Try again: choose the wallet under "Edit billing and payment" (issue 11, defect 3).
    await page.getByRole('link', { name: 'Try again' }).click();
    // Keyboard activation: the same button, and the path a keyboard or screen-reader user takes.
    await page.getByRole('button', { name: 'Edit Billing and payment' }).press('Enter');
    await page.getByRole('radio', { name: /LunettePay wallet/ }).check();
    await page.getByRole('button', { name: 'Review your order' }).click();
    const billingStep = page.getByRole('region', { name: /Billing and payment/ });
    await expect(billingStep).toContainText('LunettePay wallet');
    await expect(billingStep).not.toContainText('Credit or debit card');
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page.getByText(/LunettePay wallet \(simulated provider/)).toBeVisible();
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await expect(page).toHaveURL(/\/ca\/success\?order=\d+$/);
    const approvedOrder = new URL(page.url()).searchParams.get('order')!;
    expect(approvedOrder).not.toBe(declinedOrder);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText(`Your payment was approved. Your order number is ${approvedOrder}.`, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipping to' })).toContainText('Ada Lovelace');

    // Exactly one confirmation, for the approved order only.
    await expect.poll(() => mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]).toContain(`order #${approvedOrder}`);
    expect(mailsTo(email).join('\n')).not.toContain(`#${declinedOrder}`);

    // /success of another order (the declined one, or any number) shows no order.
    for (const other of [declinedOrder, '000000001']) {
      await page.goto(`/ca/success?order=${other}`);
      await expect(page.getByRole('heading', { level: 1, name: 'There is no recent order to show' })).toBeVisible();
      await expect(page.getByText(`Order #${other} cannot be shown here: it was not paid in this browser, or it belongs to another account.`, { exact: true })).toBeVisible();
      await expect(page.getByText(/payment was approved/)).toHaveCount(0);
    }
  });
});

