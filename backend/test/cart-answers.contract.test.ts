import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decrementStock, findProductBySku } from '../src/modules/catalog/catalog-lookup';
import * as kit from './commerce-test-kit';

// ADR 034: a guest's cart GET is kept as the bytes first sent and sent again only after
// one statement reads its stamp (the cart's version, raised by triggers on every change of the cart
// or its lines, and its coupon's usability now) and finds it the same; catalog writes purge it.
// Runs on PGlite and, in the PostgreSQL suite, on DATABASE_URL (two processes: processes.contract).
// Shaped as the storefront's GetCartDetails: the cart's selection in a fragment beside the query.
const CART = `query Cart($id: String!) { cart(cart_id: $id) { ...CartFields } }
  fragment CartFields on Cart { id email total_quantity items { uid quantity is_available
  product { sku name } prices { row_total { value currency } } }
  prices { subtotal_excluding_tax { value } grand_total { value } discounts { amount { value } label } } applied_coupons { code } }`;

interface CartAnswer {
  cart: {
    id: string;
    email: string | null;
    total_quantity: number;
    items: { uid: string; quantity: number; is_available: boolean }[];
    prices: { subtotal_excluding_tax: { value: number }; grand_total: { value: number }; discounts: { amount: { value: number } }[] };
    applied_coupons: { code: string }[] | null;
  };
}

let api: kit.CommerceTestBackend;
const statements: string[] = [];
beforeAll(async () => {
  api = await kit.startCommerceBackend();
  // Every statement the backend sends outside a transaction (reads of a GET are such).
  const db = api.backend.db as { query: (sql: string, params?: unknown[]) => Promise<unknown> };
  const send = db.query.bind(db);
  db.query = (sql, params) => (statements.push(sql), send(sql, params));
}, 120_000);
afterAll(() => api?.close());

/** A cart GET as the storefront sends it; its answer, whether it was a kept one, and the statements it sent. */
async function readCart(id: string, headers: Record<string, string> = {}) {
  statements.length = 0;
  const params = new URLSearchParams({ query: CART, variables: JSON.stringify({ id }) });
  const res = await api.http(`/graphql?${params}`, { headers: { Store: 'ca', ...headers } });
  const body = (await res.json()) as { data?: CartAnswer; errors?: { message: string }[] };
  return {
    ...body,
    kept: res.headers.get('x-lunette-private-answer') === 'HIT',
    statements: statements.length,
    cacheControl: res.headers.get('cache-control'),
  };
}

const setQuantity = (cartId: string, uid: string, quantity: number, headers: Record<string, string> = {}) =>
  api.gql(
    'mutation ($c: String!, $i: ID!, $q: Float!) { updateCartItems(input: { cart_id: $c, cart_items: [{ cart_item_uid: $i, quantity: $q }] }) { cart { id } } }',
    {
      c: cartId,
      i: uid,
      q: quantity,
    },
    headers,
  );

describe('ADR 034: a guest cart answer is kept, checked by one statement, never stale', () => {
  it('the second GET is the kept answer after one statement; a change of the cart shows at once', async () => {
    const cartId = await kit.guestCart(api, { Store: 'ca' });
    expect(await kit.addAurora(api, cartId, 1, { Store: 'ca' })).toEqual([]);
    const first = await readCart(cartId);
    expect(first.kept).toBe(false);
    expect(first.data?.cart.total_quantity).toBe(1);
    const second = await readCart(cartId);
    expect(second.kept).toBe(true);
    expect(second.statements).toBe(1);
    expect(second.data).toEqual(first.data);
    expect(second.cacheControl).toBe('no-store');

    const line = first.data!.cart.items[0]!;
    expect((await setQuantity(cartId, line.uid, 3)).errors).toBeUndefined();
    const after = await readCart(cartId);
    expect(after.kept).toBe(false);
    expect(after.data?.cart.total_quantity).toBe(3);
    expect(after.data?.cart.prices.subtotal_excluding_tax.value).toBeCloseTo(first.data!.cart.prices.subtotal_excluding_tax.value * 3, 2);
    // A guest email set on the cart (a change of the cart row itself) shows too.
    await api.gql('mutation ($c: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: "kept@example.com" }) { cart { id } } }', { c: cartId });
    expect((await readCart(cartId)).data?.cart.email).toBe('kept@example.com');
  });

  it("one caller never gets another's cart: each cart its own answer; a signed-in caller is not answered from the kept ones", async () => {
    const [mine, theirs] = [await kit.guestCart(api, { Store: 'ca' }), await kit.guestCart(api, { Store: 'ca' })];
    await kit.addAurora(api, mine, 1, { Store: 'ca' });
    await kit.addAurora(api, theirs, 2, { Store: 'ca' });
    await readCart(mine);
    expect((await readCart(mine)).kept).toBe(true);
    const other = await readCart(theirs);
    expect(other.data?.cart.id).toBe(theirs);
    expect(other.data?.cart.total_quantity).toBe(2);
    // A customer's token on a guest's cart: Magento refuses it, whatever was kept for guests.
    const { token } = await kit.newCustomer(api);
    const signedIn = await readCart(mine, kit.bearer(token));
    expect(signedIn.kept).toBe(false);
    expect(signedIn.data?.cart ?? null).toBeNull();
    expect(signedIn.errors?.[0]?.message).toContain('cannot perform operations on cart');
    // Another store view's answer is its own (and refused: the cart is the ca view's).
    const elsewhere = await readCart(mine, { Store: 'us' });
    expect(elsewhere.kept).toBe(false);
    expect(elsewhere.errors?.[0]?.message).toBe('Wrong store code specified for cart');
  });

  it('a coupon applied, removed, or expiring by the clock (no write) changes the kept answer', async () => {
    const cartId = await kit.guestCart(api, { Store: 'ca' });
    await kit.addAurora(api, cartId, 1, { Store: 'ca' });
    const expiresAt = new Date(api.clock.now().getTime() + 3600_000);
    await api.backend.db.query("INSERT INTO coupon (code, label, kind, amount, expires_at) VALUES ('HOUR5', 'For an hour', 'percent', 5, $1)", [expiresAt]);
    const plain = await readCart(cartId);
    const applied = await api.gql('mutation ($c: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: "HOUR5" }) { cart { id } } }', { c: cartId });
    expect(applied.errors).toBeUndefined();
    const discounted = await readCart(cartId);
    expect(discounted.kept).toBe(false);
    expect(discounted.data?.cart.applied_coupons).toEqual([{ code: 'HOUR5' }]);
    expect(discounted.data?.cart.prices.grand_total.value).toBeLessThan(plain.data!.cart.prices.grand_total.value);
    expect((await readCart(cartId)).kept).toBe(true);
    api.clock.advance(3601);
    const expired = await readCart(cartId);
    expect(expired.kept).toBe(false);
    expect(expired.data?.cart.applied_coupons).toBeNull();
    expect(expired.data?.cart.prices.grand_total.value).toBe(plain.data!.cart.prices.grand_total.value);
  });

  it('a cart merged into a customer’s or ordered is not answered from what was kept', async () => {
    const cartId = await kit.guestCart(api, { Store: 'ca' });
    await kit.addAurora(api, cartId, 1, { Store: 'ca' });
    await readCart(cartId);
    expect((await readCart(cartId)).kept).toBe(true);
    const { token } = await kit.newCustomer(api);
    const merged = await api.gql('mutation ($c: String!) { mergeCarts(source_cart_id: $c) { id } }', { c: cartId }, { ...kit.bearer(token), Store: 'ca' });
    expect(merged.errors).toBeUndefined();
    const after = await readCart(cartId);
    expect(after.kept).toBe(false);
    expect(after.errors?.[0]?.message).toBe("The cart isn't active.");
  });
  it('a stock write of a product in the cart (an order elsewhere) purges the kept answer', async () => {
    const cartId = await kit.guestCart(api, { Store: 'ca' });
    await kit.addAurora(api, cartId, 1, { Store: 'ca' });
    await readCart(cartId);
    expect((await readCart(cartId)).kept).toBe(true);
    const variant = (await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!;
    await decrementStock(api.backend.db, variant.id, variant.qty);
    const after = await readCart(cartId);
    expect(after.kept).toBe(false);
    expect(after.data?.cart.items[0]?.is_available).toBe(false);
  });
});

// ADR 034: a signed-in customer's cart GET is kept too, under their token, and sent
// again only after one statement has checked the token (known, not revoked, not expired, its
// customer the cart's) together with the cart's stamp and the customer's email.
const CUSTOMER_CART = `query CustomerCart { customerCart { ...CartFields } }
  fragment CartFields on Cart { id email total_quantity items { uid quantity } prices { grand_total { value } } }`;

/** A GET of `query` as the storefront sends it; whether it was a kept answer, and the statements it sent. */
async function readGet(query: string, variables: Record<string, unknown> | undefined, headers: Record<string, string>) {
  statements.length = 0;
  const params = new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) });
  const res = await api.http(`/graphql?${params}`, { headers: { Store: 'ca', ...headers } });
  const body = (await res.json()) as { data?: { customerCart?: CartAnswer['cart']; cart?: CartAnswer['cart'] }; errors?: { message: string }[] };
  return {
    ...body,
    kept: res.headers.get('x-lunette-private-answer') === 'HIT',
    statements: statements.length,
    cacheControl: res.headers.get('cache-control'),
  };
}

/** A signed-in customer with one frame in their cart: their token, email and cart id. */
async function customerWithAFrame() {
  const { token, email } = await kit.newCustomer(api);
  const created = await api.gql<{ customerCart: { id: string } }>('{ customerCart { id } }', undefined, { ...kit.bearer(token), Store: 'ca' });
  const cartId = created.data!.customerCart.id;
  expect(await kit.addAurora(api, cartId, 1, { ...kit.bearer(token), Store: 'ca' })).toEqual([]);
  return { token, email, cartId };
}

describe("ADR 034: a signed-in customer's cart answer is kept under their token, the token checked each time", () => {
  // The frame the stock test above sold out is back in stock for these carts.
  beforeAll(() => api.backend.db.query("UPDATE catalog_product SET qty = 100, stock_status = 'IN_STOCK' WHERE sku = 'LN1001-BLK-M'"));
  it('customerCart and cart(cart_id) are kept after one statement; a change of the cart or of their email shows at once', async () => {
    const { token, cartId } = await customerWithAFrame();
    const first = await readGet(CUSTOMER_CART, undefined, kit.bearer(token));
    expect(first.kept).toBe(false);
    expect(first.data?.customerCart?.total_quantity).toBe(1);
    const second = await readGet(CUSTOMER_CART, undefined, kit.bearer(token));
    expect(second).toMatchObject({ kept: true, statements: 1, cacheControl: 'no-store' });
    expect(second.data).toEqual(first.data);
    const byId = await readCart(cartId, kit.bearer(token));
    expect(byId.kept).toBe(false);
    expect(byId.data?.cart.total_quantity).toBe(1);
    expect(await readCart(cartId, kit.bearer(token))).toMatchObject({ kept: true, statements: 1 });

    expect((await setQuantity(cartId, first.data!.customerCart!.items[0]!.uid, 2, kit.bearer(token))).errors).toBeUndefined();
    const changed = await readGet(CUSTOMER_CART, undefined, kit.bearer(token));
    expect(changed.kept).toBe(false);
    expect(changed.data?.customerCart?.total_quantity).toBe(2);
    expect((await readCart(cartId, kit.bearer(token))).data?.cart.total_quantity).toBe(2);
    // A customer cart shows its customer's email: a change of it (no cart write) shows too.
    await api.backend.db.query("UPDATE customer SET email = 'renamed.' || email WHERE id = (SELECT customer_id FROM cart WHERE masked_id = $1)", [cartId]);
    const renamed = await readGet(CUSTOMER_CART, undefined, kit.bearer(token));
    expect(renamed.kept).toBe(false);
    expect(renamed.data?.customerCart?.email).toMatch(/^renamed\./);
  });

  it("another customer's token never gets the kept answer: refused for the cart, their own cart for customerCart", async () => {
    const mine = await customerWithAFrame();
    const theirs = await kit.newCustomer(api);
    await readGet(CUSTOMER_CART, undefined, kit.bearer(mine.token));
    await readCart(mine.cartId, kit.bearer(mine.token));
    expect((await readCart(mine.cartId, kit.bearer(mine.token))).kept).toBe(true);
    const refused = await readCart(mine.cartId, kit.bearer(theirs.token));
    expect(refused.kept).toBe(false);
    expect(refused.data?.cart ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toContain('cannot perform operations on cart');
    const own = await readGet(CUSTOMER_CART, undefined, kit.bearer(theirs.token));
    expect(own.kept).toBe(false);
    expect(own.data?.customerCart?.id).not.toBe(mine.cartId);
    expect(own.data?.customerCart?.total_quantity).toBe(0);
    // Nor does a guest: the cart's id without a token is refused as before.
    const guest = await readCart(mine.cartId);
    expect(guest.kept).toBe(false);
    expect(guest.errors?.[0]?.message).toContain('cannot perform operations on cart');
  });

  it('after sign-out, or once the token expired by the clock, the token gets no kept answer', async () => {
    const { token, cartId } = await customerWithAFrame();
    await readGet(CUSTOMER_CART, undefined, kit.bearer(token));
    await readCart(cartId, kit.bearer(token));
    expect((await readGet(CUSTOMER_CART, undefined, kit.bearer(token))).kept).toBe(true);
    expect((await readCart(cartId, kit.bearer(token))).kept).toBe(true);
    const revoked = await api.gql('mutation { revokeCustomerToken { result } }', undefined, { ...kit.bearer(token), Store: 'ca' });
    expect(revoked.errors).toBeUndefined();
    const signedOut = await readGet(CUSTOMER_CART, undefined, kit.bearer(token));
    expect(signedOut.kept).toBe(false);
    expect(signedOut.errors?.[0]?.message).toBe('User token has been revoked');
    const byId = await readCart(cartId, kit.bearer(token));
    expect(byId.kept).toBe(false);
    expect(byId.data?.cart ?? null).toBeNull();

    const other = await customerWithAFrame();
    await readGet(CUSTOMER_CART, undefined, kit.bearer(other.token));
    expect((await readGet(CUSTOMER_CART, undefined, kit.bearer(other.token))).kept).toBe(true);
    api.clock.advance(3601);
    const expired = await readGet(CUSTOMER_CART, undefined, kit.bearer(other.token));
    expect(expired.kept).toBe(false);
    expect(expired.errors?.[0]?.message).toBe('The request is allowed for logged in customer');
  });
});
