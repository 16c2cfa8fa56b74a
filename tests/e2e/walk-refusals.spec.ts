import { expect, test } from './helpers/test';
import { putAuroraInCart } from './helpers/shop-session';
import { PHONE } from './helpers/phone-layout';

/**
 * What a new shopper's walk found the shop saying wrong or not at all, at 375 px as at 1280 px: a
 * quantity the shop cannot give, a sign-in locked after too many tries, and addresses that name no
 * page. Each test names what was wrong, so it cannot come back unseen.
 */
test.describe('refusals a shopper can act on', { tag: PHONE }, () => {
  test('spec §7 update item: 150 of a frame with fewer in stock is refused in words beside the cart (the quantity went back to 1 silently)', async ({
    page,
  }) => {
    await page.goto('/ca/');
    await expect(page.getByRole('combobox', { name: 'Store' })).toBeEnabled();
    await putAuroraInCart(page);
    await page.goto('/ca/cart');
    const quantity = page.getByRole('spinbutton', { name: /Quantity/ });
    await expect(quantity).toHaveValue('1');
    await quantity.fill('150');
    await quantity.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'We do not have 150 of this item in stock: its quantity stays as it was.' })).toBeVisible();
    await expect(quantity).toHaveValue('1');
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  });

  test('ADR 037: a sign-in locked after five failures says when it opens again and that a new password opens it now (it said only "later")', async ({
    page,
    request,
  }) => {
    // An email with no account: the lock is the same for every email, so it tells nothing of who has one.
    const email = `locked.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      await request.post('/graphql', {
        headers: { 'content-type': 'application/json', Store: 'ca' },
        data: {
          query: 'mutation ($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }',
          variables: { e: email, p: `Wrong#${i}` },
        },
      });
    }
    await page.goto('/ca/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Another#Try1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Please wait and try again later\. You can try again (at|on) .*\d{1,2}:\d{2}/);
    await page.getByRole('link', { name: 'reset your password' }).click();
    await expect(page).toHaveURL(/\/ca\/forgot-password$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });
});

/** Not a layout: the answer's status, and the page the shell then shows. */
test.describe('addresses that name no page', () => {
  test('spec §8 page not found: a path under no store view and a lens-wizard link naming no frame answer 404 (both answered 200)', async ({
    page,
    request,
  }) => {
    expect((await request.get('/xx/')).status()).toBe(404);
    expect((await request.get('/ca/customize/no-such-frame')).status()).toBe(404);
    expect((await request.get('/ca/customize/aurora-cat-eye')).status()).toBe(200);
    expect((await request.get('/eyeglasses.html')).status()).toBe(200);
    // The shell still serves the shopper: the wizard says what it could not find.
    await page.goto('/ca/customize/no-such-frame');
    const alert = page.getByRole('alert').filter({ hasText: 'There is no frame at this address. Choose a frame in the shop, then its lenses.' });
    await expect(alert).toBeVisible();
    // No retry can find a frame the address does not name (it offered only "Try again"): the way on is the store view's eyeglasses.
    await expect(alert.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await alert.getByRole('link', { name: 'Choose a frame' }).click();
    await expect(page).toHaveURL(/\/ca\/eyeglasses\.html$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eyeglasses');
  });
});
