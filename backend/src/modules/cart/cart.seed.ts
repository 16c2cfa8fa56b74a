/**
 * Deterministic cart seed (runs after the customer seed, on a fresh database).
 *
 * Coupons: WELCOME10 (10 % off), FREESHIP (free shipping), SAVE20 (20 USD off the cart),
 *          SPRING2024 (expired on 2024-06-01).
 * Guest cart id 1 (window.shopper@example.com, one Aurora Cat-Eye): the abandoned cart whose
 * reminder link the eyewear seed issues.
 */
import { seedMethodTitles } from './method-titles';
import type { Transaction } from '../../db/database';
import { customOptionsOf, findProductBySku } from '../catalog/catalog-lookup';
import type { ProductChoiceInput } from '../catalog/product-choice';
import { SEEDED_AT } from '../customer/customer.seed';
import { addCartItem } from './cart-items.queries';
import { createCart } from './cart.queries';

/** The abandoned guest cart is the first cart, so its id is 1 (the reminder link names it). */
export const SEED_ABANDONED_CART_ID = 1;

/** Uids of a frame's lens option values, by title (option ids differ from frame to frame). */
export async function lensValues(tx: Transaction, sku: string, titles: string[]): Promise<{ selected: string[]; prescriptionUid: string }> {
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

/** Aurora Cat-Eye, Black (configurable/93/50), M (configurable/144/172), non-prescription lenses. */
export async function seededFrameChoice(tx: Transaction): Promise<ProductChoiceInput> {
  const plain = await lensValues(tx, 'LN1001', ['Non-prescription', '1.50 Standard']);
  return { sku: 'LN1001', quantity: 1, selected_options: ['Y29uZmlndXJhYmxlLzkzLzUw', 'Y29uZmlndXJhYmxlLzE0NC8xNzI=', ...plain.selected] };
}

export async function seedCarts(tx: Transaction): Promise<void> {
  await seedMethodTitles(tx);
  const seededAt = SEEDED_AT;
  const abandoned = await createCart(tx, null, 'ca', seededAt);
  if (abandoned.id !== SEED_ABANDONED_CART_ID) throw new Error(`Commerce seed: the abandoned cart has id ${abandoned.id}, not ${SEED_ABANDONED_CART_ID}`);
  await addCartItem(tx, abandoned, await seededFrameChoice(tx), seededAt);
  await tx.query('UPDATE cart SET email = $2 WHERE id = $1', [abandoned.id, 'window.shopper@example.com']);

  await tx.query(
    `INSERT INTO coupon (code, label, kind, amount, expires_at) VALUES
       ('WELCOME10', 'Welcome 10% off', 'percent', 10, NULL),
       ('FREESHIP', 'Free shipping', 'free_shipping', 0, NULL),
       ('SAVE20', '20 off your order', 'fixed', 20, NULL),
       ('SPRING2024', 'Spring 2024 sale', 'percent', 15, '2024-06-01T00:00:00Z')`,
  );
}
