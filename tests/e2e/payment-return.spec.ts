import { expect, test, type APIRequestContext, type Page } from './helpers/test';
import { PHONE } from './helpers/phone-layout';
import { cartReadyToPay, cartWithAddresses, gql, orderMailsTo, onCartPage, SAVED_ADDRESS } from './helpers/checkout-setup';
import { expectNoAxeViolations } from './helpers/axe';

/**
 * Hosted payments (spec §2 /ayden/action/return.html, /paypal/action/return.html, /success,
 * /paymentfail, /payment-result) through the backend's LunettePay page. The cart and the checkout
 * up to payment are set up through the GraphQL API, as the checkout would leave them (the order is
 * placed with a hosted method, the cart id and the shipping address are in browser storage); the
 * shopper then pays on the provider's page in the browser.
 */
const EMAIL = 'pay.guest@example.com';

interface HostedOrder {
  cartId: string;
  orderNumber: string;
  /** The provider's page, inside this site. */
  hostedPath: string;
}

/** A guest cart with one Aurora Cat-Eye, taken through checkout to an order paid on the hosted page. */
async function hostedOrder(request: APIRequestContext, method: 'lunettepay_card' | 'lunettepay_wallet'): Promise<HostedOrder> {
  const cartId = await cartWithAddresses(request, { email: EMAIL });
  await gql(request, 'mutation ($c: String!, $m: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $m } }) { cart { id } } }', {
    c: cartId,
    m: method,
  });
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
    { cartId: order.cartId, address: { ...SAVED_ADDRESS, email: EMAIL } },
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

test.describe('spec §2 hosted payment returns', () => {
  test('card: approve on the provider page → /success with the order number, the shipping address and an account offer', async ({ page, request }) => {
    const order = await hostedOrder(request, 'lunettepay_card');
    await checkedOutIn(page, order);
    await page.goto(order.hostedPath);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/ca/success\\?order=${order.orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText(`Your payment was approved. Your order number is #${order.orderNumber}.`, { exact: true })).toBeVisible();
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
    await expectNoAxeViolations(page, 'main');
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
    await expectNoAxeViolations(page, 'main');
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/ca\/checkout(\?step=\w+)?$/);
  });

  test('card: cancel → /payment-result explains it, and the cart is back', async ({ page, request }) => {
    const order = await hostedOrder(request, 'lunettepay_card');
    await checkedOutIn(page, order);
    await page.goto(order.hostedPath);
    await page.getByRole('button', { name: 'Cancel and return to the shop' }).click();
    await expect(page).toHaveURL(new RegExp(`/ca/payment-result\\?status=cancelled&order=${order.orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'You cancelled the payment' })).toBeVisible();
    await expect(
      page.getByText(`Order #${order.orderNumber} was cancelled and nothing was charged. Your cart has been restored.`, { exact: true }),
    ).toBeVisible();
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
    await expectNoAxeViolations(page, 'main');

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

test.describe("ADR 042: Back from the provider's page keeps the cart", () => {
  test(
    "pay by card, press Back on the provider's page: checkout still has the cart, names the cancelled order, and the order can be placed and paid again",
    { tag: PHONE },
    async ({ page, request }) => {
      test.setTimeout(150_000);
      const email = `back.${Date.now()}.${test.info().project.name}@example.com`;
      await onCartPage(page);
      const cartId = await cartReadyToPay(page, request, { email, payment: 'lunettepay_card' });
      await page.goto('/ca/checkout');
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      await expect(page.getByText(/Credit or debit card \(LunettePay\)/)).toBeVisible();
      const leftOrder = (await page
        .getByText(/#\d{9}/)
        .first()
        .textContent())!.match(/\d{9}/)![0];

      await page.goBack();
      await expect(page).toHaveURL(/\/ca\/checkout/);
      await expect(page.getByText(`Your payment for order #${leftOrder} was not completed`, { exact: false })).toBeVisible();
      await expect(page.getByRole('button', { name: /Cart, 1 item/ })).toBeVisible();
      await expect(page.getByText('There are no items in your cart')).toHaveCount(0);
      expect(await stored(page, 'cartId_ca')).toBe(cartId);

      // A way to pay again: the same cart placed again goes to the provider with a new order.
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      await expect(page.getByText(/Credit or debit card \(LunettePay\)/)).toBeVisible();
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await expect(page).toHaveURL(/\/ca\/success\?order=\d+$/);
      expect(new URL(page.url()).searchParams.get('order')).not.toBe(leftOrder);
      // The order left unpaid was cancelled, never confirmed by mail.
      await expect.poll(() => orderMailsTo(email)).toHaveLength(1);
      expect(orderMailsTo(email).join('\n')).not.toContain(`#${leftOrder}`);
    },
  );
});

test.describe('payment-method changes reach the provider; only an approved payment is confirmed', () => {
  test('decline the card, change to the wallet, approve → the provider shows the wallet, one confirmation for the approved order only; /success of another order shows none', async ({
    page,
    request,
  }) => {
    // Two trips to the provider and back: more than the default minute on a loaded machine.
    test.setTimeout(150_000);
    const email = `wallet.${Date.now()}.${test.info().project.name}@example.com`;
    await onCartPage(page);
    await cartReadyToPay(page, request, { email, payment: 'lunettepay_card' });

    // The checkout resumes at the review with the card; the machine places the order and sends the shopper to the provider.
    await page.goto('/ca/checkout');
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page.getByText(/Credit or debit card \(LunettePay\)/)).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/ca\/paymentfail\?order=\d+$/);
    const declinedOrder = new URL(page.url()).searchParams.get('order')!;
    await expect(page.getByText('Your cart is just as you left it: 1 item.')).toBeVisible();
    // Spec §2: a declined payment sends no "Thank you for your order".
    expect(orderMailsTo(email)).toEqual([]);

    // Try again: choose the wallet under "Edit billing and payment".
    await page.getByRole('link', { name: 'Try again' }).click();
    // Keyboard activation: the same button, and the path a keyboard or screen-reader user takes.
    await page.getByRole('button', { name: 'Change billing and payment' }).press('Enter');
    await page.getByRole('radio', { name: /LunettePay wallet/ }).check();
    await page.getByRole('button', { name: 'Review your order' }).click();
    // The review shows the chosen payment in its "Billing and payment" summary block.
    const review = page.getByRole('region', { name: /Place your order/ });
    await expect(review).toContainText('LunettePay wallet');
    await expect(review).not.toContainText('Credit or debit card');
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    await expect(page.getByText(/LunettePay wallet \(simulated provider/)).toBeVisible();
    await page.getByRole('button', { name: 'Approve payment' }).click();

    await expect(page).toHaveURL(/\/ca\/success\?order=\d+$/);
    const approvedOrder = new URL(page.url()).searchParams.get('order')!;
    expect(approvedOrder).not.toBe(declinedOrder);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(page.getByText(`Your payment was approved. Your order number is #${approvedOrder}.`, { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shipping to' })).toContainText('Ada Lovelace');

    // Exactly one confirmation, for the approved order only.
    await expect.poll(() => orderMailsTo(email)).toHaveLength(1);
    expect(orderMailsTo(email)[0]).toContain(`order #${approvedOrder}`);
    expect(orderMailsTo(email).join('\n')).not.toContain(`#${declinedOrder}`);

    // /success of another order (the declined one, or any number) shows no order.
    for (const other of [declinedOrder, '000000001']) {
      await page.goto(`/ca/success?order=${other}`);
      await expect(page.getByRole('heading', { level: 1, name: 'There is no recent order to show' })).toBeVisible();
      await expect(
        page.getByText(`Order #${other} cannot be shown here: it was not paid in this browser, or it belongs to another account.`, { exact: true }),
      ).toBeVisible();
      await expect(page.getByText(/payment was approved/)).toHaveCount(0);
    }
  });
});
