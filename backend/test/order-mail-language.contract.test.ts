import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, approveHostedPayment, guestCart, PLACE_ORDER, readyForOrder, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

/**
 * ADR 040: the order confirmation mail is written in the order's store view language, its total
 * as the view writes money (it was English, "141.23 EUR", in every view).
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const BERLIN = { firstname: 'A', lastname: 'B', street: ['Unter den Linden 1'], city: 'Berlin', postcode: '10117', country_code: 'DE', telephone: '030000000' };
type Placed = { placeOrder: { orderV2: { number: string; payment_methods: { additional_data: { name: string; value: string }[] }[] } } };

const mailsOf = async (number: string) =>
  (await api.backend.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE subject LIKE $1 ORDER BY id', [`%${number}`])).rows;

/** A de cart shipped free to Berlin, paid by card on the hosted page and approved (the de view takes no checks). */
async function deOrder(add: (cartId: string) => Promise<unknown>): Promise<string> {
  const headers = { Store: 'de' };
  const cartId = await guestCart(api, headers);
  await add(cartId);
  const steps: [string, Record<string, unknown>][] = [
    ['mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "kunde@example.com" }) { cart { id } } }', {}],
    [
      'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: BERLIN },
    ],
    [
      'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    ['mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {}],
    ['mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "lunettepay_card" } }) { cart { id } } }', {}],
  ];
  for (const [query, variables] of steps) expect((await api.gql(query, { c: cartId, ...variables }, headers)).errors).toBeUndefined();
  const placed = (await api.gql<Placed>(PLACE_ORDER, { c: cartId }, headers)).data!.placeOrder.orderV2;
  await approveHostedPayment(api, placed.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value);
  return placed.number;
}

describe('the order confirmation mail speaks the store view language', () => {
  it('a de order\'s mail is German, its total written "141,23 €"', async () => {
    const number = await deOrder((cartId) => addAurora(api, cartId, 1, { Store: 'de' }));
    const mails = await mailsOf(number);
    expect(mails).toEqual([
      { subject: `Ihre Lunette-Eyewear-Bestellung Nr. ${number}`, body: `Vielen Dank für Ihre Bestellung Nr. ${number} (141,23\u00a0€).` },
    ]);
  });

  it('a ca order stays English, its total as en_CA writes Canadian dollars', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await readyForOrder(api, cartId);
    const number = (await api.gql<Placed>(PLACE_ORDER, { c: cartId })).data!.placeOrder.orderV2.number;
    const [mail] = await mailsOf(number);
    expect(mail!.subject).toBe(`Your Lunette Eyewear order #${number}`);
    expect(mail!.body).toMatch(new RegExp(`^Thank you for your order #${number} \\(\\$\\d+\\.\\d\\d\\)\\.$`));
  });
});
