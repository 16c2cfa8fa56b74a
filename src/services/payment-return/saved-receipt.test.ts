import { describe, expect, it } from 'vitest';
import type { Address } from '../../machines/checkout/checkout.types';
import { createAccountPathOf } from './saved-receipt';

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

describe('receipt of an approved hosted payment', () => {
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
