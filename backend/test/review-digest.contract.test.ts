import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database';
import { addAurora, guestCart, jsonPost, readyForOrder, startCommerceBackend, US_ADDRESS, type CommerceTestBackend } from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const REVIEW = 'query ($c: String!) { cart(cart_id: $c) { lunette_review_digest total_quantity prices { grand_total { value currency } } } }';
const PLACE = `mutation ($c: String!, $d: String) { placeOrder(input: { cart_id: $c, lunette_review_digest: $d }) {
  orderV2 { number } errors { code message } } }`;
const PAY_AND_PLACE = `mutation ($c: String!, $d: String) {
  setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "lunettepay_card" } }) { cart { id } }
  placeOrder(input: { cart_id: $c, lunette_review_digest: $d }) { orderV2 { number status } errors { code message } } }`;

type Review = { cart: { lunette_review_digest: string; total_quantity: number; prices: { grand_total: { value: number; currency: string } } } };
type Placed = { placeOrder: { orderV2: { number: string; status?: string } | null; errors: { code: string; message: string }[] } };

async function review(cartId: string, headers: Record<string, string> = {}) {
  return (await api.gql<Review>(REVIEW, { c: cartId }, headers)).data!.cart;
}

/** Orders made from the cart, read from the database (not from an answer). */
async function ordersOf(maskedId: string): Promise<number> {
  const row = await one<{ n: number }>(api.backend.db, 'SELECT count(*)::int AS n FROM sales_order o JOIN cart c ON c.id = o.cart_id WHERE c.masked_id = $1', [
    maskedId,
  ]);
  return row!.n;
}

describe('ADR 039: the order is the cart the shopper reviewed', () => {
  it('a forged placeOrder with a stale review digest is refused in placeOrder.errors, names the cart as it is now, and makes no order', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await readyForOrder(api, cartId);
    const reviewed = await review(cartId);
    expect(reviewed.lunette_review_digest).toMatch(/^[0-9a-f]{64}$/);

    // Another tab adds a second frame after this one's review.
    await addAurora(api, cartId);
    const now = await review(cartId);
    expect(now.lunette_review_digest).not.toBe(reviewed.lunette_review_digest);

    const refused = await api.gql<Placed>(PLACE, { c: cartId, d: reviewed.lunette_review_digest });
    expect(refused.errors).toBeUndefined();
    expect(refused.data!.placeOrder.orderV2).toBeNull();
    expect(refused.data!.placeOrder.errors).toEqual([
      {
        code: 'LUNETTE_CART_CHANGED',
        message: `The cart changed after you reviewed it (items: 2, order total: ${now.prices.grand_total.value.toFixed(2)} ${now.prices.grand_total.currency}). Review the order and place it again.`,
      },
    ]);
    expect(await ordersOf(cartId)).toBe(0);

    // The cart is still the shopper's, active: ordering what is reviewed now goes through.
    const placed = await api.gql<Placed>(PLACE, { c: cartId, d: now.lunette_review_digest });
    expect(placed.data!.placeOrder.errors).toEqual([]);
    expect(placed.data!.placeOrder.orderV2?.number).toMatch(/^\d{9}$/);
    expect(await ordersOf(cartId)).toBe(1);
  });

  it('the payment method set in the same request (the card flow) does not count as a change; no digest orders the cart as it is', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await readyForOrder(api, cartId);
    const { lunette_review_digest: digest } = await review(cartId);
    const placed = await api.gql<Placed>(PAY_AND_PLACE, { c: cartId, d: digest });
    expect(placed.data!.placeOrder.errors).toEqual([]);
    expect(placed.data!.placeOrder.orderV2?.status).toBeTruthy();

    const older = await guestCart(api);
    await addAurora(api, older);
    await readyForOrder(api, older);
    await addAurora(api, older);
    expect((await api.gql<Placed>(PLACE, { c: older, d: null })).data!.placeOrder.errors).toEqual([]);
  });

  it('REST payment-information with a stale digest in the payment extension attributes answers 400 with the message and makes no order', async () => {
    const cartId = await guestCart(api, { Store: 'us' });
    await addAurora(api, cartId, 1, { Store: 'us' });
    await readyForOrder(api, cartId, { Store: 'us' });
    const reviewed = await review(cartId, { Store: 'us' });
    await addAurora(api, cartId, 1, { Store: 'us' });
    const body = (digest: string) => ({
      email: 'ada.rest@example.com',
      paymentMethod: { method: 'checkmo', extension_attributes: { lunette_review_digest: digest } },
      billingAddress: US_ADDRESS,
    });
    const refused = await api.http(`/rest/us/V1/guest-carts/${cartId}/payment-information`, jsonPost(body(reviewed.lunette_review_digest)));
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { message: string; parameters: unknown };
    expect(answer.message).toMatch(/^The cart changed after you reviewed it \(items: 2, order total: [\d.]+ USD\)/);
    // The reason, for the storefront: the message is in the store view's language.
    expect(answer.parameters).toEqual({ reason: 'LUNETTE_CART_CHANGED' });
    expect(await ordersOf(cartId)).toBe(0);

    const fresh = await review(cartId, { Store: 'us' });
    const placed = await api.http(`/rest/us/V1/guest-carts/${cartId}/payment-information`, jsonPost(body(fresh.lunette_review_digest)));
    expect(placed.status).toBe(200);
    expect(await ordersOf(cartId)).toBe(1);
  });
});
