import type { Transaction } from '../../db/database';

/**
 * The 13 store views of spec §3 (code, id, currency) with their names and locales. `ca` is the
 * default store view (no `Store` header), locale en_CA. Prices are kept in USD (the base currency)
 * and converted with the rates below.
 */
export const STORE_VIEW_SEED = [
  { id: 1, code: 'default', name: 'Global - English', currency: 'USD', locale: 'en_US', timezone: 'America/New_York', weightUnit: 'lbs' },
  { id: 2, code: 'eu', name: 'EU - English', currency: 'EUR', locale: 'en_GB', timezone: 'Europe/Brussels', weightUnit: 'kgs' },
  { id: 3, code: 'us', name: 'US - English', currency: 'USD', locale: 'en_US', timezone: 'America/Chicago', weightUnit: 'lbs' },
  { id: 4, code: 'fr', name: 'FR - France', currency: 'EUR', locale: 'fr_FR', timezone: 'Europe/Paris', weightUnit: 'kgs' },
  { id: 5, code: 'es', name: 'ES - España', currency: 'USD', locale: 'es_ES', timezone: 'Europe/Madrid', weightUnit: 'kgs' },
  { id: 6, code: 'uk', name: 'UK - English', currency: 'GBP', locale: 'en_GB', timezone: 'Europe/London', weightUnit: 'kgs' },
  { id: 7, code: 'nl', name: 'NL - Nederland', currency: 'EUR', locale: 'nl_NL', timezone: 'Europe/Amsterdam', weightUnit: 'kgs' },
  { id: 8, code: 'hk', name: 'HK - Hong Kong', currency: 'HKD', locale: 'en_HK', timezone: 'Asia/Hong_Kong', weightUnit: 'kgs' },
  { id: 11, code: 'mx', name: 'MX - México', currency: 'MXN', locale: 'es_MX', timezone: 'America/Mexico_City', weightUnit: 'kgs' },
  { id: 12, code: 'de', name: 'DE - Deutschland', currency: 'EUR', locale: 'de_DE', timezone: 'Europe/Berlin', weightUnit: 'kgs' },
  { id: 19, code: 'au', name: 'AU - Australia', currency: 'AUD', locale: 'en_AU', timezone: 'Australia/Sydney', weightUnit: 'kgs' },
  { id: 20, code: 'ca', name: 'CA - Canada', currency: 'CAD', locale: 'en_CA', timezone: 'America/Toronto', weightUnit: 'kgs' },
  { id: 21, code: 'ch', name: 'CH - Schweiz', currency: 'CHF', locale: 'de_CH', timezone: 'Europe/Zurich', weightUnit: 'kgs' },
] as const;

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
