import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAurora,
  addAuroraWithPrescription,
  approveHostedPayment,
  guestCart,
  PLACE_ORDER,
  startCommerceBackend,
  type CommerceTestBackend,
} from './commerce-test-kit';

/**
 * A line added in a store view keeps its options under that view's titles ("Ordonnance" in fr,
 * "Rezept" in de): its prescription is still found. ADR 040 (amendment 2026-12-02): the lab's
 * working days join every delivery estimate of a cart carrying a prescription; ADR 041, spec §2
 * (/prescriptionfix/{order_id}/{key_fix?}): the order mail of such an order carries the fix link.
 * Both read the English title only, so fr, de, es and nl orders had neither.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 180_000);
afterAll(() => api.close());

const ADDRESSES: Record<string, Record<string, unknown>> = {
  fr: { firstname: 'Camille', lastname: 'Dupont', street: ['12 rue de Rivoli'], city: 'Paris', postcode: '75004', country_code: 'FR', telephone: '0142765432' },
  de: { firstname: 'Jonas', lastname: 'Weber', street: ['Unter den Linden 1'], city: 'Berlin', postcode: '10117', country_code: 'DE', telephone: '030000000' },
};
const METHODS = `query ($c: String!) { cart(cart_id: $c) { items { ... on ConfigurableCartItem { customizable_options { label } } }
  shipping_addresses { available_shipping_methods { carrier_code available lunette_delivery_days { min max } } } } }`;
type Methods = {
  cart: {
    items: { customizable_options: { label: string }[] }[];
    shipping_addresses: { available_shipping_methods: { carrier_code: string; available: boolean; lunette_delivery_days: { min: number; max: number } }[] }[];
  };
};
type Placed = { placeOrder: { orderV2: { number: string; payment_methods: { additional_data: { name: string; value: string }[] }[] } } };

/** A guest cart of `store` filled by `add`, shipped to the view's own country: answers its id. */
async function cartShippedHome(store: string, add: (cartId: string, headers: Record<string, string>) => Promise<unknown>): Promise<string> {
  const headers = { Store: store };
  const cartId = await guestCart(api, headers);
  await add(cartId, headers);
  const steps: [string, Record<string, unknown>][] = [
    ['mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "lunettes@example.com" }) { cart { id } } }', {}],
    [
      'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: ADDRESSES[store] },
    ],
  ];
  for (const [query, variables] of steps) expect((await api.gql(query, { c: cartId, ...variables }, headers)).errors).toBeUndefined();
  return cartId;
}

/** The delivery days of the cart's available methods, by carrier. */
async function deliveryDaysOf(cartId: string, store: string) {
  const answer = await api.gql<Methods>(METHODS, { c: cartId }, { Store: store });
  expect(answer.errors).toBeUndefined();
  const { cart } = answer.data!;
  return {
    labels: cart.items.flatMap((i) => i.customizable_options.map((o) => o.label)),
    days: Object.fromEntries(
      cart.shipping_addresses[0]!.available_shipping_methods.filter((m) => m.available).map((m) => [m.carrier_code, m.lunette_delivery_days]),
    ),
  };
}

describe('a prescription added in any store view language', () => {
  it.each([
    ['fr', 'Ordonnance'],
    ['de', 'Rezept'],
  ])('%s: the lab days join every delivery estimate of a cart carrying a prescription, none without one', async (store, title) => {
    const withPrescription = await cartShippedHome(store, (c, headers) => addAuroraWithPrescription(api, c, undefined, headers));
    const { labels, days } = await deliveryDaysOf(withPrescription, store);
    expect(labels).toContain(title);
    // Standard 5–7 and express 1–2 working days, each with the lab's 5 (`lunette/lab/working_days`).
    expect(days).toEqual({ flatrate: { min: 10, max: 12 }, lunetteexpress: { min: 6, max: 7 } });

    const plain = await cartShippedHome(store, (c, headers) => addAurora(api, c, 1, headers));
    expect((await deliveryDaysOf(plain, store)).days).toEqual({ flatrate: { min: 5, max: 7 }, lunetteexpress: { min: 1, max: 2 } });
  });

  it('de: the order mail of a prescription order carries its fix link, under the de prefix', async () => {
    const headers = { Store: 'de' };
    const cartId = await cartShippedHome('de', (c, h) => addAuroraWithPrescription(api, c, undefined, h));
    for (const query of [
      'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      'mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }',
      'mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "lunettepay_card" } }) { cart { id } } }',
    ])
      expect((await api.gql(query, { c: cartId }, headers)).errors).toBeUndefined();
    const placed = (await api.gql<Placed>(PLACE_ORDER, { c: cartId }, headers)).data!.placeOrder.orderV2;
    await approveHostedPayment(api, placed.payment_methods[0]!.additional_data.find((d) => d.name === 'hosted_payment_url')!.value);

    const mails = (
      await api.backend.db.query<{ subject: string; link: string | null }>('SELECT subject, link FROM outbox WHERE subject LIKE $1 ORDER BY id', [
        `%${placed.number}`,
      ])
    ).rows;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toMatch(new RegExp(`/de/prescriptionfix/${placed.number}/\\S+$`));
  });
});
