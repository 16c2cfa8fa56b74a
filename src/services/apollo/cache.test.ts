import { gql, type InMemoryCache } from '@apollo/client';
import { buildSchema, isInterfaceType } from 'graphql';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { CART_QUANTITY_QUERY } from './apollo.test-helpers';
import { clearCartDataFromCache, clearCustomerDataFromCache, createShopCache, POSSIBLE_TYPES, readQueryOrNull } from './cache';

function identityOf(object: { __typename: string } & Record<string, unknown>) {
  return createShopCache().identify(object as Parameters<InMemoryCache['identify']>[0]);
}

describe('client cache identity (spec §3)', () => {
  it('spec §3: cart, customer and payment tokens are singletons', () => {
    expect(identityOf({ __typename: 'Cart', id: 'guest-1' })).toBe(identityOf({ __typename: 'Cart', id: 'customer-9' }));
    expect(identityOf({ __typename: 'Customer', email: 'a@b.c' })).toBe('Customer:{}');
    expect(identityOf({ __typename: 'CustomerPaymentTokens' })).toBe('CustomerPaymentTokens:{}');
  });

  it('spec §3: the customer cart is the cart singleton', () => {
    const cache = createShopCache();
    cache.writeQuery({
      query: gql`
        query CustomerCart {
          customerCart {
            id
          }
        }
      `,
      data: { customerCart: { __typename: 'Cart', id: 'customer-9' } },
    });
    expect(cache.extract()['Cart:{}']).toMatchObject({ id: 'customer-9' });
  });

  it('spec §3: shipping methods by carrier_code + method_code, shipping addresses by street', () => {
    expect(identityOf({ __typename: 'AvailableShippingMethod', carrier_code: 'flatrate', method_code: 'flatrate', amount: 5 })).toBe(
      'AvailableShippingMethod:{"carrier_code":"flatrate","method_code":"flatrate"}',
    );
    expect(identityOf({ __typename: 'ShippingCartAddress', street: ['1 Main St'], city: 'Montreal' })).toBe('ShippingCartAddress:{"street":["1 Main St"]}');
  });

  it('spec §3: gift cards and payment methods by code', () => {
    expect(identityOf({ __typename: 'AppliedGiftCard', code: 'GC1' })).toBe('AppliedGiftCard:{"code":"GC1"}');
    expect(identityOf({ __typename: 'AvailablePaymentMethod', code: 'checkmo', title: 'Check' })).toBe('AvailablePaymentMethod:{"code":"checkmo"}');
    expect(identityOf({ __typename: 'SelectedPaymentMethod', code: 'checkmo' })).toBe('SelectedPaymentMethod:{"code":"checkmo"}');
  });

  it('spec §3: products, cart items and category tree nodes by uid (every implementing type)', () => {
    for (const type of POSSIBLE_TYPES.ProductInterface!) expect(identityOf({ __typename: type, uid: 'MTA=', id: 10 })).toBe(`${type}:{"uid":"MTA="}`);
    for (const type of POSSIBLE_TYPES.CartItemInterface!) expect(identityOf({ __typename: type, uid: 'i1', id: '7' })).toBe(`${type}:{"uid":"i1"}`);
    expect(identityOf({ __typename: 'CategoryTree', uid: 'Mw==', id: 3 })).toBe('CategoryTree:{"uid":"Mw=="}');
  });

  it('spec §3: store config by store_code, images by url, breadcrumbs by category_uid', () => {
    expect(identityOf({ __typename: 'StoreConfig', store_code: 'fr', id: 4 })).toBe('StoreConfig:{"store_code":"fr"}');
    expect(identityOf({ __typename: 'ProductImage', url: '/media/a.jpg', label: 'x' })).toBe('ProductImage:{"url":"/media/a.jpg"}');
    expect(identityOf({ __typename: 'Breadcrumb', category_uid: 'Mg==' })).toBe('Breadcrumb:{"category_uid":"Mg=="}');
  });

  it('spec §3: wishlists and wishlist items by id, per type', () => {
    expect(identityOf({ __typename: 'Wishlist', id: '5' })).toBe('Wishlist:{"id":"5"}');
    expect(identityOf({ __typename: 'SimpleWishlistItem', id: '5' })).toBe('SimpleWishlistItem:{"id":"5"}');
    expect(identityOf({ __typename: 'ConfigurableWishlistItem', id: '5' })).toBe('ConfigurableWishlistItem:{"id":"5"}');
  });

  it("possible types match Magento's schema (every interface listed, with all its implementations)", () => {
    const schema = buildSchema(readFileSync('backend/schema/magento-os-2.4.9.graphql', 'utf8'));
    for (const [name, types] of Object.entries(POSSIBLE_TYPES)) {
      const type = schema.getType(name);
      expect(type && isInterfaceType(type), name).toBe(true);
      if (type && isInterfaceType(type))
        expect([...types].sort()).toEqual(
          schema
            .getPossibleTypes(type)
            .map((t) => t.name)
            .sort(),
        );
    }
  });
});

const CUSTOMER_QUERY = gql`
  query CustomerQuery {
    customer {
      email
    }
  }
`;

describe('cache helpers', () => {
  it('spec §8: a cache read with missing data returns null', () => {
    const cache = createShopCache();
    expect(readQueryOrNull(cache, CART_QUANTITY_QUERY, { cartId: 'c1' })).toBeNull();
    cache.writeQuery({ query: CART_QUANTITY_QUERY, variables: { cartId: 'c1' }, data: { cart: { __typename: 'Cart', id: 'c1', total_quantity: 2 } } });
    expect(readQueryOrNull(cache, CART_QUANTITY_QUERY, { cartId: 'c1' })).toEqual({ cart: { __typename: 'Cart', id: 'c1', total_quantity: 2 } });
    expect(
      readQueryOrNull(
        cache,
        gql`
          fragment OnlyAFragment on Cart {
            id
          }
        `,
      ),
    ).toBeNull();
  });

  it('spec §4: wiping the cart cache removes cart and customer-cart data, then persists', async () => {
    const cache = createShopCache();
    cache.writeQuery({ query: CART_QUANTITY_QUERY, variables: { cartId: 'c1' }, data: { cart: { __typename: 'Cart', id: 'c1', total_quantity: 2 } } });
    cache.writeQuery({ query: CUSTOMER_QUERY, data: { customer: { __typename: 'Customer', email: 'a@b.c' } } });
    const persist = vi.fn(async () => {});
    await clearCartDataFromCache({ cache }, { persist });
    expect(readQueryOrNull(cache, CART_QUANTITY_QUERY, { cartId: 'c1' })).toBeNull();
    expect(cache.extract()['Cart:{}']).toBeUndefined();
    expect(readQueryOrNull(cache, CUSTOMER_QUERY)).not.toBeNull();
    expect(persist).toHaveBeenCalledOnce();
  });

  it('spec §4: sign-in/out evicts the customer record, customer field, wishlist products and dynamic blocks, then persists', async () => {
    const cache = createShopCache();
    cache.writeQuery({ query: CUSTOMER_QUERY, data: { customer: { __typename: 'Customer', email: 'a@b.c' } } });
    cache.writeQuery({ query: CART_QUANTITY_QUERY, variables: { cartId: 'c1' }, data: { cart: { __typename: 'Cart', id: 'c1', total_quantity: 2 } } });
    cache.modify({ id: 'ROOT_QUERY', fields: { customerWishlistProducts: () => ['sku-1'], dynamicBlocks: () => ({ items: [] }) } });
    const persist = vi.fn(async () => {
      throw new Error('quota');
    });
    await clearCustomerDataFromCache({ cache }, { persist });
    const root = cache.extract().ROOT_QUERY ?? {};
    expect(root).not.toHaveProperty('customer');
    expect(root).not.toHaveProperty('customerWishlistProducts');
    expect(cache.extract()['Customer:{}']).toBeUndefined();
    expect(readQueryOrNull(cache, CART_QUANTITY_QUERY, { cartId: 'c1' })).not.toBeNull();
    // a failed write is logged by the persistence, never a failed sign-out
    expect(persist).toHaveBeenCalledOnce();
  });
});
