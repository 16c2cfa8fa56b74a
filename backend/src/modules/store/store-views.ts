import { many, one, type Queryable } from '../../db/database';
import { onCatalogWrite } from '../../shared/catalog-writes';

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

/**
 * Store views and exchange rates are read on every request and change only when the shop is set
 * up (seed, `db:reset`): kept in memory per database, dropped on a `store` write (ADR 016).
 * A transaction takes what a read outside any transaction keeps for its database (the set-up
 * writes these tables before the shop answers anything); what is not kept yet it reads itself and
 * keeps for itself only: it may be the one writing the table, and may roll back.
 */
interface StoreMemory {
  views?: Promise<StoreView[]> | undefined;
  rates: Map<string, Promise<number>>;
  /** Store-scoped settings (`core_config_data`) by store view id. */
  config: Map<number, Promise<ReadonlyMap<string, string>>>;
}
const memory = new WeakMap<object, StoreMemory>();
/** Every database's memory, to drop them all on a `store` write (a few small objects per database; a transaction's goes with it). */
const memories = new Set<StoreMemory>();
const memoryOf = (q: Queryable): StoreMemory => {
  let m = memory.get(q);
  if (!m) {
    m = { rates: new Map(), config: new Map() };
    memory.set(q, m);
    if (!q.database) memories.add(m);
  }
  return m;
};
/** The memory of a transaction's database (none for the database itself, or before it kept anything). */
const sharedMemoryOf = (q: Queryable): StoreMemory | undefined => (q.database ? memory.get(q.database) : undefined);
onCatalogWrite((tags) => {
  if (!tags.includes('store') && !tags.includes('FPC')) return;
  for (const m of memories) {
    m.views = undefined;
    m.rates.clear();
    m.config.clear();
  }
});

async function readStoreViews(q: Queryable): Promise<StoreView[]> {
  return (await many<StoreViewRow>(q, 'SELECT * FROM store_view ORDER BY sort_order, id')).map(fromRow);
}

export async function listStoreViews(q: Queryable): Promise<StoreView[]> {
  const shared = sharedMemoryOf(q)?.views;
  if (shared) return shared;
  const m = memoryOf(q);
  if (!m.views) {
    const views = readStoreViews(q);
    m.views = views;
    views.catch(() => (m.views = undefined));
  }
  return m.views;
}

export async function findStoreView(q: Queryable, code: string): Promise<StoreView | null> {
  return (await listStoreViews(q)).find((v) => v.code === code) ?? null;
}

export async function defaultStoreView(q: Queryable): Promise<StoreView> {
  const view = (await listStoreViews(q)).find((v) => v.isDefault);
  if (!view) throw new Error('The database has no default store view: run `npm run db:reset`');
  return view;
}

/** Rate to convert an amount in `base` into `target` (1 when they are the same). */
export async function exchangeRate(q: Queryable, base: string, target: string): Promise<number> {
  if (base === target) return 1;
  const key = `${base}>${target}`;
  const m = memoryOf(q);
  const known = sharedMemoryOf(q)?.rates.get(key) ?? m.rates.get(key);
  if (known) return known;
  const rate = readExchangeRate(q, base, target);
  m.rates.set(key, rate);
  rate.catch(() => m.rates.delete(key));
  return rate;
}

async function readExchangeRate(q: Queryable, base: string, target: string): Promise<number> {
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

async function readStoreConfig(q: Queryable, storeId: number): Promise<ReadonlyMap<string, string>> {
  const rows = await many<{ path: string; value: string }>(q, 'SELECT path, value FROM core_config_data WHERE store_id = $1', [storeId]);
  return new Map(rows.map((r) => [r.path, r.value]));
}

/**
 * A store view's own settings (Magento's core_config_data at store-view scope, e.g.
 * `carriers/flatrate/title`): a path without a row keeps the code's default.
 */
export async function storeConfigOf(q: Queryable, storeId: number): Promise<ReadonlyMap<string, string>> {
  const m = memoryOf(q);
  const known = sharedMemoryOf(q)?.config.get(storeId) ?? m.config.get(storeId);
  if (known) return known;
  const config = readStoreConfig(q, storeId);
  m.config.set(storeId, config);
  config.catch(() => m.config.delete(storeId));
  return config;
}
