import { expect, type APIRequestContext, type Page } from './test';

/**
 * Shopper set-up shared by end-to-end journeys: the seeded customers
 * (backend/src/modules/customer/customer.seed.ts), signing in, a cart with a frame, the checkout's
 * address form, and an in-app navigation.
 */
export const SEED_PASSWORD = 'Eyewear!2026';
export const ADA = 'ada@example.com';

/** Aurora Cat-Eye, black, M, non-prescription 1.50 lenses (catalog-lookup.ts seed facts). */
export const AURORA = {
  sku: 'LN1001-BLK-M',
  parentSku: 'LN1001',
  options: ['Y29uZmlndXJhYmxlLzkzLzUw', 'Y29uZmlndXJhYmxlLzE0NC8xNzI=', 'Y3VzdG9tLW9wdGlvbi8xLzQ=', 'Y3VzdG9tLW9wdGlvbi8yLzY='],
};

/** A customer token from the backend, as the sign-in form would get it. */
export async function customerTokenOf(request: APIRequestContext, email: string, password = SEED_PASSWORD): Promise<string> {
  const res = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', Store: 'ca' },
    data: { query: 'mutation ($e: String!, $p: String!) { generateCustomerToken(email: $e, password: $p) { token } }', variables: { e: email, p: password } },
  });
  const body = (await res.json()) as { data?: { generateCustomerToken: { token: string } }; errors?: { message: string }[] };
  if (!body.data?.generateCustomerToken) throw new Error(`could not sign ${email} in: ${body.errors?.map((e) => e.message).join('; ')}`);
  return body.data.generateCustomerToken.token;
}

/**
 * A customer of the test's own, with Ada's Toronto address as default shipping and billing address.
 * Journeys that place an order as a customer use one: Magento keeps ONE active cart per customer,
 * so two journeys ordering as the same seeded customer at once would each invalidate the other's
 * cart (spec §4 then signs the shopper out).
 */
export async function createCustomerWithAddress(
  request: APIRequestContext,
  firstname: string,
  email: string,
  password = SEED_PASSWORD,
): Promise<{ email: string; password: string }> {
  const call = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', Store: 'ca' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const body = (await (await request.post('/graphql', { headers, data: { query, variables } })).json()) as {
      data?: Record<string, unknown>;
      errors?: { message: string }[];
    };
    if (body.errors?.length) throw new Error(`${query.slice(0, 40)}…: ${body.errors.map((e) => e.message).join('; ')}`);
  };
  await call('mutation ($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }', {
    i: { firstname, lastname: 'Lovelace', email, password },
  });
  const token = await customerTokenOf(request, email, password);
  await call(
    'mutation ($a: CustomerAddressInput!) { createCustomerAddress(input: $a) { id } }',
    {
      a: {
        firstname,
        lastname: 'Lovelace',
        street: ['12 King St W'],
        city: 'Toronto',
        region: { region_code: 'ON', region_id: 74 },
        postcode: 'M5H 1A1',
        country_code: 'CA',
        telephone: '4165550100',
        default_shipping: true,
        default_billing: true,
      },
    },
    token,
  );
  return { email, password };
}

/** Signs the browser in the way the shop remembers a sign-in (spec §3 signin_token record), before any page loads. */
export async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('signin_token')) {
      window.localStorage.setItem('signin_token', JSON.stringify({ value, timeStored: Date.now(), ttl: 3600 }));
    }
  }, token);
}

/**
 * Spec §4: after sign-in the guest cart is merged; the stored cart id becomes the customer's cart.
 * Wait for it before a full page load: a page left mid-merge keeps the merged-away guest cart's id,
 * which the next page finds invalid (and spec §4 then signs the customer out).
 */
export async function waitForCustomerCart(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const token = localStorage.getItem('signin_token');
        const stored = localStorage.getItem('cartId_ca');
        if (!token || !stored) return false;
        const headers = { 'content-type': 'application/json', store: 'ca', authorization: `Bearer ${(JSON.parse(token) as { value: string }).value}` };
        const answer = (await (await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query: '{customerCart{id}}' }) })).json()) as {
          data?: { customerCart?: { id: string } };
        };
        return answer.data?.customerCart?.id === (JSON.parse(stored) as { value: string }).value;
      }),
    )
    .toBe(true);
}

/** The shell is ready once the store switcher is enabled (the store view is settled). */
export async function waitForShell(page: Page, storeLabel = 'Store') {
  await expect(page.getByRole('combobox', { name: storeLabel })).toBeEnabled({ timeout: 20_000 });
}

/**
 * Goes to a path inside the store (`/ca/...`) the way a link in the app does: a history entry
 * with its own key, then the router's popstate listener. No page load happens, so what the app does
 * on in-app navigation (focus, title) is what the test sees.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const current = (window.history.state ?? {}) as { idx?: number };
    const state = { usr: null, key: `e2e${Date.now().toString(36)}`, idx: (current.idx ?? 0) + 1 };
    window.history.pushState(state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state }));
  }, path);
}

/** Aurora Cat-Eye in tortoise, M, with the same lenses as AURORA (catalog-lookup.ts seed facts). */
export const AURORA_TORTOISE = {
  sku: 'LN1001-TRT-M',
  parentSku: 'LN1001',
  options: ['Y29uZmlndXJhYmxlLzkzLzUx', 'Y29uZmlndXJhYmxlLzE0NC8xNzI=', 'Y3VzdG9tLW9wdGlvbi8xLzQ=', 'Y3VzdG9tLW9wdGlvbi8yLzY='],
};

/**
 * Puts the Aurora Cat-Eye (with lenses) in the shopper's current cart through the API, as the
 * product page's lens wizard does (the cart id is the one the shop stored; a customer's is their
 * active cart). Reload or navigate afterwards for the shop to read it.
 */
export async function putAuroraInCart(page: Page) {
  await putFrameInCart(page, AURORA);
}

/** Puts a frame variant (sku, parent sku, selected option uids) in the shopper's current cart of a store view (ca by default) through the API. */
export async function putFrameInCart(page: Page, frame: { sku: string; parentSku: string; options: string[] }, store = 'ca') {
  await expect.poll(() => page.evaluate((code) => localStorage.getItem(`cartId_${code}`), store)).not.toBeNull();
  const errors = await page.evaluate(
    async ({ item, store }) => {
      const token = localStorage.getItem('signin_token');
      const headers: Record<string, string> = { 'content-type': 'application/json', store };
      if (token) headers.authorization = `Bearer ${(JSON.parse(token) as { value: string }).value}`;
      const cartId = token
        ? (
            (await (await fetch('/graphql', { method: 'POST', headers, body: JSON.stringify({ query: '{customerCart{id}}' }) })).json()) as {
              data: { customerCart: { id: string } };
            }
          ).data.customerCart.id
        : (JSON.parse(localStorage.getItem(`cartId_${store}`)!) as { value: string }).value;
      const response = await fetch('/graphql', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          query:
            'mutation($cartId:String!,$sku:String!,$parent:String,$options:[ID!]){addProductsToCart(cartId:$cartId,cartItems:[{sku:$sku,parent_sku:$parent,quantity:1,selected_options:$options}]){user_errors{message}}}',
          variables: { cartId, sku: item.sku, parent: item.parentSku, options: item.options },
        }),
      });
      const body = (await response.json()) as { data?: { addProductsToCart?: { user_errors: { message: string }[] } }; errors?: { message: string }[] };
      return [...(body.errors ?? []), ...(body.data?.addProductsToCart?.user_errors ?? [])].map((e) => e.message);
    },
    { item: frame, store },
  );
  expect(errors).toEqual([]);
}

/**
 * A de guest's checkout address, in Berlin (no Land: Germany requires none, ADR 040), sent on to
 * the shipping methods.
 */
export async function fillBerlinCheckoutAddress(page: Page, email: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Vorname').fill('Clara');
  await page.getByLabel('Nachname').fill('Schumann');
  await page.getByLabel('Straße und Hausnummer').fill('Unter den Linden 1');
  await page.getByLabel('Ort', { exact: true }).fill('Berlin');
  await page.getByLabel('Postleitzahl').fill('10117');
  await page.getByLabel('Telefon').fill('030123456');
  await page.getByRole('button', { name: 'Weiter zur Versandart' }).click();
}

/** The checkout's (and address book's) address form, with a Québec address. */
export async function fillAddress(page: Page) {
  await page.getByLabel('First name').fill('Marie');
  await page.getByLabel('Last name').fill('Curie');
  await page.getByLabel('Street address').fill('1 Rue Lumière');
  await page.getByLabel('City').fill('Montréal');
  await page.getByLabel('State / Province').selectOption('QC');
  await page.getByLabel('Postal code').fill('H2X 1Y4');
  await page.getByLabel('Phone').fill('5145550100');
}

export interface Line {
  /** The variant's sku (colour and size chosen), or the parent's with `variant` uids. */
  sku: string;
  parentSku: string;
  variant?: string[];
  lenses: string[];
  prescription?: unknown;
  /** A coupon applied to the cart after the line is added. */
  coupon?: string;
}

/** Lens uids by their titles, the Prescription option filled in when given: the line the lens wizard would add. */
export async function putLineInCart(page: Page, store: string, line: Line) {
  await expect.poll(() => page.evaluate((code) => localStorage.getItem(`cartId_${code}`), store)).not.toBeNull();
  const errors = await page.evaluate(
    async ({ store, line }) => {
      const post = async (query: string, variables: Record<string, unknown>, view = store) =>
        (await (
          await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', store: view }, body: JSON.stringify({ query, variables }) })
        ).json()) as {
          data?: Record<string, unknown>;
          errors?: { message: string }[];
        };
      const answer = await post(
        'query ($sku: String!) { products(filter: { sku: { eq: $sku } }) { items { ... on CustomizableProductInterface { options { title uid ... on CustomizableRadioOption { value { uid title } } } } } } }',
        { sku: line.parentSku },
        // Options by their English titles (a view translates them; their uids are the same everywhere).
        'ca',
      );
      const options = (answer.data as { products: { items: { options: { title: string; uid: string; value?: { uid: string; title: string }[] }[] }[] } })
        .products.items[0]!.options;
      const values = options.flatMap((o) => o.value ?? []);
      const lenses = line.lenses.map((title) => values.find((v) => v.title === title)!.uid);
      const prescriptionUid = options.find((o) => o.title === 'Prescription')!.uid;
      const cartId = (JSON.parse(localStorage.getItem(`cartId_${store}`)!) as { value: string }).value;
      const added = await post(
        'mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) { user_errors { message } } }',
        {
          c: cartId,
          items: [
            {
              sku: line.sku,
              quantity: 1,
              selected_options: [...(line.variant ?? []), ...lenses],
              ...(line.prescription ? { entered_options: [{ uid: prescriptionUid, value: JSON.stringify(line.prescription) }] } : {}),
            },
          ],
        },
      );
      const userErrors = (added.data as { addProductsToCart?: { user_errors: { message: string }[] } } | undefined)?.addProductsToCart?.user_errors ?? [];
      const coupon = line.coupon
        ? await post('mutation ($c: String!, $code: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $code }) { cart { id } } }', {
            c: cartId,
            code: line.coupon,
          })
        : null;
      return [...(added.errors ?? []), ...userErrors, ...(coupon?.errors ?? [])].map((e) => e.message);
    },
    { store, line },
  );
  expect(errors).toEqual([]);
}
