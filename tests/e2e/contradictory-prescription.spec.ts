/**
 * A contradictory prescription (eyewear notes "Prescription rules", ADR 035: a prescription carries
 * one PD): a cart line with a single PD of 63 mm is edited to a progressive lens with one PD per eye,
 * 31.5 / 32 mm. The wizard's review, the cart, the receipt and the order in the order history then
 * show 31.5 / 32 and each eye's ADD, and never the 63 the line had before. At 375 px, where the
 * cart's, the receipt's and the order's prescription tables reflow into a card per eye.
 */
import { expect, test, type Locator, type Page } from './helpers/test';
import { recentExamDate, toPrescriptionStep } from './helpers/lens-wizard';
import { PHONE } from './helpers/phone-layout';
import { createCustomerWithAddress, customerTokenOf, navigateInApp, signInWithToken, waitForCustomerCart } from './helpers/shop-session';

/** The prescription of the Milo Round line: each eye's row with SPH, CYL, AXIS, ADD and its PD; no single PD beside it. */
async function expectOnlyEyePds(scope: Locator) {
  const table = scope.getByRole('table', { name: 'Prescription' });
  await expect(table.getByRole('row', { name: /OD \(right eye\)/ })).toHaveText(/OD \(right eye\)\s*-1\.50\s*-0\.75\s*90\s*\+2\.00\s*31\.5 mm/);
  await expect(table.getByRole('row', { name: /OS \(left eye\)/ })).toHaveText(/OS \(left eye\)\s*-1\.25\s*-0\.50\s*85\s*\+2\.00\s*32 mm/);
  await expect(scope.getByText(/^PD: /)).toHaveCount(0);
  await expect(scope).not.toContainText('63 mm');
}

/** The wizard's review of the prescription: one line, ADD in it, the PD of each eye. */
const reviewSummary = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Prescription' }) })
    .locator('p');

test.describe('a contradictory prescription: single PD 63 edited to one per eye (ADR 035, spec §2 /customize, /cart, /checkout, /order-history)', () => {
  // The wizard twice, the checkout and the order history in one journey on a phone: more than the default minute on 2 cores.
  test.describe.configure({ timeout: 180_000 });

  test('the review, the cart, the receipt and the order history show only 31.5 / 32 with ADD', { tag: PHONE }, async ({ page, request }, testInfo) => {
    const customer = await createCustomerWithAddress(request, 'Ada', `rx.pd.${testInfo.project.name}.${Date.now()}@example.com`);
    // Signed in through the API (the sign-in form is shop.spec.ts's): the wizard is the one page load.
    await signInWithToken(page, await customerTokenOf(request, customer.email, customer.password));

    // A single-vision line with one PD: 63.
    await toPrescriptionStep(page, { frame: 'milo-round', colour: 'Tortoise' });
    await waitForCustomerCart(page);
    await page.getByLabel('OD (right eye) SPH').fill('-1.50');
    await page.getByLabel('OD (right eye) CYL').fill('-0.75');
    await page.getByLabel('OD (right eye) AXIS').fill('90');
    await page.getByLabel('OS (left eye) SPH').fill('-1.25');
    await page.getByLabel('OS (left eye) CYL').fill('-0.50');
    await page.getByLabel('OS (left eye) AXIS').fill('85');
    await page.getByLabel('PD', { exact: true }).fill('63');
    await page.getByLabel('Exam date').fill(recentExamDate());
    for (const heading of ['Lens material and thickness', 'Coatings and tint', 'Review your glasses']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(reviewSummary(page)).toHaveText('OD -1.50 -0.75 × 90 · OS -1.25 -0.50 × 85 · PD 63');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('Milo Round is in your cart with your lenses.')).toBeVisible();

    // The cart, the wizard again, the checkout and the order history open in the app, as their links open them.
    await navigateInApp(page, '/ca/cart');
    const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Milo Round', exact: true }) });
    await expect(line.getByText('PD: 63 mm')).toBeVisible();

    // Edited from the cart: progressive lenses, ADD, and the PD of each eye.
    await line.getByRole('link', { name: /Change lenses or prescription/ }).click();
    await expect(page).toHaveURL(/\/ca\/customize\/milo-round\?edit=/);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Progressive/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('OD (right eye) SPH')).toHaveValue('-1.50');
    await page.getByLabel('OD (right eye) ADD').fill('+2.00');
    const osAdd = page.getByLabel('OS (left eye) ADD');
    if ((await osAdd.inputValue()) !== '+2.00') await osAdd.fill('+2.00');
    await page.getByRole('radio', { name: 'One per eye' }).check();
    await page.getByLabel('Right PD').fill('31.5');
    await page.getByLabel('Left PD').fill('32');
    for (const heading of ['Lens material and thickness', 'Coatings and tint', 'Review your glasses']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(reviewSummary(page)).toHaveText('OD -1.50 -0.75 × 90 ADD +2.00 · OS -1.25 -0.50 × 85 ADD +2.00 · PD 31.5/32');
    await page.getByRole('button', { name: 'Update the cart' }).click();
    await expect(page).toHaveURL(/\/ca\/cart$/);
    await expect(line).toHaveCount(1);
    await expect(line.getByText('Progressive', { exact: true })).toBeVisible();
    await expectOnlyEyePds(line);

    // The order: the receipt, then the order in the order history.
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page.getByRole('radio', { name: /12 King St W/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continue to shipping method' }).click();
    await expect(page.getByRole('radio').first()).toBeVisible();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('radio', { name: /Check \/ Money order/ }).check();
    await page.getByRole('button', { name: 'Review your order' }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await expectOnlyEyePds(page.getByRole('region', { name: 'Your order' }).getByRole('listitem').filter({ hasText: 'Milo Round' }));

    await page.getByRole('link', { name: 'See your orders' }).click();
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').click();
    await expect(page.getByRole('heading', { name: /Order #\d+/ })).toBeVisible();
    await expectOnlyEyePds(page.getByRole('region', { name: 'Items' }).getByRole('listitem').filter({ hasText: 'Milo Round' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
