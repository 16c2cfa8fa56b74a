import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decrementStock } from '../src/modules/catalog/catalog-lookup';
import * as kit from './commerce-test-kit';

// Rules that PGlite kept by running one transaction at a time, and that row locks keep on
// PostgreSQL, where transactions run at once (ADR 017). They run on both: PGlite by default, the
// PostgreSQL server of DATABASE_URL in the PostgreSQL suite (`node scripts/with-postgres.mjs …`).
let api: kit.CommerceTestBackend;
beforeAll(async () => void (api = await kit.startCommerceBackend()));
afterAll(() => api.close());
const { jsonPost: post, US_ADDRESS: ADDRESS } = kit;

const ordersOfCart = async (maskedId: string) =>
  (
    await api.backend.db.query<{ count: number }>('SELECT count(*) AS count FROM sales_order o JOIN cart c ON c.id = o.cart_id WHERE c.masked_id = $1', [
      maskedId,
    ])
  ).rows[0]!.count;

describe(`concurrent requests on one ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} database`, () => {
  it('two placeOrder calls at once for one cart place one order; the other is told the cart is not active', async () => {
    const cartId = await kit.guestCart(api);
    await kit.addAurora(api, cartId);
    await kit.readyForOrder(api, cartId);
    const answers = await Promise.all(
      [1, 2].map(() => api.gql<{ placeOrder: { order: { order_number: string } | null; errors: { code: string }[] } }>(kit.PLACE_ORDER, { c: cartId })),
    );
    const placed = answers.filter((a) => a.data?.placeOrder.order);
    expect(placed).toHaveLength(1);
    expect(answers.find((a) => !a.data?.placeOrder.order)!.data!.placeOrder.errors.map((e) => e.code)).toEqual(['CART_NOT_ACTIVE']);
    expect(await ordersOfCart(cartId)).toBe(1);
  });

  it('two payment-information calls at once (REST) place one order', async () => {
    const cartId = await kit.guestCart(api, { Store: 'us' });
    await kit.addAurora(api, cartId, 1, { Store: 'us' });
    const shipping = await api.http(
      `/rest/us/V1/guest-carts/${cartId}/shipping-information`,
      post({
        addressInformation: { shipping_address: ADDRESS, billing_address: ADDRESS, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' },
      }),
    );
    expect(shipping.status).toBe(200);
    const pay = () =>
      api.http(
        `/rest/us/V1/guest-carts/${cartId}/payment-information`,
        post({ email: ADDRESS.email, paymentMethod: { method: 'checkmo' }, billingAddress: ADDRESS }),
      );
    const statuses = (await Promise.all([pay(), pay(), pay()])).map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(await ordersOfCart(cartId)).toBe(1);
  });

  it("a customer's first cart requested twice at once is one cart", async () => {
    const { token } = await kit.newCustomer(api);
    const answers = await Promise.all([1, 2, 3].map(() => api.gql<{ customerCart: { id: string } }>('query { customerCart { id } }', {}, kit.bearer(token))));
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined, undefined]);
    expect(new Set(answers.map((a) => a.data!.customerCart.id)).size).toBe(1);
  });

  it('the same client-chosen cart id created twice at once: one cart, the other told it exists', async () => {
    const id = `concurrent${Date.now()}`.padEnd(32, 'x');
    const answers = await Promise.all([1, 2].map(() => api.gql('mutation ($id: ID!) { createGuestCart(input: { cart_uid: $id }) { cart { id } } }', { id })));
    expect(answers.map((a) => a.errors?.[0]?.message ?? 'ok').sort()).toEqual([`Cart with ID "${id}" already exists.`, 'ok']);
  });

  it('orders taking stock from two variants of one frame in opposite orders, all at once, all placed (no deadlock on PostgreSQL)', async () => {
    const { lenses } = await kit.frameChoice(api, 'LN1001', kit.PLAIN_LENSES);
    const m = [kit.AURORA.BLACK, kit.AURORA.M];
    const l = [kit.AURORA.BLACK, kit.AURORA.L];
    const cartOf = async (variants: string[][]) => {
      const cartId = await kit.guestCart(api);
      for (const variant of variants) {
        const added = await api.gql<{ addProductsToCart: { user_errors: unknown[] } }>(
          'mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { user_errors { message } } }',
          { c: cartId, o: [...variant, ...lenses] },
        );
        expect(added.data?.addProductsToCart.user_errors).toEqual([]);
      }
      await kit.readyForOrder(api, cartId);
      return cartId;
    };
    // each order locks its lines' variants and their shared parent (whose stock status follows theirs)
    const carts = [await cartOf([m, l]), await cartOf([l, m]), await cartOf([m, l]), await cartOf([l, m])];
    const answers = await Promise.all(
      carts.map((c) => api.gql<{ placeOrder: { order: { order_number: string } | null; errors: { message: string }[] } }>(kit.PLACE_ORDER, { c })),
    );
    expect(answers.map((a) => a.errors?.[0]?.message ?? a.data?.placeOrder.errors[0]?.message ?? 'placed')).toEqual(['placed', 'placed', 'placed', 'placed']);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL deadlock', () => {
  it('rolls back one of the two transactions; it is run again (logged) and both commit', async () => {
    const db = api.backend.db;
    const [a, b] = (await db.query<{ id: number }>('SELECT id FROM catalog_product ORDER BY id LIMIT 2')).rows.map((r) => r.id);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signal = () => {
      let done!: () => void;
      return { promise: new Promise<void>((resolve) => (done = resolve)), done: () => done() };
    };
    const [aLocked, bLocked] = [signal(), signal()];
    // each locks one row, waits until the other has locked the other row, then asks for it: a cycle
    const lockBoth = (first: number, second: number, mine: ReturnType<typeof signal>, theirs: ReturnType<typeof signal>) =>
      db.transaction(async (q) => {
        await q.query('SELECT id FROM catalog_product WHERE id = $1 FOR UPDATE', [first]);
        mine.done();
        await theirs.promise;
        await q.query('SELECT id FROM catalog_product WHERE id = $1 FOR UPDATE', [second]);
        return 'committed';
      });
    try {
      expect(await Promise.all([lockBoth(a!, b!, aLocked, bLocked), lockBoth(b!, a!, bLocked, aLocked)])).toEqual(['committed', 'committed']);
      expect(warn).toHaveBeenCalledWith('PostgreSQL: transaction rolled back by a deadlock; running it again (attempt 2 of 3)');
    } finally {
      warn.mockRestore();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('stock rows an order holds on PostgreSQL (ADR 038)', () => {
  it("taking a unit that leaves the variant in stock holds the variant's row only, not its frame's; emptying the variant holds the frame's too", async () => {
    const db = api.backend.db;
    const variants = (
      await db.query<{ id: number; parent_id: number; qty: number }>(
        "SELECT id, parent_id, qty::int AS qty FROM catalog_product WHERE parent_id = (SELECT id FROM catalog_product WHERE sku = 'LN1001') AND qty > 1 ORDER BY id LIMIT 2",
      )
    ).rows;
    const [kept, emptied] = variants as [(typeof variants)[0], (typeof variants)[0]];
    // Another connection asks for a row without waiting: "locked" when the open transaction holds it.
    const lockedNow = (id: number) =>
      db.query('SELECT id FROM catalog_product WHERE id = $1 FOR UPDATE NOWAIT', [id]).then(
        () => 'free',
        (error: { code?: string }) => (error.code === '55P03' ? 'locked' : `error ${error.code}`),
      );
    const held = await db.transaction(async (q) => {
      await decrementStock(q, kept.id, 1);
      return { variant: await lockedNow(kept.id), frame: await lockedNow(kept.parent_id) };
    });
    expect(held).toEqual({ variant: 'locked', frame: 'free' });
    const heldWhenEmptied = await db
      .transaction(async (q) => {
        await decrementStock(q, emptied.id, emptied.qty);
        const rows = { variant: await lockedNow(emptied.id), frame: await lockedNow(emptied.parent_id) };
        throw Object.assign(new Error('roll back'), { rows });
      })
      .catch((error: { rows?: unknown }) => error.rows);
    expect(heldWhenEmptied).toEqual({ variant: 'locked', frame: 'locked' });
  });
});
