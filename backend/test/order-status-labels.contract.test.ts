import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, guestCart, PLACE_ORDER, readyForOrder, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

/**
 * Magento's order status labels are store-scoped (`sales_order_status_label`): the order answers
 * the view's own label, else the default label in the view's language (ADR 018). The Commonwealth
 * English views spell "Cancelled" as the shop's own words do; en_US keeps Magento's "Canceled".
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const VERIFY = `mutation ($i: LunettePaymentReturnInput!) { lunetteVerifyPaymentReturn(input: $i) { result } }`;
const GUEST_ORDER = `query ($n: String!) { guestOrder(input: { number: $n, email: "guest@example.com", lastname: "Lovelace" }) { number status } }`;

/** A guest's card order in `store` whose payment the shopper declined on the provider's page: the order is cancelled. */
async function declinedOrder(store: string): Promise<string> {
  const headers = { Store: store };
  const cartId = await guestCart(api, headers);
  await addAurora(api, cartId, 1, headers);
  await readyForOrder(api, cartId, headers, 'lunettepay_card');
  type Placed = { placeOrder: { orderV2: { number: string; payment_methods: { additional_data: { name: string; value: string }[] }[] } } };
  const placed = (await api.gql<Placed>(PLACE_ORDER, { c: cartId }, headers)).data!.placeOrder.orderV2;
  const url = new URL(placed.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value);
  const decided = await api.http(url.pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=declined',
  });
  const params = Object.fromEntries(new URL(decided.headers.get('location')!).searchParams);
  await api.gql(VERIFY, { i: { payment_token: params.payment_token, result: params.result, signature: params.signature } }, headers);
  return placed.number;
}

const statusIn = async (store: string, number: string) =>
  (await api.gql<{ guestOrder: { status: string } }>(GUEST_ORDER, { n: number }, { Store: store })).data!.guestOrder.status;

describe('an order status is answered with the store view label', () => {
  it.each([
    ['uk', 'Cancelled'],
    ['ca', 'Cancelled'],
    ['us', 'Canceled'],
    ['fr', 'Annulée'],
    ['de', 'Storniert'],
  ])('a cancelled order of the %s view reads "%s"', async (store, label) => {
    const number = await declinedOrder(store);
    expect(await statusIn(store, number)).toBe(label);
  });
});
