import { describe, expect, it } from 'vitest';
import { createBrowserStorage } from '../storage/browser-storage';
import { readSavedCheckout, shippingMethodsOf } from './checkout.actors';

/** A shipping method as the cart answers it (no delivery estimate). */
const FLAT_RATE = {
  carrier_code: 'flatrate',
  carrier_title: 'Flat Rate',
  method_code: 'flatrate',
  method_title: 'Fixed',
  amount: { currency: 'CAD' as const, value: 5 },
  available: true,
  error_message: null,
};
const FLAT_RATE_ANSWER = { ...FLAT_RATE, lunette_delivery_days: null };

describe('checkout actors', () => {
  it('spec §3: shipping methods of the first shipping address, also exposed as code and title', () => {
    const methods = shippingMethodsOf({
      id: 'c1',
      shipping_addresses: [
        {
          street: ['1 Main'],
          available_shipping_methods: [FLAT_RATE_ANSWER, null],
        },
      ],
    });
    expect(methods).toEqual([{ ...FLAT_RATE, delivery_days: null, code: 'flatrate', title: 'Flat Rate' }]);
    expect(shippingMethodsOf(null)).toEqual([]);
  });

  it("each shipping method keeps the backend's delivery estimate (the module's lunette_delivery_days)", () => {
    const express = { ...FLAT_RATE_ANSWER, carrier_code: 'lunetteexpress', carrier_title: 'Express shipping', lunette_delivery_days: { min: 1, max: 2 } };
    const [method] = shippingMethodsOf({ id: 'c1', shipping_addresses: [{ street: ['1 Main'], available_shipping_methods: [express] }] });
    expect(method).toMatchObject({ carrier_title: 'Express shipping', delivery_days: { min: 1, max: 2 } });
  });

  it('spec §4 Checkout begin: saved shipping methods, billing address, payment, shipping address and method are read back; garbage is ignored', () => {
    const map = new Map<string, string>();
    const storage = createBrowserStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) });
    storage.setItem('availableShippingMethods', [{ carrier_code: 'flatrate' }]);
    storage.setItem('billing_address', { firstname: 'Ada' });
    storage.setItem('paymentMethod', 'not an object');
    map.set('shipping_address', '{broken');
    expect(readSavedCheckout(storage)).toEqual({
      availableShippingMethods: [{ carrier_code: 'flatrate' }],
      billingAddress: { firstname: 'Ada' },
      paymentMethod: null,
      shippingAddress: null,
      shippingMethod: null,
    });
  });
});
