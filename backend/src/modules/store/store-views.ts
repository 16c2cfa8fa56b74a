import { many, one, type Queryable } from '../../db/database';

/** The currencies of the store views (store.seed.ts): a subset of Magento's CurrencyEnum. */
export type CurrencyCode = 'USD' | 'EUR' | 'GBP' | 'HKD' | 'MXN' | 'AUD' | 'CAD' | 'CHF';

/** A store view as the backend keeps it (one row of `store_view`). */
export interface StoreView {
  id: number;
  code: string;
  name: string;
  websiteId: number;
  websiteCode: string;
  groupCode: string;
  locale: string;
  baseCurrency: CurrencyCode;
  displayCurrency: CurrencyCode;
  timezone: string;
  weightUnit: string;
  isDefault: boolean;
  rootCategoryId: number;
}

interface StoreViewRow {
  id: number;
  code: string;
  name: string;
  website_id: number;
  website_code: string;
  group_code: string;
  locale: string;
  base_currency: CurrencyCode;
  display_currency: CurrencyCode;
  timezone: string;
  weight_unit: string;
  is_default: boolean;
  root_category_id: number;
}

const fromRow = (r: StoreViewRow): StoreView => ({
  id: r.id,
  code: r.code,
  name: r.name,
  websiteId: r.website_id,
  websiteCode: r.website_code,
  groupCode: r.group_code,
  locale: r.locale,
  baseCurrency: r.base_currency,
  displayCurrency: r.display_currency,
  timezone: r.timezone,
  weightUnit: r.weight_unit,
  isDefault: r.is_default,
  rootCategoryId: r.root_category_id,
});

export async function listStoreViews(q: Queryable): Promise<StoreView[]> {
  return (await many<StoreViewRow>(q, 'SELECT * FROM store_view ORDER BY sort_order, id')).map(fromRow);
}

export async function findStoreView(q: Queryable, code: string): Promise<StoreView | null> {
  const row = await one<StoreViewRow>(q, 'SELECT * FROM store_view WHERE code = $1', [code]);
  return row ? fromRow(row) : null;
}

export async function defaultStoreView(q: Queryable): Promise<StoreView> {
  const row = await one<StoreViewRow>(q, 'SELECT * FROM store_view WHERE is_default ORDER BY id LIMIT 1');
  if (!row) throw new Error('The database has no default store view: run `npm run db:reset`');
  return fromRow(row);
}

/** Rate to convert an amount in `base` into `target` (1 when they are the same). */
export async function exchangeRate(q: Queryable, base: string, target: string): Promise<number> {
  if (base === target) return 1;
  const row = await one<{ rate: string }>(q, 'SELECT rate FROM currency_rate WHERE base = $1 AND target = $2', [base, target]);
  if (!row) throw new Error(`No exchange rate from ${base} to ${target}`);
  return Number(row.rate);
}

export async function exchangeRates(q: Queryable, base: string): Promise<{ target: string; rate: number }[]> {
  return (await many<{ target: string; rate: string }>(q, 'SELECT target, rate FROM currency_rate WHERE base = $1 ORDER BY target', [base])).map((r) => ({
    target: r.target,
    rate: Number(r.rate),
  }));
}
