import { addAurora, bearer, firstError, guestCart, newCustomer, TORONTO, type CommerceTestBackend } from '../commerce-test-kit';

/**
 * Magento's API-functional fixtures played by the shop's own seeded data (ADR 036): each function
 * names the PHP fixture it stands for. Magento's "simple product" is a seeded frame (Aurora, black,
 * M, plain lenses: a line that needs nothing more); its US/Texas address is the seeded Toronto one.
 */
export type Headers = Record<string, string>;

/** `Magento/Customer/_files/customer.php`: a customer who can sign in (headers carry the token). */
export async function customer(api: CommerceTestBackend): Promise<{ email: string; token: string; headers: Headers }> {
  const c = await newCustomer(api);
  return { ...c, headers: bearer(c.token) };
}

/** `Quote/_files/guest/create_empty_cart.php` (or `customer/create_empty_cart.php` with a customer's headers). */
export async function createEmptyCart(api: CommerceTestBackend, headers: Headers = {}): Promise<string> {
  if (!headers.Authorization) return guestCart(api);
  const res = await api.gql<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, headers);
  return res.data!.customerCart.id;
}

async function step(api: CommerceTestBackend, query: string, variables: Record<string, unknown>, headers: Headers): Promise<void> {
  const res = await api.gql(query, variables, headers);
  if (res.errors) throw new Error(`fixture step failed: ${firstError(res)}`);
}

/** `Quote/_files/guest/set_guest_email.php`. */
export const setGuestEmail = (api: CommerceTestBackend, cartId: string) =>
  step(api, 'mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "guest@example.com" }) { cart { id } } }', { c: cartId }, {});

/** `Quote/_files/add_simple_product.php`. */
export async function addSimpleProduct(api: CommerceTestBackend, cartId: string, headers: Headers = {}, quantity = 1): Promise<void> {
  const errors = await addAurora(api, cartId, quantity, headers);
  if (errors.length) throw new Error(`fixture step failed: ${errors[0]!.message}`);
}

/** `Quote/_files/set_new_shipping_address.php`. */
export const setNewShippingAddress = (api: CommerceTestBackend, cartId: string, headers: Headers = {}) =>
  step(
    api,
    'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
    { c: cartId, a: TORONTO },
    headers,
  );

/** `Quote/_files/set_new_billing_address.php`. */
export const setNewBillingAddress = (api: CommerceTestBackend, cartId: string, headers: Headers = {}) =>
  step(
    api,
    'mutation ($c: String!, $a: CartAddressInput!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { address: $a } }) { cart { id } } }',
    { c: cartId, a: TORONTO },
    headers,
  );

/** `Quote/_files/set_flatrate_shipping_method.php`. */
export const setFlatrateShippingMethod = (api: CommerceTestBackend, cartId: string, headers: Headers = {}) =>
  step(
    api,
    'mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "flatrate", method_code: "flatrate" }] }) { cart { id } } }',
    { c: cartId },
    headers,
  );

/** `Quote/_files/set_checkmo_payment_method.php`. */
export const setCheckmoPaymentMethod = (api: CommerceTestBackend, cartId: string, headers: Headers = {}) =>
  step(
    api,
    'mutation ($c: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "checkmo" } }) { cart { id } } }',
    { c: cartId },
    headers,
  );

/** The first error of an answer: its message and category, as Magento's tests read them. */
export function refusal(res: { errors?: { message: string; extensions?: { category?: string } }[] }): { message?: string; category?: string } {
  const e = res.errors?.[0];
  return { message: e?.message, category: e?.extensions?.category };
}

/** Who holds a cart, or asks for one, in Magento's `_security` tests. */
export type Holder = 'guest' | 'customer';

/**
 * Magento's `_security` tests: a cart made for `owner` (a new customer, or a guest) is asked for by
 * `asker` (a guest, or another new customer) and refused with "The current user cannot perform
 * operations on cart …". `makeCart` plays the fixtures; `variables` are the operation's others.
 */
export async function expectRefusedToOther(
  api: CommerceTestBackend,
  makeCart: (headers: Headers) => Promise<string>,
  { owner, asker, query, variables = {} }: { owner: Holder; asker: Holder; query: string; variables?: Record<string, unknown> },
): Promise<void> {
  const headersOf = async (who: Holder) => (who === 'customer' ? (await customer(api)).headers : {});
  const cartId = await makeCart(await headersOf(owner));
  const res = await api.gql(query, { c: cartId, ...variables }, await headersOf(asker));
  if (refusal(res).message !== `The current user cannot perform operations on cart "${cartId}"`) {
    throw new Error(`expected the cart to be refused to a ${asker}, got ${JSON.stringify(res)}`);
  }
}
