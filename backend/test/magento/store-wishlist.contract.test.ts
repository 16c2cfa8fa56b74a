// Magento's API-functional tests for store views and wishlists
// (dev/tests/api-functional/testsuite/Magento/GraphQl/{Store,Wishlist}) replayed against the embedded
// backend, the shop's seeded store views and frames standing in for Magento's fixtures (ADR 036).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import storeViews from '../../src/modules/store/store-views.json' with { type: 'json' };
import { AURORA, frameChoice, PLAIN_LENSES, startCommerceBackend, type CommerceTestBackend } from '../commerce-test-kit';
import { customer, type Headers, refusal } from './magento-fixtures';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 240_000);
afterAll(() => api.close());

// --- store views ---

const CONFIG_FIELDS = `id code website_id locale base_currency_code default_display_currency_code timezone weight_unit
  base_url base_link_url base_static_url base_media_url secure_base_url secure_base_link_url secure_base_static_url secure_base_media_url store_name`;
const STORE_FIELDS = `${CONFIG_FIELDS} store_code store_sort_order is_default_store store_group_code store_group_name is_default_store_group
  website_code website_name use_store_in_url`;
type StoreConfig = Record<string, string | number | boolean | null> & { code: string; website_id: number };

async function storeConfig(code?: string): Promise<StoreConfig> {
  const res = await api.gql<{ storeConfig: StoreConfig }>(`{ storeConfig { ${STORE_FIELDS} } }`, {}, code ? { Store: code } : {});
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.storeConfig;
}
async function availableStores(args = '', headers: Headers = {}): Promise<StoreConfig[]> {
  const res = await api.gql<{ availableStores: StoreConfig[] }>(`{ availableStores${args} { ${STORE_FIELDS} } }`, {}, headers);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.availableStores;
}
/** Magento's `validateStoreConfig`: each store listed answers as that store's own `storeConfig` does. */
async function expectEachAsItsOwnConfig(stores: StoreConfig[]): Promise<void> {
  for (const store of stores) expect(store, store.code).toEqual(await storeConfig(store.code));
}

describe('Magento\\GraphQl\\Store\\StoreConfigResolverTest', () => {
  it('testGetStoreConfig (the default store view, as seeded)', async () => {
    const config = await storeConfig();
    const seeded = storeViews.find((s) => s.code === config.code)!;
    expect(config).toMatchObject({
      id: seeded.id,
      code: seeded.code,
      store_name: seeded.name,
      locale: seeded.locale,
      default_display_currency_code: seeded.currency,
      timezone: seeded.timezone,
      weight_unit: seeded.weightUnit,
      is_default_store: true,
    });
    // one website, one base currency (the prices' own), whatever each view displays
    expect(new Set((await availableStores()).map((s) => s.base_currency_code))).toEqual(new Set([config.base_currency_code]));
    const base = String(config.base_url);
    expect(base).toMatch(/^http:\/\/[^/]+\/$/);
    expect(config).toMatchObject({
      secure_base_url: base,
      base_link_url: `${base}${seeded.code}/`,
      secure_base_link_url: `${base}${seeded.code}/`,
      base_media_url: `${base}media/`,
      base_static_url: `${base}static/`,
    });
  });
});

for (const magentoClass of ['AvailableStoreConfigTest', 'AvailableStoresTest'] as const) {
  describe(`Magento\\GraphQl\\Store\\${magentoClass}`, () => {
    it('testDefaultWebsiteAvailableStoreConfigs', async () => {
      const stores = await availableStores();
      expect(stores.map((s) => s.code).sort()).toEqual(storeViews.map((s) => s.code).sort());
      await expectEachAsItsOwnConfig(stores);
      if (magentoClass === 'AvailableStoresTest') {
        expect(stores.filter((s) => s.is_default_store).map((s) => s.code)).toEqual([(await storeConfig()).code]);
        for (const s of stores) expect(s.store_sort_order).toBe(storeViews.find((v) => v.code === s.code)!.id);
      }
    });

    it("testNonDefaultWebsiteAvailableStoreConfigs (asked from another view: that view's website)", async () => {
      const fr = await storeConfig('fr');
      const stores = await availableStores('', { Store: 'fr' });
      expect(stores.length).toBeGreaterThan(1);
      expect(stores.every((s) => s.website_id === fr.website_id)).toBe(true);
      expect(stores.map((s) => s.code)).toContain('fr');
      await expectEachAsItsOwnConfig(stores);
    });
  });
}

describe('Magento\\GraphQl\\Store\\AvailableStoresTest', () => {
  it('testCurrentGroupStoreConfigs', async () => {
    const current = await storeConfig('nl');
    const group = await availableStores('(useCurrentGroup: true)', { Store: 'nl' });
    const website = await availableStores('(useCurrentGroup: false)', { Store: 'nl' });
    expect(group.map((s) => s.code)).toEqual(website.filter((s) => s.store_group_code === current.store_group_code).map((s) => s.code));
    expect(group.every((s) => s.store_group_code === current.store_group_code)).toBe(true);
  });

  it('testAllStoreConfigsWithCodeInUrlEnabled', async () => {
    const stores = await availableStores('(useCurrentGroup: false)', { Store: 'de' });
    expect(stores).toHaveLength(storeViews.length);
    for (const s of stores) {
      expect(s.use_store_in_url, s.code).toBe(true);
      expect(String(s.base_link_url), s.code).toBe(`${String(s.base_url)}${s.code}/`);
    }
  });
});

// --- wishlists ---

const WISHLIST = 'id items_count sharing_code updated_at items_v2 { items { id quantity description product { sku } } }';
type Wishlist = {
  id: string;
  items_count: number;
  sharing_code: string;
  updated_at: string;
  items_v2: { items: { id: string; quantity: number; description: string | null; product: { sku: string } }[] };
};

async function customerWishlists(headers: Headers): Promise<Wishlist[]> {
  const res = await api.gql<{ customer: { wishlists: Wishlist[] } }>(`{ customer { wishlists { ${WISHLIST} } } }`, {}, headers);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.customer.wishlists;
}

/** `Magento/Wishlist/_files/wishlist_with_simple_product.php`: a new customer whose wishlist holds one frame. */
async function wishlistWithSimpleProduct(sku = 'LN1002'): Promise<{ headers: Headers; wishlist: Wishlist }> {
  const { headers } = await customer(api);
  const res = await api.gql(
    'mutation ($sku: String!) { addProductsToWishlist(wishlistId: 0, wishlistItems: [{ sku: $sku, quantity: 1 }]) { user_errors { message } } }',
    { sku },
    headers,
  );
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return { headers, wishlist: (await customerWishlists(headers))[0]! };
}

describe('Magento\\GraphQl\\Wishlist\\CustomerWishlistTest', () => {
  it('testCustomerWishlist', async () => {
    const { headers, wishlist } = await wishlistWithSimpleProduct();
    const res = await api.gql<{
      customer: { wishlist: { id: string; items_count: number; sharing_code: string; updated_at: string; items: { product: { sku: string } }[] } };
    }>('{ customer { wishlist { id items_count sharing_code updated_at items { product { sku } } } } }', {}, headers);
    expect(res.data!.customer.wishlist).toEqual({
      id: wishlist.id,
      items_count: 1,
      sharing_code: wishlist.sharing_code,
      updated_at: wishlist.updated_at,
      items: [{ product: { sku: 'LN1002' } }],
    });
    expect(wishlist.sharing_code).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('testCustomerAlwaysHasWishlist', async () => {
    const { headers } = await customer(api);
    const res = await api.gql<{ customer: { wishlist: { id: string } } }>('{ customer { wishlist { id } } }', {}, headers);
    expect(res.data!.customer.wishlist.id).toMatch(/^\d+$/);
  });

  it('testGuestCannotGetWishlist', async () => {
    expect(refusal(await api.gql('{ customer { wishlist { items_count sharing_code updated_at } } }'))).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
  });

  it('testAddProductToWishlistWithZeroQty', async () => {
    const { headers } = await customer(api);
    const { id } = (await api.gql<{ customer: { wishlist: { id: string } } }>('{ customer { wishlist { id } } }', {}, headers)).data!.customer.wishlist;
    const res = await api.gql<{
      addProductsToWishlist: { wishlist: { items_count: number; items: unknown[] }; user_errors: { code: string; message: string }[] };
    }>(
      'mutation ($w: ID!) { addProductsToWishlist(wishlistId: $w, wishlistItems: [{ sku: "LN1003", quantity: 0 }]) { wishlist { id items_count items { qty } } user_errors { code message } } }',
      { w: id },
      headers,
    );
    expect(res.data!.addProductsToWishlist.user_errors).toEqual([{ code: 'UNDEFINED', message: 'The quantity of a wish list item cannot be 0' }]);
    expect(res.data!.addProductsToWishlist.wishlist).toMatchObject({ items_count: 0, items: [] });
  });
});

describe('Magento\\GraphQl\\Wishlist\\CustomerWishlistsTest', () => {
  it('testGetCustomerWishlists', async () => {
    const { headers } = await wishlistWithSimpleProduct('LN1001');
    const res = await api.gql<{ customer: { wishlists: { items_count: number; sharing_code: string; items: { product: { sku: string } }[] }[] } }>(
      '{ customer { wishlists { items_count sharing_code updated_at items { product { sku } } } } }',
      {},
      headers,
    );
    const [only, ...others] = res.data!.customer.wishlists;
    expect(others).toEqual([]);
    expect(only).toMatchObject({ items_count: 1, items: [{ product: { sku: 'LN1001' } }] });
  });

  it('testGetGuestWishlist', async () => {
    expect(refusal(await api.gql('{ customer { wishlists { items_count sharing_code updated_at } } }'))).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
  });
});

const REMOVE = `mutation ($w: ID!, $ids: [ID!]!) { removeProductsFromWishlist(wishlistId: $w, wishlistItemsIds: $ids) {
  user_errors { code message } wishlist { ${WISHLIST} } } }`;
type Removed = { removeProductsFromWishlist: { user_errors: { code: string; message: string }[]; wishlist: Wishlist } };

describe('Magento\\GraphQl\\Wishlist\\DeleteProductsFromWishlistTest', () => {
  it('testDeleteWishlistItemFromWishlist', async () => {
    const { headers, wishlist } = await wishlistWithSimpleProduct();
    expect(wishlist.items_count).toBe(1);
    const res = await api.gql<Removed>(REMOVE, { w: wishlist.id, ids: [wishlist.items_v2.items[0]!.id] }, headers);
    expect(res.data!.removeProductsFromWishlist.user_errors).toEqual([]);
    expect(res.data!.removeProductsFromWishlist.wishlist).toMatchObject({ items_count: 0, items_v2: { items: [] } });
  });

  it("testUnauthorizedWishlistItemDelete (another customer's item: theirs stays, this wishlist answers)", async () => {
    const first = await wishlistWithSimpleProduct('LN1001');
    const second = await wishlistWithSimpleProduct('LN1002');
    const theirs = first.wishlist.items_v2.items[0]!.id;
    const res = await api.gql<Removed>(REMOVE, { w: second.wishlist.id, ids: [theirs] }, second.headers);
    expect(res.data!.removeProductsFromWishlist.user_errors).toEqual([
      { code: 'UNDEFINED', message: `The wishlist item with ID "${theirs}" does not belong to the wishlist` },
    ]);
    expect(res.data!.removeProductsFromWishlist.wishlist.items_count).toBe(1);
    expect(res.data!.removeProductsFromWishlist.wishlist.items_v2.items.map((i) => i.product.sku)).toEqual(['LN1002']);
    expect((await customerWishlists(first.headers))[0]!.items_count).toBe(1);
  });
});

describe('Magento\\GraphQl\\Wishlist\\UpdateProductsFromWishlistTest', () => {
  it('testUpdateSimpleProductFromWishlist', async () => {
    const { headers, wishlist } = await wishlistWithSimpleProduct();
    const item = wishlist.items_v2.items[0]!;
    expect(item).toMatchObject({ quantity: 1, description: null });
    const res = await api.gql<{
      updateProductsInWishlist: { user_errors: unknown[]; wishlist: { items: { id: string; qty: number; description: string }[] } };
    }>(
      'mutation ($w: ID!, $i: ID!) { updateProductsInWishlist(wishlistId: $w, wishlistItems: [{ wishlist_item_id: $i, quantity: 5, description: "New Description" }]) { user_errors { code message } wishlist { id items_count items { id qty description } } } }',
      { w: wishlist.id, i: item.id },
      headers,
    );
    expect(res.data!.updateProductsInWishlist.user_errors).toEqual([]);
    expect(res.data!.updateProductsInWishlist.wishlist.items).toEqual([{ id: Number(item.id), qty: 5, description: 'New Description' }]);
  });
});

const TO_CART = `mutation ($w: ID!, $ids: [ID!]) { addWishlistItemsToCart(wishlistId: $w, wishlistItemIds: $ids) {
  status add_wishlist_items_to_cart_user_errors { code message } wishlist { items_count } } }`;

describe('Magento\\GraphQl\\Wishlist\\AddWishlistItemsToCartTest', () => {
  /** The wishlist's frame is one a cart takes as it is: Aurora, black, M, with plain lenses. */
  async function wishlistWithCartReadyFrame(): Promise<{ headers: Headers; wishlist: Wishlist }> {
    const { headers } = await customer(api);
    const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    await api.gql(
      'mutation ($o: [ID!]) { addProductsToWishlist(wishlistId: 0, wishlistItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { wishlist { id } } }',
      { o: [AURORA.BLACK, AURORA.M, ...lenses] },
      headers,
    );
    return { headers, wishlist: (await customerWishlists(headers))[0]! };
  }

  it('testAddItemsToCart', async () => {
    const { headers, wishlist } = await wishlistWithCartReadyFrame();
    const res = await api.gql<{ addWishlistItemsToCart: { status: boolean; wishlist: { items_count: number } } }>(
      TO_CART,
      { w: wishlist.id, ids: [wishlist.items_v2.items[0]!.id] },
      headers,
    );
    expect(res.data!.addWishlistItemsToCart).toMatchObject({ status: true, add_wishlist_items_to_cart_user_errors: [], wishlist: { items_count: 0 } });
    const cart = await api.gql<{ customerCart: { items: { product: { sku: string } }[] } }>('{ customerCart { items { product { sku } } } }', {}, headers);
    expect(cart.data!.customerCart.items.map((i) => i.product.sku)).toEqual(['LN1001']);
  });

  it('testAddItemsToCartForGuestUser (a token no customer holds)', async () => {
    const { wishlist } = await wishlistWithCartReadyFrame();
    const res = await api.gql(TO_CART, { w: wishlist.id, ids: [wishlist.items_v2.items[0]!.id] }, { Authorization: 'Bearer test_token' });
    expect(refusal(res)).toEqual({ message: 'The current user cannot perform operations on wishlist', category: 'graphql-authorization' });
  });

  it('testAddItemsToCartWithoutId', async () => {
    const { headers, wishlist } = await wishlistWithCartReadyFrame();
    const res = await api.gql(TO_CART, { w: '', ids: [wishlist.items_v2.items[0]!.id] }, headers);
    expect(refusal(res)).toEqual({ message: '"wishlistId" value should be specified', category: 'graphql-input' });
    expect((await customerWishlists(headers))[0]!.items_count).toBe(1);
  });

  it('testAddItemsToCartWithInvalidId', async () => {
    const { headers, wishlist } = await wishlistWithCartReadyFrame();
    const res = await api.gql(TO_CART, { w: Buffer.from('9999').toString('base64'), ids: [wishlist.items_v2.items[0]!.id] }, headers);
    expect(refusal(res)).toEqual({ message: 'The wishlist was not found.', category: 'graphql-input' });
  });
});
