import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { FILTER_CODES, PAGE_SIZE, parseListingParams, productFilterInput, productSortInput, type FilterCode, type ProductFilterInput } from './listing-params';
import { GET_PRODUCT_FILTERS, GET_PRODUCT_LISTING } from './product-listing.operations';

/** On a category page the tree is the navigation: every filter but the category one. */
export const CATEGORY_FILTER_CODES: readonly FilterCode[] = FILTER_CODES.filter((c) => c !== 'category_uid');

/** The search page offers every filter. */
export const SEARCH_FILTER_CODES: readonly FilterCode[] = FILTER_CODES;

/** How wide a gallery image is drawn (spec §2: 3 columns, 2 under 640 px). */
export const GALLERY_IMAGE_SIZES = '(min-width: 1440px) 380px, (min-width: 1024px) 26vw, (min-width: 640px) 31vw, 46vw';

export interface ListingPreload {
  /** The full-text search; null on a category page. */
  search: string | null;
  baseFilter: ProductFilterInput;
  filterCodes: readonly FilterCode[];
  /** The page URL's query string (filters, sort, page), as ProductListing reads it. */
  urlSearch: string;
}

/**
 * Sends the listing's two queries with the variables ProductListing will use, so its cache-first
 * queries find them (or join them in flight), and resolves with the first product's image URL —
 * the gallery's LCP element — or null. `track` is told of the filters query, which is not awaited.
 */
export async function preloadListing(
  client: ApolloClient<NormalizedCacheObject>,
  { search, baseFilter, filterCodes, urlSearch }: ListingPreload,
  track: <T>(load: Promise<T>) => Promise<T> = (load) => load,
): Promise<string | null> {
  const params = parseListingParams(new URLSearchParams(urlSearch), filterCodes);
  void track(client.query({ query: GET_PRODUCT_FILTERS, variables: { search, filter: baseFilter } })).catch(() => undefined);
  const { data } = await client.query({
    query: GET_PRODUCT_LISTING,
    variables: { search, filter: productFilterInput(params, baseFilter), sort: productSortInput(params.sort), pageSize: PAGE_SIZE, currentPage: params.page },
  });
  return data?.products?.items?.find((item) => item?.small_image?.url)?.small_image?.url ?? null;
}
