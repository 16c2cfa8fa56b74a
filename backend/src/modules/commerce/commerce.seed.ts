/**
 * Deterministic commerce seed (runs after the store and catalog seeds, on a fresh database).
 *
 * Sign-in accounts (password for all three: Eyewear!2026):
 * - ada@example.com   Ada Lovelace, Toronto ON address (default shipping + billing), 2 past orders
 *                     (#000000001 with lenses and a prescription, #000000002), a saved prescription,
 *                     a stock alert on LN1002-TRT-S, LN1005 in her wishlist.
 * - grace@example.com Grace Hopper, Paris address, 1 past order (#000000003, fr store view, EUR).
 * - alan@example.com  Alan Turing, no address, no orders.
 * Coupons: WELCOME10 (10 % off), FREESHIP (free shipping), SAVE20 (20 USD off the cart),
 *          SPRING2024 (expired on 2024-06-01).
 * Abandoned-cart link (guest cart id 1, one Aurora Cat-Eye):
 *   /ca/abandonedcart/checkout/cart/id/1/token/5eed0abandoned0cart0token0000001/  (valid until 2036)
 * Prescription-fix link of order #000000001:
 *   /ca/prescriptionfix/000000001/5eed0prescription0fix0key0000001
 */
import type { Transaction } from '../../db/database';
import type { BackendConfig } from '../../graphql/context';
import { issueAbandonedCartToken } from './abandoned-carts';
import type { StoredAddress } from './addresses';
import { addCartItem } from './cart-items';
import { createCart, type CartRow } from './carts';
import { placeOrderFromCart, saveBillingAddress, savePaymentMethod, saveShippingAddress, saveShippingMethod } from './checkout';
import type { CommerceDeps } from './commerce-deps';
import { insertCustomerAddress } from './customer-addresses';
import { createCustomer } from './customers';
import { issuePrescriptionFixKey } from './prescription-fix';
import { validatePrescription } from './prescription-rules';
import { subscribeAlert } from './product-alerts';
import { insertSavedPrescription } from './saved-prescriptions';
import { addWishlistItem, wishlistOf } from './wishlists';
import { customOptionsOf, findProductBySku } from '../catalog/catalog-lookup';

export const SEED_PASSWORD = 'Eyewear!2026';
export const SEED_ABANDONED_CART_TOKEN = '5eed0abandoned0cart0token0000001';
export const SEED_PRESCRIPTION_FIX_KEY = '5eed0prescription0fix0key0000001';

/** Uids of a frame's lens option values, by title (option ids differ from frame to frame). */
async function lensValues(tx: Transaction, sku: string, titles: string[]): Promise<{ selected: string[]; prescriptionUid: string }> {
  const product = await findProductBySku(tx, sku);
  if (!product) throw new Error(`Commerce seed: the catalog has no ${sku}`);
  const options = await customOptionsOf(tx, product.id);
  const selected = titles.map((title) => {
    const value = options.flatMap((o) => (o.type === 'area' || o.type === 'field' ? [] : o.values)).find((v) => v.title === title);
    if (!value) throw new Error(`Commerce seed: ${sku} has no lens option "${title}"`);
    return value.uid;
  });
  const prescription = options.find((o) => o.title === 'Prescription');
  return { selected, prescriptionUid: prescription?.uid ?? '' };
}

const ADA_ADDRESS: StoredAddress = {
  firstname: 'Ada', lastname: 'Lovelace', middlename: null, prefix: null, suffix: null, company: null, street: ['12 King St W'], city: 'Toronto',
  region: 'Ontario', region_code: 'ON', region_id: 74, postcode: 'M5H 1A1', country_code: 'CA', telephone: '4165550100', fax: null, vat_id: null,
};
const GRACE_ADDRESS: StoredAddress = {
  firstname: 'Grace', lastname: 'Hopper', middlename: null, prefix: null, suffix: null, company: null, street: ['8 Rue de Rivoli'], city: 'Paris',
  region: 'Île-de-France', region_code: 'Île-de-France', region_id: null, postcode: '75004', country_code: 'FR', telephone: '0140000000', fax: null, vat_id: null,
};

const ADA_PRESCRIPTION = {
  usage: 'SINGLE_VISION_DISTANCE', exam_date: '2025-09-15',
  od: { sph: -2.25, cyl: -0.5, axis: 90 }, os: { sph: -2, cyl: 0 }, pd: { single: 63 },
};

function fixedClock(iso: string): CommerceDeps {
  return { clock: { now: () => new Date(iso) }, log: () => undefined };
}

async function seedOrder(tx: Transaction, cart: CartRow, address: StoredAddress, items: Parameters<typeof addCartItem>[2][], at: string, origin: string) {
  const deps = fixedClock(at);
  const now = deps.clock.now();
  for (const item of items) {
    const error = await addCartItem(tx, cart, item, now);
    if (error) throw new Error(`Commerce seed: ${item.sku}: ${error.message}`);
  }
  let current = await saveShippingAddress(tx, cart, address, now);
  current = await saveBillingAddress(tx, current, 'same_as_shipping', now);
  current = await saveShippingMethod(tx, current, 'flatrate', 'flatrate', now);
  current = await savePaymentMethod(tx, current, 'checkmo', null, now);
  return placeOrderFromCart(tx, current, deps, origin);
}

export async function seedCommerce(tx: Transaction, config: BackendConfig): Promise<void> {
  const origin = config.publicOrigin ?? 'http://127.0.0.1:8080';
  const seededAt = new Date('2026-01-10T09:00:00Z');
  const plain = await lensValues(tx, 'LN1001', ['Non-prescription', '1.50 Standard']);
  // Aurora Cat-Eye, Black (configurable/93/50), M (configurable/144/172), non-prescription lenses.
  const frame = { sku: 'LN1001', quantity: 1, selected_options: ['Y29uZmlndXJhYmxlLzkzLzUw', 'Y29uZmlndXJhYmxlLzE0NC8xNzI=', ...plain.selected] };

  // The abandoned guest cart first, so its id is 1 (the link above).
  const abandoned = await createCart(tx, null, 'ca', seededAt);
  await addCartItem(tx, abandoned, frame, seededAt);
  await tx.query('UPDATE cart SET email = $2 WHERE id = $1', [abandoned.id, 'window.shopper@example.com']);
  await issueAbandonedCartToken(tx, abandoned.id, seededAt, SEED_ABANDONED_CART_TOKEN, 3650);

  const ada = await createCustomer(tx, { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', password: SEED_PASSWORD, is_subscribed: true }, 'ca', seededAt);
  const grace = await createCustomer(tx, { email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper', password: SEED_PASSWORD }, 'fr', seededAt);
  await createCustomer(tx, { email: 'alan@example.com', firstname: 'Alan', lastname: 'Turing', password: SEED_PASSWORD }, 'ca', seededAt);
  await insertCustomerAddress(tx, ada.id, ADA_ADDRESS, seededAt, { default_billing: true, default_shipping: true });
  await insertCustomerAddress(tx, grace.id, GRACE_ADDRESS, seededAt, { default_billing: true, default_shipping: true });

  await tx.query(
    `INSERT INTO coupon (code, label, kind, amount, expires_at) VALUES
       ('WELCOME10', 'Welcome 10% off', 'percent', 10, NULL),
       ('FREESHIP', 'Free shipping', 'free_shipping', 0, NULL),
       ('SAVE20', '20 off your order', 'fixed', 20, NULL),
       ('SPRING2024', 'Spring 2024 sale', 'percent', 15, '2024-06-01T00:00:00Z')`,
  );

  const lenses = await lensValues(tx, 'LN1001', ['Single vision – distance', '1.59 Polycarbonate', 'Anti-reflective']);
  const first = await seedOrder(tx, await createCart(tx, ada.id, 'ca', seededAt), ADA_ADDRESS, [{
    sku: 'LN1001-BLK-M', parent_sku: 'LN1001', quantity: 1,
    selected_options: lenses.selected,
    entered_options: [{ uid: lenses.prescriptionUid, value: JSON.stringify(ADA_PRESCRIPTION) }],
  }], '2026-01-15T14:30:00Z', origin);
  await issuePrescriptionFixKey(tx, first.id, SEED_PRESCRIPTION_FIX_KEY);
  await seedOrder(tx, await createCart(tx, ada.id, 'ca', seededAt), ADA_ADDRESS, [{ sku: 'LN1003-GUN-S', quantity: 2, selected_options: (await lensValues(tx, 'LN1003', ['Non-prescription', '1.50 Standard'])).selected }], '2026-02-03T10:05:00Z', origin);
  await seedOrder(tx, await createCart(tx, grace.id, 'fr', seededAt), GRACE_ADDRESS, [frame], '2026-02-20T16:45:00Z', origin);

  await insertSavedPrescription(tx, ada.id, 'Distance glasses 2025', validatePrescription(ADA_PRESCRIPTION, seededAt), seededAt);
  const outOfStock = await findProductBySku(tx, 'LN1002-TRT-S');
  if (outOfStock) await subscribeAlert(tx, ada.id, outOfStock.id, 'stock', outOfStock.priceUsd, 'ca', seededAt);
  await addWishlistItem(tx, await wishlistOf(tx, ada.id, seededAt), { sku: 'LN1005-GLD-M', quantity: 1 }, seededAt);
}
