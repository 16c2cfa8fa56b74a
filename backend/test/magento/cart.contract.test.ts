// Magento's API-functional tests for reading and changing a cart (dev/tests/api-functional/testsuite/
// Magento/GraphQl/Quote/{Guest,Customer}) replayed against the embedded backend, the shop's seeded data
// standing in for the PHP fixtures (ADR 036): `test_quote` is a new cart, `simple_product` the seeded
// Aurora frame with plain lenses, the coupon `2?ds5!2d` the seeded WELCOME10.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCart, PLACE_ORDER, readyForOrder, startCommerceBackend, type CommerceTestBackend } from '../commerce-test-kit';
import { addSimpleProduct, createEmptyCart, customer, expectRefusedToOther, type Headers, type Holder, refusal } from './magento-fixtures';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 240_000);
afterAll(() => api.close());

const otherUsersCart = (cartId: string) => `The current user cannot perform operations on cart "${cartId}"`;
/** `customer/create_empty_cart.php` for a new customer: the cart a guest must not reach. */
const customersCart = async () => createEmptyCart(api, (await customer(api)).headers);

describe('Magento\\GraphQl\\Quote\\Guest\\GetCartTest', () => {
  const CART = 'query ($c: String!) { cart(cart_id: $c) { id items { id quantity product { sku } } } }';

  it('testGetCart', async () => {
    const cartId = await createEmptyCart(api);
    await addSimpleProduct(api, cartId, {}, 2);
    const res = await api.gql<{ cart: { id: string; items: { id: string; quantity: number; product: { sku: string } }[] } }>(CART, { c: cartId });
    expect(res.data!.cart.id).toBe(cartId);
    expect(res.data!.cart.items).toHaveLength(1);
    expect(res.data!.cart.items[0]!.id).not.toBe('');
    expect(res.data!.cart.items[0]!.quantity).toBe(2);
    expect(res.data!.cart.items[0]!.product.sku).toBe('LN1001');
  });

  it('testGetCustomerCart', async () => {
    const cartId = await customersCart();
    expect(refusal(await api.gql(CART, { c: cartId })).message).toBe(otherUsersCart(cartId));
  });

  it('testGetCartIfCartIdIsEmpty', async () => {
    expect(refusal(await api.gql(CART, { c: '' })).message).toBe('Required parameter "cart_id" is missing');
  });

  it('testGetCartIfCartIdIsMissed', async () => {
    expect(refusal(await api.gql('{ cart { email } }')).message).toBe(
      'Field "cart" argument "cart_id" of type "String!" is required, but it was not provided.',
    );
  });

  it('testGetInactiveCart (its order placed)', async () => {
    const cartId = await createEmptyCart(api);
    await addSimpleProduct(api, cartId);
    await readyForOrder(api, cartId);
    expect((await api.gql(PLACE_ORDER, { c: cartId })).errors).toBeUndefined();
    expect(refusal(await api.gql(CART, { c: cartId }))).toEqual({ message: "The cart isn't active.", category: 'graphql-no-such-entity' });
  });

  it('testGetCartWithNotDefaultStore', async () => {
    const cartId = await guestCart(api, { Store: 'us' });
    const res = await api.gql<{ cart: { items: unknown[] } }>(CART, { c: cartId }, { Store: 'us' });
    expect(res.errors).toBeUndefined();
    expect(res.data!.cart.items).toEqual([]);
  });

  it('testGetCartWithWrongStore', async () => {
    const cartId = await createEmptyCart(api);
    expect(refusal(await api.gql(CART, { c: cartId }, { Store: 'us' })).message).toBe('Wrong store code specified for cart');
  });

  it('testGetNonExistentCart', async () => {
    expect(refusal(await api.gql(CART, { c: 'non_existent_masked_id' })).message).toBe('Could not find a cart with ID "non_existent_masked_id"');
  });
});

describe('Magento\\GraphQl\\Quote\\Guest\\CreateEmptyCartTest', () => {
  it('testCreateEmptyCart', async () => {
    const res = await api.gql<{ createEmptyCart: string }>('mutation { createEmptyCart }');
    expect(res.data!.createEmptyCart).toMatch(/^\w{32}$/);
    const cart = await api.gql<{ cart: { id: string; email: string | null } }>('query ($c: String!) { cart(cart_id: $c) { id email } }', {
      c: res.data!.createEmptyCart,
    });
    expect(cart.data!.cart).toEqual({ id: res.data!.createEmptyCart, email: null });
  });
});

const REMOVE_ITEM = 'mutation ($c: String!, $i: Int) { removeItemFromCart(input: { cart_id: $c, cart_item_id: $i }) { cart { items { quantity } } } }';
/** The numeric ids of a cart's lines (`GetQuoteItemIdByReservedQuoteIdAndSku`). */
const lineIds = async (cartId: string, headers: Headers = {}) =>
  (
    await api.gql<{ cart: { items: { id: string }[] } }>('query ($c: String!) { cart(cart_id: $c) { items { id } } }', { c: cartId }, headers)
  ).data!.cart.items.map((i) => Number(i.id));

for (const side of ['Guest', 'Customer'] as const) {
  describe(`Magento\\GraphQl\\Quote\\${side}\\RemoveItemFromCartTest`, () => {
    /** This side's cart (a new customer's for Customer) with the simple product. */
    const cartWithProduct = async (): Promise<{ cartId: string; headers: Headers }> => {
      const headers = side === 'Customer' ? (await customer(api)).headers : {};
      const cartId = await createEmptyCart(api, headers);
      await addSimpleProduct(api, cartId, headers);
      return { cartId, headers };
    };

    it('testRemoveItemFromCart', async () => {
      const { cartId, headers } = await cartWithProduct();
      const res = await api.gql<{ removeItemFromCart: { cart: { items: unknown[] } } }>(
        REMOVE_ITEM,
        { c: cartId, i: (await lineIds(cartId, headers))[0] },
        headers,
      );
      expect(res.data!.removeItemFromCart.cart.items).toHaveLength(0);
    });

    it('testRemoveItemFromNonExistentCart', async () => {
      const headers = side === 'Customer' ? (await customer(api)).headers : {};
      expect(refusal(await api.gql(REMOVE_ITEM, { c: 'non_existent_masked_id', i: 1 }, headers)).message).toBe(
        'Could not find a cart with ID "non_existent_masked_id"',
      );
    });

    it('testRemoveNonExistentItem', async () => {
      const { cartId, headers } = await cartWithProduct();
      expect(refusal(await api.gql(REMOVE_ITEM, { c: cartId, i: 999999 }, headers)).message).toBe("The cart doesn't contain the item");
    });

    it('testRemoveItemIfItemIsNotBelongToCart', async () => {
      const { cartId, headers } = await cartWithProduct();
      const other = await createEmptyCart(api);
      await addSimpleProduct(api, other);
      expect(refusal(await api.gql(REMOVE_ITEM, { c: cartId, i: (await lineIds(other))[0] }, headers)).message).toBe("The cart doesn't contain the item");
    });

    it(side === 'Guest' ? 'testWithoutRequiredCartIdParameter' : 'testRemoveItemWithEmptyCartId', async () => {
      const { cartId, headers } = await cartWithProduct();
      expect(refusal(await api.gql(REMOVE_ITEM, { c: '', i: (await lineIds(cartId, headers))[0] }, headers)).message).toBe(
        'Required parameter "cart_id" is missing',
      );
    });

    it(side === 'Guest' ? 'testWithoutRequiredCartItemIdParameter' : 'testRemoveItemWithZeroCartItemId', async () => {
      const { cartId, headers } = await cartWithProduct();
      expect(refusal(await api.gql(REMOVE_ITEM, { c: cartId, i: 0 }, headers))).toEqual({
        message: 'Required parameter "cart_item_id" is missing.',
        category: 'graphql-input',
      });
    });
  });
}

describe('Magento\\GraphQl\\Quote\\Guest\\RemoveItemFromCartTest', () => {
  it('testRemoveItemFromCustomerCart', async () => {
    const { headers } = await customer(api);
    const cartId = await createEmptyCart(api, headers);
    await addSimpleProduct(api, cartId, headers);
    const item = (await lineIds(cartId, headers))[0];
    expect(refusal(await api.gql(REMOVE_ITEM, { c: cartId, i: item })).message).toBe(otherUsersCart(cartId));
  });
});

describe('Magento\\GraphQl\\Quote\\Customer\\RemoveItemFromCartTest', () => {
  it('testRemoveItemFromGuestCart', async () => {
    const { headers } = await customer(api);
    const cartId = await createEmptyCart(api);
    await addSimpleProduct(api, cartId);
    expect(refusal(await api.gql(REMOVE_ITEM, { c: cartId, i: (await lineIds(cartId))[0] }, headers)).message).toBe(otherUsersCart(cartId));
  });

  it("testRemoveItemFromAnotherCustomerCart (the owner's cart keeps its line)", async () => {
    const owner = await customer(api);
    const cartId = await createEmptyCart(api, owner.headers);
    await addSimpleProduct(api, cartId, owner.headers);
    const { headers } = await customer(api);
    const item = (await lineIds(cartId, owner.headers))[0];
    expect(refusal(await api.gql(REMOVE_ITEM, { c: cartId, i: item }, headers)).message).toBe(otherUsersCart(cartId));
    expect(await lineIds(cartId, owner.headers)).toEqual([item]);
  });
});

describe('Magento\\GraphQl\\Quote\\Guest\\SetGuestEmailOnCartTest', () => {
  const SET = 'mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { email } } }';

  it('testSetGuestEmailOnCart', async () => {
    const cartId = await createEmptyCart(api);
    const res = await api.gql<{ setGuestEmailOnCart: { cart: { email: string } } }>(SET, { c: cartId, e: 'some@user.com' });
    expect(res.data!.setGuestEmailOnCart.cart.email).toBe('some@user.com');
  });

  it('testSetGuestEmailOnCustomerCart', async () => {
    const cartId = await customersCart();
    expect(refusal(await api.gql(SET, { c: cartId, e: 'some@user.com' })).message).toBe(otherUsersCart(cartId));
  });

  it('testSetGuestEmailOnCartWithIncorrectEmail (wrong_email, no_email)', async () => {
    const cartId = await createEmptyCart(api);
    expect(refusal(await api.gql(SET, { c: cartId, e: 'some' })).message).toBe('Invalid email format');
    expect(refusal(await api.gql(SET, { c: cartId, e: '' })).message).toBe('Required parameter "email" is missing');
  });

  it('testSetGuestEmailOnNonExistentCart', async () => {
    expect(refusal(await api.gql(SET, { c: 'non_existent_masked_id', e: 'some@user.com' })).message).toBe(
      'Could not find a cart with ID "non_existent_masked_id"',
    );
  });

  it('testSetGuestEmailWithEmptyCartId', async () => {
    expect(refusal(await api.gql(SET, { c: '', e: 'some@user.com' })).message).toBe('Required parameter "cart_id" is missing');
  });
});

const APPLY = 'mutation ($c: String!, $k: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $k }) { cart { id applied_coupon { code } } } }';
const REMOVE_COUPON = 'mutation ($c: String!) { removeCouponFromCart(input: { cart_id: $c }) { cart { applied_coupon { code } } } }';
const COUPON = 'WELCOME10';

for (const side of ['Guest', 'Customer'] as const) {
  /** The cart of this side (a new customer's for Customer), with the simple product unless `empty`. */
  const cartOfSide = async (empty = false): Promise<{ cartId: string; headers: Headers }> => {
    const headers = side === 'Customer' ? (await customer(api)).headers : {};
    const cartId = await createEmptyCart(api, headers);
    if (!empty) await addSimpleProduct(api, cartId, headers);
    return { cartId, headers };
  };

  describe(`Magento\\GraphQl\\Quote\\${side}\\ApplyCouponToCartTest`, () => {
    it('testApplyCouponToCart', async () => {
      const { cartId, headers } = await cartOfSide();
      const res = await api.gql<{ applyCouponToCart: { cart: { id: string; applied_coupon: { code: string } } } }>(APPLY, { c: cartId, k: COUPON }, headers);
      expect(res.data!.applyCouponToCart.cart).toEqual({ id: cartId, applied_coupon: { code: COUPON } });
    });

    it('testApplyCouponTwice', async () => {
      const { cartId, headers } = await cartOfSide();
      expect((await api.gql(APPLY, { c: cartId, k: COUPON }, headers)).errors).toBeUndefined();
      expect(refusal(await api.gql(APPLY, { c: cartId, k: COUPON }, headers)).message).toBe(
        'A coupon is already applied to the cart. Please remove it to apply another',
      );
    });

    it('testApplyCouponToCartWithoutItems', async () => {
      const { cartId, headers } = await cartOfSide(true);
      expect(refusal(await api.gql(APPLY, { c: cartId, k: COUPON }, headers)).message).toBe('Cart does not contain products.');
    });

    it(side === 'Guest' ? 'testApplyEmptyCouponCodeToCart' : 'testApplyEmptyCouponCodeToCustomerCart', async () => {
      const { cartId, headers } = await cartOfSide();
      expect(refusal(await api.gql(APPLY, { c: cartId, k: '' }, headers)).message).toBe('Required parameter "coupon_code" is missing');
    });

    it('testApplyNonExistentCouponToCart', async () => {
      const { cartId, headers } = await cartOfSide();
      expect(refusal(await api.gql(APPLY, { c: cartId, k: 'non_existent_coupon_code' }, headers)).message).toBe(
        "The coupon code isn't valid. Verify the code and try again.",
      );
    });

    it('testApplyCouponToNonExistentCart', async () => {
      const { headers } = await cartOfSide(true);
      expect(refusal(await api.gql(APPLY, { c: 'non_existent_masked_id', k: COUPON }, headers)).message).toBe(
        'Could not find a cart with ID "non_existent_masked_id"',
      );
    });
  });

  describe(`Magento\\GraphQl\\Quote\\${side}\\RemoveCouponFromCartTest`, () => {
    it('testRemoveCouponFromCart', async () => {
      const { cartId, headers } = await cartOfSide();
      await api.gql(APPLY, { c: cartId, k: COUPON }, headers);
      const res = await api.gql<{ removeCouponFromCart: { cart: { applied_coupon: unknown } } }>(REMOVE_COUPON, { c: cartId }, headers);
      // Magento's test reads `applied_coupon.code` as null: the cart answers no applied coupon.
      expect(res.data!.removeCouponFromCart.cart.applied_coupon).toBeNull();
    });

    it('testRemoveCouponFromCartIfCartIdIsEmpty', async () => {
      const { headers } = await cartOfSide(true);
      expect(refusal(await api.gql(REMOVE_COUPON, { c: '' }, headers)).message).toBe('Required parameter "cart_id" is missing');
    });

    it('testRemoveCouponFromNonExistentCart', async () => {
      const { headers } = await cartOfSide(true);
      expect(refusal(await api.gql(REMOVE_COUPON, { c: 'non_existent_masked_id' }, headers)).message).toBe(
        'Could not find a cart with ID "non_existent_masked_id"',
      );
    });

    it('testRemoveCouponFromEmptyCart', async () => {
      const { cartId, headers } = await cartOfSide(true);
      // Magento's test expects a message containing these words (PHPUnit's expectExceptionMessage).
      const { message, category } = refusal(await api.gql(REMOVE_COUPON, { c: cartId }, headers));
      expect(message).toContain('Cart does not contain products');
      expect(category).toBe('graphql-no-such-entity');
    });

    it('testRemoveCouponFromCartIfCouponWasNotSet', async () => {
      const { cartId, headers } = await cartOfSide();
      const res = await api.gql<{ removeCouponFromCart: { cart: { applied_coupon: unknown } } }>(REMOVE_COUPON, { c: cartId }, headers);
      expect(res.errors).toBeUndefined();
      expect(res.data!.removeCouponFromCart.cart.applied_coupon).toBeNull();
    });
  });
}

/** Magento's `_security` coupon cases: a cart with the simple product, held by `owner`, asked by `asker`. */
const couponRefused = (query: string, owner: Holder, asker: Holder) => () =>
  expectRefusedToOther(
    api,
    async (headers) => {
      const cartId = await createEmptyCart(api, headers);
      await addSimpleProduct(api, cartId, headers);
      return cartId;
    },
    { owner, asker, query, variables: { k: COUPON } },
  );

describe('Magento\\GraphQl\\Quote\\Guest\\ApplyCouponToCartTest', () => {
  it('testApplyCouponToCustomerCart', couponRefused(APPLY, 'customer', 'guest'));
});

describe('Magento\\GraphQl\\Quote\\Guest\\RemoveCouponFromCartTest', () => {
  it('testRemoveCouponFromCustomerCart', couponRefused(REMOVE_COUPON, 'customer', 'guest'));
});

describe('Magento\\GraphQl\\Quote\\Customer\\ApplyCouponToCartTest', () => {
  it('testApplyCouponToGuestCart', couponRefused(APPLY, 'guest', 'customer'));
  it('testApplyCouponToAnotherCustomerCart', couponRefused(APPLY, 'customer', 'customer'));
});

describe('Magento\\GraphQl\\Quote\\Customer\\RemoveCouponFromCartTest', () => {
  it('testRemoveCouponFromGuestCart', couponRefused(REMOVE_COUPON, 'guest', 'customer'));
  it('testRemoveCouponFromAnotherCustomerCart', couponRefused(REMOVE_COUPON, 'customer', 'customer'));
});
