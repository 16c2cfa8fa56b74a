import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { one } from '../src/db/database';
import { findProductBySku } from '../src/modules/catalog/catalog-lookup';
import {
  addAuroraWithPrescription,
  type CommerceTestBackend,
  firstError,
  frameChoice,
  guestCart,
  PLACE_ORDER,
  readyForOrder,
  startCommerceBackend,
} from './commerce-test-kit';

/**
 * ADR 035: the backend is the last word on the eyewear rules (domain/eyewear.md "lens flow" and
 * "prescription"; spec §4 Cart). Each request here is forged — sent straight to the real backend,
 * as no storefront would send it — and must be refused with a message naming the rule, leaving the
 * cart as it was. Store view `ca`, the default one (spec §9).
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const CA = { Store: 'ca' };
const ADD = `mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) {
  cart { total_quantity items { uid quantity prices { row_total { value } } } } user_errors { code message } } }`;
const UPDATE = `mutation ($c: String!, $items: [CartItemUpdateInput!]!) { updateCartItems(input: { cart_id: $c, cart_items: $items }) {
  cart { total_quantity items { uid quantity } } errors { code message } } }`;
const CART = 'query ($c: String!) { cart(cart_id: $c) { total_quantity items { uid quantity prices { row_total { value } } } } }';

type Added = {
  addProductsToCart: { cart: { total_quantity: number; items: { uid: string; quantity: number }[] }; user_errors: { code: string; message: string }[] };
};
type CartItems = { cart: { total_quantity: number; items: { uid: string; quantity: number; prices: { row_total: { value: number } } }[] } };

/** A variant of the frame that is in stock. */
async function variantOf(parentSku: string): Promise<string> {
  const parent = (await findProductBySku(api.backend.db, parentSku))!;
  const row = await one<{ sku: string }>(
    api.backend.db,
    "SELECT sku FROM catalog_product WHERE parent_id = $1 AND stock_status = 'IN_STOCK' AND qty > 5 ORDER BY id LIMIT 1",
    [parent.id],
  );
  return row!.sku;
}

const prescription = (usage: string, sph: number, extra: Record<string, unknown> = {}) => ({
  usage,
  exam_date: '2026-02-01',
  od: { sph, ...extra },
  os: { sph, ...extra },
  pd: usage === 'PROGRESSIVE' ? { right: 31.5, left: 31.5 } : { single: 63 },
});

/** Adds a frame with lenses (by title) and, when given, a prescription; answers the errors and the cart. */
async function addLens(cartId: string, parentSku: string, lenses: string[], rx: unknown | null, quantity = 1) {
  const { lenses: uids, prescriptionUid } = await frameChoice(api, parentSku, lenses);
  const item = {
    sku: await variantOf(parentSku),
    parent_sku: parentSku,
    quantity,
    selected_options: uids,
    ...(rx ? { entered_options: [{ uid: prescriptionUid, value: JSON.stringify(rx) }] } : {}),
  };
  const res = await api.gql<Added>(ADD, { c: cartId, items: [item] }, CA);
  expect(res.errors).toBeUndefined();
  return res.data!.addProductsToCart;
}

const cartOf = async (cartId: string) => (await api.gql<CartItems>(CART, { c: cartId }, CA)).data!.cart;

describe('a lens line is checked by the eyewear rules on add (ADR 035)', () => {
  it('eyewear rule "usage ↔ lens option": a progressive prescription on free single-vision lenses is refused; the progressive lenses are accepted at their price', async () => {
    const cartId = await guestCart(api, CA);
    const rx = prescription('PROGRESSIVE', -1, { add: 2 });
    const forged = await addLens(cartId, 'LN1002', ['Single vision – distance', '1.50 Standard'], rx);
    expect(forged.user_errors).toEqual([
      {
        code: 'INVALID_PARAMETER_VALUE',
        message: 'The prescription is for progressive lenses but the lenses chosen are single vision – distance: choose the lens usage of the prescription.',
      },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
    const honest = await addLens(cartId, 'LN1002', ['Progressive', '1.50 Standard'], rx);
    expect(honest.user_errors).toEqual([]);
    expect(honest.cart.total_quantity).toBe(1);
  });

  it('eyewear rule "the index a prescription forces": SPH −6.00 on a 1.50 lens is refused (1.67 or more)', async () => {
    const cartId = await guestCart(api, CA);
    const forged = await addLens(cartId, 'LN1001', ['Single vision – distance', '1.50 Standard'], prescription('SINGLE_VISION_DISTANCE', -6));
    expect(forged.user_errors).toEqual([
      { code: 'INVALID_PARAMETER_VALUE', message: 'This prescription needs a lens index of 1.67 or more; 1.50 lenses cannot be made for it.' },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
    expect((await addLens(cartId, 'LN1001', ['Single vision – distance', '1.67 Extra thin'], prescription('SINGLE_VISION_DISTANCE', -6))).user_errors).toEqual(
      [],
    );
  });

  it('eyewear rule "frame limits": progressives need a lens height of 30 mm (LN1001 has 26 mm)', async () => {
    const cartId = await guestCart(api, CA);
    const forged = await addLens(cartId, 'LN1001', ['Progressive', '1.50 Standard'], prescription('PROGRESSIVE', -1, { add: 2 }));
    expect(forged.user_errors).toEqual([
      { code: 'INVALID_PARAMETER_VALUE', message: "Progressive lenses need a lens height of at least 30 mm; this frame's is 26 mm." },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
  });

  it('eyewear rule "frame limits": SPH −14.00 is beyond the frame\'s lenses (LN1001: −12.00 to +8.00)', async () => {
    const cartId = await guestCart(api, CA);
    const forged = await addLens(cartId, 'LN1001', ['Single vision – distance', '1.74 Ultra thin'], prescription('SINGLE_VISION_DISTANCE', -14));
    expect(forged.user_errors).toEqual([
      {
        code: 'INVALID_PARAMETER_VALUE',
        message: 'OD (right eye) SPH must be between -12.00 and +8.00 in steps of 0.25. OS (left eye) SPH must be between -12.00 and +8.00 in steps of 0.25.',
      },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
  });

  it('eyewear rule "frame limits": a rimless frame (LN1003) takes no 1.50 lens, polycarbonate it does', async () => {
    const cartId = await guestCart(api, CA);
    const forged = await addLens(cartId, 'LN1003', ['Non-prescription', '1.50 Standard'], null);
    expect(forged.user_errors).toEqual([
      { code: 'INVALID_PARAMETER_VALUE', message: 'Rimless frames need polycarbonate, Trivex or a 1.61 index or higher: the lens is drilled to hold it.' },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
    expect((await addLens(cartId, 'LN1003', ['Non-prescription', '1.59 Polycarbonate'], null)).user_errors).toEqual([]);
  });
});

describe('sunglasses are sold as sunglasses (ADR 035; the sunglasses category promises UV400 sun lenses)', () => {
  // LN1037 Beatrix Aviator: a full-rim frame of the sunglasses category.
  it('eyewear rule "sun lenses": non-prescription sunglasses take their own 1.50 sun lens, never a clear index upsell', async () => {
    const cartId = await guestCart(api, CA);
    const ownSunLens = 'Sunglasses without a prescription come with their own tinted UV400 sun lenses (1.50): no other lens index can be chosen for them.';
    for (const clear of ['1.67 Extra thin', '1.50 Standard', '1.59 Tinted UV400 sun lens, polycarbonate']) {
      const forged = await addLens(cartId, 'LN1037', ['Non-prescription', clear], null);
      expect(forged.user_errors).toEqual([{ code: 'INVALID_PARAMETER_VALUE', message: ownSunLens }]);
    }
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
    const tinted = await addLens(cartId, 'LN1037', ['Non-prescription', '1.50 Tinted UV400 sun lens', 'Sun tint'], null);
    expect(tinted.user_errors).toEqual([
      {
        code: 'INVALID_PARAMETER_VALUE',
        message: 'Sunglasses without a prescription have tinted UV400 sun lenses already: a sun tint or photochromic lens cannot be added.',
      },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
    const own = await addLens(cartId, 'LN1037', ['Non-prescription', '1.50 Tinted UV400 sun lens'], null);
    expect(own.user_errors).toEqual([]);
    expect((await addLens(cartId, 'LN1037', ['Non-prescription', '1.50 Tinted UV400 sun lens', 'Polarised'], null)).user_errors).toEqual([]);
    expect((await cartOf(cartId)).total_quantity).toBe(2);
  });

  it('eyewear rule "sun lenses": prescription lenses for sunglasses need a sun tint or polarised; clear ones are refused', async () => {
    const cartId = await guestCart(api, CA);
    const rx = prescription('SINGLE_VISION_DISTANCE', -1);
    const forged = await addLens(cartId, 'LN1037', ['Single vision – distance', '1.61 Thin'], rx);
    expect(forged.user_errors).toEqual([
      { code: 'INVALID_PARAMETER_VALUE', message: 'Prescription lenses for sunglasses need a sun tint or a polarised treatment: choose one of them.' },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
    expect((await addLens(cartId, 'LN1037', ['Single vision – distance', '1.61 Thin', 'Sun tint'], rx)).user_errors).toEqual([]);
    expect((await addLens(cartId, 'LN1037', ['Single vision – distance', '1.61 Thin', 'Polarised'], rx)).user_errors).toEqual([]);
  });

  it('eyewear rule "sun lenses": the line names the sun lens bought, in every view of the cart and the order (it said "1.50 Standard")', async () => {
    const cartId = await guestCart(api, CA);
    expect((await addLens(cartId, 'LN1037', ['Non-prescription', '1.50 Tinted UV400 sun lens'], null)).user_errors).toEqual([]);
    const res = await api.gql<{ cart: { items: { customizable_options: { label: string; values: { label: string; price: { value: number } }[] }[] }[] } }>(
      'query ($c: String!) { cart(cart_id: $c) { items { ... on ConfigurableCartItem { customizable_options { label values { label price { value } } } } } } }',
      { c: cartId },
      CA,
    );
    expect(res.data!.cart.items[0]!.customizable_options.map((o) => [o.label, o.values.map((v) => [v.label, v.price.value])])).toEqual([
      ['Lens type', [['Non-prescription', 0]]],
      ['Lens index', [['1.50 Tinted UV400 sun lens', 0]]],
    ]);
  });

  it('eyewear rule "sun lenses": the sun lens is the own lens of sunglasses without a prescription, of no other line', async () => {
    const cartId = await guestCart(api, CA);
    const ownOnly = {
      code: 'INVALID_PARAMETER_VALUE',
      message: 'A tinted UV400 sun lens is the own lens of sunglasses bought without a prescription: choose a lens index for these lenses.',
    };
    expect((await addLens(cartId, 'LN1001', ['Non-prescription', '1.50 Tinted UV400 sun lens'], null)).user_errors).toEqual([ownOnly]);
    const rx = prescription('SINGLE_VISION_DISTANCE', -1);
    expect((await addLens(cartId, 'LN1037', ['Single vision – distance', '1.50 Tinted UV400 sun lens', 'Sun tint'], rx)).user_errors).toEqual([ownOnly]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
  });

  it("eyeglasses keep their clear lenses and index choice: the sun-lens rules are the sunglasses' own", async () => {
    const cartId = await guestCart(api, CA);
    expect((await addLens(cartId, 'LN1001', ['Non-prescription', '1.67 Extra thin'], null)).user_errors).toEqual([]);
    expect((await addLens(cartId, 'LN1001', ['Single vision – distance', '1.61 Thin'], prescription('SINGLE_VISION_DISTANCE', -1))).user_errors).toEqual([]);
  });
});

describe('a frame alone, without lenses (ADR 035 "Frame only"; domain/eyewear.md "lens flow")', () => {
  const refused = {
    code: 'INVALID_PARAMETER_VALUE',
    message: 'A frame bought without lenses takes no lens index, coating or prescription: choose lenses for it, or the frame alone.',
  };

  it('eyeglasses and sunglasses are sold as the frame alone, at the price of the frame (what a line with free lenses costs), named as such', async () => {
    for (const sku of ['LN1001', 'LN1037']) {
      const cartId = await guestCart(api, CA);
      const frame = await addLens(cartId, sku, ['Frame only – no lenses'], null);
      expect(frame.user_errors).toEqual([]);
      const free = await addLens(cartId, sku, ['Non-prescription', sku === 'LN1037' ? '1.50 Tinted UV400 sun lens' : '1.50 Standard'], null);
      expect(free.user_errors).toEqual([]);
      const [alone, withLenses] = (await cartOf(cartId)).items;
      expect(alone!.prices.row_total.value).toBeGreaterThan(0);
      expect(alone!.prices.row_total.value).toBe(withLenses!.prices.row_total.value);
    }
  });

  it('forged: the frame alone with a lens index, a coating, a prescription or a prescription to follow is refused, and the cart is left as it was', async () => {
    const cartId = await guestCart(api, CA);
    expect((await addLens(cartId, 'LN1001', ['Frame only – no lenses', '1.67 Extra thin'], null)).user_errors).toEqual([refused]);
    expect((await addLens(cartId, 'LN1001', ['Frame only – no lenses', 'Anti-reflective'], null)).user_errors).toEqual([refused]);
    expect((await addLens(cartId, 'LN1037', ['Frame only – no lenses', 'Polarised'], null)).user_errors).toEqual([refused]);
    expect((await addLens(cartId, 'LN1001', ['Frame only – no lenses'], prescription('SINGLE_VISION_DISTANCE', -1))).user_errors).toEqual([refused]);
    const { lenses, prescriptionUid } = await frameChoice(api, 'LN1001', ['Frame only – no lenses']);
    const later = await api.gql<Added>(
      ADD,
      {
        c: cartId,
        items: [
          {
            sku: await variantOf('LN1001'),
            parent_sku: 'LN1001',
            quantity: 1,
            selected_options: lenses,
            entered_options: [{ uid: prescriptionUid, value: 'Prescription to follow' }],
          },
        ],
      },
      CA,
    );
    expect(later.data!.addProductsToCart.user_errors).toEqual([refused]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
  });

  it('forged: lenses without a lens index are refused (the index is required of lenses, not of the frame alone)', async () => {
    const cartId = await guestCart(api, CA);
    expect((await addLens(cartId, 'LN1001', ['Non-prescription'], null)).user_errors).toEqual([
      { code: 'INVALID_PARAMETER_VALUE', message: 'Lenses need a lens index: choose one, or buy the frame alone.' },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
  });
});

describe('quantities are whole numbers of at least one (ADR 035, Magento CatalogInventory words)', () => {
  it('addProductsToCart refuses 0.5 and 0.00001 ("The fewest you may purchase is 1.") and 2.5 ("You cannot use decimal quantity…")', async () => {
    const cartId = await guestCart(api, CA);
    const lenses = ['Non-prescription', '1.50 Standard'];
    expect((await addLens(cartId, 'LN1001', lenses, null, 0.5)).user_errors).toEqual([
      { code: 'INSUFFICIENT_STOCK', message: 'The fewest you may purchase is 1.' },
    ]);
    expect((await addLens(cartId, 'LN1001', lenses, null, 0.00001)).user_errors).toEqual([
      { code: 'INSUFFICIENT_STOCK', message: 'The fewest you may purchase is 1.' },
    ]);
    expect((await addLens(cartId, 'LN1001', lenses, null, 2.5)).user_errors).toEqual([
      { code: 'UNDEFINED', message: 'You cannot use decimal quantity for this product.' },
    ]);
    expect(await cartOf(cartId)).toEqual({ total_quantity: 0, items: [] });
  });

  it('updateCartItems refuses 2.5 and 0.5, the line keeps its quantity, and the cart is then placed (no "Unexpected error.")', async () => {
    const cartId = await guestCart(api, CA);
    expect((await addLens(cartId, 'LN1001', ['Non-prescription', '1.50 Standard'], null, 1)).user_errors).toEqual([]);
    const [line] = (await cartOf(cartId)).items;
    for (const [quantity, message] of [
      [2.5, 'You cannot use decimal quantity for this product.'],
      [0.5, 'The fewest you may purchase is 1.'],
    ] as const) {
      const res = await api.gql<{ updateCartItems: { cart: CartItems['cart']; errors: unknown[] } }>(
        UPDATE,
        { c: cartId, items: [{ cart_item_uid: line!.uid, quantity }] },
        CA,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data!.updateCartItems.errors).toEqual([{ code: 'INVALID_PARAMETER_VALUE', message }]);
      expect(res.data!.updateCartItems.cart.items.map((i) => i.quantity)).toEqual([1]);
    }
    await readyForOrder(api, cartId, CA);
    const placed = await api.gql<{ placeOrder: { errors: unknown[]; orderV2: { number: string } | null } }>(PLACE_ORDER, { c: cartId }, CA);
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.orderV2?.number).toBeTruthy();
  });
});

describe('the prescription-fix link keeps the lenses paid for (ADR 035)', () => {
  const FIX = 'mutation ($i: LunettePrescriptionFixInput!) { lunetteFixOrderPrescription(input: $i) { order_number prescription { od { sph } } } }';

  it('a paid single-vision 1.50 order (SPH −2.50) is not fixed to progressive −7.50 / ADD 2.50, nor to SPH −6.00 (1.67 forced); a fix within the lens is', async () => {
    const cartId = await guestCart(api);
    expect(await addAuroraWithPrescription(api, cartId)).toEqual([]);
    await readyForOrder(api, cartId);
    const number = (await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId })).data!.placeOrder.orderV2.number;
    const link = api.logged.find((l) => l.includes(`/prescriptionfix/${number}/`))!;
    const key = link.slice(link.lastIndexOf('/') + 1);
    const lineOf = async () =>
      (
        await api.backend.db.query<{ entered_options: { value: string }[] }>(
          'SELECT entered_options FROM sales_order_item WHERE order_id = (SELECT id FROM sales_order WHERE number = $1)',
          [number],
        )
      ).rows[0]!.entered_options[0]!.value;
    const ordered = await lineOf();
    const order_item_uid = (
      await api.gqlGet<{ lunettePrescriptionFixOrder: { items: { uid: string }[] } }>(
        'query ($n: String!, $k: String!) { lunettePrescriptionFixOrder(order_number: $n, key: $k) { items { uid } } }',
        { n: number, k: key },
      )
    ).data!.lunettePrescriptionFixOrder.items[0]!.uid;

    const upgrade = {
      usage: 'PROGRESSIVE',
      exam_date: '2026-02-01',
      od: { sph: -7.5, add: 2.5 },
      os: { sph: -7.5, add: 2.5 },
      pd: { right: 31.5, left: 31.5 },
    };
    expect(firstError(await api.gql(FIX, { i: { order_number: number, key, order_item_uid, prescription: upgrade } }))).toBe(
      'A prescription fix keeps the lenses that were paid for: The prescription is for progressive lenses but the lenses chosen are single vision – distance: choose the lens usage of the prescription.',
    );
    const thicker = { usage: 'SINGLE_VISION_DISTANCE', exam_date: '2026-02-01', od: { sph: -6 }, os: { sph: -6 }, pd: { single: 63 } };
    expect(firstError(await api.gql(FIX, { i: { order_number: number, key, order_item_uid, prescription: thicker } }))).toBe(
      'A prescription fix keeps the lenses that were paid for: This prescription needs a lens index of 1.67 or more; 1.50 lenses cannot be made for it.',
    );
    expect(await lineOf()).toBe(ordered);

    const within = { ...thicker, od: { sph: -2.75 }, os: { sph: -2.5 } };
    expect((await api.gql(FIX, { i: { order_number: number, key, order_item_uid, prescription: within } })).data!.lunetteFixOrderPrescription).toEqual({
      order_number: number,
      prescription: { od: { sph: -2.75 } },
    });
    expect(JSON.parse(await lineOf())).toMatchObject({ od: { sph: -2.75 } });
  });
});
