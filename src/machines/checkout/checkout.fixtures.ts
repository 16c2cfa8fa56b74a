/** A Canadian shipping address (Ontario), for the checkout machine's tests. */
import type { Address } from './checkout.types';

export const FIXTURE_ADDRESS: Address = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['1 King St'],
  city: 'Toronto',
  region_code: 'ON',
  postcode: 'M5H 1A1',
  telephone: '4165550100',
  email: 'ada@example.com',
};
