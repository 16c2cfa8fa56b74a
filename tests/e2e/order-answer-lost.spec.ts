import { expect, test, type Page } from './helpers/test';
import { cartReadyToPay, orderMailsTo, onCartPage } from './helpers/checkout-setup';
import { createCustomerWithAddress, customerTokenOf, signInWithToken, waitForCustomerCart } from './helpers/shop-session';
import { expectNoAxeViolations } from './helpers/axe';

/**
 * The place-order request reaches the server and the order is placed, but its answer is
 * lost on the way back (the browser sees a failed request). The shopper must land on the receipt,
 * never see the raw request, never be offered to order again; the backend holds exactly one order
 * and sent one confirmation mail.
 */
const RAW = /https?:|\/rest\/|payment-information|responded|\b[45]0\d\b/;

/** Lets the order reach the server, then drops its answer; counts the attempts that reached the server. */
async function loseTheOrdersAnswer(page: Page) {
  const attempts: string[] = [];
  await page.route('**/payment-information', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const answer = await route.fetch();
    attempts.push(`${answer.status()} ${await answer.text()}`);
    await route.abort('connectionreset');
  });
  return attempts;
}

async function expectPlainReceipt(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(RAW);
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'main');
}

test.describe('a place order whose answer is lost ends on the receipt', () => {
  test('a guest: the plain "order placed" receipt with their email, one order, one mail', async ({ page, request }) => {
    const email = `lost.guest.${Date.now()}.${test.info().project.name}@example.com`;
    await onCartPage(page);
    await cartReadyToPay(page, request, { email, payment: 'checkmo' });
    const attempts = await loseTheOrdersAnswer(page);
    await page.goto('/ca/checkout');
    await page.getByRole('button', { name: 'Place order' }).click();

    await expectPlainReceipt(page);
    await expect(page.getByText('Your order was placed. The confirmation is on its way to')).toContainText(email);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatch(/^200 "\d+"$/);
    await expect.poll(() => orderMailsTo(email)).toHaveLength(1);
    // Spec §4: the cart was removed and a new, empty one created.
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
  });

  test('a customer: the receipt names the order the backend says was placed; one order, one mail', async ({ page, request }) => {
    const email = `lost.customer.${Date.now()}.${test.info().project.name}@example.com`;
    await createCustomerWithAddress(request, 'Lost', email);
    const token = await customerTokenOf(request, email);
    await signInWithToken(page, token);
    await onCartPage(page);
    await waitForCustomerCart(page);
    await cartReadyToPay(page, request, { email, payment: 'checkmo', token });
    const attempts = await loseTheOrdersAnswer(page);
    await page.goto('/ca/checkout');
    await page.getByRole('button', { name: 'Place order' }).click();

    await expectPlainReceipt(page);
    const orderId = JSON.parse(attempts[0]!.replace(/^200 /, '')) as string;
    // Named, the receipt has its own address (spec §2 /success).
    await expect(page).toHaveURL(`/ca/success?order=${orderId.padStart(9, '0')}`);
    await expect(page.getByText(`Your order number is #${orderId.padStart(9, '0')}.`, { exact: true })).toBeVisible();
    expect(attempts).toHaveLength(1);
    await expect.poll(() => orderMailsTo(email)).toHaveLength(1);
    await page.goto('/ca/order-history');
    await expect(page.getByRole('main').getByText(orderId.padStart(9, '0')).first()).toBeVisible();
  });
});
