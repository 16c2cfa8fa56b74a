// Magento's API-functional tests for customers, cart lines, wishlists, store views and categories
// (dev/tests/api-functional/testsuite/Magento/GraphQl/{Customer,Quote,Wishlist,Store,Catalog}) replayed
// against the embedded backend with the shop's seeded data (ADR 036).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AURORA, frameChoice, PLAIN_LENSES, startCommerceBackend, type CommerceTestBackend } from '../commerce-test-kit';
import { addSimpleProduct, createEmptyCart, customer, refusal } from './magento-fixtures';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 240_000);
afterAll(() => api.close());

let emails = 0;
const email = () => `magento.customer${++emails}.${Date.now()}@example.com`;

for (const mutation of ['createCustomer', 'createCustomerV2'] as const) {
  const input = mutation === 'createCustomer' ? 'CustomerInput' : 'CustomerCreateInput';
  const CREATE = `mutation ($i: ${input}!) { ${mutation}(input: $i) { customer { firstname lastname email is_subscribed } } }`;
  describe(`Magento\\GraphQl\\Customer\\${mutation === 'createCustomer' ? 'CreateCustomerTest' : 'CreateCustomerV2Test'}`, () => {
    it('testCreateCustomerAccountWithPassword', async () => {
      const e = email();
      const res = await api.gql<Record<string, { customer: unknown }>>(CREATE, {
        i: { firstname: 'Richard', lastname: 'Rowe', email: e, password: 'test123#', is_subscribed: true },
      });
      expect(res.data![mutation]!.customer).toEqual({ firstname: 'Richard', lastname: 'Rowe', email: e, is_subscribed: true });
    });

    it('testCreateCustomerIfNameEmpty', async () => {
      const res = await api.gql(CREATE, { i: { firstname: '', lastname: 'Rowe', email: email(), password: 'test123#', is_subscribed: true } });
      expect(refusal(res)).toEqual({ message: '"First Name" is a required value.', category: 'graphql-input' });
    });

    it('testCreateCustomerIfEmailIsNotValid', async () => {
      const res = await api.gql(CREATE, { i: { firstname: 'Richard', lastname: 'Rowe', email: '123123', password: 'test123#' } });
      expect(refusal(res).message).toBe('"123123" is not a valid email address.');
    });

    it('testCreateCustomerIfPassedEmailIsAlreadyTaken (the same email twice)', async () => {
      const e = email();
      await api.gql(CREATE, { i: { firstname: 'Richard', lastname: 'Rowe', email: e, password: 'test123#' } });
      const res = await api.gql(CREATE, { i: { firstname: 'Richard', lastname: 'Rowe', email: e, password: 'test123#' } });
      expect(refusal(res).message).toBe('A customer with the same email address already exists in an associated website.');
    });
  });
}

describe('Magento\\GraphQl\\Customer\\CreateCustomerTest', () => {
  it('testCreateCustomerIfEmailMissed', async () => {
    const res = await api.gql('mutation { createCustomer(input: { firstname: "Richard", lastname: "Rowe", password: "test123#" }) { customer { email } } }');
    expect(refusal(res)).toEqual({ message: '"Email" is a required value.', category: 'graphql-input' });
  });
});

describe('Magento\\GraphQl\\Customer\\UpdateCustomerTest', () => {
  const UPDATE = 'mutation ($i: CustomerInput!) { updateCustomer(input: $i) { customer { firstname lastname email } } }';

  it('testUpdateCustomer', async () => {
    const { headers, email: e } = await customer(api);
    const res = await api.gql<{ updateCustomer: { customer: unknown } }>(UPDATE, { i: { firstname: 'Richard', lastname: 'Rowe' } }, headers);
    expect(res.data!.updateCustomer.customer).toEqual({ firstname: 'Richard', lastname: 'Rowe', email: e });
  });

  it('testUpdateCustomerIfAccountIsLocked (no token: not authorized)', async () => {
    expect(refusal(await api.gql(UPDATE, { i: { firstname: 'Richard' } }))).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
  });

  it('testUpdateEmailIfPasswordIsMissed', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql(UPDATE, { i: { email: email() } }, headers)).message).toBe('Provide the current "password" to change "email".');
  });

  it('testUpdateEmailIfPasswordIsInvalid', async () => {
    const { headers } = await customer(api);
    expect(refusal(await api.gql(UPDATE, { i: { email: email(), password: 'invalid_password' } }, headers)).message).toBe('Invalid login or password.');
  });

  it('testUpdateCustomerIfFirstnameIsEmpty (updateCustomerV2)', async () => {
    const { headers } = await customer(api);
    const res = await api.gql('mutation { updateCustomerV2(input: { firstname: "" }) { customer { firstname } } }', {}, headers);
    expect(refusal(res).message).toBe('"First Name" is a required value.');
  });
});

const LINES = 'cart { items { uid quantity } }';
describe('Magento\\GraphQl\\Quote\\Guest\\UpdateCartItemsTest', () => {
  it('testUpdateWithMissedRequiredParameters (missed_cart_item_qty)', async () => {
    const cartId = await createEmptyCart(api);
    await addSimpleProduct(api, cartId);
    const items = await api.gql<{ cart: { items: { uid: string }[] } }>('query ($c: String!) { cart(cart_id: $c) { items { uid } } }', { c: cartId });
    const res = await api.gql<{ updateCartItems: { errors: { code: string; message: string }[] } }>(
      `mutation ($c: String!, $u: ID!) { updateCartItems(input: { cart_id: $c, cart_items: [{ cart_item_uid: $u }] }) { ${LINES} errors { code message } } }`,
      { c: cartId, u: items.data!.cart.items[0]!.uid },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateCartItems.errors).toEqual([
      { code: 'REQUIRED_PARAMETER_MISSING', message: 'Required parameter "quantity" for "cart_items" is missing.' },
    ]);
  });
});

describe('Magento\\GraphQl\\Quote\\Customer\\MergeCartsTest', () => {
  it('testMergeCartsWithEmptyDestinationCartId', async () => {
    const { headers } = await customer(api);
    const guest = await createEmptyCart(api);
    const res = await api.gql('mutation ($s: String!) { mergeCarts(source_cart_id: $s, destination_cart_id: "") { id } }', { s: guest }, headers);
    expect(refusal(res)).toEqual({ message: 'The parameter "destination_cart_id" cannot be empty', category: 'graphql-input' });
  });

  it('testMergeGuestWithCustomerCart', async () => {
    const { headers } = await customer(api);
    const guest = await createEmptyCart(api);
    await addSimpleProduct(api, guest);
    const mine = await createEmptyCart(api, headers);
    await addSimpleProduct(api, mine, headers);
    const res = await api.gql<{ mergeCarts: { items: { quantity: number }[] } }>(
      'mutation ($s: String!, $d: String!) { mergeCarts(source_cart_id: $s, destination_cart_id: $d) { items { quantity } } }',
      { s: guest, d: mine },
      headers,
    );
    expect(res.data!.mergeCarts.items).toEqual([{ quantity: 2 }]);
  });
});

describe('Magento\\GraphQl\\Quote\\Guest\\AddSimpleProductToCartTest', () => {
  const ADD = `mutation ($c: String!, $sku: String!) { addSimpleProductsToCart(input: { cart_id: $c, cart_items: [{ data: { quantity: 1, sku: $sku } }] }) { ${LINES} } }`;

  it('testAddNonExistentProductToCart', async () => {
    const cartId = await createEmptyCart(api);
    expect(refusal(await api.gql(ADD, { c: cartId, sku: 'simple_product' }))).toEqual({
      message: 'Could not find a product with SKU "simple_product"',
      category: 'graphql-no-such-entity',
    });
  });

  it('testAddSimpleProductToCartIfCartIdIsEmpty', async () => {
    expect(refusal(await api.gql(ADD, { c: '', sku: 'LN1001-BLK-M' })).message).toBe('Required parameter "cart_id" is missing');
  });

  it('testAddProductToNonExistentCart', async () => {
    expect(refusal(await api.gql(ADD, { c: 'non_existent_masked_id', sku: 'LN1001-BLK-M' })).message).toBe(
      'Could not find a cart with ID "non_existent_masked_id"',
    );
  });
});

describe('Magento\\GraphQl\\ConfigurableProduct\\AddConfigurableProductToCartTest', () => {
  const ADD = `mutation ($c: String!, $p: String!, $sku: String!) { addConfigurableProductsToCart(input: { cart_id: $c, cart_items: [{ parent_sku: $p, data: { quantity: 1, sku: $sku } }] }) { ${LINES} } }`;

  it('testAddNonExistentConfigurableProductParentToCart', async () => {
    const cartId = await createEmptyCart(api);
    expect(refusal(await api.gql(ADD, { c: cartId, p: 'configurable_no_exist', sku: 'LN1001-BLK-M' })).message).toBe(
      'Could not find a product with SKU "configurable_no_exist"',
    );
  });

  it('testAddVariationFromAnotherConfigurableProductWithTheSameSuperAttributeToCart', async () => {
    const cartId = await createEmptyCart(api);
    // LN1002-TRT-S is a variant of another frame (Aurora and it share colour and size).
    expect(refusal(await api.gql(ADD, { c: cartId, p: 'LN1001', sku: 'LN1002-TRT-S' }))).toEqual({
      message: 'Could not add the product with SKU LN1001 to the shopping cart: Could not find specified product.',
      category: 'graphql-input',
    });
  });

  it('testAddNonExistentConfigurableProductVariationToCart', async () => {
    const cartId = await createEmptyCart(api);
    expect(refusal(await api.gql(ADD, { c: cartId, p: 'LN1001', sku: 'simple_no_exist' })).message).toBe(
      'Could not add the product with SKU LN1001 to the shopping cart: Could not find specified product.',
    );
  });
});

describe('Magento\\GraphQl\\ConfigurableProduct\\AddConfigurableProductToCartSingleMutationTest', () => {
  // Magento's configurable is the seeded Aurora frame; its lenses are required custom options, so every
  // line also carries the plain lenses (the shop's rule, not the configurable's).
  const ADD = `mutation ($c: String!, $items: [CartItemInput!]!) { addProductsToCart(cartId: $c, cartItems: $items) {
    cart { items { quantity product { sku } ... on ConfigurableCartItem { configurable_options { option_label value_label configurable_product_option_value_uid } } } }
    user_errors { code message } } }`;
  type Added = {
    addProductsToCart: {
      cart: { items: { quantity: number; product: { sku: string }; configurable_options: { configurable_product_option_value_uid: string }[] }[] };
      user_errors: { code: string; message: string }[];
    };
  };
  const add = async (cartId: string, sku: string, quantity: number, selected: string[]) => {
    const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    return api.gql<Added>(ADD, { c: cartId, items: [{ sku, quantity, selected_options: [...selected, ...lenses] }] });
  };

  it('testAddConfigurableProductToCart', async () => {
    const cartId = await createEmptyCart(api);
    const res = await add(cartId, 'LN1001', 2, [AURORA.BLACK, AURORA.M]);
    expect(res.data!.addProductsToCart.user_errors).toEqual([]);
    const item = res.data!.addProductsToCart.cart.items[0]!;
    expect(item.quantity).toBe(2);
    expect(item.product.sku).toBe('LN1001');
    expect(item.configurable_options.map((o) => o.configurable_product_option_value_uid)).toEqual([AURORA.BLACK, AURORA.M]);
  });

  it('testAddConfigurableProductWithWrongSuperAttributes', async () => {
    const cartId = await createEmptyCart(api);
    // SelectionUidFormatter::encode(0, 0): an attribute and value the frame does not have.
    const res = await add(cartId, 'LN1001', 2, [Buffer.from('configurable/0/0').toString('base64')]);
    expect(res.data!.addProductsToCart.user_errors).toEqual([{ code: 'UNDEFINED', message: 'You need to choose options for your item.' }]);
    expect(res.data!.addProductsToCart.cart.items).toEqual([]);
  });

  it('testAddNonExistentConfigurableProductParentToCart', async () => {
    const cartId = await createEmptyCart(api);
    const res = await add(cartId, 'configurable_no_exist', 1, []);
    expect(res.data!.addProductsToCart.user_errors).toEqual([
      { code: 'PRODUCT_NOT_FOUND', message: 'Could not find a product with SKU "configurable_no_exist"' },
    ]);
  });
});

describe('Magento\\GraphQl\\Wishlist\\UpdateProductsFromWishlistTest', () => {
  it('testUpdateProductInWishlistWithZeroQty', async () => {
    const { headers } = await customer(api);
    const added = await api.gql<{ addProductsToWishlist: { wishlist: { id: string; items_v2: { items: { id: string }[] } } } }>(
      'mutation { addProductsToWishlist(wishlistId: 0, wishlistItems: [{ sku: "LN1001", quantity: 1 }]) { wishlist { id items_v2 { items { id } } } } }',
      {},
      headers,
    );
    const wishlist = added.data!.addProductsToWishlist.wishlist;
    const res = await api.gql<{ updateProductsInWishlist: { user_errors: { message: string }[] } }>(
      'mutation ($w: ID!, $i: ID!) { updateProductsInWishlist(wishlistId: $w, wishlistItems: [{ wishlist_item_id: $i, quantity: 0 }]) { user_errors { message } } }',
      { w: wishlist.id, i: wishlist.items_v2.items[0]!.id },
      headers,
    );
    expect(res.data!.updateProductsInWishlist.user_errors).toEqual([{ message: 'The quantity of a wish list item cannot be 0' }]);
  });
});

describe('Magento\\GraphQl\\Wishlist\\AddProductToWishlistTest', () => {
  it("testAddSimpleProductWithZeroQty (wishlist id 0: the customer's own)", async () => {
    const { headers } = await customer(api);
    const res = await api.gql<{ addProductsToWishlist: { user_errors: { message: string }[]; wishlist: { items_count: number } } }>(
      'mutation { addProductsToWishlist(wishlistId: 0, wishlistItems: [{ sku: "LN1001", quantity: 0 }]) { user_errors { message } wishlist { items_count } } }',
      {},
      headers,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.addProductsToWishlist.user_errors[0]!.message).toBe('The quantity of a wish list item cannot be 0');
    expect(res.data!.addProductsToWishlist.wishlist.items_count).toBe(0);
  });
});

describe('Magento\\GraphQl\\Quote\\Guest\\GetAvailableShippingMethodsTest', () => {
  it('testGetAvailableShippingMethods (error_message is "" for an available method)', async () => {
    const cartId = await createEmptyCart(api);
    await addSimpleProduct(api, cartId);
    const res = await api.gql<{ estimateShippingMethods: { carrier_code: string; available: boolean; error_message: string }[] }>(
      'mutation ($c: String!) { estimateShippingMethods(input: { cart_id: $c, address: { country_code: CA, postcode: "M5H 1A1", region: { region_code: "ON" } } }) { carrier_code available error_message } }',
      { c: cartId },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.estimateShippingMethods.find((m) => m.carrier_code === 'flatrate')).toEqual({
      carrier_code: 'flatrate',
      available: true,
      error_message: '',
    });
  });
});

describe('Magento\\GraphQl\\Quote\\Guest\\ClearCartTest', () => {
  it('testClearCart', async () => {
    const cartId = await createEmptyCart(api);
    await addSimpleProduct(api, cartId);
    const res = await api.gql<{ clearCart: { cart: { id: string; items: unknown[] }; errors: unknown[] } }>(
      'mutation ($c: ID!) { clearCart(input: { uid: $c }) { cart { id items { uid } } errors { message } } }',
      { c: cartId },
    );
    expect(res.data!.clearCart).toEqual({ cart: { id: cartId, items: [] }, errors: [] });
  });
});

describe('Magento\\GraphQl\\Store\\StoreValidatorTest', () => {
  it('testInvalidStoreHeader', async () => {
    expect(refusal(await api.gql('{ storeConfig { store_code } }', {}, { Store: 'not_existing_store' }))).toEqual({
      message: "The store that was requested wasn't found. Verify the store and try again.",
      category: 'graphql-input',
    });
  });
});

describe('Magento\\GraphQl\\Catalog\\CategoryTest', () => {
  it('testCategoriesTree (the deprecated category query, without an id: the root)', async () => {
    const res = await api.gql<{ category: { id: number; children: { name: string }[] } }>('{ category { id level children { name } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.category.children.length).toBeGreaterThan(0);
  });

  it('testGetCategoryById (an id outside the tree)', async () => {
    expect(refusal(await api.gql('{ category(id: 99999) { name } }'))).toEqual({ message: "Category doesn't exist", category: 'graphql-no-such-entity' });
  });
});
