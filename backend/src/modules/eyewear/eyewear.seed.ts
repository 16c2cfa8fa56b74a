/**
 * Deterministic seed of the shop's eyewear extension (runs last, on a fresh database).
 *
 * - ada@example.com: a saved prescription, a stock alert on LN1002-TRT-S.
 * Abandoned-cart link (guest cart id 1, one Aurora Cat-Eye):
 *   /ca/abandonedcart/checkout/cart/id/1/token/5eed0abandoned0cart0token0000001/  (valid until 2036)
 * Prescription-fix link of order #000000001:
 *   /ca/prescriptionfix/000000001/5eed0prescription0fix0key0000001
 */
import type { Transaction } from '../../db/database';
import { findProductBySku } from '../catalog/catalog-lookup';
import { validatePrescription } from '../../shared/prescription-input';
import { SEED_ABANDONED_CART_ID } from '../cart/cart.seed';
import { ADA_PRESCRIPTION } from '../checkout/checkout.seed';
import { findOrderByNumber, issuePrescriptionFixKey } from '../checkout/order.queries';
import { findCustomerByEmail } from '../customer/customer.queries';
import { SEEDED_AT } from '../customer/customer.seed';
import { issueAbandonedCartToken } from './abandoned-cart.queries';
import { subscribeAlert } from './product-alert.queries';
import { insertSavedPrescription } from './saved-prescription.queries';

export const SEED_ABANDONED_CART_TOKEN = '5eed0abandoned0cart0token0000001';
export const SEED_PRESCRIPTION_FIX_KEY = '5eed0prescription0fix0key0000001';

export async function seedEyewear(tx: Transaction): Promise<void> {
  const seededAt = SEEDED_AT;
  await issueAbandonedCartToken(tx, SEED_ABANDONED_CART_ID, seededAt, SEED_ABANDONED_CART_TOKEN, 3650);
  await issuePrescriptionFixKey(tx, (await findOrderByNumber(tx, '000000001'))!.id, SEED_PRESCRIPTION_FIX_KEY);
  const ada = (await findCustomerByEmail(tx, 'ada@example.com'))!;
  await insertSavedPrescription(tx, ada.id, 'Distance glasses 2025', validatePrescription(ADA_PRESCRIPTION, seededAt), seededAt);
  const outOfStock = await findProductBySku(tx, 'LN1002-TRT-S');
  if (outOfStock) await subscribeAlert(tx, ada.id, outOfStock.id, 'stock', outOfStock.priceUsd, 'ca', seededAt);
}
