/**
 * Deterministic customer seed (runs after the store and catalog seeds, on a fresh database).
 *
 * Sign-in accounts (password for all three: Eyewear!2026):
 * - ada@example.com   Ada Lovelace, Toronto ON address (default shipping + billing), LN1005 in her
 *                     wishlist; her orders, saved prescription and stock alert come with the
 *                     checkout and eyewear seeds.
 * - grace@example.com Grace Hopper, Paris address (an order comes with the checkout seed).
 * - alan@example.com  Alan Turing, no address, no orders.
 */
import type { Transaction } from '../../db/database';
import { insertCustomerAddress } from './address-book.queries';
import type { StoredAddress } from './addresses';
import { createCustomer } from './customer.queries';
import { addWishlistItem, wishlistOf } from './wishlist.queries';

export const SEED_PASSWORD = 'Eyewear!2026';
/** When seeded records were made. */
export const SEEDED_AT = new Date('2026-01-10T09:00:00Z');

export const ADA_ADDRESS: StoredAddress = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  middlename: null,
  prefix: null,
  suffix: null,
  company: null,
  street: ['12 King St W'],
  city: 'Toronto',
  region: 'Ontario',
  region_code: 'ON',
  region_id: 74,
  postcode: 'M5H 1A1',
  country_code: 'CA',
  telephone: '4165550100',
  fax: null,
  vat_id: null,
};
export const GRACE_ADDRESS: StoredAddress = {
  firstname: 'Grace',
  lastname: 'Hopper',
  middlename: null,
  prefix: null,
  suffix: null,
  company: null,
  street: ['8 Rue de Rivoli'],
  city: 'Paris',
  region: 'Île-de-France',
  region_code: 'Île-de-France',
  region_id: null,
  postcode: '75004',
  country_code: 'FR',
  telephone: '0140000000',
  fax: null,
  vat_id: null,
};

export async function seedCustomers(tx: Transaction): Promise<void> {
  const seededAt = SEEDED_AT;
  const ada = await createCustomer(
    tx,
    { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', password: SEED_PASSWORD, is_subscribed: true },
    'ca',
    seededAt,
  );
  const grace = await createCustomer(tx, { email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', password: SEED_PASSWORD }, 'fr', seededAt);
  await createCustomer(tx, { email: 'alan@example.com', firstname: 'Alan', lastname: 'Turing', password: SEED_PASSWORD }, 'ca', seededAt);
  await insertCustomerAddress(tx, ada.id, ADA_ADDRESS, seededAt, { default_billing: true, default_shipping: true });
  await insertCustomerAddress(tx, grace.id, GRACE_ADDRESS, seededAt, { default_billing: true, default_shipping: true });
  await addWishlistItem(tx, await wishlistOf(tx, ada.id, seededAt), { sku: 'LN1005-GLD-M', quantity: 1 }, seededAt);
}
