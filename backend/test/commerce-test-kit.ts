import { TORONTO_ADDRESS } from '../../scripts/guest-checkout.mjs';
import type { Clock } from '../src/shared/module-deps';
import type { SecuritySettings } from '../src/shared/security-settings';
import { createBackendModules } from '../src/modules/modules';
import { startTestBackend, type GraphqlAnswer, type TestBackend } from './test-backend';

/** A clock the test moves by hand (no sleeps): token expiry, throttling, links. */
export interface TestClock extends Clock {
  advance(seconds: number): void;
}

export function testClock(start = '2026-03-02T10:00:00Z'): TestClock {
  let time = new Date(start).getTime();
  return {
    now: () => new Date(time),
    advance: (seconds) => {
      time += seconds * 1000;
    },
  };
}

export interface CommerceTestBackend extends TestBackend {
  clock: TestClock;
  /** Mails and links the shop's modules logged. */
  logged: string[];
}

/**
 * The real backend (every module; the shop's modules with an injected clock) on a random loopback port, on a
 * copy of a database seeded with the same test clock (or on `dataDir`, to test restarts).
 */
export async function startCommerceBackend(
  options: { dataDir?: string; clock?: TestClock; security?: Partial<SecuritySettings>; trustProxy?: string } = {},
): Promise<CommerceTestBackend> {
  const clock = options.clock ?? testClock();
  const logged: string[] = [];
  const api = await startTestBackend({
    modules: createBackendModules({ clock, log: (message) => logged.push(message), ...(options.security ? { security: options.security } : {}) }),
    // Seeded data depends on the clock's start (token and link lifetimes): one template per start.
    templateKey: `commerce-clock-${clock.now().getTime()}`,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  return { ...api, clock, logged };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The message of the first GraphQL error (or undefined). */
export const firstError = (answer: GraphqlAnswer<unknown>) => answer.errors?.[0]?.message;

export async function signIn(api: TestBackend, email: string, password: string): Promise<string> {
  const res = await api.gql<{ generateCustomerToken: { token: string } }>(
    'mutation ($email: String!, $password: String!) { generateCustomerToken(email: $email, password: $password) { token } }',
    { email, password },
  );
  if (!res.data?.generateCustomerToken) throw new Error(`sign-in failed: ${firstError(res)}`);
  return res.data.generateCustomerToken.token;
}

let counter = 0;
/** Creates a fresh customer (unique email) and signs in. */
export async function newCustomer(api: TestBackend, password = 'Lunette!2026'): Promise<{ email: string; token: string }> {
  counter += 1;
  const email = `shopper${counter}.${Date.now()}@example.com`;
  const res = await api.gql('mutation ($input: CustomerCreateInput!) { createCustomerV2(input: $input) { customer { email } } }', {
    input: { email, firstname: 'Test', lastname: `Shopper${counter}`, password },
  });
  if (res.errors) throw new Error(`createCustomerV2 failed: ${firstError(res)}`);
  return { email, token: await signIn(api, email, password) };
}

/** Uids a storefront would send for a frame: its colour/size values and lens option values, by title. */
export async function frameChoice(api: TestBackend, parentSku: string, lensTitles: string[]): Promise<{ lenses: string[]; prescriptionUid: string }> {
  const { customOptionsOf, findProductBySku } = await import('../src/modules/catalog/catalog-lookup');
  const product = (await findProductBySku(api.backend.db, parentSku))!;
  const options = await customOptionsOf(api.backend.db, product.id);
  const values = options.flatMap((o) => (o.type === 'area' || o.type === 'field' ? [] : o.values));
  return {
    lenses: lensTitles.map((t) => values.find((v) => v.title === t)!.uid),
    prescriptionUid: options.find((o) => o.title === 'Prescription')!.uid,
  };
}

/** Aurora Cat-Eye (LN1001) option value uids from the catalog seed. */
export const AURORA = {
  BLACK: 'Y29uZmlndXJhYmxlLzkzLzUw',
  TORTOISE: 'Y29uZmlndXJhYmxlLzkzLzUx',
  M: 'Y29uZmlndXJhYmxlLzE0NC8xNzI=',
  L: 'Y29uZmlndXJhYmxlLzE0NC8xNzM=',
};

export const PLAIN_LENSES = ['Non-prescription', '1.50 Standard'];

export async function guestCart(api: TestBackend, headers: Record<string, string> = {}): Promise<string> {
  const res = await api.gql<{ createGuestCart: { cart: { id: string } } }>('mutation { createGuestCart { cart { id } } }', {}, headers);
  return res.data!.createGuestCart.cart.id;
}

/** Adds one Aurora Cat-Eye Black M with plain lenses; answers the cart's user_errors. */
export async function addAurora(api: TestBackend, cartId: string, quantity = 1, headers: Record<string, string> = {}) {
  const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
  const res = await api.gql<{ addProductsToCart: { user_errors: { code: string; message: string }[] } }>(
    'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { code message } } }',
    { c: cartId, items: [{ sku: 'LN1001', quantity, selected_options: [AURORA.BLACK, AURORA.M, ...lenses] }] },
    headers,
  );
  if (res.errors) throw new Error(firstError(res));
  return res.data!.addProductsToCart.user_errors;
}

export const SINGLE_VISION = {
  lenses: ['Single vision – distance', '1.50 Standard'],
  prescription: { usage: 'SINGLE_VISION_DISTANCE', exam_date: '2026-02-01', od: { sph: -2.5 }, os: { sph: -2.25 }, pd: { single: 63 } },
};

/** Adds one Aurora Cat-Eye Black M with these lenses and a typed-in prescription (the line carries a prescription); answers the user_errors. */
export async function addAuroraWithPrescription(
  api: TestBackend,
  cartId: string,
  choice: { lenses: string[]; prescription: unknown } = SINGLE_VISION,
  headers: Record<string, string> = {},
) {
  const { lenses, prescriptionUid } = await frameChoice(api, 'LN1001', choice.lenses);
  const prescription = choice.prescription;
  const res = await api.gql<{ addProductsToCart: { user_errors: { code: string; message: string }[] } }>(
    'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { code message } } }',
    {
      c: cartId,
      items: [
        {
          sku: 'LN1001',
          quantity: 1,
          selected_options: [AURORA.BLACK, AURORA.M, ...lenses],
          entered_options: [{ uid: prescriptionUid, value: JSON.stringify(prescription) }],
        },
      ],
    },
    headers,
  );
  if (res.errors) throw new Error(firstError(res));
  return res.data!.addProductsToCart.user_errors;
}

/** An Austin, Texas address in REST's shape (`region_id`, `country_id`). */
export const US_ADDRESS = {
  firstname: 'Ada',
  lastname: 'L',
  street: ['1 Main St'],
  city: 'Austin',
  region_code: 'TX',
  region_id: 57,
  postcode: '78701',
  country_id: 'US',
  telephone: '5125550100',
  email: 'ada.rest@example.com',
};
/** A POST with a JSON body. */
export const jsonPost = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
export const TORONTO = TORONTO_ADDRESS;

/** Takes a cart through email, address, flat rate, same billing and check / money order. */
export async function readyForOrder(api: TestBackend, cartId: string, headers: Record<string, string> = {}, payment = 'checkmo'): Promise<void> {
  const steps: [string, Record<string, unknown>][] = [
    [
      'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: TORONTO },
    ],
    [
      'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    ['mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {}],
    ['mutation ($c: String!, $p: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $p } }) { cart { id } } }', { p: payment }],
  ];
  if (!headers.Authorization)
    steps.unshift(['mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "guest@example.com" }) { cart { id } } }', {}]);
  for (const [query, variables] of steps) {
    const res = await api.gql(query, { c: cartId, ...variables }, headers);
    if (res.errors) throw new Error(`${query.slice(0, 60)}: ${firstError(res)}`);
  }
}

export const PLACE_ORDER = `mutation ($c: String!) { placeOrder(input: { cart_id: $c }) {
  order { order_number } orderV2 { number status token payment_methods { type additional_data { name value } } total { grand_total { value currency } } }
  errors { code message } } }`;

const VERIFY_PAYMENT_RETURN = `mutation ($i: LunettePaymentReturnInput!) { lunetteVerifyPaymentReturn(input: $i) { result } }`;

/** The shopper approves the payment on the hosted page at `hostedPaymentUrl`, and the shop verifies the signed return. */
export async function approveHostedPayment(api: TestBackend, hostedPaymentUrl: string): Promise<void> {
  const decided = await api.http(new URL(hostedPaymentUrl).pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=approved',
  });
  const params = Object.fromEntries(new URL(decided.headers.get('location')!).searchParams);
  await api.gql(VERIFY_PAYMENT_RETURN, { i: { payment_token: params.payment_token, result: params.result, signature: params.signature } });
}
