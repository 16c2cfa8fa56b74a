import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProductBySku } from '../src/modules/catalog/catalog-lookup';
import {
  addAurora,
  AURORA,
  bearer,
  firstError,
  frameChoice,
  guestCart,
  newCustomer,
  PLAIN_LENSES,
  PLACE_ORDER,
  readyForOrder,
  startCommerceBackend,
  type CommerceTestBackend,
} from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const ADD = `mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) {
  cart { total_quantity items { uid quantity } } user_errors { code message } } }`;
const CART = `query ($c: String!) { cart(cart_id: $c) { id email total_quantity is_virtual
  items { __typename uid quantity errors { code message }
    prices { price { value currency } row_total { value } total_item_discount { value } }
    product { sku name }
    ... on ConfigurableCartItem { configurable_options { option_label value_label configurable_product_option_value_uid } configured_variant { sku thumbnail { url } } customizable_options { label values { label value price { value units } } } } }
  prices { grand_total { value currency } subtotal_excluding_tax { value } subtotal_with_discount_excluding_tax { value } discounts { amount { value } label } applied_taxes { amount { value } label } }
  applied_coupons { code } } }`;

type CartAnswer = {
  cart: {
    id: string;
    total_quantity: number;
    items: {
      __typename: string;
      uid: string;
      quantity: number;
      errors: { code: string; message: string }[] | null;
      prices: { price: { value: number; currency: string }; row_total: { value: number }; total_item_discount: { value: number } };
      product: { sku: string };
      configurable_options?: { option_label: string; value_label: string }[];
      configured_variant?: { sku: string; thumbnail?: { url: string } };
      customizable_options?: { label: string; values: { label: string; value: string; price: { value: number } }[] }[];
    }[];
    prices: {
      grand_total: { value: number; currency: string };
      subtotal_excluding_tax: { value: number };
      discounts: { amount: { value: number }; label: string }[] | null;
    };
    applied_coupons: { code: string }[] | null;
  };
};
const readCart = async (cartId: string, headers: Record<string, string> = {}) => api.gqlGet<CartAnswer>(CART, { c: cartId }, headers);

describe('creating carts', () => {
  it('spec §4 Cart lifecycle: createEmptyCart and createGuestCart answer unguessable 32-character ids of empty carts', async () => {
    const legacy = await api.gql<{ createEmptyCart: string }>('mutation { createEmptyCart }');
    const current = await guestCart(api);
    for (const id of [legacy.data!.createEmptyCart, current]) expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(legacy.data!.createEmptyCart).not.toBe(current);
    const cart = await readCart(current);
    expect(cart.data!.cart).toMatchObject({ id: current, total_quantity: 0, items: [], prices: { grand_total: { value: 0, currency: 'CAD' } } });
  });

  it('createGuestCart takes a client-chosen id once, and refuses customers', async () => {
    const id = 'a'.repeat(16) + 'B'.repeat(16);
    const mutation = 'mutation ($id: ID) { createGuestCart(input: { cart_uid: $id }) { cart { id } } }';
    expect((await api.gql(mutation, { id })).data!.createGuestCart).toEqual({ cart: { id } });
    expect(firstError(await api.gql(mutation, { id }))).toBe(`Cart with ID "${id}" already exists.`);
    expect(firstError(await api.gql(mutation, { id: 'short' }))).toBe('Cart ID length should be 32 symbols.');
    const { token } = await newCustomer(api);
    expect(firstError(await api.gql('mutation { createGuestCart { cart { id } } }', {}, bearer(token)))).toBe(
      'Use `Query.customerCart` for logged in customer.',
    );
  });

  it('customerCart answers the same active cart each time; createEmptyCart answers it too for a customer', async () => {
    const { token } = await newCustomer(api);
    const first = await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token));
    const second = await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token));
    expect(first.data!.customerCart.id).toBe(second.data!.customerCart.id);
    expect((await api.gql<{ createEmptyCart: string }>('mutation { createEmptyCart }', {}, bearer(token))).data!.createEmptyCart).toBe(
      first.data!.customerCart.id,
    );
    expect(firstError(await api.gqlGet('{ customerCart { id } }'))).toBe('The request is allowed for logged in customer');
  });
});

describe('cart-invalid errors (spec §5)', () => {
  it('spec §5: an unknown id answers "Could not find a cart with ID"', async () => {
    const res = await readCart('nope');
    expect(firstError(res)).toBe('Could not find a cart with ID "nope"');
    expect(res.errors![0]!.extensions!.category).toBe('graphql-no-such-entity');
    expect(firstError(await api.gql('mutation { removeCouponFromCart(input: { cart_id: "" }) { cart { id } } }'))).toBe(
      'Required parameter "cart_id" is missing',
    );
  });

  it('spec §5: an ordered cart answers "The cart isn\'t active."', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    await readyForOrder(api, cartId);
    expect((await api.gql(PLACE_ORDER, { c: cartId })).data!.placeOrder).toMatchObject({ errors: [] });
    expect(firstError(await readCart(cartId))).toBe("The cart isn't active.");
  });

  it("spec §5 / §6: nobody else operates on a customer's cart, and a customer cannot use a guest cart", async () => {
    const owner = await newCustomer(api);
    const other = await newCustomer(api);
    const ownerCart = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(owner.token))).data!.customerCart.id;
    const message = `The current user cannot perform operations on cart "${ownerCart}"`;
    expect(firstError(await readCart(ownerCart))).toBe(message);
    const res = await readCart(ownerCart, bearer(other.token));
    expect(firstError(res)).toBe(message);
    expect(res.errors![0]!.extensions!.category).toBe('graphql-authorization');
    expect(firstError(await api.gql(ADD, { c: ownerCart, items: [{ sku: 'LN1001-BLK-M', quantity: 1 }] }, bearer(other.token)))).toBe(message);
    const guest = await guestCart(api);
    expect(firstError(await readCart(guest, bearer(owner.token)))).toBe(`The current user cannot perform operations on cart "${guest}"`);
  });

  it('a cart belongs to its store view', async () => {
    const cartId = await guestCart(api, { Store: 'uk' });
    expect(firstError(await readCart(cartId))).toBe('Wrong store code specified for cart');
    expect((await readCart(cartId, { Store: 'uk' })).data!.cart.prices.grand_total.currency).toBe('GBP');
  });
});

describe('addProductsToCart', () => {
  it('adds a configurable frame by parent sku + selected options, with priced lens options and the prescription text', async () => {
    const cartId = await guestCart(api);
    const { lenses, prescriptionUid } = await frameChoice(api, 'LN1001', ['Single vision – distance', '1.59 Polycarbonate', 'Anti-reflective']);
    const prescription = JSON.stringify({
      usage: 'SINGLE_VISION_DISTANCE',
      exam_date: '2025-10-01',
      od: { sph: -1.5, cyl: -0.75, axis: 170 },
      os: { sph: -1.25 },
      pd: { single: 62 },
    });
    const res = await api.gql(ADD, {
      c: cartId,
      items: [
        { sku: 'LN1001', quantity: 1, selected_options: [AURORA.BLACK, AURORA.M, ...lenses], entered_options: [{ uid: prescriptionUid, value: prescription }] },
      ],
    });
    expect(res.errors).toBeUndefined();
    const item = (await readCart(cartId)).data!.cart.items[0]!;
    expect(item).toMatchObject({
      __typename: 'ConfigurableCartItem',
      quantity: 1,
      errors: null,
      product: { sku: 'LN1001' },
      configured_variant: { sku: 'LN1001-BLK-M' },
      configurable_options: [
        { option_label: 'Colour', value_label: 'Black' },
        { option_label: 'Size', value_label: 'M' },
      ],
    });
    // The chosen colour's own picture, which the cart line shows.
    expect(item.configured_variant!.thumbnail!.url).toMatch(/aurora-cat-eye-black-front\.png$/);
    // 129 (frame) + 30 (1.59) + 25 (anti-reflective) USD, at 1.37 CAD.
    expect(item.prices.price).toEqual({ value: 252.08, currency: 'CAD' });
    expect(item.customizable_options!.map((o) => o.label)).toEqual(['Lens type', 'Lens index', 'Lens coatings', 'Prescription']);
    expect(item.customizable_options![3]!.values[0]!.value).toBe(prescription);
    expect(item.customizable_options![1]!.values[0]).toMatchObject({ label: '1.59 Polycarbonate', price: { value: 41.1 } });
  });

  it('adds by variant sku (with or without parent_sku) and adds up identical lines', async () => {
    const cartId = await guestCart(api);
    const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    await api.gql(ADD, { c: cartId, items: [{ sku: 'LN1001-BLK-M', parent_sku: 'LN1001', quantity: 1, selected_options: lenses }] });
    await api.gql(ADD, { c: cartId, items: [{ sku: 'LN1001-BLK-M', quantity: 2, selected_options: lenses }] });
    await addAurora(api, cartId);
    const cart = (await readCart(cartId)).data!.cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.total_quantity).toBe(4);
    expect(cart.items[0]!.prices.row_total.value).toBe(706.92);
  });

  it("answers Magento's user_errors for what cannot be added, and still adds the rest", async () => {
    const cartId = await guestCart(api);
    const { lenses } = await frameChoice(api, 'LN1002', PLAIN_LENSES);
    const aurora = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    const { prescriptionUid } = aurora;
    const res = await api.gql<{ addProductsToCart: { cart: { total_quantity: number }; user_errors: { code: string; message: string }[] } }>(ADD, {
      c: cartId,
      items: [
        { sku: 'NOPE-1', quantity: 1 },
        { sku: 'LN1001-BLK-M', quantity: 1 },
        { sku: 'LN1001', quantity: 1, selected_options: [AURORA.BLACK, ...aurora.lenses] },
        { sku: 'LN1002-TRT-S', quantity: 1, selected_options: lenses },
        { sku: 'LN1002-RSE-L', quantity: 2, selected_options: lenses },
        { sku: 'LN1001-BLK-L', quantity: 0, selected_options: aurora.lenses },
        {
          sku: 'LN1001-BLK-L',
          quantity: 1,
          selected_options: aurora.lenses,
          entered_options: [{ uid: prescriptionUid, value: '{"od":{"sph":-2.1,"cyl":-1},"os":{"sph":0},"pd":{"single":90},"exam_date":"2020-01-01"}' }],
        },
        { sku: 'LN1001-BLK-L', quantity: 1, selected_options: aurora.lenses },
      ],
    });
    expect(res.data!.addProductsToCart.user_errors).toEqual([
      { code: 'PRODUCT_NOT_FOUND', message: 'Could not find a product with SKU "NOPE-1"' },
      { code: 'UNDEFINED', message: "The product's required option(s) weren't entered. Make sure the options are entered and try again." },
      { code: 'UNDEFINED', message: 'You need to choose options for your item.' },
      { code: 'NOT_SALABLE', message: 'There are no source items with the in stock status' },
      { code: 'INSUFFICIENT_STOCK', message: 'The requested qty is not available' },
      { code: 'INVALID_PARAMETER_VALUE', message: 'The product quantity should be greater than 0' },
      {
        code: 'INVALID_PARAMETER_VALUE',
        message:
          'OD (right eye) SPH must be between -12.00 and +8.00 in steps of 0.25. OD (right eye) AXIS is required when CYL is not 0. PD must be between 50 and 80 mm in steps of 0.5 mm. The prescription is older than two years: a new eye exam is needed.',
      },
    ]);
    expect(res.data!.addProductsToCart.cart.total_quantity).toBe(1);
  });

  it('eyewear notes "lens flow" coatings: photochromic, a sun tint and polarised exclude each other on add (the wizard replaces a line through the same add)', async () => {
    const cartId = await guestCart(api);
    const refused = async (coatings: string[]) => {
      const { lenses } = await frameChoice(api, 'LN1001', [...PLAIN_LENSES, ...coatings]);
      const res = await api.gql<{ addProductsToCart: { user_errors: { code: string; message: string }[] } }>(ADD, {
        c: cartId,
        items: [{ sku: 'LN1001-BLK-M', quantity: 1, selected_options: lenses }],
      });
      return res.data!.addProductsToCart.user_errors;
    };
    const conflict = [{ code: 'INVALID_PARAMETER_VALUE', message: 'Photochromic, sun-tinted and polarised lenses exclude each other: choose one of them.' }];
    expect(await refused(['Photochromic', 'Sun tint'])).toEqual(conflict);
    expect(await refused(['Photochromic', 'Polarised'])).toEqual(conflict);
    expect(await refused(['Sun tint', 'Polarised'])).toEqual(conflict);
    expect(await refused(['Anti-reflective', 'Blue-light filter', 'Photochromic'])).toEqual([]);
    expect((await readCart(cartId)).data!.cart.total_quantity).toBe(1);
    // The French store view words the refusal in French.
    const frCart = await guestCart(api, { Store: 'fr' });
    const fr = await api.gql<{ addProductsToCart: { user_errors: { message: string }[] } }>(
      ADD,
      {
        c: frCart,
        items: [
          { sku: 'LN1001-BLK-M', quantity: 1, selected_options: (await frameChoice(api, 'LN1001', [...PLAIN_LENSES, 'Photochromic', 'Sun tint'])).lenses },
        ],
      },
      { Store: 'fr' },
    );
    expect(fr.data!.addProductsToCart.user_errors).toEqual([
      { code: 'INVALID_PARAMETER_VALUE', message: 'Les verres photochromiques, teintés et polarisés s’excluent : choisissez-en un seul.' },
    ]);
  });

  it('spec §4 Cart: 20 concurrent adds to one cart all count', async () => {
    const cartId = await guestCart(api);
    // LN1003 is rimless: its lenses are drilled, so polycarbonate at least (ADR 035)
    const { lenses } = await frameChoice(api, 'LN1003', ['Non-prescription', '1.59 Polycarbonate']);
    const add = () =>
      api.gql<{ addProductsToCart: { user_errors: unknown[] } }>(ADD, { c: cartId, items: [{ sku: 'LN1003-GUN-L', quantity: 1, selected_options: lenses }] });
    const results = await Promise.all(Array.from({ length: 20 }, add));
    expect(results.map((r) => r.errors ?? r.data!.addProductsToCart.user_errors)).toEqual(Array.from({ length: 20 }, () => []));
    const cart = (await readCart(cartId)).data!.cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.total_quantity).toBe(20);
  });
});

describe('updateCartItems and removeItemFromCart', () => {
  const UPDATE = `mutation ($c: String!, $items: [CartItemUpdateInput]!) { updateCartItems(input: { cart_id: $c, cart_items: $items }) {
    cart { total_quantity items { uid quantity } } errors { code message } } }`;

  it('spec §4 Cart: changes quantities; quantity 0 removes; unknown items and too many are reported', async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    const uid = (await readCart(cartId)).data!.cart.items[0]!.uid;
    const updated = await api.gql<{ updateCartItems: { cart: { total_quantity: number }; errors: unknown[] } }>(UPDATE, {
      c: cartId,
      items: [{ cart_item_uid: uid, quantity: 3 }],
    });
    expect(updated.data!.updateCartItems).toMatchObject({ cart: { total_quantity: 3 }, errors: [] });
    const tooMany = await api.gql<{ updateCartItems: { errors: unknown[] } }>(UPDATE, {
      c: cartId,
      items: [
        { cart_item_uid: uid, quantity: 500 },
        { cart_item_uid: 'OTk5OTk5', quantity: 1 },
      ],
    });
    expect(tooMany.data!.updateCartItems.errors).toEqual([
      { code: 'INSUFFICIENT_STOCK', message: 'The requested qty is not available' },
      { code: 'COULD_NOT_FIND_CART_ITEM', message: 'Could not find cart item with id: OTk5OTk5' },
    ]);
    const noQuantity = await api.gql<{ updateCartItems: { errors: unknown[] } }>(UPDATE, { c: cartId, items: [{ cart_item_uid: uid }] });
    expect(noQuantity.data!.updateCartItems.errors).toEqual([
      { code: 'REQUIRED_PARAMETER_MISSING', message: 'Required parameter "quantity" for "cart_items" is missing.' },
    ]);
    const removed = await api.gql<{ updateCartItems: { cart: { total_quantity: number; items: unknown[] } } }>(UPDATE, {
      c: cartId,
      items: [{ cart_item_uid: uid, quantity: 0 }],
    });
    expect(removed.data!.updateCartItems.cart).toEqual({ total_quantity: 0, items: [] });
  });

  it('spec §4 Cart: removeItemFromCart removes a line of this cart only', async () => {
    const cartId = await guestCart(api);
    const otherCart = await guestCart(api);
    await addAurora(api, cartId);
    await addAurora(api, otherCart);
    const uid = (await readCart(cartId)).data!.cart.items[0]!.uid;
    const remove = 'mutation ($c: String!, $uid: ID!) { removeItemFromCart(input: { cart_id: $c, cart_item_uid: $uid }) { cart { total_quantity } } }';
    expect(firstError(await api.gql(remove, { c: otherCart, uid }))).toBe("The cart doesn't contain the item");
    expect((await api.gql(remove, { c: cartId, uid })).data!.removeItemFromCart).toEqual({ cart: { total_quantity: 0 } });
  });
});

describe('coupons', () => {
  const APPLY =
    'mutation ($c: String!, $code: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $code }) { cart { applied_coupons { code } } } }';

  it('WELCOME10 takes 10 % off the items; one coupon at a time; removeCouponFromCart takes it off', async () => {
    const cartId = await guestCart(api);
    expect(firstError(await api.gql(APPLY, { c: cartId, code: 'WELCOME10' }))).toBe('Cart does not contain products.');
    await addAurora(api, cartId);
    expect((await api.gql(APPLY, { c: cartId, code: 'welcome10' })).data!.applyCouponToCart).toEqual({ cart: { applied_coupons: [{ code: 'WELCOME10' }] } });
    const cart = (await readCart(cartId)).data!.cart;
    expect(cart.prices.subtotal_excluding_tax.value).toBe(176.73);
    expect(cart.prices.discounts).toEqual([{ amount: { value: 17.67 }, label: 'Welcome 10% off' }]);
    expect(cart.items[0]!.prices.total_item_discount.value).toBe(17.67);
    expect(cart.prices.grand_total.value).toBe(159.06);
    expect(firstError(await api.gql(APPLY, { c: cartId, code: 'FREESHIP' }))).toBe(
      'A coupon is already applied to the cart. Please remove it to apply another',
    );
    const removed = await api.gql(
      'mutation ($c: String!) { removeCouponFromCart(input: { cart_id: $c }) { cart { applied_coupons { code } prices { grand_total { value } } } } }',
      { c: cartId },
    );
    expect(removed.data!.removeCouponFromCart).toEqual({ cart: { applied_coupons: null, prices: { grand_total: { value: 176.73 } } } });
  });

  it("refuses unknown and expired coupons with Magento's message", async () => {
    const cartId = await guestCart(api);
    await addAurora(api, cartId);
    for (const code of ['NOPE', 'SPRING2024'])
      expect(firstError(await api.gql(APPLY, { c: cartId, code }))).toBe("The coupon code isn't valid. Verify the code and try again.");
  });
});

describe('mergeCarts', () => {
  it("spec §4 Cart: after sign-in the guest cart is merged into the customer's cart and closed", async () => {
    const guest = await guestCart(api);
    await addAurora(api, guest, 2);
    const { token } = await newCustomer(api);
    const customerCart = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
    await addAurora(api, customerCart, 1, bearer(token));
    const merged = await api.gql<{ mergeCarts: { id: string; total_quantity: number; items: { uid: string }[] } }>(
      'mutation ($s: String!, $d: String) { mergeCarts(source_cart_id: $s, destination_cart_id: $d) { id total_quantity items { uid } } }',
      { s: guest, d: customerCart },
      bearer(token),
    );
    expect(merged.data!.mergeCarts).toMatchObject({ id: customerCart, total_quantity: 3 });
    expect(merged.data!.mergeCarts.items).toHaveLength(1);
    expect(firstError(await readCart(guest))).toBe("The cart isn't active.");
  });

  it("refuses guests, and another customer's cart as the source", async () => {
    const guest = await guestCart(api);
    expect(firstError(await api.gql('mutation ($s: String!) { mergeCarts(source_cart_id: $s) { id } }', { s: guest }))).toBe(
      "The current customer isn't authorized.",
    );
    const a = await newCustomer(api);
    const b = await newCustomer(api);
    const aCart = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(a.token))).data!.customerCart.id;
    expect(firstError(await api.gql('mutation ($s: String!) { mergeCarts(source_cart_id: $s) { id } }', { s: aCart }, bearer(b.token)))).toBe(
      `The current user cannot perform operations on cart "${aCart}"`,
    );
  });
});

describe('cart item errors', () => {
  it('spec §3 Cart item: an item whose product went out of stock carries errors (code, message)', async () => {
    const cartId = await guestCart(api);
    const { lenses } = await frameChoice(api, 'LN1004', PLAIN_LENSES);
    await api.gql(ADD, { c: cartId, items: [{ sku: 'LN1004-NVY-S', quantity: 1, selected_options: lenses }] });
    const product = (await findProductBySku(api.backend.db, 'LN1004-NVY-S'))!;
    await api.backend.db.query("UPDATE catalog_product SET qty = 0, stock_status = 'OUT_OF_STOCK' WHERE id = $1", [product.id]);
    const item = (await readCart(cartId)).data!.cart.items[0]!;
    expect(item.errors).toEqual([{ code: 'ITEM_QTY', message: 'There are no source items with the in stock status' }]);
  });
});

describe("a cart line's product (read without its texts unless asked)", () => {
  it('answers the texts a query asks for, in the store view words, as products does', async () => {
    const cartId = await guestCart(api, { Store: 'fr' });
    await addAurora(api, cartId, 1, { Store: 'fr' });
    const texts = 'name description { html } short_description { html } meta_title meta_description meta_keyword';
    const line = await api.gql<{ cart: { items: { product: Record<string, unknown>; configured_variant: Record<string, unknown> }[] } }>(
      `query ($c: String!) { cart(cart_id: $c) { items { product { sku ${texts} } ... on ConfigurableCartItem { configured_variant { sku ${texts} } } } } }`,
      { c: cartId },
      { Store: 'fr' },
    );
    const listed = await api.gql<{ products: { items: Record<string, unknown>[] } }>(
      `{ products(filter: { sku: { eq: "LN1001" } }) { items { sku ${texts} } } }`,
      {},
      { Store: 'fr' },
    );
    const [item] = line.data!.cart.items;
    expect(item!.product).toEqual(listed.data!.products.items[0]);
    expect((item!.product.description as { html: string }).html).not.toBe('');
    expect(item!.configured_variant.meta_title).toBeTruthy();
  });
});
