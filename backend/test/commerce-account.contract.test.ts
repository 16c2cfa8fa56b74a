import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAurora,
  addAuroraWithPrescription,
  AURORA,
  frameChoice,
  PLAIN_LENSES,
  bearer,
  firstError,
  guestCart,
  newCustomer,
  PLACE_ORDER,
  readyForOrder,
  signIn,
  startCommerceBackend,
  TORONTO,
  type CommerceTestBackend,
} from './commerce-test-kit';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

describe('wishlists', () => {
  const WISHLISTS = `query ($page: Int, $size: Int) { customer { wishlists { id items_count items_v2(currentPage: $page, pageSize: $size) {
    items { id __typename quantity description product { sku } ... on ConfigurableWishlistItem { configured_variant { sku } } } page_info { current_page page_size total_pages } } } } }`;
  type Lists = {
    customer: {
      wishlists: {
        id: string;
        items_count: number;
        items_v2: { items: { id: string; __typename: string; quantity: number; description: string | null; product: { sku: string } }[]; page_info: unknown };
      }[];
    };
  };

  it("spec §3 Wishlist: a saved frame's options are read in the words of the store view that reads the list", async () => {
    const { token } = await newCustomer(api);
    const wishlistId = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(token))).data!.customer.wishlists[0]!.id;
    await api.gql(
      'mutation ($id: ID!, $items: [WishlistItemInput!]!) { addProductsToWishlist(wishlistId: $id, wishlistItems: $items) { user_errors { message } } }',
      { id: wishlistId, items: [{ sku: 'LN1001-BLK-M', quantity: 1 }] },
      { ...bearer(token), Store: 'ca' },
    );
    const OPTIONS = `{ customer { wishlists { items_v2 { items { ... on ConfigurableWishlistItem { configurable_options { option_label value_label } } } } } } }`;
    type Options = { customer: { wishlists: { items_v2: { items: { configurable_options: { option_label: string; value_label: string }[] }[] } }[] } };
    const labelsIn = async (store: string) =>
      (await api.gqlGet<Options>(OPTIONS, {}, { ...bearer(token), Store: store })).data!.customer.wishlists[0]!.items_v2.items[0]!.configurable_options.map(
        (o) => o.option_label,
      );
    expect(await labelsIn('ca')).toEqual(['Colour', 'Size']);
    expect(await labelsIn('us')).toEqual(['Color', 'Size']);
  });

  it('spec §3 Wishlist: a frame saved with a colour but no size keeps its colour, apart from the frame saved with none', async () => {
    const { token } = await newCustomer(api);
    const wishlistId = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(token))).data!.customer.wishlists[0]!.id;
    const save = (selected: string[]) =>
      api.gql<{ addProductsToWishlist: { user_errors: unknown[] } }>(
        'mutation ($id: ID!, $options: [ID!]) { addProductsToWishlist(wishlistId: $id, wishlistItems: [{ sku: "LN1001", quantity: 1, selected_options: $options }]) { user_errors { message } } }',
        { id: wishlistId, options: selected },
        { ...bearer(token), Store: 'ca' },
      );
    expect((await save([AURORA.TORTOISE])).data!.addProductsToWishlist.user_errors).toEqual([]);
    expect((await save([])).data!.addProductsToWishlist.user_errors).toEqual([]);
    expect((await save([AURORA.TORTOISE])).data!.addProductsToWishlist.user_errors).toEqual([]);
    const ITEMS = `{ customer { wishlists { items_v2 { items { quantity product { sku } ... on ConfigurableWishlistItem { configured_variant { sku } configurable_options { option_label value_label configurable_product_option_value_uid } } } } } } }`;
    type Items = {
      customer: {
        wishlists: { items_v2: { items: { quantity: number; product: { sku: string }; configured_variant: unknown; configurable_options: unknown[] }[] } }[];
      };
    };
    const itemsIn = async (store: string) =>
      (await api.gqlGet<Items>(ITEMS, {}, { ...bearer(token), Store: store })).data!.customer.wishlists[0]!.items_v2.items;
    expect(await itemsIn('ca')).toEqual([
      {
        quantity: 2,
        product: { sku: 'LN1001' },
        configured_variant: null,
        configurable_options: [{ option_label: 'Colour', value_label: 'Tortoise', configurable_product_option_value_uid: AURORA.TORTOISE }],
      },
      { quantity: 1, product: { sku: 'LN1001' }, configured_variant: null, configurable_options: [] },
    ]);
    expect((await itemsIn('us'))[0]!.configurable_options).toEqual([
      { option_label: 'Color', value_label: 'Tortoise', configurable_product_option_value_uid: AURORA.TORTOISE },
    ]);
    // A whole choice still names the variant; one no variant has is still refused.
    expect((await save([AURORA.TORTOISE, AURORA.M])).data!.addProductsToWishlist.user_errors).toEqual([]);
    expect((await itemsIn('ca'))[2]).toMatchObject({ configured_variant: { sku: 'LN1001-TRT-M' } });
  });

  it('spec §3 Wishlist: a customer adds, pages, updates and removes wishlist items', async () => {
    const { token } = await newCustomer(api);
    const wishlistId = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(token))).data!.customer.wishlists[0]!.id;
    const add = await api.gql<{ addProductsToWishlist: { user_errors: unknown[]; wishlist: { items_count: number } } }>(
      'mutation ($id: ID!, $items: [WishlistItemInput!]!) { addProductsToWishlist(wishlistId: $id, wishlistItems: $items) { user_errors { code message } wishlist { items_count } } }',
      {
        id: wishlistId,
        items: [
          { sku: 'LN1001-BLK-M', quantity: 1 },
          { sku: 'LN1002', quantity: 1 },
          { sku: 'LN1003-GUN-S', quantity: 1 },
          { sku: 'NOPE', quantity: 1 },
        ],
      },
      bearer(token),
    );
    expect(add.data!.addProductsToWishlist).toEqual({
      user_errors: [{ code: 'PRODUCT_NOT_FOUND', message: 'Could not find a product with SKU "NOPE"' }],
      wishlist: { items_count: 3 },
    });
    const page2 = (await api.gqlGet<Lists>(WISHLISTS, { page: 2, size: 2 }, bearer(token))).data!.customer.wishlists[0]!.items_v2;
    expect(page2.page_info).toEqual({ current_page: 2, page_size: 2, total_pages: 2 });
    expect(page2.items.map((i) => i.product.sku)).toEqual(['LN1003']);
    const first = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(token))).data!.customer.wishlists[0]!.items_v2.items[0]!;
    expect(first).toMatchObject({ __typename: 'ConfigurableWishlistItem', product: { sku: 'LN1001' }, configured_variant: { sku: 'LN1001-BLK-M' } });

    const update = await api.gql<{ updateProductsInWishlist: { user_errors: unknown[] } }>(
      'mutation ($id: ID!, $items: [WishlistItemUpdateInput!]!) { updateProductsInWishlist(wishlistId: $id, wishlistItems: $items) { user_errors { code message } } }',
      {
        id: wishlistId,
        items: [
          { wishlist_item_id: first.id, quantity: 2, description: 'for the office' },
          { wishlist_item_id: '999999', quantity: 1 },
        ],
      },
      bearer(token),
    );
    expect(update.data!.updateProductsInWishlist.user_errors).toEqual([
      { code: 'UNDEFINED', message: 'The wishlist item with ID "999999" does not belong to the wishlist' },
    ]);
    const updated = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(token))).data!.customer.wishlists[0]!.items_v2.items[0]!;
    expect(updated).toMatchObject({ quantity: 2, description: 'for the office' });

    const removed = await api.gql<{ removeProductsFromWishlist: { wishlist: { items_count: number } } }>(
      'mutation ($id: ID!, $ids: [ID!]!) { removeProductsFromWishlist(wishlistId: $id, wishlistItemsIds: $ids) { wishlist { items_count } user_errors { message } } }',
      { id: wishlistId, ids: [first.id] },
      bearer(token),
    );
    expect(removed.data!.removeProductsFromWishlist.wishlist.items_count).toBe(2);
    const legacy = await api.gqlGet('{ wishlist { items_count items { qty product { sku } } } customer { wishlist { items_count } } }', {}, bearer(token));
    expect(legacy.data).toEqual({
      wishlist: {
        items_count: 2,
        items: [
          { qty: 1, product: { sku: 'LN1002' } },
          { qty: 1, product: { sku: 'LN1003' } },
        ],
      },
      customer: { wishlist: { items_count: 2 } },
    });
  });

  it('addWishlistItemsToCart moves a chosen item to the cart and leaves it off the wishlist; a refused one stays with its reason', async () => {
    const { token } = await newCustomer(api);
    const wishlistId = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(token))).data!.customer.wishlists[0]!.id;
    const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    await api.gql(
      'mutation ($id: ID!, $options: [ID!]) { addProductsToWishlist(wishlistId: $id, wishlistItems: [{ sku: "LN1001", quantity: 1, selected_options: $options }, { sku: "LN1002", quantity: 1 }]) { wishlist { id } } }',
      { id: wishlistId, options: [AURORA.BLACK, AURORA.M, ...lenses] },
      bearer(token),
    );
    const [variant, parent] = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(token))).data!.customer.wishlists[0]!.items_v2.items;
    type Moved = {
      addWishlistItemsToCart: {
        status: boolean;
        add_wishlist_items_to_cart_user_errors: { code: string; wishlistItemId: string }[];
        wishlist: { items_count: number };
      };
    };
    const MOVE =
      'mutation ($id: ID!, $ids: [ID!]) { addWishlistItemsToCart(wishlistId: $id, wishlistItemIds: $ids) { status add_wishlist_items_to_cart_user_errors { code wishlistItemId } wishlist { items_count } } }';
    const moved = await api.gql<Moved>(MOVE, { id: wishlistId, ids: [variant!.id] }, bearer(token));
    expect(moved.data!.addWishlistItemsToCart).toEqual({ status: true, add_wishlist_items_to_cart_user_errors: [], wishlist: { items_count: 1 } });
    const cart = await api.gqlGet<{ customerCart: { items: { product: { sku: string } }[] } }>(
      '{ customerCart { items { product { sku } } } }',
      {},
      bearer(token),
    );
    expect(cart.data!.customerCart.items.map((i) => i.product.sku)).toEqual(['LN1001']);
    // A frame with no colour, size or lenses chosen cannot go to the cart: it stays on the wishlist.
    const refused = await api.gql<Moved>(MOVE, { id: wishlistId, ids: [parent!.id] }, bearer(token));
    expect(refused.data!.addWishlistItemsToCart).toMatchObject({
      status: false,
      add_wishlist_items_to_cart_user_errors: [{ wishlistItemId: parent!.id }],
      wishlist: { items_count: 1 },
    });
  });

  it("spec §6: a customer cannot touch another customer's wishlist; guests have none", async () => {
    const owner = await newCustomer(api);
    const other = await newCustomer(api);
    const ownerList = (await api.gqlGet<Lists>(WISHLISTS, {}, bearer(owner.token))).data!.customer.wishlists[0]!.id;
    const res = await api.gql(
      'mutation ($id: ID!) { addProductsToWishlist(wishlistId: $id, wishlistItems: [{ sku: "LN1002", quantity: 1 }]) { wishlist { id } } }',
      { id: ownerList },
      bearer(other.token),
    );
    expect(firstError(res)).toBe('The wishlist was not found.');
    expect(firstError(await api.gqlGet('{ wishlist { items_count } }'))).toBe("The current customer isn't authorized.");
  });
});

describe('product alerts (routes /stock, /price, /productalert/unsubscribe, /unsubscribe)', () => {
  const SUBSCRIBE =
    'mutation ($sku: String!, $type: LunetteProductAlertType!) { lunetteProductAlertSubscribe(input: { sku: $sku, type: $type }) { id type product_sku product { sku } unsubscribe_url } }';
  const UNSUBSCRIBE = 'mutation ($i: LunetteProductAlertUnsubscribeInput!) { lunetteProductAlertUnsubscribe(input: $i) { result product_name } }';
  type Alert = { id: number; type: string; product_sku: string; unsubscribe_url: string };

  it("a signed-in customer subscribes, lists, and unsubscribes with the link's hash (no sign-in needed)", async () => {
    const { token } = await newCustomer(api);
    expect(firstError(await api.gql(SUBSCRIBE, { sku: 'LN1002-TRT-S', type: 'STOCK' }))).toBe("The current customer isn't authorized.");
    const stock = (await api.gql<{ lunetteProductAlertSubscribe: Alert }>(SUBSCRIBE, { sku: 'LN1002-TRT-S', type: 'STOCK' }, bearer(token))).data!
      .lunetteProductAlertSubscribe;
    expect(stock).toMatchObject({ type: 'STOCK', product_sku: 'LN1002-TRT-S', product: { sku: 'LN1002-TRT-S' } });
    const link = new URL(stock.unsubscribe_url);
    const match = /^\/ca\/productalert\/unsubscribe\/stock\/product\/([^/]+)\/product_id\/(\d+)\/hash\/([0-9a-f]+)\/type\/stock$/.exec(link.pathname)!;
    expect(match).not.toBeNull();
    const price = (await api.gql<{ lunetteProductAlertSubscribe: Alert }>(SUBSCRIBE, { sku: 'LN1005', type: 'PRICE' }, bearer(token))).data!
      .lunetteProductAlertSubscribe;
    const again = (await api.gql<{ lunetteProductAlertSubscribe: Alert }>(SUBSCRIBE, { sku: 'LN1005', type: 'PRICE' }, bearer(token))).data!
      .lunetteProductAlertSubscribe;
    expect(again.id).toBe(price.id);
    expect(firstError(await api.gql(SUBSCRIBE, { sku: 'NOPE', type: 'PRICE' }, bearer(token)))).toBe('Could not find a product with SKU "NOPE"');

    const mine = await api.gqlGet<{ lunetteProductAlerts: Alert[] }>('{ lunetteProductAlerts { id type product_sku } }', {}, bearer(token));
    expect(mine.data!.lunetteProductAlerts.map((a) => [a.type, a.product_sku])).toEqual([
      ['STOCK', 'LN1002-TRT-S'],
      ['PRICE', 'LN1005'],
    ]);

    expect(firstError(await api.gql(UNSUBSCRIBE, { i: { product_id: Number(match[2]), type: 'STOCK', hash: 'bad' } }))).toBe(
      'The unsubscribe link is invalid or the alert no longer exists.',
    );
    expect((await api.gql(UNSUBSCRIBE, { i: { product_id: Number(match[2]), type: 'STOCK', hash: match[3] } })).data!.lunetteProductAlertUnsubscribe).toEqual({
      result: true,
      product_name: 'Milo Round Tortoise S',
    });
    // /unsubscribe/{id} without a code: only the signed-in owner.
    const other = await newCustomer(api);
    expect(firstError(await api.gql(UNSUBSCRIBE, { i: { id: price.id } }, bearer(other.token)))).toBe(
      'The unsubscribe link is invalid or the alert no longer exists.',
    );
    expect(
      (await api.gql<{ lunetteProductAlertUnsubscribe: { result: boolean } }>(UNSUBSCRIBE, { i: { id: price.id } }, bearer(token))).data!
        .lunetteProductAlertUnsubscribe.result,
    ).toBe(true);
    expect((await api.gqlGet<{ lunetteProductAlerts: Alert[] }>('{ lunetteProductAlerts { id } }', {}, bearer(token))).data!.lunetteProductAlerts).toEqual([]);
  });

  it("spec §2 /communications: each alert names the frame whose page it links to — a variant's configurable frame, a frame itself", async () => {
    const { token } = await newCustomer(api);
    for (const [sku, type] of [
      ['LN1002-TRT-S', 'STOCK'],
      ['LN1005', 'PRICE'],
    ] as const)
      expect((await api.gql(SUBSCRIBE, { sku, type }, bearer(token))).errors).toBeUndefined();
    const mine = await api.gqlGet<{ lunetteProductAlerts: { product_sku: string; frame: { sku: string; url_key: string } }[] }>(
      '{ lunetteProductAlerts { product_sku frame { sku url_key } } }',
      {},
      bearer(token),
    );
    expect(mine.data!.lunetteProductAlerts).toEqual([
      { product_sku: 'LN1002-TRT-S', frame: { sku: 'LN1002', url_key: 'milo-round' } },
      { product_sku: 'LN1005', frame: { sku: 'LN1005', url_key: 'juno-aviator' } },
    ]);
  });
});

describe('saved prescriptions (route /prescription)', () => {
  const ADD = `mutation ($i: LunetteSavedPrescriptionInput!) { lunetteAddSavedPrescription(input: $i) { uid name
    prescription { usage exam_date expires_on is_expired od { sph cyl axis add } os { sph cyl axis add } pd { single right left } } } }`;
  const valid = {
    name: 'Progressives 2026',
    prescription: {
      usage: 'PROGRESSIVE',
      exam_date: '2026-01-20',
      od: { sph: -1.25, cyl: 0.5, axis: 30, add: 2 },
      os: { sph: -1, add: 2 },
      pd: { right: 31.5, left: 32 },
    },
  };

  it('adds (plus-cylinder stored as minus-cylinder), lists, updates and deletes', async () => {
    const { token } = await newCustomer(api);
    const added = await api.gql<{ lunetteAddSavedPrescription: { uid: string; prescription: Record<string, unknown> } }>(ADD, { i: valid }, bearer(token));
    expect(added.errors).toBeUndefined();
    expect(added.data!.lunetteAddSavedPrescription.prescription).toEqual({
      usage: 'PROGRESSIVE',
      exam_date: '2026-01-20',
      expires_on: '2028-01-20',
      is_expired: false,
      od: { sph: -0.75, cyl: -0.5, axis: 120, add: 2 },
      os: { sph: -1, cyl: 0, axis: null, add: 2 },
      pd: { single: null, right: 31.5, left: 32 },
    });
    const uid = added.data!.lunetteAddSavedPrescription.uid;
    const updated = await api.gql(
      'mutation ($uid: ID!, $i: LunetteSavedPrescriptionInput!) { lunetteUpdateSavedPrescription(uid: $uid, input: $i) { name } }',
      { uid, i: { ...valid, name: 'Office glasses' } },
      bearer(token),
    );
    expect(updated.data!.lunetteUpdateSavedPrescription).toEqual({ name: 'Office glasses' });
    expect((await api.gqlGet('{ lunetteSavedPrescriptions { uid name } }', {}, bearer(token))).data!.lunetteSavedPrescriptions).toEqual([
      { uid, name: 'Office glasses' },
    ]);
    const other = await newCustomer(api);
    expect(firstError(await api.gql('mutation ($uid: ID!) { lunetteDeleteSavedPrescription(uid: $uid) }', { uid }, bearer(other.token)))).toBe(
      `Could not find a saved prescription with uid "${uid}"`,
    );
    expect(
      (await api.gql('mutation ($uid: ID!) { lunetteDeleteSavedPrescription(uid: $uid) }', { uid }, bearer(token))).data!.lunetteDeleteSavedPrescription,
    ).toBe(true);
  });

  it('a prescription expires two years after the exam', async () => {
    const { email, token } = await newCustomer(api, 'Lunette!2026');
    await api.gql(ADD, { i: { ...valid, prescription: { ...valid.prescription, exam_date: '2024-03-05' } } }, bearer(token));
    const expired = async (t: string) =>
      (
        await api.gqlGet<{ lunetteSavedPrescriptions: { prescription: { expires_on: string; is_expired: boolean } }[] }>(
          '{ lunetteSavedPrescriptions { prescription { expires_on is_expired } } }',
          {},
          bearer(t),
        )
      ).data!.lunetteSavedPrescriptions[0]!.prescription;
    expect(await expired(token)).toEqual({ expires_on: '2026-03-05', is_expired: false });
    api.clock.advance(4 * 86_400);
    try {
      expect(await expired(await signIn(api, email, 'Lunette!2026'))).toEqual({ expires_on: '2026-03-05', is_expired: true });
    } finally {
      api.clock.advance(-4 * 86_400);
    }
  });

  it.each([
    [{ od: { sph: -2.1, add: 2 } }, 'OD (right eye) SPH must be between -8.00 and +8.00 in steps of 0.25.'],
    [{ od: { sph: -1, cyl: -1, add: 2 } }, 'OD (right eye) AXIS is required when CYL is not 0.'],
    [{ os: { sph: -1, cyl: 0, axis: 90, add: 2 } }, 'OS (left eye) AXIS must be empty when CYL is 0.'],
    [{ od: { sph: -1, cyl: -1, axis: 181, add: 2 } }, 'OD (right eye) AXIS must be a whole number from 1 to 180.'],
    [{ os: { sph: -1, add: 4 } }, 'OS (left eye) ADD must be between +0.75 and +3.50 in steps of 0.25.'],
    [{ os: { sph: -1 } }, 'OS (left eye) ADD is required for progressive lenses.'],
    [{ pd: { single: 63 } }, 'Progressive lenses need the PD of each eye (dual PD).'],
    [{ pd: { right: 45, left: 32 } }, 'Right PD must be between 20 and 40 mm in steps of 0.5 mm.'],
    [{ exam_date: '2023-12-01' }, 'The prescription is older than two years: a new eye exam is needed.'],
    [{ exam_date: '2027-01-01' }, 'The exam date cannot be in the future.'],
  ])('eyewear rules are enforced on the server: %j', async (change, message) => {
    const { token } = await newCustomer(api);
    const prescription = { ...valid.prescription, ...change };
    expect(firstError(await api.gql(ADD, { i: { name: 'x', prescription } }, bearer(token)))).toBe(message);
  });
});

describe('prescription fix (route /prescriptionfix/{order_id}/{key_fix?})', () => {
  const ORDER =
    'query ($n: String!, $k: String!) { lunettePrescriptionFixOrder(order_number: $n, key: $k) { order_number items { uid product_sku prescription } } }';
  const FIX = 'mutation ($i: LunettePrescriptionFixInput!) { lunetteFixOrderPrescription(input: $i) { order_number prescription { od { sph } } } }';
  const prescription = { usage: 'SINGLE_VISION_DISTANCE', exam_date: '2026-02-01', od: { sph: -2.5 }, os: { sph: -2.25 }, pd: { single: 63 } };

  it('the seeded key of order 000000001 shows the order, fixes its one prescription line once, then is used up', async () => {
    const key = '5eed0prescription0fix0key0000001';
    const order = await api.gqlGet<{ lunettePrescriptionFixOrder: { items: { uid: string; product_sku: string; prescription: string }[] } }>(ORDER, {
      n: '000000001',
      k: key,
    });
    const [line] = order.data!.lunettePrescriptionFixOrder.items;
    expect(line!.product_sku).toBe('LN1001-BLK-M');
    expect(JSON.parse(line!.prescription)).toMatchObject({ od: { sph: -2.25 } });
    const fix = { order_number: '000000001', key, order_item_uid: line!.uid };
    expect(firstError(await api.gql(FIX, { i: { ...fix, prescription: { ...prescription, pd: {} } } }))).toBe(
      'PD is required: one value (50 to 80 mm) or one per eye (20 to 40 mm each).',
    );
    expect((await api.gql(FIX, { i: { ...fix, prescription, comment: 'I swapped the eyes' } })).data!.lunetteFixOrderPrescription).toEqual({
      order_number: '000000001',
      prescription: { od: { sph: -2.5 } },
    });
    const stored = await api.backend.db.query<{ comment: string }>(
      "SELECT comment FROM sales_order_prescription_fix WHERE order_id = (SELECT id FROM sales_order WHERE number = '000000001')",
    );
    expect(stored.rows.map((r) => r.comment)).toEqual(['I swapped the eyes']);
    expect(firstError(await api.gqlGet(ORDER, { n: '000000001', k: key }))).toBe('This prescription fix link has already been used.');
    expect(firstError(await api.gql(FIX, { i: { ...fix, prescription } }))).toBe('This prescription fix link has already been used.');
  });

  const placeGuestOrder = async (add: (cartId: string) => Promise<unknown>) => {
    const cartId = await guestCart(api);
    expect(await add(cartId)).toEqual([]);
    await readyForOrder(api, cartId);
    return (await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId })).data!.placeOrder.orderV2.number;
  };
  const orderMail = async (number: string) =>
    (await api.backend.db.query<{ body: string; link: string | null }>('SELECT body, link FROM outbox WHERE subject LIKE $1', [`%#${number}`])).rows;

  it('every new order with a prescription gets its own key, sent in the order email; a wrong key is refused', async () => {
    const number = await placeGuestOrder((cartId) => addAuroraWithPrescription(api, cartId));
    const line = api.logged.find((l) => l.includes(`/prescriptionfix/${number}/`))!;
    const key = line.slice(line.lastIndexOf('/') + 1);
    expect(firstError(await api.gqlGet(ORDER, { n: number, k: 'wrong' }))).toBe('The prescription fix link is invalid. Check the link in your order email.');
    expect(firstError(await api.gqlGet(ORDER, { n: '000000001', k: key }))).toBe('The prescription fix link is invalid. Check the link in your order email.');
    expect((await api.gqlGet(ORDER, { n: number, k: key })).data!.lunettePrescriptionFixOrder).toMatchObject({ order_number: number });
  });

  it('fix link only with a prescription: an order with a prescription line is mailed the prescription-fix link', async () => {
    const number = await placeGuestOrder((cartId) => addAuroraWithPrescription(api, cartId));
    const [mail] = await orderMail(number);
    expect(mail!.link).toMatch(new RegExp(`/prescriptionfix/${number}/\\w+$`));
    expect(mail!.body).toContain(`Thank you for your order #${number}`);
    expect(mail!.body).toContain(`Need to correct the prescription of this order? Use this link once: ${mail!.link}`);
  });

  it('fix link only with a prescription: an order without one (non-prescription lenses) is mailed no link and gets no key', async () => {
    const number = await placeGuestOrder((cartId) => addAurora(api, cartId));
    const [mail] = await orderMail(number);
    expect(mail!.body).toContain(`Thank you for your order #${number}`);
    expect(mail!.body).not.toMatch(/prescription/i);
    expect(mail!.link).toBeNull();
    expect(api.logged.some((l) => l.includes(`/prescriptionfix/${number}/`))).toBe(false);
    const stored = await api.backend.db.query<{ prescription_fix_key_hash: string | null }>(
      'SELECT prescription_fix_key_hash FROM sales_order WHERE number = $1',
      [number],
    );
    expect(stored.rows[0]!.prescription_fix_key_hash).toBeNull();
  });
});

describe('abandoned cart (route /abandonedcart/checkout/cart/id/{id}/token/{token}/)', () => {
  const RESTORE =
    'mutation ($id: String!, $token: String!) { lunetteRestoreAbandonedCart(input: { cart_id: $id, token: $token }) { cart_id cart { total_quantity email } } }';

  it('the seeded link restores guest cart 1 and answers its masked id', async () => {
    const res = await api.gql<{ lunetteRestoreAbandonedCart: { cart_id: string; cart: unknown } }>(RESTORE, {
      id: '1',
      token: '5eed0abandoned0cart0token0000001',
    });
    expect(res.data!.lunetteRestoreAbandonedCart.cart).toEqual({ total_quantity: 1, email: 'window.shopper@example.com' });
    const maskedId = res.data!.lunetteRestoreAbandonedCart.cart_id;
    expect(maskedId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await api.gqlGet('query ($c: String!) { cart(cart_id: $c) { total_quantity } }', { c: maskedId })).data!.cart).toEqual({ total_quantity: 1 });
  });

  it("refuses a wrong token, an expired link, and a customer's cart for anybody else", async () => {
    expect(firstError(await api.gql(RESTORE, { id: '1', token: 'wrong' }))).toBe('This cart link is invalid or has expired.');
    const { issueAbandonedCartToken } = await import('../src/modules/eyewear/abandoned-cart.queries');
    const { token } = await newCustomer(api);
    const customerCart = (await api.gqlGet<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, bearer(token))).data!.customerCart.id;
    const row = await api.backend.db.query<{ id: number }>('SELECT id FROM cart WHERE masked_id = $1', [customerCart]);
    const cartId = row.rows[0]!.id;
    const link = await issueAbandonedCartToken(api.backend.db, cartId, api.clock.now());
    expect(firstError(await api.gql(RESTORE, { id: String(cartId), token: link }))).toBe(`The current user cannot perform operations on cart "${cartId}"`);
    expect((await api.gql(RESTORE, { id: String(cartId), token: link }, bearer(token))).data!.lunetteRestoreAbandonedCart).toMatchObject({
      cart_id: customerCart,
    });
    api.clock.advance(8 * 86_400);
    expect(firstError(await api.gql(RESTORE, { id: String(cartId), token: link }, bearer(token)))).toBe('This cart link is invalid or has expired.');
    api.clock.advance(-8 * 86_400);
  });
});

describe('seeded accounts', () => {
  it('ada, grace and alan sign in with Eyewear!2026; ada has an address, a saved prescription, an alert and a wishlist item', async () => {
    for (const email of ['grace@example.com', 'alan@example.com']) await signIn(api, email, 'Eyewear!2026');
    const token = await signIn(api, 'ada@example.com', 'Eyewear!2026');
    const res = await api.gqlGet(
      '{ customer { firstname is_subscribed addresses { city default_shipping } wishlists { items_count } } lunetteSavedPrescriptions { name } lunetteProductAlerts { product_sku } }',
      {},
      bearer(token),
    );
    expect(res.data).toEqual({
      customer: { firstname: 'Ada', is_subscribed: true, addresses: [{ city: 'Toronto', default_shipping: true }], wishlists: [{ items_count: 1 }] },
      lunetteSavedPrescriptions: [{ name: 'Distance glasses 2025' }],
      lunetteProductAlerts: [{ product_sku: 'LN1002-TRT-S' }],
    });
  });
});

describe('guest order assigned: an account created with the email of guest orders gets them', () => {
  it('the guest order is in the new customer\'s order history (Magento\'s "assign guest order to customer")', async () => {
    const email = `guest.${Date.now()}@example.com`;
    const cartId = await guestCart(api);
    expect(await addAurora(api, cartId)).toEqual([]);
    await readyForOrder(api, cartId);
    await api.gql('mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { email } } }', { c: cartId, e: email });
    const number = (await api.gql<{ placeOrder: { orderV2: { number: string } } }>(PLACE_ORDER, { c: cartId })).data!.placeOrder.orderV2.number;
    const created = await api.gql('mutation ($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }', {
      i: { email: email.toUpperCase(), firstname: 'Ada', lastname: 'Lovelace', password: 'Lunette!2026' },
    });
    expect(created.errors).toBeUndefined();
    const token = await signIn(api, email, 'Lunette!2026');
    const orders = await api.gqlGet<{ customer: { orders: { items: { number: string }[] } } }>(
      '{ customer { orders { items { number } } } }',
      {},
      bearer(token),
    );
    expect(orders.data!.customer.orders.items.map((o) => o.number)).toEqual([number]);
  });
});

describe('an account created after a guest order (spec §2 /create-account "after an order")', () => {
  const ADDRESSES = '{ customer { addresses { firstname street city postcode country_code default_shipping default_billing } } }';
  type Book = { customer: { addresses: { street: string[]; city: string; default_shipping: boolean; default_billing: boolean }[] } };

  /** A guest order of `email`, shipped to Toronto and billed to a Montreal address. */
  async function guestOrderOf(email: string): Promise<void> {
    const cartId = await guestCart(api);
    expect(await addAurora(api, cartId)).toEqual([]);
    await readyForOrder(api, cartId);
    const steps: [string, Record<string, unknown>][] = [
      ['mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { email } } }', { e: email }],
      [
        'mutation ($c: String!, $a: CartAddressInput!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { address: $a } }) { cart { id } } }',
        { a: { ...TORONTO, street: ['1 Rue Sainte-Catherine'], city: 'Montreal', region: 'QC', postcode: 'H2X 1K4' } },
      ],
    ];
    for (const [query, variables] of steps) expect((await api.gql(query, { c: cartId, ...variables })).errors).toBeUndefined();
    expect((await api.gql(PLACE_ORDER, { c: cartId })).errors).toBeUndefined();
  }
  const create = (email: string, headers: Record<string, string> = {}) =>
    api.gql(
      'mutation ($i: CustomerCreateInput!) { createCustomerV2(input: $i) { customer { email } } }',
      {
        i: { email, firstname: 'Ada', lastname: 'Lovelace', password: 'Lunette!2026' },
      },
      headers,
    );

  it("keeps the order's shipping address as default shipping and its billing address as default billing", async () => {
    const email = `convert.${Date.now()}@example.com`;
    await guestOrderOf(email);
    expect((await create(email)).errors).toBeUndefined();
    const book = await api.gqlGet<Book>(ADDRESSES, {}, bearer(await signIn(api, email, 'Lunette!2026')));
    expect(book.data!.customer.addresses).toEqual([
      expect.objectContaining({ street: ['12 King St W'], city: 'Toronto', default_shipping: true, default_billing: false }),
      expect.objectContaining({ street: ['1 Rue Sainte-Catherine'], city: 'Montreal', default_shipping: false, default_billing: true }),
    ]);
  });

  it("copies nothing into an account of another email: only the order's own email gets its addresses", async () => {
    const email = `owner.${Date.now()}@example.com`;
    await guestOrderOf(email);
    const other = `other.${Date.now()}@example.com`;
    expect((await create(other)).errors).toBeUndefined();
    const book = await api.gqlGet<Book>(ADDRESSES, {}, bearer(await signIn(api, other, 'Lunette!2026')));
    expect(book.data!.customer.addresses).toEqual([]);
  });

  it('queues Magento\'s welcome mail for every new account, in the language of its store view (de: "Willkommen bei")', async () => {
    const email = `welcome.${Date.now()}@example.com`;
    expect((await create(email, { Store: 'de' })).errors).toBeUndefined();
    const mail = await api.backend.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE recipient = $1', [email]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0]!.subject).toBe('Willkommen bei Lunette Eyewear');
    expect(mail.rows[0]!.body).toContain(`E-Mail: ${email}`);
    const english = `welcome.en.${Date.now()}@example.com`;
    await create(english);
    const en = await api.backend.db.query<{ subject: string }>('SELECT subject FROM outbox WHERE recipient = $1', [english]);
    expect(en.rows.map((r) => r.subject)).toEqual(['Welcome to Lunette Eyewear']);
  });
});
