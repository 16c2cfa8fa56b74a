import { expect, test, type Page } from './helpers/test';
import { PHONE } from './helpers/phone-layout';
import { fillAddress, putAuroraInCart } from './helpers/shop-session';

/**
 * ADR 008 (amended 2026-12-02): the lens wizard's and the checkout's steps are browser history
 * entries (`?step=…`). Back and Forward move between the steps with everything typed kept, a reload
 * keeps the step, and the wizard adds its line to the cart once (spec §4 Add item).
 */

/** An exam a month ago: valid for two years (eyewear notes). */
const recentExamDate = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** The quantity of each line of the shopper's cart, as the backend has them. */
async function cartLineQuantities(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const cartId = (JSON.parse(localStorage.getItem('cartId_ca')!) as { value: string }).value;
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', store: 'ca' },
      body: JSON.stringify({ query: 'query($id:String!){cart(cart_id:$id){items{uid quantity}}}', variables: { id: cartId } }),
    });
    const body = (await response.json()) as { data: { cart: { items: { quantity: number }[] } } };
    return body.data.cart.items.map((item) => item.quantity);
  });
}

test.describe('ADR 008: the steps are browser history entries', () => {
  // Two flows, a reload and a cart add: over the default minute on a busy 2-core machine.
  test.describe.configure({ timeout: 120_000 });

  test(
    'the lens wizard: Back and Forward keep the typed prescription, a reload keeps the step, and the line is added once',
    { tag: PHONE },
    async ({ page }) => {
      await page.goto('/ca/customize/aurora-cat-eye');
      await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Aurora Cat-Eye' })).toBeVisible();
      await page.getByRole('radio', { name: 'Black' }).check();
      await page.getByRole('radio', { name: 'M', exact: true }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: /Single vision – distance/ }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/[?&]step=prescription\b/);
      await page.getByLabel('OD (right eye) SPH').fill('-1.75');
      await page.getByLabel('OS (left eye) SPH').fill('-2.00');
      await page.getByLabel('PD', { exact: true }).fill('63');
      await page.getByLabel('Exam date').fill(recentExamDate());
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(stepHeading(page, 'Lens material and thickness')).toBeVisible();
      await expect(page).toHaveURL(/[?&]step=lenses\b/);

      // Back: the prescription step, with what was typed.
      await page.goBack();
      await expect(stepHeading(page, 'Your prescription')).toBeVisible();
      await expect(page).toHaveURL(/[?&]step=prescription\b/);
      await expect(page.getByLabel('OD (right eye) SPH')).toHaveValue('-1.75');
      await expect(page.getByLabel('PD', { exact: true })).toHaveValue('63');
      // Forward: the lenses again.
      await page.goForward();
      await expect(stepHeading(page, 'Lens material and thickness')).toBeVisible();

      // A reload keeps the step, and the prescription it was chosen for.
      await page.reload();
      await expect(stepHeading(page, 'Lens material and thickness')).toBeVisible();
      await page.goBack();
      await expect(stepHeading(page, 'Your prescription')).toBeVisible();
      await expect(page.getByLabel('OD (right eye) SPH')).toHaveValue('-1.75');
      await page.goForward();
      await expect(stepHeading(page, 'Lens material and thickness')).toBeVisible();

      // Spec §4 Add item: "Back to the review" then "Add to cart" leaves one line.
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('Aurora Cat-Eye is in your cart with your lenses.')).toBeVisible();
      await page.getByRole('button', { name: 'Back to the review' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('Aurora Cat-Eye is in your cart with your lenses.')).toBeVisible();
      // One line of one pair: neither a second line nor the same line's quantity raised.
      expect(await cartLineQuantities(page)).toEqual([1]);
    },
  );

  test(
    'checkout: Back from the payment step opens the shipping steps with the address kept; Forward and a reload keep the step',
    { tag: PHONE },
    async ({ page }, testInfo) => {
      await page.goto('/ca/');
      await putAuroraInCart(page);
      await page.goto('/ca/checkout');
      await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
      await page.getByLabel('Email').fill(`step.history.${testInfo.project.name}@example.com`);
      await fillAddress(page);
      await page.getByRole('button', { name: 'Continue to shipping method' }).click();
      await expect(page.getByRole('radio').first()).toBeVisible();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await expect(page.getByRole('button', { name: 'Review your order' })).toBeVisible();
      await expect(page).toHaveURL(/[?&]step=billingAndPayment\b/);

      // Back: the shipping method, the address kept; again: the address form with it.
      await page.goBack();
      await expect(page).toHaveURL(/\/ca\/checkout\?step=shippingMethod$/);
      await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
      await expect(page.getByText('1 Rue Lumière')).toBeVisible();
      await page.goBack();
      await expect(page.getByLabel('Street address')).toHaveValue('1 Rue Lumière');
      await expect(page.getByLabel('City')).toHaveValue('Montréal');

      // Forward twice: the payment step again; a reload keeps it.
      await page.goForward();
      await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
      await page.goForward();
      await expect(page.getByRole('button', { name: 'Review your order' })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('button', { name: 'Review your order' })).toBeVisible();
      await expect(page).toHaveURL(/[?&]step=billingAndPayment\b/);
    },
  );
});
