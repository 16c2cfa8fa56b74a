import type { Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { gql } from './helpers/checkout-setup';
import { AURORA_TORTOISE, createCustomerWithAddress, customerTokenOf, navigateInApp, signInWithToken, waitForCustomerCart } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';
import { expectNoAxeViolations } from './helpers/axe';

/** Milo Round in tortoise, size M, on its product page. */
async function chooseMiloTortoise(page: Page) {
  await page.getByRole('radio', { name: 'Tortoise' }).check();
  await page.getByRole('radio', { name: 'M', exact: true }).check();
}

/**
 * The wishlist as a shopper uses it at 1280 and 375 px — saved from the product page (the
 * button then says so, also on a later visit), listed with the saved colour's picture, price, stock,
 * "Add to cart" through the lens wizard on that colour and size, and "Remove".
 */
test(
  'save a frame, see it saved, find it on the wishlist with its price and colour, open the wizard from it, remove it',
  { tag: PHONE },
  async ({ page, request }, testInfo) => {
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

    // The wishlist and the wizard open in the app; the reloads are the page loads this journey tests.
    await navigateInApp(page, '/ca/wishlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Milo Round' }) });
    await expect(item.getByText('Colour: Tortoise')).toBeVisible();
    await expect(item.getByText('In stock')).toBeVisible();
    await expect(item.getByText(/^\$\d+\.\d\d$/)).toBeVisible();
    await expect(item.locator('img')).toHaveAttribute('src', /tortoise/);
    await expectNoAxeViolations(page);

    // A frame goes to the cart with lenses: the wizard opens on the saved colour and size.
    await item.getByRole('link', { name: 'Add to cart' }).click();
    await expect(page).toHaveURL(/\/ca\/customize\/milo-round\?color=\d+&size=\d+(&step=frame)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lenses for Milo Round' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Tortoise' })).toBeChecked();

    await navigateInApp(page, '/ca/wishlist');
    await page.getByRole('button', { name: 'Remove' }).click();
    // Destructive actions confirm.
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(page.getByText('Your wishlist is empty. Save frames you like from their page.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Your wishlist is empty. Save frames you like from their page.')).toBeVisible();
  },
);

test('spec §2: a guest is offered to sign in to save a frame, and /wishlist asks to sign in', async ({ page }) => {
  await page.goto('/ca/milo-round.html');
  await expect(page.getByRole('link', { name: 'Sign in to save this frame to your wishlist' })).toBeVisible();
  await navigateInApp(page, '/ca/wishlist');
  await expect(page).toHaveURL(/\/ca\/sign-in/);
});

/**
 * ADR 031: one word for colour per store view. The wishlist card and the category's
 * filter panel say the backend's store-scoped label, as the product page does: "Color" in the US
 * view, "Colour" in the Canadian and British ones.
 */
for (const [view, word] of [
  ['us', 'Color'],
  ['ca', 'Colour'],
  ['uk', 'Colour'],
] as const) {
  test(
    `ADR 031: the ${view} view says "${word}" on the product page, the wishlist card and the filter panel`,
    { tag: PHONE },
    async ({ page, request }, testInfo) => {
      const customer = await createCustomerWithAddress(request, 'Wanda', `colour.${view}.${testInfo.project.name}.${Date.now()}@example.com`);
      const token = await customerTokenOf(request, customer.email);
      const { customer: account } = await gql<{ customer: { wishlists: { id: string }[] } }>(request, '{ customer { wishlists { id } } }', {}, token);
      // Saved in this view (the backend titles a saved item's options in the words of the view it was saved in, as Magento's wishlist_item.store_id).
      const saved = await request.post('/graphql', {
        headers: { 'content-type': 'application/json', Store: view, Authorization: `Bearer ${token}` },
        data: {
          query:
            'mutation ($w: ID!, $s: String!, $p: String, $o: [ID!]) { addProductsToWishlist(wishlistId: $w, wishlistItems: [{ sku: $s, parent_sku: $p, quantity: 1, selected_options: $o }]) { user_errors { message } } }',
          variables: { w: account.wishlists[0]!.id, s: AURORA_TORTOISE.sku, p: AURORA_TORTOISE.parentSku, o: AURORA_TORTOISE.options.slice(0, 2) },
        },
      });
      expect(((await saved.json()) as { errors?: unknown }).errors).toBeUndefined();
      await signInWithToken(page, token);

      await page.goto(`/${view}/aurora-cat-eye.html`);
      await expect(page.getByRole('heading', { level: 1, name: 'Aurora Cat-Eye' })).toBeVisible();
      await expect(page.getByRole('group', { name: new RegExp(`^${word}`) })).toBeVisible();

      // The wishlist and the category open in the app (the labels are the backend's either way).
      await navigateInApp(page, `/${view}/wishlist`);
      const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Aurora Cat-Eye' }) });
      await expect(item.getByText(`${word}: Tortoise`)).toBeVisible();

      await navigateInApp(page, `/${view}/eyeglasses.html`);
      await expect(page.getByRole('heading', { level: 1, name: 'Eyeglasses' })).toBeVisible();
      const isPhone = (page.viewportSize()?.width ?? 1280) < 1024;
      if (isPhone) await page.getByRole('button', { name: /^Filters/ }).click();
      const filters = isPhone ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('complementary', { name: 'Filters' });
      await expect(filters.getByRole('button', { name: word, exact: true })).toBeVisible();
      await expect(filters.getByRole('button', { name: word === 'Color' ? 'Colour' : 'Color', exact: true })).toHaveCount(0);
    },
  );
}
