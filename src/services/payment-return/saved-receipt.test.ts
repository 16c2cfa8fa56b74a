import { describe, expect, it } from 'vitest';
import type { Address } from '../../machines/checkout/checkout.types';
import { createBrowserStorage } from '../storage/browser-storage';
import { CHECKOUT_KEYS, STORAGE_KEYS } from '../storage/storage-keys';
import { createAccountPathOf, receiptOf, takeSavedReceipt } from './saved-receipt';

const ADDRESS: Address = {
  firstname: 'Mary',
  lastname: 'Shelley',
  street: ['1 Main St'],
  city: 'Toronto',
  region_code: 'ON',
  postcode: 'M5H 1A1',
  telephone: '4165550000',
  country_id: 'CA',
  email: 'mary+shop@example.com',
};

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, storage: createBrowserStorage({ getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }) };
}

describe('receipt of an approved hosted payment', () => {
  it('spec §4 order accepted: the saved shipping address becomes the receipt, then the saved checkout data is cleared', () => {
    const { storage, map } = memoryStorage();
    storage.setItem(STORAGE_KEYS.shippingAddress, ADDRESS);
    storage.setItem(STORAGE_KEYS.billingAddress, ADDRESS);
    storage.setItem(STORAGE_KEYS.paymentMethod, { code: 'lunettepay_card' });
    storage.setItem(STORAGE_KEYS.shippingMethod, { carrier_code: 'flatrate' });
    storage.setItem(STORAGE_KEYS.availableShippingMethods, []);
    storage.setItem('cartId_ca', 'keep-me');
    expect(takeSavedReceipt(storage, '000000042')).toEqual({ orderNumber: '000000042', shippingAddress: ADDRESS });
    for (const key of CHECKOUT_KEYS) expect(map.has(key)).toBe(false);
    expect(map.has('cartId_ca')).toBe(true);
  });

  it('without a saved address the receipt still names the order', () => {
    const { storage } = memoryStorage();
    storage.setItem(STORAGE_KEYS.shippingAddress, 'not an address');
    expect(takeSavedReceipt(storage, '7')).toEqual({ orderNumber: '7', shippingAddress: null });
  });

  it('a receipt handed through router state is checked before it is shown', () => {
    expect(receiptOf({ orderNumber: '000000042', shippingAddress: ADDRESS })).toEqual({ orderNumber: '000000042', shippingAddress: ADDRESS });
    expect(receiptOf({ orderNumber: '000000042', shippingAddress: { street: 'x' } })).toEqual({ orderNumber: '000000042', shippingAddress: null });
    expect(receiptOf({ orderNumber: 42 })).toBeNull();
    expect(receiptOf(null)).toBeNull();
  });

  it('spec §2/§6: a guest is offered /create-account with email, firstName and lastName from the shipping address', () => {
    const path = createAccountPathOf({ orderNumber: '1', shippingAddress: ADDRESS }, false);
    expect(path).toBe('/create-account?email=mary%2Bshop%40example.com&firstName=Mary&lastName=Shelley');
    const params = new URLSearchParams(path!.split('?')[1]);
    expect(Object.fromEntries(params)).toEqual({ email: 'mary+shop@example.com', firstName: 'Mary', lastName: 'Shelley' });
  });

  it('spec §6: a signed-in customer, or an address without email, gets no account offer', () => {
    expect(createAccountPathOf({ orderNumber: '1', shippingAddress: ADDRESS }, true)).toBeNull();
    expect(createAccountPathOf({ orderNumber: '1', shippingAddress: { ...ADDRESS, email: null } }, false)).toBeNull();
    expect(createAccountPathOf(null, false)).toBeNull();
  });
});
