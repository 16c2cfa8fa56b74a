import { expect, test, type APIRequestContext, type Page } from './helpers/test';
import { PHONE } from './helpers/phone-layout';
import { cartReadyToPay, gql, onCartPage } from './helpers/checkout-setup';
import { AURORA_TORTOISE, putAuroraInCart, putFrameInCart } from './helpers/shop-session';

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
    const { cartId, placeOrder } = await reviewOfOneFrame(page, request, 'review');

    // Another device adds a second frame like the first to the same cart: the line's quantity rises.
    const reviewed = await cartNow(request, cartId);
    await putAuroraInCart(page);
    const changed = await cartNow(request, cartId);
    await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();

    await placeOrder.click();
    await expect(page.getByRole('alert')).toHaveText(
      [
        'Since you reviewed it:',
        `The quantity of ${reviewed.names[0]} went from 1 to 2.`,
        `The total went from ${reviewed.total} to ${changed.total}.`,
        'Nothing was ordered: check the cart and place the order again.',
      ].join(''),
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

/** A guest's review open with one frame, paid by check: the cart's id and the "Place order" button. */
async function reviewOfOneFrame(page: Page, request: APIRequestContext, mailbox: string) {
  const email = `${mailbox}.${Date.now()}.${test.info().project.name}@example.com`;
  await onCartPage(page);
  const cartId = await cartReadyToPay(page, request, { email, payment: 'checkmo' });
  await page.goto('/ca/checkout');
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible();
  return { cartId, placeOrder };
}

/** The cart's frames and grand total, as the backend holds them. */
async function cartNow(request: APIRequestContext, cartId: string) {
  const { cart } = await gql<{ cart: { items: { product: { name: string } }[]; prices: { grand_total: { value: number } } } }>(
    request,
    'query ($c: String!) { cart(cart_id: $c) { items { product { name } } prices { grand_total { value } } } }',
    { c: cartId },
  );
  return { names: cart.items.map((item) => item.product.name), total: `$${cart.prices.grand_total.value.toFixed(2)}` };
}

/**
 * ADR 039: a frame added in another tab of the same browser shows in the review at once (the tabs'
 * channel); a frame added where this browser cannot hear it (the raw API, another device) is caught
 * when the order is placed, and the review says what changed: the frame added and the total before
 * and after.
 */
test(
  'another tab adds a frame: the review shows it at once; a change made elsewhere refuses the order and the review names it',
  { tag: PHONE },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const { cartId, placeOrder } = await reviewOfOneFrame(page, request, 'review-tabs');

    // A second tab of the same browser adds Milo Round through the lens wizard.
    const other = await page.context().newPage();
    await other.goto('/ca/customize/milo-round');
    await expect(other.getByRole('heading', { level: 1, name: 'Lenses for Milo Round' })).toBeVisible();
    await other.getByRole('radio', { name: 'Tortoise' }).check();
    const sizeM = other.getByRole('radio', { name: 'M', exact: true });
    if (await sizeM.count()) await sizeM.check();
    await other.getByRole('button', { name: 'Next' }).click();
    await other
      .getByRole('radio', { name: /Single vision/ })
      .first()
      .check();
    await other.getByRole('button', { name: 'Next' }).click();
    await other.getByRole('radio', { name: 'Send it later' }).check();
    await other.getByRole('button', { name: 'Next' }).click();
    await expect(other.getByRole('radio', { checked: true })).toHaveCount(1);
    await other.getByRole('button', { name: 'Next' }).click();
    await other.getByRole('button', { name: 'Next' }).click();
    await other.getByRole('button', { name: 'Add to cart' }).click();
    await expect(other.getByText('Milo Round is in your cart with your lenses.')).toBeVisible();

    // The review in the first tab shows it at once, with the total as the backend has it.
    const reviewed = await cartNow(request, cartId);
    expect(reviewed.names).toContain('Milo Round');
    await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Milo Round').first()).toBeVisible();
    await expect(page.getByRole('main').getByText(reviewed.total).first()).toBeVisible();
    await other.close();

    // Then a frame is added where no tab hears of it: placing the order is refused, and the review says what changed.
    await putFrameInCart(page, AURORA_TORTOISE);
    const changed = await cartNow(request, cartId);
    expect(changed.names).toHaveLength(reviewed.names.length + 1);
    const added = changed.names.at(-1);
    await placeOrder.click();
    const notice = page.getByRole('alert');
    await expect(notice).toContainText('Since you reviewed it:');
    await expect(notice).toContainText(`${added} (quantity 1) was added.`);
    await expect(notice).toContainText(`The total went from ${reviewed.total} to ${changed.total}.`);
    await expect(notice).toContainText('Nothing was ordered: check the cart and place the order again.');
    await expect(page.getByRole('button', { name: 'Cart, 3 items' })).toBeVisible();

    await placeOrder.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  },
);
