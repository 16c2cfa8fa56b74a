import type { Transaction } from '../../db/database';
import storeViews from './store-views.json' with { type: 'json' };

export interface StoreViewSeed {
  id: number;
  code: string;
  name: string;
  currency: string;
  locale: string;
  timezone: string;
  weightUnit: string;
}

/**
 * The 13 store views of spec §3 (code, id, currency) with their names and locales (store-views.json). `ca` is the
 * default store view (no `Store` header), locale en_CA. Prices are kept in USD (the base currency)
 * and converted with the rates below.
 */
export const STORE_VIEW_SEED: StoreViewSeed[] = storeViews;

export const DEFAULT_STORE_CODE = 'ca';
export const BASE_CURRENCY = 'USD';
/** Root category of every store view (Magento's "Default Category"). */
export const ROOT_CATEGORY_ID = 2;

/** Fixed rates from the base currency, so that the seed (and every price) is deterministic. */
export const EXCHANGE_RATES: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  HKD: 7.8,
  MXN: 17.2,
  AUD: 1.52,
  CAD: 1.37,
  CHF: 0.88,
};

export async function seedStoreViews(tx: Transaction): Promise<void> {
  for (const [index, s] of STORE_VIEW_SEED.entries()) {
    await tx.query(
      `INSERT INTO store_view (id, code, name, website_id, website_code, group_code, locale, base_currency,
         display_currency, timezone, weight_unit, is_default, root_category_id, sort_order)
       VALUES ($1, $2, $3, 1, 'base', 'main_website_store', $4, $5, $6, $7, $8, $9, $10, $11)`,
      [s.id, s.code, s.name, s.locale, BASE_CURRENCY, s.currency, s.timezone, s.weightUnit, s.code === DEFAULT_STORE_CODE, ROOT_CATEGORY_ID, index],
    );
  }
  for (const [target, rate] of Object.entries(EXCHANGE_RATES)) {
    await tx.query('INSERT INTO currency_rate (base, target, rate) VALUES ($1, $2, $3)', [BASE_CURRENCY, target, rate]);
  }
}
