import { expect, test, type Page } from './helpers/test';
import { AURORA_TORTOISE, createCustomerWithAddress, fillAddress, navigateInApp, waitForCustomerCart } from './helpers/shop-session';
import { guestCartWithFrame, signedInWithFrame } from './helpers/api-setup';
import { expectNoAxeViolations } from './helpers/axe';

// The tortoise Aurora, put in the cart through the API before the checkout loads: the suite's other
// orders take the black one, whose seeded stock (121) the whole run at two widths would otherwise use
// up before its last journeys.
const RECEIPT_FRAME = AURORA_TORTOISE;

/** Every GraphQL request's method and URL, to show no order token or guest detail travels in a URL. */
function recordGraphqlRequests(page: Page) {
  const requests: { method: string; url: string; body: string }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/graphql')) requests.push({ method: request.method(), url: request.url(), body: request.postData() ?? '' });
  });
  return requests;
}

async function placeCheckOrder(page: Page) {
  await expect(page.getByRole('radio').first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('radio', { name: /Check \/ Money order/ }).check();
  await page.getByRole('button', { name: 'Review your order' }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
}

/** What the check / money order receipt shows, before and after a reload. */
async function expectCheckReceipt(page: Page, orderNumber: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText(`Your order number is #${orderNumber}.`, { exact: true })).toBeVisible();
  const instructions = page.getByRole('region', { name: 'Next step: send your payment' });
  await expect(instructions).toContainText('Make your check or money order payable to Lunette Eyewear Inc.');
  await expect(instructions).toContainText('1200 Rue Sainte-Catherine Ouest');
  await expect(instructions).toContainText(`#${orderNumber}`);
  const items = page.getByRole('region', { name: 'Your order' });
  await expect(items).toContainText('Aurora Cat-Eye');
  // The frame's options, not the variant's SKU.
  await expect(items).not.toContainText('LN1001');
}

test.describe('the receipt has an address of its own (spec §2 /success)', () => {
  test("a guest reloads the check / money order receipt and still sees it; its proof never travels in a URL; an account created from it keeps the order's address", async ({
    page,
    request,
  }, testInfo) => {
    const requests = recordGraphqlRequests(page);
    await guestCartWithFrame(page, request, RECEIPT_FRAME);
    await page.goto('/ca/checkout');
    await page.getByLabel('Email').fill(`receipt.guest.${testInfo.project.name}.${Date.now()}@example.com`);
    await fillAddress(page);
    await page.getByRole('button', { name: 'Continue to shipping method' }).click();
    // Shipping methods in the shopper's words, each with when it arrives.
    await expect(page.getByRole('radio', { name: /Standard shipping — Tracked parcel/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Express shipping — Priority courier/ })).toBeVisible();
    await expect(page.getByText('Arrives in 1–2 working days')).toBeVisible();
    await placeCheckOrder(page);

    await expect(page).toHaveURL(/\/ca\/success\?order=\d{9}$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;
    await expectCheckReceipt(page, orderNumber);
    // The shipping address's country by name; the taxes by their rates' titles, as checkout named them.
    await expect(page.getByRole('region', { name: 'Shipping to' })).toContainText('Canada');
    await expect(page.getByRole('region', { name: 'Shipping to' })).not.toContainText(/\bCA\b/);
    await expect(page.getByRole('region', { name: 'Your order' }).getByText('QST', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.reload();
    await expectCheckReceipt(page, orderNumber);
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The guest's proofs (the order's token; its email and last name) went in POST bodies only.
    const lookups = requests.filter((r) => /guestOrder/.test(r.url + r.body));
    expect(lookups.length).toBeGreaterThan(0);
    for (const lookup of lookups) expect(lookup.method).toBe('POST');
    expect(requests.filter((r) => r.method === 'GET').some((r) => /guestOrder|token|Curie/i.test(decodeURIComponent(r.url)))).toBe(false);

    // Spec §2 /create-account after an order: the new account's address book starts with the order's address.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByLabel('Last name')).toHaveValue('Curie');
    await page.getByLabel('Password').fill('Lunette!2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/ca\/account-information$/);
    await page.getByRole('main').getByRole('link', { name: 'Address book' }).click();
    await expect(page.getByRole('main')).toContainText('1 Rue Lumière');
    await expect(page.getByText('Default address')).toBeVisible();
  });

  test('a customer reloads the receipt and still sees it', async ({ page, request }, testInfo) => {
    const customer = await createCustomerWithAddress(request, 'Rosalind', `receipt.customer.${testInfo.project.name}.${Date.now()}@example.com`);
    await signedInWithFrame(page, request, customer.email, RECEIPT_FRAME);
    await page.goto('/ca/checkout');
    await waitForCustomerCart(page);
    await page.getByRole('button', { name: 'Continue to shipping method' }).click();
    await placeCheckOrder(page);

    await expect(page).toHaveURL(/\/ca\/success\?order=\d{9}$/);
    const orderNumber = new URL(page.url()).searchParams.get('order')!;
    await expectCheckReceipt(page, orderNumber);
    await page.reload();
    await expectCheckReceipt(page, orderNumber);
    await expect(page.getByRole('link', { name: 'See your orders' })).toBeVisible();
    // The order page gives the same payment instructions (opened in the app: the reload above is the page load this journey tests).
    await navigateInApp(page, `/ca/order-history/${orderNumber}`);
    await expect(page.getByRole('region', { name: 'Next step: send your payment' })).toContainText('Lunette Eyewear Inc.');
    await expectNoAxeViolations(page);
  });
});
