import { expect, test } from './helpers/test';
import { PHONE } from './helpers/phone-layout';
import { cartReadyToPay, gql, onCartPage } from './helpers/checkout-setup';
import { putAuroraInCart } from './helpers/shop-session';

/**
 * ADR 039: the shopper pays for what they saw. The review is open with one frame; the cart then
 * changes elsewhere (another device: a request this browser never sees); "Place order" must not
 * order the changed cart: the backend refuses it, the review says what changed and shows the cart
 * as it is now, and no order exists until the shopper places it again.
 */
test(
  'a review left open while the cart changed elsewhere: the order is refused, the new cart shown, nothing ordered',
  { tag: PHONE },
  async ({ page, request }) => {
    const email = `review.${Date.now()}.${test.info().project.name}@example.com`;
    await onCartPage(page);
    const cartId = await cartReadyToPay(page, request, { email, payment: 'checkmo' });
    await page.goto('/ca/checkout');
    const placeOrder = page.getByRole('button', { name: 'Place order' });
    await expect(placeOrder).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

    // Another device adds a second frame to the same cart.
    await putAuroraInCart(page);
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

    await placeOrder.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Your cart changed after you reviewed it, in another tab or on another device. Nothing was ordered: check the items and the total, then place your order again.',
    );
    await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toHaveCount(0);
    // Nothing was ordered: the cart is still active, with both frames.
    const { cart } = await gql<{ cart: { total_quantity: number } }>(request, 'query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: cartId });
    expect(cart.total_quantity).toBe(2);

    // Placing the order again orders what is shown now.
    await placeOrder.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  },
);
