import type { APIRequestContext, Page } from './test';
import { AURORA, customerTokenOf, signInWithToken } from './shop-session';

/**
 * Set-up through the GraphQL API before the shop's first page load: a journey whose pages are not
 * what it tests (signing in, putting a frame in the cart) starts where they would have left it, with
 * one page load instead of three or four (docs/testing.md "The lanes": the suite is CPU-bound, and
 * each page load is a server render, a parse and a hydration).
 */
type Frame = { sku: string; parentSku: string; options: string[] };

async function post<T>(request: APIRequestContext, query: string, variables: Record<string, unknown>, options: { store: string; token?: string }): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', Store: options.store };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const body = (await (await request.post('/graphql', { headers, data: { query, variables } })).json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`${query.slice(0, 40)}…: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data!;
}

async function addFrame(request: APIRequestContext, cartId: string, frame: Frame, options: { store: string; token?: string }) {
  const { addProductsToCart } = await post<{ addProductsToCart: { user_errors: { message: string }[] } }>(
    request,
    'mutation ($c: String!, $sku: String!, $parent: String, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: $sku, parent_sku: $parent, quantity: 1, selected_options: $o }]) { user_errors { message } } }',
    { c: cartId, sku: frame.sku, parent: frame.parentSku, o: frame.options },
    options,
  );
  if (addProductsToCart.user_errors.length) throw new Error(addProductsToCart.user_errors.map((e) => e.message).join('; '));
}

/**
 * A guest cart made through the API with one frame (the black Aurora unless told), its id stored
 * as the shop stores its cart's (spec §9 cartId record): the next page load reads that cart. The
 * browser is left on the shop's origin without the shop loaded (its icon), so a `page.goto` follows.
 */
export async function guestCartWithFrame(page: Page, request: APIRequestContext, frame: Frame = AURORA, store = 'ca'): Promise<string> {
  const { createGuestCart } = await post<{ createGuestCart: { cart: { id: string } } }>(request, 'mutation { createGuestCart { cart { id } } }', {}, { store });
  const cartId = createGuestCart.cart.id;
  await addFrame(request, cartId, frame, { store });
  await page.goto('/icons/lunette.svg');
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, JSON.stringify({ value, timeStored: Date.now() })), {
    key: `cartId_${store}`,
    value: cartId,
  });
  return cartId;
}

/**
 * A customer signed in the way the shop remembers a sign-in (spec §3 signin_token), with one frame
 * put in their active cart through the API (the black Aurora unless told), before any page loads.
 * Answers the customer's token.
 */
export async function signedInWithFrame(page: Page, request: APIRequestContext, email: string, frame: Frame = AURORA, password?: string): Promise<string> {
  const token = await customerTokenOf(request, email, password);
  const { customerCart } = await post<{ customerCart: { id: string } }>(request, '{ customerCart { id } }', {}, { store: 'ca', token });
  await addFrame(request, customerCart.id, frame, { store: 'ca', token });
  await signInWithToken(page, token);
  return token;
}
