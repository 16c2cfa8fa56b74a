import type { Transaction } from '../../db/database';
import { insertRows } from '../../db/insert-rows';
import { COUNTRY_SETTINGS } from './country-settings';

/**
 * The shop's shipping settings (ADR 040), kept where Magento keeps them (`core_config_data`).
 *
 * - `carriers/freeshipping/free_shipping_subtotal`: Magento's "Minimum Order Amount" for free
 *   shipping, one per store view, in that view's own currency (a round amount the merchant chose,
 *   not 100 USD converted): the totals, the shipping methods, the refusal and the shipping policy
 *   page all read it. A view without it gets free shipping only from a free-shipping coupon.
 * - `carriers/freeshipping/tax_including`: Magento's "Include Tax to Amount" (1: the cart's
 *   subtotal after discount is compared with its tax included, Magento's
 *   `BaseSubtotalWithDiscountInclTax`). Set in the views that show cart prices including tax, so
 *   the threshold is compared with the amounts the shopper sees (ADR 040).
 * - `lunette/lab/working_days`: the working days the lab takes to make prescription lenses, added to
 *   every delivery estimate of a cart that holds a line with a prescription (spec §2 checkout,
 *   delivery estimates) and stated on the shipping policy page. One setting for the shop; a store
 *   view may override it with its own row.
 */
export const FREE_SHIPPING_SUBTOTAL_PATH = 'carriers/freeshipping/free_shipping_subtotal';
export const FREE_SHIPPING_TAX_INCLUDING_PATH = 'carriers/freeshipping/tax_including';
export const LAB_WORKING_DAYS_PATH = 'lunette/lab/working_days';

/** The lab's working days when no store view says otherwise. */
export const LAB_WORKING_DAYS = 5;

/** The free-shipping subtotal by the store view's currency: round amounts in each currency. */
export const FREE_SHIPPING_SUBTOTALS: Readonly<Record<string, number>> = {
  USD: 100,
  EUR: 92,
  GBP: 80,
  HKD: 800,
  MXN: 1700,
  AUD: 150,
  CAD: 137,
  CHF: 90,
};

export async function seedShippingSettings(tx: Transaction): Promise<void> {
  const views = (await tx.query<{ id: number; code: string; display_currency: string }>('SELECT id, code, display_currency FROM store_view ORDER BY id')).rows;
  await insertRows(
    tx,
    'core_config_data',
    views.flatMap((v) => {
      const subtotal = FREE_SHIPPING_SUBTOTALS[v.display_currency];
      if (subtotal === undefined) return [];
      const row = { store_id: v.id, path: FREE_SHIPPING_SUBTOTAL_PATH, value: subtotal.toFixed(2) };
      return COUNTRY_SETTINGS[v.code]?.includingTax ? [row, { store_id: v.id, path: FREE_SHIPPING_TAX_INCLUDING_PATH, value: '1' }] : [row];
    }),
  );
}

/** The store view's free-shipping subtotal in its currency, or null when it has none. */
export function freeShippingSubtotalOf(config: ReadonlyMap<string, string>): number | null {
  const value = Number(config.get(FREE_SHIPPING_SUBTOTAL_PATH) ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Whether the free-shipping subtotal is compared with the cart's subtotal after discount including its tax (Magento's "Include Tax to Amount"). */
export const freeShippingIncludesTax = (config: ReadonlyMap<string, string>): boolean => config.get(FREE_SHIPPING_TAX_INCLUDING_PATH) === '1';

/** The lab's working days for prescription lenses (the store view's row, else the shop's). */
export function labWorkingDaysOf(config: ReadonlyMap<string, string>): number {
  const value = Number(config.get(LAB_WORKING_DAYS_PATH) ?? Number.NaN);
  return Number.isInteger(value) && value >= 0 ? value : LAB_WORKING_DAYS;
}
