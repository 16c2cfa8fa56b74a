import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { createCustomerWithAddress, customerTokenOf, signInWithToken, waitForCustomerCart } from './helpers/shop-session';

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Milo Round in tortoise, size M, on its product page. */
async function chooseMiloTortoise(page: Page) {
  await page.getByRole('radio', { name: 'Tortoise' }).check();
  await page.getByRole('radio', { name: 'M', exact: true }).check();
}

/**
 * Issue 16: the wishlist as a shopper uses it at 1280 and 375 px — saved from the product page (the
 * button then says so, also on a later visit), listed with the saved colour's picture, price, stock,
 * "Add to cart" through the lens wizard on that colour and size, and "Remove".
 */
test('issue 16: save a frame, see it saved, find it on the wishlist with its price and colour, open the wizard from it, remove it', async ({
  page,
  request,
}, testInfo) => {
  const customer = await createCustomerWithAddress(request, 'Wanda', `wishlist.${testInfo.project.name}.${Date.now()}@example.com`);
  await signInWithToken(page, await customerTokenOf(request, customer.email));
  await page.goto('/ca/milo-round.html');
  await waitForCustomerCart(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Milo Round' })).toBeVisible();
  await chooseMiloTortoise(page);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(page.getByRole('main').getByText('Saved to your wishlist', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toBeEnabled();

  // A later visit: the button knows the frame is saved.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Milo Round' })).toBeVisible();
  await chooseMiloTortoise(page);
  await expect(page.getByRole('main').getByText('Saved to your wishlist', { exact: true })).toBeVisible();

  await page.goto('/ca/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Milo Round' }) });
  await expect(item.getByText('Colour: Tortoise')).toBeVisible();
  await expect(item.getByText('In stock')).toBeVisible();
  await expect(item.getByText(/^\$\d+\.\d\d$/)).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('src', /tortoise/);
  await expectNoAxeViolations(page);

  // A frame goes to the cart with lenses: the wizard opens on the saved colour and size.
  await item.getByRole('link', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/ca\/customize\/milo-round\?color=\d+&size=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Milo Round' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Tortoise' })).toBeChecked();

  await page.goto('/ca/wishlist');
  await page.getByRole('button', { name: 'Remove' }).click();
  // Destructive actions confirm (issue 16).
  await page.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(page.getByText('Your wishlist is empty. Save frames you like from their page.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Your wishlist is empty. Save frames you like from their page.')).toBeVisible();
});

test('issue 16, spec §2: a guest is offered to sign in to save a frame, and /wishlist asks to sign in', async ({ page }) => {
  await page.goto('/ca/milo-round.html');
  await expect(page.getByRole('link', { name: 'Sign in to save this frame to your wishlist' })).toBeVisible();
  await page.goto('/ca/wishlist');
  await expect(page).toHaveURL(/\/ca\/sign-in/);
});
