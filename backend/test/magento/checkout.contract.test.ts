// Magento's API-functional tests for a cart's checkout choices (dev/tests/api-functional/testsuite/
// Magento/GraphQl/Quote/{Guest,Customer}: selected shipping and payment methods, available payment
// methods) replayed against the embedded backend with the shop's seeded data (ADR 036). The shop's flat
// rate is titled by its own settings ("Standard shipping — Tracked parcel", 9.95 USD answered in the
// default store view's CAD, free from its free-shipping subtotal), not Magento's admin defaults ("Flat Rate — Fixed", 10 USD): the assertions
// keep Magento's fields with our values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommerceBackend, type CommerceTestBackend } from '../commerce-test-kit';
import {
  addSimpleProduct,
  createEmptyCart,
  customer,
  expectRefusedToOther,
  type Holder,
  refusal,
  setCheckmoPaymentMethod,
  setFlatrateShippingMethod,
  setNewShippingAddress,
  type Headers,
} from './magento-fixtures';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 240_000);
afterAll(() => api.close());

const NON_EXISTENT = 'Could not find a cart with ID "non_existent_masked_id"';

/** A cart of this side with the simple product and the new shipping address (and more fixtures on request). */
async function shippableCart(headers: Headers, more: ('method' | 'payment')[] = []): Promise<string> {
  const cartId = await createEmptyCart(api, headers);
  await addSimpleProduct(api, cartId, headers);
  await setNewShippingAddress(api, cartId, headers);
  if (more.includes('method')) await setFlatrateShippingMethod(api, cartId, headers);
  if (more.includes('payment')) await setCheckmoPaymentMethod(api, cartId, headers);
  return cartId;
}

const SELECTED_SHIPPING = `query ($c: String!) { cart(cart_id: $c) { shipping_addresses {
  available_shipping_methods { carrier_code method_code }
  selected_shipping_method { carrier_code method_code carrier_title method_title amount { value currency } } } } }`;
type SelectedShipping = { cart: { shipping_addresses: { selected_shipping_method: Record<string, unknown> | null }[] } };

const AVAILABLE_PAYMENT = 'query ($c: String!) { cart(cart_id: $c) { available_payment_methods { code title } } }';
const SELECTED_PAYMENT = 'query ($c: String!) { cart(cart_id: $c) { selected_payment_method { code } } }';

for (const side of ['Guest', 'Customer'] as const) {
  const sideHeaders = async (): Promise<Headers> => (side === 'Customer' ? (await customer(api)).headers : {});

  describe(`Magento\\GraphQl\\Quote\\${side}\\GetSelectedShippingMethodTest`, () => {
    // Customer's variant is testGetSelectedShippingMethodWithoutTax (the shop's shipping carries no tax in Ontario's rates here).
    it(side === 'Guest' ? 'testGetSelectedShippingMethod' : 'testGetSelectedShippingMethodWithoutTax', async () => {
      const headers = await sideHeaders();
      const cartId = await shippableCart(headers, ['method']);
      const res = await api.gql<SelectedShipping>(SELECTED_SHIPPING, { c: cartId }, headers);
      expect(res.data!.cart.shipping_addresses).toHaveLength(1);
      expect(res.data!.cart.shipping_addresses[0]!.selected_shipping_method).toEqual({
        carrier_code: 'flatrate',
        method_code: 'flatrate',
        carrier_title: 'Standard shipping',
        method_title: 'Tracked parcel',
        // The cart's frame is over the ca view's free-shipping subtotal (137.00 CAD): the one standard parcel is free (ADR 040).
        amount: { value: 0, currency: 'CAD' },
      });
    });

    it('testGetSelectedShippingMethodBeforeSet', async () => {
      const headers = await sideHeaders();
      const cartId = await shippableCart(headers);
      const res = await api.gql<SelectedShipping>(SELECTED_SHIPPING, { c: cartId }, headers);
      expect(res.data!.cart.shipping_addresses).toHaveLength(1);
      expect(res.data!.cart.shipping_addresses[0]!.selected_shipping_method).toBeNull();
    });

    it(side === 'Guest' ? 'testGetSelectedShippingMethodOfNonExistentCart' : 'testGetGetSelectedShippingMethodOfNonExistentCart', async () => {
      expect(refusal(await api.gql(SELECTED_SHIPPING, { c: 'non_existent_masked_id' }, await sideHeaders())).message).toBe(NON_EXISTENT);
    });
  });

  describe(`Magento\\GraphQl\\Quote\\${side}\\GetSelectedShippingMethodTest`, () => {
    it('testGetGetSelectedShippingMethodIfShippingMethodIsNotSet', async () => {
      const headers = await sideHeaders();
      const cartId = await shippableCart(headers);
      const res = await api.gql<SelectedShipping>(SELECTED_SHIPPING, { c: cartId }, headers);
      expect(res.data!.cart.shipping_addresses[0]!.selected_shipping_method).toBeNull();
    });
  });

  describe(`Magento\\GraphQl\\Quote\\${side}\\GetAvailablePaymentMethodsTest`, () => {
    it('testGetAvailablePaymentMethods', async () => {
      const headers = await sideHeaders();
      const cartId = await shippableCart(headers);
      const res = await api.gql<{ cart: { available_payment_methods: { code: string; title: string }[] } }>(AVAILABLE_PAYMENT, { c: cartId }, headers);
      // Magento's test reads checkmo first; the shop lists its hosted card payment first (ADR 011), checkmo after.
      expect(res.data!.cart.available_payment_methods).toContainEqual({ code: 'checkmo', title: 'Check / Money order' });
    });

    it('testGetAvailablePaymentMethodsOfNonExistentCart', async () => {
      expect(refusal(await api.gql(AVAILABLE_PAYMENT, { c: 'non_existent_masked_id' }, await sideHeaders())).message).toBe(NON_EXISTENT);
    });
  });

  describe(`Magento\\GraphQl\\Quote\\${side}\\GetSelectedPaymentMethodTest`, () => {
    it('testGetSelectedPaymentMethod', async () => {
      const headers = await sideHeaders();
      const cartId = await shippableCart(headers, ['payment']);
      const res = await api.gql<{ cart: { selected_payment_method: { code: string } } }>(SELECTED_PAYMENT, { c: cartId }, headers);
      expect(res.data!.cart.selected_payment_method.code).toBe('checkmo');
    });

    it('testGetSelectedPaymentMethodBeforeSet', async () => {
      const headers = await sideHeaders();
      const cartId = await shippableCart(headers);
      const res = await api.gql<{ cart: { selected_payment_method: { code: string } } }>(SELECTED_PAYMENT, { c: cartId }, headers);
      expect(res.data!.cart.selected_payment_method.code).toBe('');
    });

    it('testGetSelectedPaymentMethodFromNonExistentCart', async () => {
      expect(refusal(await api.gql(SELECTED_PAYMENT, { c: 'non_existent_masked_id' }, await sideHeaders())).message).toBe(NON_EXISTENT);
    });
  });
}

/** Magento's `_security` cases of these classes: the method name's stem, its query and the fixtures it stacks. */
const refused = (query: string, more: ('method' | 'payment')[], owner: Holder, asker: Holder) => () =>
  expectRefusedToOther(api, (headers) => shippableCart(headers, more), { owner, asker, query });

describe('Magento\\GraphQl\\Quote\\Guest\\GetSelectedShippingMethodTest', () => {
  it('testGetSelectedShippingMethodFromCustomerCart', refused(SELECTED_SHIPPING, ['method'], 'customer', 'guest'));
});

describe('Magento\\GraphQl\\Quote\\Guest\\GetAvailablePaymentMethodsTest', () => {
  it('testGetAvailablePaymentMethodsFromCustomerCart', refused(AVAILABLE_PAYMENT, [], 'customer', 'guest'));
});

describe('Magento\\GraphQl\\Quote\\Guest\\GetSelectedPaymentMethodTest', () => {
  it('testGetSelectedPaymentMethodFromCustomerCart', refused(SELECTED_PAYMENT, ['payment'], 'customer', 'guest'));
});

describe('Magento\\GraphQl\\Quote\\Customer\\GetSelectedShippingMethodTest', () => {
  it('testGetSelectedShippingMethodFromGuestCart', refused(SELECTED_SHIPPING, ['method'], 'guest', 'customer'));
  it('testGetSelectedShippingMethodFromAnotherCustomerCart', refused(SELECTED_SHIPPING, ['method'], 'customer', 'customer'));
});

describe('Magento\\GraphQl\\Quote\\Customer\\GetAvailablePaymentMethodsTest', () => {
  it('testGetAvailablePaymentMethodsFromGuestCart', refused(AVAILABLE_PAYMENT, [], 'guest', 'customer'));
  it('testGetAvailablePaymentMethodsFromAnotherCustomerCart', refused(AVAILABLE_PAYMENT, [], 'customer', 'customer'));
});

describe('Magento\\GraphQl\\Quote\\Customer\\GetSelectedPaymentMethodTest', () => {
  it('testGetSelectedPaymentMethodFromGuestCart', refused(SELECTED_PAYMENT, ['payment'], 'guest', 'customer'));
  it('testGetSelectedPaymentMethodFromAnotherCustomerCart', refused(SELECTED_PAYMENT, ['payment'], 'customer', 'customer'));
});
