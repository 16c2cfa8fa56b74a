// Magento's own API-functional tests (dev/tests/api-functional/testsuite/Magento/GraphQl/Quote) replayed
// against the embedded backend, the shop's seeded data standing in for the PHP fixtures (ADR 036).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLACE_ORDER, startCommerceBackend, TORONTO, type CommerceTestBackend } from '../commerce-test-kit';
import {
  addSimpleProduct,
  createEmptyCart,
  customer,
  refusal,
  setCheckmoPaymentMethod,
  setFlatrateShippingMethod,
  setGuestEmail,
  setNewBillingAddress,
  setNewShippingAddress,
  type Headers,
} from './magento-fixtures';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 240_000);
afterAll(() => api.close());

type PlaceOrder = { placeOrder: { order: { order_number: string } | null; errors: { code: string; message: string }[] } };
const placeOrder = (cartId: string, headers: Headers = {}) => api.gql<PlaceOrder>(PLACE_ORDER, { c: cartId }, headers);
const orderError = async (cartId: string, headers: Headers = {}) => (await placeOrder(cartId, headers)).data?.placeOrder.errors[0]?.message;

/** A cart through the fixtures Magento's PlaceOrderTest stacks, up to the one a test leaves out. */
async function cartUpTo(headers: Headers, steps: ('email' | 'product' | 'shipping' | 'billing' | 'method' | 'payment')[]): Promise<string> {
  const cartId = await createEmptyCart(api, headers);
  if (steps.includes('email') && !headers.Authorization) await setGuestEmail(api, cartId);
  if (steps.includes('product')) await addSimpleProduct(api, cartId, headers);
  if (steps.includes('shipping')) await setNewShippingAddress(api, cartId, headers);
  if (steps.includes('billing')) await setNewBillingAddress(api, cartId, headers);
  if (steps.includes('method')) await setFlatrateShippingMethod(api, cartId, headers);
  if (steps.includes('payment')) await setCheckmoPaymentMethod(api, cartId, headers);
  return cartId;
}

for (const side of ['Guest', 'Customer'] as const) {
  describe(`Magento\\GraphQl\\Quote\\${side}\\PlaceOrderTest`, () => {
    let headers: Headers = {};
    // A customer has one active cart: each test starts with a new customer, as Magento's fixtures do.
    beforeEach(async () => {
      headers = side === 'Customer' ? (await customer(api)).headers : {};
    });

    it('testPlaceOrder', async () => {
      const cartId = await cartUpTo(headers, ['email', 'product', 'shipping', 'billing', 'method', 'payment']);
      const res = await placeOrder(cartId, headers);
      expect(res.data!.placeOrder.errors).toEqual([]);
      expect(res.data!.placeOrder.order!.order_number).toMatch(/\d+/);
    });

    it('testPlaceOrderIfCartIdIsEmpty', async () => {
      expect(refusal(await placeOrder('', headers)).message).toBe('Required parameter "cart_id" is missing');
    });

    it('testPlaceOrderWithNoItemsInCart', async () => {
      const cartId = await cartUpTo(headers, ['email']);
      expect(await orderError(cartId, headers)).toBe(
        'Unable to place order: A server error stopped your order from being placed. Please try to place your order again.',
      );
    });

    it('testPlaceOrderWithNoShippingAddress', async () => {
      const cartId = await cartUpTo(headers, ['email', 'product']);
      expect(await orderError(cartId, headers)).toBe("Unable to place order: Some addresses can't be used due to the configurations for specific countries.");
    });

    it('testPlaceOrderWithNoShippingMethod', async () => {
      const cartId = await cartUpTo(headers, ['email', 'product', 'shipping']);
      expect(await orderError(cartId, headers)).toBe('Unable to place order: The shipping method is missing. Select the shipping method and try again.');
    });

    it('testPlaceOrderWithNoBillingAddress', async () => {
      const cartId = await cartUpTo(headers, ['email', 'product', 'shipping', 'method']);
      expect(await orderError(cartId, headers)).toMatch(/^Unable to place order: Please check the billing address information/);
    });

    it('testPlaceOrderWithNoPaymentMethod', async () => {
      const cartId = await cartUpTo(headers, ['email', 'product', 'shipping', 'billing', 'method']);
      expect(await orderError(cartId, headers)).toBe('Unable to place order: Enter a valid payment method and try again.');
    });
  });
}

describe('Magento\\GraphQl\\Quote\\Guest\\PlaceOrderTest', () => {
  it('testPlaceOrderWithNoEmail', async () => {
    const cartId = await cartUpTo({}, ['product', 'shipping', 'billing', 'method', 'payment']);
    expect(await orderError(cartId)).toBe('Guest email for cart is missing.');
  });

  it('testPlaceOrderOfCustomerCart', async () => {
    const { headers } = await customer(api);
    const cartId = await cartUpTo(headers, ['product', 'shipping', 'billing', 'method', 'payment']);
    const res = await placeOrder(cartId);
    const message = refusal(res).message ?? res.data?.placeOrder.errors[0]?.message;
    expect(message).toMatch(/The current user cannot perform operations on cart/);
  });
});

describe('Magento\\GraphQl\\Quote\\Customer\\GetCustomerCartTest', () => {
  const CUSTOMER_CART = '{ customerCart { total_quantity id items { id quantity product { sku } } } }';

  it('testGetActiveCustomerCart', async () => {
    const { headers } = await customer(api);
    const cartId = await createEmptyCart(api, headers);
    await addSimpleProduct(api, cartId, headers, 2);
    const res = await api.gql<{ customerCart: { id: string; total_quantity: number; items: { quantity: number }[] } }>(CUSTOMER_CART, {}, headers);
    expect(res.data!.customerCart.id).toBe(cartId);
    expect(res.data!.customerCart.total_quantity).toBe(2);
    expect(res.data!.customerCart.items[0]!.quantity).toBe(2);
  });

  it('testGetNewCustomerCart', async () => {
    const { headers } = await customer(api);
    const res = await api.gql<{ customerCart: { id: string; total_quantity: number; items: unknown[] } }>(CUSTOMER_CART, {}, headers);
    expect(res.data!.customerCart.id).toBeTruthy();
    expect(res.data!.customerCart.items).toEqual([]);
    expect(res.data!.customerCart.total_quantity).toBe(0);
  });

  it('testGetCustomerCartWithNoCustomerToken', async () => {
    expect(refusal(await api.gql(CUSTOMER_CART))).toEqual({ message: 'The request is allowed for logged in customer', category: 'graphql-authorization' });
  });

  it('testGetCustomerCartAfterTokenRevoked', async () => {
    const { headers } = await customer(api);
    expect((await api.gql(CUSTOMER_CART, {}, headers)).errors).toBeUndefined();
    await api.gql('mutation { revokeCustomerToken { result } }', {}, headers);
    expect(refusal(await api.gql(CUSTOMER_CART, {}, headers)).message).toBe('User token has been revoked');
  });

  it('testRequestCustomerCartTwice', async () => {
    const { headers } = await customer(api);
    const first = await api.gql<{ customerCart: { id: string } }>(CUSTOMER_CART, {}, headers);
    const second = await api.gql<{ customerCart: { id: string } }>(CUSTOMER_CART, {}, headers);
    expect(second.data!.customerCart.id).toBe(first.data!.customerCart.id);
  });
});

const BILLING = `mutation ($c: String!, $b: BillingAddressInput!) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: $b }) {
  cart { billing_address { firstname city country { code label } } shipping_addresses { city } } } }`;
const SHIPPING = `mutation ($c: String!, $s: ShippingAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [$s] }) {
  cart { shipping_addresses { firstname street city customer_notes country { code label } region { code label } } } } }`;

for (const side of ['Guest', 'Customer'] as const) {
  describe(`Magento\\GraphQl\\Quote\\${side}\\SetBillingAddressOnCartTest`, () => {
    let headers: Headers = {};
    // A customer has one active cart: each test starts with a new customer, as Magento's fixtures do.
    beforeEach(async () => {
      headers = side === 'Customer' ? (await customer(api)).headers : {};
    });

    it('testSetNewBillingAddress', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      const res = await api.gql<{ setBillingAddressOnCart: { cart: { billing_address: unknown } } }>(BILLING, { c: cartId, b: { address: TORONTO } }, headers);
      expect(res.data!.setBillingAddressOnCart.cart.billing_address).toEqual({ firstname: 'Ada', city: 'Toronto', country: { code: 'CA', label: 'CA' } });
    });

    it('testSetBillingAddressWithUseForShippingParameter', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      const res = await api.gql<{ setBillingAddressOnCart: { cart: { shipping_addresses: { city: string }[] } } }>(
        BILLING,
        { c: cartId, b: { address: TORONTO, same_as_shipping: true } },
        headers,
      );
      expect(res.data!.setBillingAddressOnCart.cart.shipping_addresses).toEqual([{ city: 'Toronto' }]);
    });

    it('testSetBillingAddressWithoutAddress', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      expect(refusal(await api.gql(BILLING, { c: cartId, b: {} }, headers))).toEqual({
        message: 'The billing address must contain either "customer_address_id", "address", or "same_as_shipping".',
        category: 'graphql-input',
      });
    });

    it('testSetBillingAddressWithSameAsShippingAndMultishipping', async () => {
      // Magento's same_as_shipping before any shipping address (the part of this test the shop can replay: no multishipping).
      const cartId = await cartUpTo(headers, ['product']);
      expect(refusal(await api.gql(BILLING, { c: cartId, b: { same_as_shipping: true } }, headers)).message).toBe(
        'Could not use the "same_as_shipping" option, because the shipping address has not been set.',
      );
    });

    it('testSetNewBillingAddressWithRedundantStreetLine', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      const address = { ...TORONTO, street: ['test street 1', 'test street 2', 'test street 3'] };
      expect(refusal(await api.gql(BILLING, { c: cartId, b: { address } }, headers))).toEqual({
        message: '"Street Address" cannot contain more than 2 lines.',
        category: 'graphql-input',
      });
    });

    it('testSetBillingAddressOnNonExistentCart', async () => {
      expect(refusal(await api.gql(BILLING, { c: 'non_existent_masked_id', b: { address: TORONTO } }, headers)).message).toBe(
        'Could not find a cart with ID "non_existent_masked_id"',
      );
    });
  });

  describe(`Magento\\GraphQl\\Quote\\${side}\\SetShippingAddressOnCartTest`, () => {
    let headers: Headers = {};
    // A customer has one active cart: each test starts with a new customer, as Magento's fixtures do.
    beforeEach(async () => {
      headers = side === 'Customer' ? (await customer(api)).headers : {};
    });

    it('testSetNewShippingAddressOnCartWithSimpleProduct', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      const res = await api.gql<{ setShippingAddressesOnCart: { cart: { shipping_addresses: unknown[] } } }>(
        SHIPPING,
        { c: cartId, s: { address: TORONTO, customer_notes: 'Test note' } },
        headers,
      );
      expect(res.data!.setShippingAddressesOnCart.cart.shipping_addresses).toEqual([
        {
          firstname: 'Ada',
          street: ['12 King St W'],
          city: 'Toronto',
          customer_notes: 'Test note',
          country: { code: 'CA', label: 'CA' },
          region: { code: 'ON', label: 'Ontario' },
        },
      ]);
    });

    it('testSetNewShippingAddressWithRedundantStreetLine', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      const address = { ...TORONTO, street: ['test street 1', 'test street 2', 'test street 3'] };
      expect(refusal(await api.gql(SHIPPING, { c: cartId, s: { address } }, headers)).message).toBe('"Street Address" cannot contain more than 2 lines.');
    });

    it('testSetShippingAddressToNonExistentCart', async () => {
      expect(refusal(await api.gql(SHIPPING, { c: 'non_existent_masked_id', s: { address: TORONTO } }, headers)).message).toBe(
        'Could not find a cart with ID "non_existent_masked_id"',
      );
    });

    it('testSetShippingAddressWithoutAddress', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      expect(refusal(await api.gql(SHIPPING, { c: cartId, s: {} }, headers)).message).toBe(
        'The shipping address must contain either "customer_address_id" or "address".',
      );
    });
  });
}

describe('Magento\\GraphQl\\Quote\\Guest\\SetShippingAddressOnCartTest', () => {
  it('testSetShippingAddressFromAddressBook (a guest naming an address book entry)', async () => {
    const cartId = await cartUpTo({}, ['product']);
    expect(refusal(await api.gql(SHIPPING, { c: cartId, s: { customer_address_id: 1 } }))).toEqual({
      message: "The current customer isn't authorized.",
      category: 'graphql-authorization',
    });
  });
});

const PAYMENT =
  'mutation ($c: String!, $p: String!) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: $p } }) { cart { selected_payment_method { code } } } }';

for (const side of ['Guest', 'Customer'] as const) {
  describe(`Magento\\GraphQl\\Quote\\${side}\\SetPaymentMethodOnCartTest`, () => {
    let headers: Headers = {};
    // A customer has one active cart: each test starts with a new customer, as Magento's fixtures do.
    beforeEach(async () => {
      headers = side === 'Customer' ? (await customer(api)).headers : {};
    });

    it('testSetPaymentOnCartWithSimpleProduct', async () => {
      const cartId = await cartUpTo(headers, ['product', 'shipping', 'billing']);
      const res = await api.gql<{ setPaymentMethodOnCart: { cart: { selected_payment_method: { code: string } } } }>(
        PAYMENT,
        { c: cartId, p: 'checkmo' },
        headers,
      );
      expect(res.data!.setPaymentMethodOnCart.cart.selected_payment_method.code).toBe('checkmo');
    });

    it('testSetPaymentOnCartWithSimpleProductAndWithoutAddress', async () => {
      const cartId = await cartUpTo(headers, ['product']);
      expect(refusal(await api.gql(PAYMENT, { c: cartId, p: 'checkmo' }, headers))).toEqual({
        message: 'The shipping address is missing. Set the address and try again.',
        category: 'graphql-input',
      });
    });

    it('testSetNonExistentPaymentMethod', async () => {
      const cartId = await cartUpTo(headers, ['product', 'shipping', 'billing']);
      expect(refusal(await api.gql(PAYMENT, { c: cartId, p: 'noway' }, headers)).message).toBe('The requested Payment Method is not available.');
    });

    it('testSetPaymentMethodToNonExistentCart', async () => {
      expect(refusal(await api.gql(PAYMENT, { c: 'non_existent_masked_id', p: 'checkmo' }, headers)).message).toBe(
        'Could not find a cart with ID "non_existent_masked_id"',
      );
    });
  });
}
