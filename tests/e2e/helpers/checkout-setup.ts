import { expect, type APIRequestContext, type Page } from './test';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TORONTO_ADDRESS } from '../../../scripts/guest-checkout.mjs';

/**
 * A cart taken through checkout up to the order, through the GraphQL API as the checkout would
 * leave it, and the browser's storage as the checkout machine saves it (spec §9): the checkout page
 * then resumes at its review. Used by the payment and lost-answer journeys.
 */
export const AURORA_BLACK = 'Y29uZmlndXJhYmxlLzkzLzUw';
export const AURORA_M = 'Y29uZmlndXJhYmxlLzE0NC8xNzI=';
export const ADDRESS = TORONTO_ADDRESS;
/** The address as the checkout machine saves it (spec §9 shipping_address), without its email. */
export const SAVED_ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['12 King St W'],
  city: 'Toronto',
  region_code: 'ON',
  region: 'Ontario',
  postcode: 'M5H 1A1',
  telephone: '4165550100',
  country_id: 'CA',
};
export const FLAT_RATE = {
  carrier_code: 'flatrate',
  carrier_title: 'Standard shipping',
  method_code: 'flatrate',
  method_title: 'Tracked parcel',
  amount: null,
  code: 'flatrate',
  title: 'Standard shipping',
};

export async function gql<T>(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', Store: 'ca' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await request.post('/graphql', { headers, data: { query, variables } });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('\n'));
  return body.data!;
}

/** The uids of Aurora Cat-Eye's plain lenses. */
export async function plainLenses(request: APIRequestContext): Promise<string[]> {
  const { products } = await gql<{ products: { items: { options: { value?: { uid: string; title: string }[] }[] }[] } }>(
    request,
    '{ products(filter: { sku: { eq: "LN1001" } }) { items { ... on CustomizableProductInterface { options { ... on CustomizableRadioOption { value { uid title } } } } } } }',
  );
  const values = products.items[0]!.options.flatMap((o) => o.value ?? []);
  return ['Non-prescription', '1.50 Standard'].map((title) => values.find((v) => v.title === title)!.uid);
}

/**
 * A cart with one Aurora Cat-Eye, its address, shipping method and billing address set: a guest's
 * cart (with `email`), or, given a customer's `token`, their cart.
 */
export async function cartWithAddresses(request: APIRequestContext, options: { email: string; token?: string }): Promise<string> {
  const { email, token } = options;
  const cartId = token
    ? (await gql<{ customerCart: { id: string } }>(request, '{ customerCart { id } }', {}, token)).customerCart.id
    : (await gql<{ createGuestCart: { cart: { id: string } } }>(request, 'mutation { createGuestCart { cart { id } } }')).createGuestCart.cart.id;
  const lenses = await plainLenses(request);
  const steps: [string, Record<string, unknown>][] = [
    [
      'mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { user_errors { message } } }',
      { o: [AURORA_BLACK, AURORA_M, ...lenses] },
    ],
    ...(token
      ? []
      : ([['mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { id } } }', { e: email }]] as [
          string,
          Record<string, unknown>,
        ][])),
    [
      'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
      { a: ADDRESS },
    ],
    [
      'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
      {},
    ],
    ['mutation ($c: String!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { same_as_shipping: true } }) { cart { id } } }', {}],
  ];
  for (const [query, variables] of steps) await gql(request, query, { c: cartId, ...variables }, token);
  return cartId;
}

/**
 * `cartWithAddresses`, and the checkout's saved steps pointing at `payment`. The browser must be on
 * a shop page; its storage is written for the cart.
 */
export async function cartReadyToPay(page: Page, request: APIRequestContext, options: { email: string; payment: string; token?: string }): Promise<string> {
  const { email, payment } = options;
  const cartId = await cartWithAddresses(request, options);
  await page.evaluate(
    ({ cartId, address, method, payment }) => {
      const record = (value: unknown) => JSON.stringify({ value, timeStored: Date.now() });
      window.localStorage.setItem('cartId_ca', record(cartId));
      window.localStorage.setItem('shipping_address', record(address));
      window.localStorage.setItem('availableShippingMethods', record([method]));
      window.localStorage.setItem('shippingMethod', record(method));
      window.localStorage.setItem('billing_address', record({ ...address, sameAsShippingAddress: true }));
      window.localStorage.setItem('paymentMethod', record({ code: payment }));
    },
    { cartId, address: { ...SAVED_ADDRESS, email }, method: FLAT_RATE, payment },
  );
  return cartId;
}

/** The backend's outbox as the e2e server mirrors it (scripts/e2e-server.mjs): one `[outbox] to <recipient>: <subject>` line a mail. */
const OUTBOX_LOG = `${resolve(process.env.E2E_DATA_DIR ?? '.data/e2e')}-outbox.log`;
/** The order mails (`Your Lunette Eyewear order #…`) in the outbox log to one recipient: a new account's welcome mail is not one. */
export function orderMailsTo(recipient: string): string[] {
  return mailsTo(recipient).filter((line) => / order #\d+/.test(line));
}

export function mailsTo(recipient: string): string[] {
  if (!existsSync(OUTBOX_LOG)) return [];
  return readFileSync(OUTBOX_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`[outbox] to ${recipient}: `));
}

/** The shop's cart page, loaded and ready (a page to write storage from). */
export async function onCartPage(page: Page) {
  await page.goto('/ca/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
}
