import { Kind, type GraphQLResolveInfo } from 'graphql';
import { translateMessage } from '../../shared/messages/messages';
import { isEnglish } from '../../shared/store-locales';
import { many } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { inputError } from '../../graphql/errors';
import { displayRateOf, displayTaxRatesOf, finalPriceOf, roundToCents } from './catalog-lookup';
import { withTaxes } from '../store/country-settings';
import { decodeEntityUid, encodeUid } from './catalog-uids';
import { categoryWithDescendants, loadAllCategories, loadAttributeLabels, loadAttributeOptions } from './catalog.loaders';
import { ATTRIBUTE_LABELS, type RangeAttribute, type SelectAttribute } from './frames.seed-data';
import { type ProductNode, productNodeOf } from './product-nodes';
import { PRODUCT_COLUMNS, type ProductRow } from './product.queries';
import { productsIn, searchConfigOf, storeIdLiteral } from './store-scope';

type EqualFilter = { eq?: string | null; in?: (string | null)[] | null };
type RangeFilter = { from?: string | null; to?: string | null };
type MatchFilter = { match?: string | null; match_type?: string | null };
export type ProductFilter = Record<string, EqualFilter | RangeFilter | MatchFilter | null | undefined>;
export type ProductSort = Record<string, 'ASC' | 'DESC' | null | undefined>;

/**
 * Magento (2.4.8 and later) sorts by several fields in the order the query wrote them, inline or in
 * its variables; graphql-js hands the argument over in the schema's field order, so the written
 * order is read back from the document, or from the request's own variables (`rawVariables`).
 */
export function sortAsWritten(sort: ProductSort | null | undefined, info: GraphQLResolveInfo, rawVariables: unknown): ProductSort | null | undefined {
  if (!sort) return sort;
  const argument = info.fieldNodes[0]?.arguments?.find((a) => a.name.value === 'sort')?.value;
  let written: string[] = [];
  if (argument?.kind === Kind.OBJECT) written = argument.fields.map((f) => f.name.value);
  else if (argument?.kind === Kind.VARIABLE) {
    const raw = (rawVariables as Record<string, unknown> | null | undefined)?.[argument.name.value];
    if (raw && typeof raw === 'object') written = Object.keys(raw);
  }
  const ordered: ProductSort = {};
  for (const key of [...written, ...Object.keys(sort)]) if (key in sort && !(key in ordered)) ordered[key] = sort[key];
  return ordered;
}

export interface ProductSearchArgs {
  search?: string | null;
  filter?: ProductFilter | null;
  sort?: ProductSort | null;
  pageSize?: number | null;
  currentPage?: number | null;
}

export const SELECT_ATTRIBUTES: SelectAttribute[] = ['color', 'size', 'frame_shape', 'frame_material', 'rim_type', 'face_width'];
export const RANGE_ATTRIBUTES: RangeAttribute[] = ['lens_width', 'bridge_width', 'temple_length', 'lens_height', 'frame_width'];
/** Bucket width (mm) of each measured attribute in layered navigation. */
const RANGE_STEPS: Record<RangeAttribute, number> = { lens_width: 4, bridge_width: 2, temple_length: 5, lens_height: 4, frame_width: 10 };

const FINAL_PRICE_SQL = 'LEAST(p.price, COALESCE(p.special_price, p.price))';

class SqlBuilder {
  readonly params: unknown[] = [];
  readonly conditions: string[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}

const equalValues = (f: EqualFilter): string[] => [
  ...(f.eq !== undefined && f.eq !== null ? [f.eq] : []),
  ...(f.in ?? []).filter((v): v is string => v !== null),
];

/** A frame matches an attribute when it, or one of its variants, has the value (Magento's configurable matching). */
const selfOrVariant = (condition: (alias: string) => string) =>
  `(${condition('p')} OR EXISTS (SELECT 1 FROM catalog_product v WHERE v.parent_id = p.id AND ${condition('v')}))`;

async function categoryIdsOfFilter(ctx: RequestContext, filter: ProductFilter): Promise<number[] | null> {
  const ids: number[] = [];
  let filtered = false;
  const byId = filter.category_id as EqualFilter | undefined;
  if (byId) {
    filtered = true;
    ids.push(...equalValues(byId).map(Number).filter(Number.isInteger));
  }
  const byUid = filter.category_uid as EqualFilter | undefined;
  if (byUid) {
    filtered = true;
    ids.push(
      ...equalValues(byUid)
        .map(decodeEntityUid)
        .filter((id): id is number => id !== null),
    );
  }
  const byPath = filter.category_url_path as EqualFilter | undefined;
  if (byPath) {
    filtered = true;
    const paths = equalValues(byPath);
    const all = await loadAllCategories(ctx);
    ids.push(...all.filter((c) => c.url_path !== null && paths.includes(c.url_path)).map((c) => c.id));
  }
  return filtered ? ids : null;
}

/** Words of a search, each as a prefix, all required ("aur cat" finds "Aurora Cat-Eye"). */
export function tsQueryOf(search: string): string | null {
  const words = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/**
 * Search in the store view's own words: its names, labels and descriptions, stemmed in
 * its language (`catalog_product_store.search_text`), beside the default English ones.
 */
function storeSearch(ctx: RequestContext, sql: SqlBuilder, tsQuery: string, part: 'match' | 'rank'): string {
  if (isEnglish(ctx.store.locale)) return part === 'match' ? 'false' : '0';
  const query = `to_tsquery(${sql.param(searchConfigOf(ctx.store.locale))}::regconfig, ${sql.param(tsQuery)})`;
  const own = `FROM catalog_product_store s WHERE s.product_id = p.id AND s.store_id = ${storeIdLiteral(ctx.store.id)}`;
  return part === 'match' ? `EXISTS (SELECT 1 ${own} AND s.search_text @@ ${query})` : `COALESCE((SELECT ts_rank(s.search_text, ${query}) ${own}), 0)`;
}

interface Matched {
  id: number;
  rank: number;
}

async function buildWhere(ctx: RequestContext, args: ProductSearchArgs, sql: SqlBuilder): Promise<{ categoryIds: number[] | null; tsQuery: string | null }> {
  const filter = args.filter ?? {};
  const search = args.search?.trim() ?? '';
  sql.conditions.push('p.parent_id IS NULL');
  // Magento: a search shows products visible in search (3, 4), browsing those visible in the catalog (2, 4)
  sql.conditions.push(search ? 'p.visibility IN (3, 4)' : 'p.visibility IN (2, 4)');
  const tsQuery = search ? tsQueryOf(search) : null;
  if (search && !tsQuery) sql.conditions.push('false');
  if (tsQuery) sql.conditions.push(`(p.search_text @@ to_tsquery('english', ${sql.param(tsQuery)}) OR ${storeSearch(ctx, sql, tsQuery, 'match')})`);

  const categoryIds = await categoryIdsOfFilter(ctx, filter);
  if (categoryIds) {
    const scope = (await Promise.all(categoryIds.map((id) => categoryWithDescendants(ctx, id)))).flat();
    sql.conditions.push(`p.id IN (SELECT product_id FROM catalog_category_product WHERE category_id = ANY(${sql.param(scope)}))`);
  }
  for (const key of ['sku', 'url_key'] as const) {
    const f = filter[key] as EqualFilter | undefined;
    if (f) sql.conditions.push(`p.${key} = ANY(${sql.param(equalValues(f))})`);
  }
  for (const key of ['name', 'description', 'short_description'] as const) {
    const f = filter[key] as MatchFilter | undefined;
    const match = f?.match?.trim();
    if (!f) continue;
    if (!match) throw inputError(`Invalid match filter. Minimum query length is 1.`);
    const escaped = match.replace(/[\\%_]/g, (c) => `\\${c}`);
    sql.conditions.push(f.match_type === 'FULL' ? `lower(p.${key}) = lower(${sql.param(match)})` : `p.${key} ILIKE ${sql.param(`%${escaped}%`)}`);
  }
  const price = filter.price as RangeFilter | undefined;
  if (price && (isNumeric(price.from) || isNumeric(price.to))) {
    // Bounds are in the store view's currency, on the price the listing shows (its tax included where the view shows it: ADR 040).
    const shown = displayedPriceSql(sql, await displayRateOf(ctx), await displayTaxRatesOf(ctx));
    if (isNumeric(price.from)) sql.conditions.push(`${shown} >= ${sql.param(Number(price.from))}`);
    if (isNumeric(price.to)) sql.conditions.push(`${shown} < ${sql.param(Number(price.to))}`);
  }
  for (const code of SELECT_ATTRIBUTES) {
    const f = filter[code] as EqualFilter | undefined;
    if (!f) continue;
    const values = equalValues(f).map(Number).filter(Number.isInteger);
    const param = sql.param(values);
    sql.conditions.push(selfOrVariant((a) => `${a}.${code} = ANY(${param})`));
  }
  for (const code of RANGE_ATTRIBUTES) {
    const f = filter[code] as RangeFilter | undefined;
    if (!f) continue;
    const parts: string[] = [];
    if (isNumeric(f.from)) parts.push(`{a}.${code} >= ${sql.param(Number(f.from))}`);
    if (isNumeric(f.to)) parts.push(`{a}.${code} < ${sql.param(Number(f.to))}`);
    if (parts.length) sql.conditions.push(selfOrVariant((a) => parts.map((p) => p.replaceAll('{a}', a)).join(' AND ')));
  }
  return { categoryIds, tsQuery };
}

/**
 * The price a product's listing shows, in SQL: the final price (kept in USD) converted and rounded
 * to cents, then each of the view's displayed taxes added rounded to cents, as `moneyIn` and
 * `withTaxes` compute it (ADR 040), in exact numeric arithmetic.
 */
function displayedPriceSql(sql: SqlBuilder, rate: number, taxes: readonly number[]): string {
  const converted = `ROUND(${FINAL_PRICE_SQL} * ${sql.param(rate)}::numeric, 2)`;
  return taxes.reduce((amount, percent) => `(${amount} + ROUND(${amount} * ${sql.param(percent)}::numeric / 100, 2))`, converted);
}

const isNumeric = (v: string | null | undefined): v is string => v !== null && v !== undefined && v.trim() !== '' && Number.isFinite(Number(v));

function orderBy(args: ProductSearchArgs, sql: SqlBuilder, positionCategory: number | null, hasSearch: boolean): string {
  const sort = Object.entries(args.sort ?? {}).filter(([, dir]) => dir === 'ASC' || dir === 'DESC') as [string, 'ASC' | 'DESC'][];
  if (!sort.length) sort.push(hasSearch ? ['relevance', 'DESC'] : ['position', 'ASC']);
  let positionParam: string | null = null;
  // the parameter is added only when the position is sorted on: PostgreSQL refuses unused ones
  const positionSql = () => {
    if (!positionCategory) return 'p.sort_position';
    positionParam ??= sql.param(positionCategory);
    return `COALESCE((SELECT cp.position FROM catalog_category_product cp WHERE cp.product_id = p.id AND cp.category_id = ${positionParam}), 100000 + p.sort_position)`;
  };
  const terms = sort.map(([key, dir]) => {
    switch (key) {
      case 'name':
        return `p.name ${dir}`;
      case 'price':
        return `${FINAL_PRICE_SQL} ${dir}`;
      case 'relevance':
        return hasSearch ? `rank ${dir}` : `${positionSql()} ASC`;
      default:
        return `${positionSql()} ${dir}`;
    }
  });
  return [...terms, 'p.id ASC'].join(', ');
}

export function checkPaging(pageSize: number, currentPage: number): void {
  if (pageSize < 1) throw inputError('pageSize value must be greater than 0.');
  if (currentPage < 1) throw inputError('currentPage value must be greater than 0.');
}

export interface ProductSearchResult {
  items: ProductNode[];
  total_count: number;
  page_info: { current_page: number; page_size: number; total_pages: number };
  /** For the `aggregations` field resolver. */
  _aggregate: (filter: { category?: { includeDirectChildrenOnly?: boolean | null } | null } | null | undefined) => Promise<AggregationOut[]>;
  suggestions: Promise<{ search: string }[]>;
  sort_fields: { default: string; options: { label: string; value: string }[] };
  filters: Promise<LayerFilter[]>;
}

/** Magento's `products` query: full-text search, filters, sort, paging and layered navigation. */
export async function searchProducts(ctx: RequestContext, args: ProductSearchArgs): Promise<ProductSearchResult> {
  const pageSize = args.pageSize ?? 20;
  const currentPage = args.currentPage ?? 1;
  checkPaging(pageSize, currentPage);
  const sql = new SqlBuilder();
  const { categoryIds, tsQuery } = await buildWhere(ctx, args, sql);
  const rankSql = tsQuery ? `GREATEST(ts_rank(p.search_text, to_tsquery('english', ${sql.param(tsQuery)})), ${storeSearch(ctx, sql, tsQuery, 'rank')})` : '0';
  const order = orderBy(args, sql, categoryIds?.length === 1 ? (categoryIds[0] as number) : null, Boolean(tsQuery));
  const matched = await many<Matched>(
    ctx.db,
    `SELECT p.id, ${rankSql} AS rank FROM catalog_product p WHERE ${sql.conditions.join(' AND ')} ORDER BY ${order}`,
    sql.params,
  );

  const total = matched.length;
  const totalPages = Math.ceil(total / pageSize);
  if (currentPage > totalPages && total > 0)
    throw inputError(`currentPage value ${currentPage} specified is greater than the ${totalPages} page(s) available.`);
  const pageIds = matched.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((m) => m.id);
  const rows = await many<ProductRow>(ctx.db, `SELECT ${PRODUCT_COLUMNS} FROM ${productsIn(ctx.store.id)} WHERE p.id = ANY($1)`, [pageIds]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const allIds = matched.map((m) => m.id);
  const aggregate = memo((filter: Parameters<ProductSearchResult['_aggregate']>[0]) => aggregationsOf(ctx, allIds, categoryIds, filter));
  return {
    items: pageIds.flatMap((id) => (byId.has(id) ? [productNodeOf(byId.get(id) as ProductRow)] : [])),
    total_count: total,
    page_info: { current_page: currentPage, page_size: pageSize, total_pages: totalPages },
    _aggregate: aggregate,
    get suggestions() {
      return total === 0 && args.search ? suggestionsFor(ctx, args.search) : Promise.resolve([]);
    },
    sort_fields: {
      default: tsQuery ? 'relevance' : 'position',
      options: [
        ...(tsQuery ? [{ label: translateMessage(ctx.store.locale, 'Relevance'), value: 'relevance' }] : []),
        { label: translateMessage(ctx.store.locale, 'Position'), value: 'position' },
        { label: translateMessage(ctx.store.locale, 'Product Name'), value: 'name' },
        { label: translateMessage(ctx.store.locale, 'Price'), value: 'price' },
      ],
    },
    get filters() {
      return aggregate(null).then((aggregations) => aggregations.map(layerFilterOf));
    },
  };
}

const memo = <A, R>(fn: (a: A) => R) => {
  const cache = new Map<string, R>();
  return (a: A) => {
    const key = JSON.stringify(a ?? null);
    if (!cache.has(key)) cache.set(key, fn(a));
    return cache.get(key) as R;
  };
};

interface AggregationOut {
  attribute_code: string;
  label: string;
  count: number;
  position: number;
  options: { label: string; value: string; count: number }[];
}

type LayerFilter = ReturnType<typeof layerFilterOf>;

function layerFilterOf(a: AggregationOut) {
  return {
    name: a.label,
    request_var: a.attribute_code,
    filter_items_count: a.count,
    filter_items: a.options.map((o) => ({ __typename: 'LayerFilterItem', label: o.label, value_string: o.value, items_count: o.count })),
  };
}

function bucketsOf(values: number[], step: number, decimals = 0): { label: string; value: string; count: number }[] {
  const counts = new Map<number, number>();
  for (const v of values) {
    const from = Math.floor(v / step) * step;
    counts.set(from, (counts.get(from) ?? 0) + 1);
  }
  const fmt = (n: number) => (decimals ? n.toFixed(decimals) : String(n));
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([from, count]) => ({ label: `${fmt(from)}-${fmt(from + step)}`, value: `${fmt(from)}_${fmt(from + step)}`, count }));
}

/** Magento's automatic price step: the power of ten below the highest price. */
const priceStepOf = (max: number) => (max > 0 ? 10 ** Math.floor(Math.log10(max)) : 10);

type AggregationRow = Pick<
  ProductRow,
  | 'id'
  | 'price'
  | 'special_price'
  | 'frame_shape'
  | 'frame_material'
  | 'rim_type'
  | 'face_width'
  | 'lens_width'
  | 'bridge_width'
  | 'temple_length'
  | 'lens_height'
  | 'frame_width'
> & {
  colors: number[] | null;
  sizes: number[] | null;
  category_ids: number[] | null;
};

async function aggregationsOf(
  ctx: RequestContext,
  ids: number[],
  filteredCategoryIds: number[] | null,
  filter: { category?: { includeDirectChildrenOnly?: boolean | null } | null } | null | undefined,
): Promise<AggregationOut[]> {
  if (!ids.length) return [];
  const rows = await many<AggregationRow>(
    ctx.db,
    `SELECT p.id, p.price, p.special_price, p.frame_shape, p.frame_material, p.rim_type, p.face_width, p.lens_width, p.bridge_width,
            p.temple_length, p.lens_height, p.frame_width,
            (SELECT array_agg(DISTINCT v.color) FROM catalog_product v WHERE v.parent_id = p.id AND v.color IS NOT NULL) AS colors,
            (SELECT array_agg(DISTINCT v.size) FROM catalog_product v WHERE v.parent_id = p.id AND v.size IS NOT NULL) AS sizes,
            (SELECT array_agg(cp.category_id) FROM catalog_category_product cp WHERE cp.product_id = p.id) AS category_ids
     FROM catalog_product p WHERE p.id = ANY($1)`,
    [ids],
  );
  const [rate, taxes] = await Promise.all([displayRateOf(ctx), displayTaxRatesOf(ctx)]);
  const options = await loadAttributeOptions(ctx);
  const labels = await loadAttributeLabels(ctx);
  const labelOf = (code: SelectAttribute | RangeAttribute) => labels.get(code) ?? ATTRIBUTE_LABELS[code];
  const result: AggregationOut[] = [];
  const push = (attribute_code: string, label: string, opts: AggregationOut['options']) => {
    if (opts.length) result.push({ attribute_code, label, count: opts.length, position: result.length, options: opts });
  };

  // The buckets hold the prices the listing shows (with the view's displayed taxes: ADR 040), as the price filter selects them.
  const prices = rows.map((r) =>
    withTaxes(roundToCents(finalPriceOf(Number(r.price), r.special_price === null ? null : Number(r.special_price)) * rate), taxes),
  );
  push('price', translateMessage(ctx.store.locale, 'Price'), bucketsOf(prices, priceStepOf(Math.max(...prices))));
  push(
    'category_uid',
    translateMessage(ctx.store.locale, 'Category'),
    await categoryOptions(ctx, rows, filteredCategoryIds, Boolean(filter?.category?.includeDirectChildrenOnly)),
  );

  for (const code of SELECT_ATTRIBUTES) {
    const counts = new Map<number, number>();
    for (const r of rows) {
      const values = code === 'color' ? (r.colors ?? []) : code === 'size' ? (r.sizes ?? []) : [r[code]].filter((v): v is number => v !== null);
      for (const v of new Set(values)) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const opts = [...counts.entries()]
      .map(([id, count]) => ({ option: options.get(id), id, count }))
      .sort((a, b) => (a.option?.position ?? 0) - (b.option?.position ?? 0))
      .map(({ option, id, count }) => ({ label: option?.label ?? String(id), value: String(id), count }));
    push(code, labelOf(code), opts);
  }
  for (const code of RANGE_ATTRIBUTES) {
    push(code, labelOf(code), bucketsOf(rows.map((r) => Number(r[code])).filter(Number.isFinite), RANGE_STEPS[code]));
  }
  return result;
}

/** Categories under the current one (or the store root) that hold some of the matched products. */
async function categoryOptions(ctx: RequestContext, rows: AggregationRow[], filteredCategoryIds: number[] | null, directChildrenOnly: boolean) {
  const all = await loadAllCategories(ctx);
  const baseId = filteredCategoryIds?.length === 1 ? (filteredCategoryIds[0] as number) : ctx.store.rootCategoryId;
  const base = all.find((c) => c.id === baseId);
  if (!base) return [];
  const candidates = all.filter((c) => (directChildrenOnly ? c.parent_id === base.id : c.path.startsWith(`${base.path}/`)));
  const options = [];
  for (const c of candidates.sort((a, b) => a.level - b.level || a.position - b.position)) {
    const scope = new Set(await categoryWithDescendants(ctx, c.id));
    const count = rows.filter((r) => (r.category_ids ?? []).some((id) => scope.has(id))).length;
    if (count) options.push({ label: c.name, value: encodeUid(c.id), count });
  }
  return options;
}

/** "Did you mean": frame names sharing a word start with the search, when it found nothing. */
async function suggestionsFor(ctx: RequestContext, search: string): Promise<{ search: string }[]> {
  const stems = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 3).map((w) => w.slice(0, 3));
  if (!stems.length) return [];
  const rows = await many<{ name: string }>(
    ctx.db,
    `SELECT DISTINCT p.name FROM catalog_product p, unnest($1::text[]) AS stem
     WHERE p.parent_id IS NULL AND p.visibility IN (3, 4) AND (p.name ILIKE stem || '%' OR p.name ILIKE '% ' || stem || '%')
     ORDER BY p.name LIMIT 5`,
    [stems],
  );
  return rows.map((r) => ({ search: r.name }));
}
