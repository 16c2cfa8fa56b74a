/**
 * The catalog as other modules (carts, wishlists, orders) see it: sellable products, their
 * variants and lens options, prices in the store view's currency, and stock.
 *
 * Seed facts other modules and tests may rely on (see catalog.seed.ts; ids are stable):
 * - In-stock simple variants: `LN1001-BLK-M`, `LN1001-BLK-L`, `LN1001-TRT-M`
 *   (children of "Aurora Cat-Eye", configurable parent sku `LN1001`, price 129.00 USD).
 * - Out-of-stock simple variant: `LN1002-TRT-S` (qty 0); the whole frame `LN1048` is out of stock.
 * - Configurable parent `LN1001` (url key `aurora-cat-eye`) has options color (attribute 93) and
 *   size (attribute 144): Black = `Y29uZmlndXJhYmxlLzkzLzUw` (configurable/93/50),
 *   Tortoise = `Y29uZmlndXJhYmxlLzkzLzUx` (configurable/93/51), S = `Y29uZmlndXJhYmxlLzE0NC8xNzE=`
 *   (configurable/144/171), M = `Y29uZmlndXJhYmxlLzE0NC8xNzI=` (configurable/144/172),
 *   L = `Y29uZmlndXJhYmxlLzE0NC8xNzM=` (configurable/144/173).
 * - `LN1005` has a special price (sale): 20 % off its regular price.
 * - Every frame (on the configurable parent) has the lens options "Lens type" (radio, required),
 *   "Lens index" (radio, required), "Lens coatings" (checkbox) and "Prescription" (area, JSON text,
 *   max 4000 characters). Variants have no options of their own: customOptionsOf() answers the
 *   parent's for a variant.
 */
import { many, one, type Queryable, whenCommitted } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { catalogWritten } from '../../shared/catalog-writes';
import { catalogTaxRates, withTaxes } from '../store/country-settings';
import { exchangeRate, storeConfigOf } from '../store/store-views';
import { DEFAULT_SCOPE, labelJoin } from './store-scope';
import { configurableValueUid, customOptionUid, customOptionValueUid, decodeConfigurableValueUid, encodeUid } from './catalog-uids';

export interface SellableProduct {
  id: number;
  uid: string;
  sku: string;
  name: string;
  urlKey: string;
  typeId: 'simple' | 'configurable' | 'virtual';
  parentId: number | null;
  parentSku: string | null;
  /** Final base price, special price included. */
  priceUsd: number;
  regularPriceUsd: number;
  stockStatus: 'IN_STOCK' | 'OUT_OF_STOCK';
  qty: number;
}

export interface LensOptionValue {
  uid: string;
  optionId: number;
  valueId: number | null;
  title: string;
  priceUsd: number;
  /** The value's sku (`coat-photo`…): what the lens rules recognise it by, whatever the store view calls it. */
  sku: string | null;
}

export interface CustomOption {
  uid: string;
  id: number;
  title: string;
  type: 'radio' | 'checkbox' | 'drop_down' | 'field' | 'area';
  required: boolean;
  maxCharacters: number | null;
  values: LensOptionValue[];
  /** Price of a field/area option (0 for options with values: their values carry the price). */
  priceUsd: number;
}

interface SellableRow {
  id: number;
  sku: string;
  name: string;
  url_key: string;
  type_id: SellableProduct['typeId'];
  parent_id: number | null;
  parent_sku: string | null;
  price: string;
  special_price: string | null;
  stock_status: SellableProduct['stockStatus'];
  qty: number;
}

const SELLABLE_SQL = `
  SELECT p.id, p.sku, p.name, p.url_key, p.type_id, p.parent_id, parent.sku AS parent_sku,
         p.price, p.special_price, p.stock_status, p.qty
  FROM catalog_product p LEFT JOIN catalog_product parent ON parent.id = p.parent_id`;

/** The price a shopper pays: the special price when it is lower than the regular one. */
export function finalPriceOf(price: number, specialPrice: number | null): number {
  return specialPrice !== null && specialPrice < price ? specialPrice : price;
}

function sellableOf(r: SellableRow): SellableProduct {
  const regular = Number(r.price);
  return {
    id: r.id,
    uid: encodeUid(r.id),
    sku: r.sku,
    name: r.name,
    urlKey: r.url_key,
    typeId: r.type_id,
    parentId: r.parent_id,
    parentSku: r.parent_sku,
    priceUsd: finalPriceOf(regular, r.special_price === null ? null : Number(r.special_price)),
    regularPriceUsd: regular,
    stockStatus: r.stock_status,
    qty: r.qty,
  };
}

export async function findProductBySku(q: Queryable, sku: string): Promise<SellableProduct | null> {
  const row = await one<SellableRow>(q, `${SELLABLE_SQL} WHERE p.sku = $1`, [sku]);
  return row ? sellableOf(row) : null;
}

export async function findProductById(q: Queryable, id: number): Promise<SellableProduct | null> {
  const row = await one<SellableRow>(q, `${SELLABLE_SQL} WHERE p.id = $1`, [id]);
  return row ? sellableOf(row) : null;
}

/** Sellable products by id in one query (a cart's lines; no query per line); unknown ids are left out. */
export async function findProductsByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, SellableProduct>> {
  if (!ids.length) return new Map();
  const rows = await many<SellableRow>(q, `${SELLABLE_SQL} WHERE p.id = ANY($1)`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, sellableOf(r)]));
}

/** Variant attribute columns by attribute id: the only attributes frames are configured by. */
export const VARIANT_ATTRIBUTE_COLUMNS: Record<number, 'color' | 'size'> = { 93: 'color', 144: 'size' };

/**
 * The variant of a configurable product for the chosen option value uids (Magento's
 * `selected_options`), or null when the uids do not name exactly one value per option.
 */
export async function findVariant(q: Queryable, parentId: number, selectedOptionUids: string[]): Promise<SellableProduct | null> {
  const superAttributes = await many<{ attribute_id: number }>(q, 'SELECT attribute_id FROM catalog_product_super_attribute WHERE product_id = $1', [parentId]);
  if (!superAttributes.length) return null;
  const chosen = new Map<number, number>();
  for (const uid of selectedOptionUids) {
    const value = decodeConfigurableValueUid(uid);
    if (!value) continue; // customizable option uids travel in the same list
    chosen.set(value.attributeId, value.valueIndex);
  }
  const conditions: string[] = [];
  const params: unknown[] = [parentId];
  for (const { attribute_id } of superAttributes) {
    const column = VARIANT_ATTRIBUTE_COLUMNS[attribute_id];
    const valueIndex = chosen.get(attribute_id);
    if (!column || valueIndex === undefined) return null;
    params.push(valueIndex);
    conditions.push(`p.${column} = $${params.length}`);
  }
  const row = await one<SellableRow>(q, `${SELLABLE_SQL} WHERE p.parent_id = $1 AND ${conditions.join(' AND ')}`, params);
  return row ? sellableOf(row) : null;
}

interface OptionRow {
  id: number;
  product_id: number;
  title: string;
  type: CustomOption['type'];
  is_required: boolean;
  max_characters: number | null;
  price: string;
}
interface OptionValueRow {
  id: number;
  option_id: number;
  title: string;
  price: string;
  sku: string | null;
}

/** Customizable options of many products at once (for listings), keyed by product id, titled as the store view words them. */
export async function customOptionsOfProducts(q: Queryable, storeId: number, productIds: number[]): Promise<Map<number, CustomOption[]>> {
  const byProduct = new Map<number, CustomOption[]>();
  if (!productIds.length) return byProduct;
  const options = await many<OptionRow>(
    q,
    `SELECT o.id, o.product_id, COALESCE(t.title, o.title) AS title, o.type, o.is_required, o.max_characters, o.price
     FROM catalog_product_option o ${labelJoin('catalog_product_option_title', 'option_id', 'o.id', storeId, 't')}
     WHERE o.product_id = ANY($1) ORDER BY o.sort_order, o.id`,
    [productIds],
  );
  const values = options.length
    ? await many<OptionValueRow>(
        q,
        `SELECT v.id, v.option_id, COALESCE(t.title, v.title) AS title, v.price, v.sku
         FROM catalog_product_option_value v ${labelJoin('catalog_product_option_value_title', 'value_id', 'v.id', storeId, 't')}
         WHERE v.option_id = ANY($1) ORDER BY v.sort_order, v.id`,
        [options.map((o) => o.id)],
      )
    : [];
  for (const o of options) {
    const hasValues = o.type === 'radio' || o.type === 'checkbox' || o.type === 'drop_down';
    const list = byProduct.get(o.product_id) ?? [];
    list.push({
      uid: customOptionUid(o.id),
      id: o.id,
      title: o.title,
      type: o.type,
      required: o.is_required,
      maxCharacters: o.max_characters,
      priceUsd: hasValues ? 0 : Number(o.price),
      values: hasValues
        ? values
            .filter((v) => v.option_id === o.id)
            .map((v) => ({ uid: customOptionValueUid(o.id, v.id), optionId: o.id, valueId: v.id, title: v.title, priceUsd: Number(v.price), sku: v.sku }))
        : [{ uid: customOptionUid(o.id), optionId: o.id, valueId: null, title: o.title, priceUsd: Number(o.price), sku: null }],
    });
    byProduct.set(o.product_id, list);
  }
  return byProduct;
}

/**
 * The customizable (lens) options of a product, to validate `entered_options`/`selected_options`
 * and price them, titled as the store view words them. A variant carries its configurable parent's options.
 */
export async function customOptionsOf(q: Queryable, productId: number, storeId: number = DEFAULT_SCOPE): Promise<CustomOption[]> {
  const product = await one<{ id: number; parent_id: number | null }>(q, 'SELECT id, parent_id FROM catalog_product WHERE id = $1', [productId]);
  if (!product) return [];
  const own = (await customOptionsOfProducts(q, storeId, [product.id])).get(product.id) ?? [];
  if (own.length || product.parent_id === null) return own;
  return (await customOptionsOfProducts(q, storeId, [product.parent_id])).get(product.parent_id) ?? [];
}

const ratesByRequest = new WeakMap<RequestContext, Promise<number>>();

/** Rate from the base currency (USD) to the store view's display currency, once per request. */
export function displayRateOf(ctx: RequestContext): Promise<number> {
  let rate = ratesByRequest.get(ctx);
  if (!rate) {
    rate = exchangeRate(ctx.db, ctx.store.baseCurrency, ctx.store.displayCurrency);
    ratesByRequest.set(ctx, rate);
  }
  return rate;
}

export const roundToCents = (amount: number) => Math.round((amount + Number.EPSILON) * 100) / 100;

const taxesByRequest = new WeakMap<RequestContext, Promise<number[]>>();

/** The tax percents catalog prices include in the request's store view (none unless it shows prices including tax: ADR 040), once per request. */
export function displayTaxRatesOf(ctx: RequestContext): Promise<number[]> {
  let rates = taxesByRequest.get(ctx);
  if (!rates) {
    rates = storeConfigOf(ctx.db, ctx.store.id).then(catalogTaxRates);
    taxesByRequest.set(ctx, rates);
  }
  return rates;
}

/**
 * A USD amount as the store view shows it in its catalog: converted to its currency and rounded to
 * cents, as the cart converts a unit price, then with the view's displayed taxes (ADR 040).
 */
export async function moneyIn(ctx: RequestContext, usd: number) {
  const [rate, taxes] = await Promise.all([displayRateOf(ctx), displayTaxRatesOf(ctx)]);
  return { value: withTaxes(roundToCents(usd * rate), taxes), currency: ctx.store.displayCurrency };
}

/** A configurable option chosen for a cart or wishlist item: the schema's `SelectedConfigurableOption` (catalog-lookup.types.test.ts holds the two equal). */
export interface ConfigurableChoice {
  id: number;
  configurable_product_option_uid: string;
  option_label: string;
  configurable_product_option_value_uid: string;
  value_label: string;
  value_id: number;
}

/** Configurable options chosen for a variant, as cart items' `configurable_options` list them (in the store view's words). */
export async function configurableOptionsOfVariant(
  q: Queryable,
  parentId: number,
  variantId: number,
  storeId: number = DEFAULT_SCOPE,
): Promise<ConfigurableChoice[]> {
  const variant = await one<{ color: number | null; size: number | null }>(q, 'SELECT color, size FROM catalog_product WHERE id = $1 AND parent_id = $2', [
    variantId,
    parentId,
  ]);
  if (!variant) return [];
  return configurableChoicesOf(
    q,
    parentId,
    (attributeId) => {
      const column = VARIANT_ATTRIBUTE_COLUMNS[attributeId];
      return column ? variant[column] : null;
    },
    storeId,
  );
}

/**
 * Part of a frame's options chosen (a colour before its size: a wishlist keeps the frame with it),
 * from the option value uids, in the store view's words; values of other attributes are left out.
 */
export async function configurableOptionsChosen(
  q: Queryable,
  parentId: number,
  valueUids: readonly string[],
  storeId: number = DEFAULT_SCOPE,
): Promise<ConfigurableChoice[]> {
  const chosen = new Map<number, number>();
  for (const uid of valueUids) {
    const value = decodeConfigurableValueUid(uid);
    if (value) chosen.set(value.attributeId, value.valueIndex);
  }
  return configurableChoicesOf(q, parentId, (attributeId) => chosen.get(attributeId) ?? null, storeId);
}

/** Whether the uids choose a value for every option of the frame (a variant can be named). */
export async function choosesEveryOption(q: Queryable, parentId: number, valueUids: readonly string[]): Promise<boolean> {
  const attributes = new Set(valueUids.flatMap((uid) => decodeConfigurableValueUid(uid)?.attributeId ?? []));
  const superAttributes = await many<{ attribute_id: number }>(q, 'SELECT attribute_id FROM catalog_product_super_attribute WHERE product_id = $1', [parentId]);
  return superAttributes.every((a) => attributes.has(a.attribute_id));
}

/** The frame's options in their order, each with the value `valueOf` gives it (none: left out). */
async function configurableChoicesOf(
  q: Queryable,
  parentId: number,
  valueOf: (attributeId: number) => number | null | undefined,
  storeId: number,
): Promise<ConfigurableChoice[]> {
  const attributes = await many<{ attribute_id: number; label: string }>(
    q,
    `SELECT s.attribute_id, COALESCE(l.label, s.label) AS label FROM catalog_product_super_attribute s
     ${labelJoin('catalog_product_super_attribute_label', 'super_attribute_id', 's.id', storeId, 'l')}
     WHERE s.product_id = $1 ORDER BY s.position, s.id`,
    [parentId],
  );
  const result = [];
  for (const a of attributes) {
    const valueId = valueOf(a.attribute_id);
    if (valueId === null || valueId === undefined) continue;
    const option = await one<{ label: string }>(
      q,
      `SELECT COALESCE(l.label, o.label) AS label FROM catalog_attribute_option o
       ${labelJoin('catalog_attribute_option_label', 'option_id', 'o.option_id', storeId, 'l')} WHERE o.option_id = $1`,
      [valueId],
    );
    result.push({
      id: a.attribute_id,
      configurable_product_option_uid: encodeUid(`configurable/${parentId}/${a.attribute_id}`),
      option_label: a.label,
      configurable_product_option_value_uid: configurableValueUid(a.attribute_id, valueId),
      value_label: option?.label ?? '',
      value_id: valueId,
    });
  }
  return result;
}

/**
 * Stock rows are locked in one fixed order (ADR 017, ADR 038): first the sellable products' rows in
 * id order, then their parents' rows in id order. Orders of two variants of one frame in opposite
 * orders would otherwise each hold one variant and wait for the other (a deadlock on PostgreSQL);
 * in one fixed order, the second simply waits. A parent's row is locked only by a transaction that
 * changes it: an order that leaves every variant in stock does not hold the frame's row, so orders
 * of one frame's variants wait for each other only on the variants they share.
 */
async function lockRowsInOrder(q: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length) await q.query('SELECT id FROM catalog_product WHERE id = ANY($1) ORDER BY id FOR UPDATE', [[...new Set(ids)]]);
}

/**
 * Locks the stock rows of `productIds`, then those of their parents (each in id order), until the
 * transaction ends: for a change that touches both (stock returned after a failed hosted payment).
 */
export async function lockStockRows(q: Queryable, productIds: readonly number[]): Promise<void> {
  if (!productIds.length) return;
  await lockRowsInOrder(q, productIds);
  const parents = await q.query<{ parent_id: number }>('SELECT DISTINCT parent_id FROM catalog_product WHERE id = ANY($1) AND parent_id IS NOT NULL', [
    [...new Set(productIds)],
  ]);
  await lockRowsInOrder(
    q,
    parents.rows.map((r) => r.parent_id),
  );
}

/** Thrown when a line asks for more than is left (Magento's words). */
export const QTY_NOT_AVAILABLE = 'The requested qty is not available';

/**
 * Takes each line's `qty` off its product's stock (inside the caller's transaction, meant as its
 * last statements: the shared rows stay locked only until the commit). Locks the products' rows in
 * id order; refuses with Magento's message when fewer units are left than a line asks; a product
 * that reaches 0 goes out of stock, and only then is its parent's stock status computed again (its
 * row locked after every product's, in id order).
 */
export async function takeStock(q: Queryable, lines: readonly { productId: number; qty: number }[]): Promise<void> {
  if (lines.some((l) => !Number.isFinite(l.qty) || l.qty <= 0)) throw new Error('The quantity to take off stock must be greater than 0.');
  await lockRowsInOrder(
    q,
    lines.map((l) => l.productId),
  );
  const parents = new Set<number>();
  const emptied = new Set<number>();
  for (const line of lines) {
    const updated = await one<{ parent_id: number | null; stock_status: string }>(
      q,
      `UPDATE catalog_product SET qty = qty - $2,
         stock_status = CASE WHEN qty - $2 <= 0 THEN 'OUT_OF_STOCK' ELSE stock_status END
       WHERE id = $1 AND qty >= $2 AND stock_status = 'IN_STOCK' RETURNING parent_id, stock_status`,
      [line.productId, line.qty],
    );
    if (!updated) throw new Error(QTY_NOT_AVAILABLE);
    if (updated.parent_id !== null) parents.add(updated.parent_id);
    if (updated.parent_id !== null && updated.stock_status !== 'IN_STOCK') emptied.add(updated.parent_id);
  }
  const refreshed = [...emptied].sort((a, b) => a - b);
  await lockRowsInOrder(q, refreshed);
  if (refreshed.length) {
    await q.query(
      `UPDATE catalog_product parent SET stock_status = CASE WHEN EXISTS (
           SELECT 1 FROM catalog_product c WHERE c.parent_id = parent.id AND c.stock_status = 'IN_STOCK') THEN 'IN_STOCK' ELSE 'OUT_OF_STOCK' END
       WHERE parent.id = ANY($1)`,
      [refreshed],
    );
  }
  // Stock shows in product answers and decides listings: every cached product answer goes (ADR 016),
  // once the order's transaction has committed (a read before then would keep the old stock).
  const tags = ['cat_p', ...lines.map((l) => `cat_p_${l.productId}`), ...[...parents].map((id) => `cat_p_${id}`)];
  whenCommitted(q, () => catalogWritten([...new Set(tags)]));
}

/**
 * Takes `qty` units off a product's stock (inside the caller's transaction). Refuses with
 * Magento's message when fewer are left; a product that reaches 0 goes out of stock.
 */
export function decrementStock(q: Queryable, productId: number, qty: number): Promise<void> {
  return takeStock(q, [{ productId, qty }]);
}
