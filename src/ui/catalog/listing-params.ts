/**
 * The state of a product listing (category or search page) as it lives in the URL:
 * `?frame_shape=301,302&price=100_200&sort=price_ASC&page=2`. Pure functions, so the rules are
 * tested without a browser, and every listing can be shared, bookmarked and reloaded.
 */

/** spec §9 "Catalog page size 6; initial page 1". */
export const PAGE_SIZE = 6;
export const INITIAL_PAGE = 1;

export type FilterKind = 'equal' | 'range';

/**
 * Filters the listing offers, in the order shown, with how each filters: `equal` attributes take
 * any of several option ids, `range` attributes one bucket (`from_to`). Eyewear frame filters from
 * docs/domain: shape, colour, material, rim type, size (S/M/L and lens/bridge/temple mm), face width.
 */
export const FILTER_KINDS = {
  category_uid: 'equal',
  price: 'range',
  frame_shape: 'equal',
  color: 'equal',
  frame_material: 'equal',
  rim_type: 'equal',
  size: 'equal',
  lens_width: 'range',
  bridge_width: 'range',
  temple_length: 'range',
  face_width: 'equal',
} as const satisfies Record<string, FilterKind>;

export type FilterCode = keyof typeof FILTER_KINDS;
export const FILTER_CODES = Object.keys(FILTER_KINDS) as FilterCode[];

export type SortField = 'relevance' | 'position' | 'name' | 'price';
export type SortDirection = 'ASC' | 'DESC';
export interface SortChoice {
  field: SortField;
  direction: SortDirection;
}

export interface ListingParams {
  page: number;
  /** null: the listing's default order (position for categories, relevance for a search). */
  sort: SortChoice | null;
  /** Selected values by filter code; only codes with at least one value. */
  filters: Partial<Record<FilterCode, string[]>>;
}

const EQUAL_VALUE = /^[\w+/=-]{1,64}$/;
const RANGE_VALUE = /^(\d+(\.\d+)?)?_(\d+(\.\d+)?)?$/;
const SORT_VALUE = /^(relevance|position|name|price)_(ASC|DESC)$/;

const isFilterCode = (code: string): code is FilterCode => Object.hasOwn(FILTER_KINDS, code);

/** Reads the listing state; anything malformed is ignored rather than sent to the backend. */
export function parseListingParams(search: URLSearchParams, allowed: readonly FilterCode[] = FILTER_CODES): ListingParams {
  const pageRaw = search.get('page');
  const page = pageRaw && /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : INITIAL_PAGE;
  const sortMatch = SORT_VALUE.exec(search.get('sort') ?? '');
  const sort = sortMatch ? { field: sortMatch[1] as SortField, direction: sortMatch[2] as SortDirection } : null;
  const filters: ListingParams['filters'] = {};
  for (const code of allowed) {
    const raw = search.get(code);
    if (!raw || !isFilterCode(code)) continue;
    const values =
      FILTER_KINDS[code] === 'range' ? [raw].filter((v) => RANGE_VALUE.test(v) && v !== '_') : [...new Set(raw.split(','))].filter((v) => EQUAL_VALUE.test(v));
    if (values.length) filters[code] = values;
  }
  return { page, sort, filters };
}

/** The URL query of a listing state; other parameters (the search `query`) are kept. */
export function listingSearchParams(params: ListingParams, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const code of FILTER_CODES) next.delete(code);
  next.delete('sort');
  next.delete('page');
  for (const code of FILTER_CODES) {
    const values = params.filters[code];
    if (values?.length) next.set(code, values.join(','));
  }
  if (params.sort) next.set('sort', `${params.sort.field}_${params.sort.direction}`);
  if (params.page > INITIAL_PAGE) next.set('page', String(params.page));
  return next;
}

/** Adds or removes one value of a filter; any change of filters goes back to the first page. */
export function toggleFilter(params: ListingParams, code: FilterCode, value: string): ListingParams {
  const current = params.filters[code] ?? [];
  const values =
    FILTER_KINDS[code] === 'range'
      ? current.includes(value)
        ? []
        : [value]
      : current.includes(value)
        ? current.filter((v) => v !== value)
        : [...current, value];
  const filters = { ...params.filters, [code]: values };
  if (!values.length) delete filters[code];
  return { ...params, filters, page: INITIAL_PAGE };
}

export const clearFilters = (params: ListingParams): ListingParams => ({ ...params, filters: {}, page: INITIAL_PAGE });
export const withSort = (params: ListingParams, sort: SortChoice | null): ListingParams => ({ ...params, sort, page: INITIAL_PAGE });
export const withPage = (params: ListingParams, page: number): ListingParams => ({ ...params, page });
export const activeFilterCount = (params: ListingParams): number => Object.values(params.filters).reduce((n, v) => n + (v?.length ?? 0), 0);

export type EqualFilterInput = { eq?: string; in?: string[] };
export type RangeFilterInput = { from?: string; to?: string };
/** Magento's ProductAttributeFilterInput for the fields this shop filters on (plus the extension's). */
export type ProductFilterInput = Partial<Record<FilterCode, EqualFilterInput | RangeFilterInput>>;

/** The `filter` argument of Magento's `products` query: the page's own filter plus the shopper's. */
export function productFilterInput(params: ListingParams, base: ProductFilterInput = {}): ProductFilterInput {
  const input: ProductFilterInput = { ...base };
  for (const code of FILTER_CODES) {
    const values = params.filters[code];
    if (!values?.length) continue;
    if (FILTER_KINDS[code] === 'equal') {
      input[code] = { in: values };
    } else {
      const [from = '', to = ''] = (values[0] ?? '').split('_');
      input[code] = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
    }
  }
  return input;
}

/** The `sort` argument of Magento's `products` query; undefined leaves the backend's default. */
export function productSortInput(sort: SortChoice | null): Partial<Record<SortField, SortDirection>> | undefined {
  return sort ? { [sort.field]: sort.direction } : undefined;
}
