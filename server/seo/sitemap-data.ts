/**
 * What the sitemaps list, asked from GraphQL by the server itself (`ServerGraphqlFetch`: the
 * embedded backend in-process, or Magento over HTTP), with standard Magento queries where they
 * exist: `availableStores`, `categories`, `products(search: "")`; the CMS pages from the shop
 * module's `lunetteCmsPages` (Magento's GraphQL lists none; ADR 014).
 */
import type { StoreViewLocale } from '../../src/services/seo/hreflang';
import { categoryPath, productPath } from '../../src/services/catalog/catalog-paths';
import {
  GET_SITEMAP_CATEGORIES,
  GET_SITEMAP_CMS_PAGES,
  GET_SITEMAP_PRODUCTS,
  GET_SITEMAP_STORE_VIEWS,
  type QueryText,
} from '../../src/services/seo/sitemap.operations';

/** The sitemap protocol's limit of URLs a file. */
export const SITEMAP_URL_LIMIT = 50_000;
const PRODUCT_PAGE_SIZE = 100;

export class GraphqlAnswerError extends Error {}

/** Runs one query with a store view's `Store` header; throws on an HTTP or GraphQL error. */
export async function askGraphql<TData, TVariables>(
  fetchGraphql: typeof fetch,
  query: QueryText<TData, TVariables>,
  variables: TVariables,
  storeCode?: string,
): Promise<TData> {
  const response = await fetchGraphql('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(storeCode ? { Store: storeCode } : {}) },
    body: JSON.stringify({ query: query.text, variables }),
  });
  const body = (await response.json().catch(() => null)) as { data?: TData; errors?: { message: string }[] } | null;
  if (!response.ok || !body?.data || body.errors?.length) {
    throw new GraphqlAnswerError(`GraphQL answered ${response.status}: ${body?.errors?.map((e) => e.message).join('; ') ?? 'no data'}`);
  }
  return body.data;
}

/** The store views (Magento `availableStores`), in Magento's order. */
export async function storeViewsOf(fetchGraphql: typeof fetch): Promise<StoreViewLocale[]> {
  const data = await askGraphql(fetchGraphql, GET_SITEMAP_STORE_VIEWS, {});
  return (data.availableStores ?? []).flatMap((s) => (s?.store_code ? [{ code: s.store_code, locale: s.locale }] : []));
}

type CategoryNode = { url_path: string | null; url_suffix: string | null; children?: readonly (CategoryNode | null)[] | null };

function categoryPaths(nodes: readonly (CategoryNode | null)[] | null | undefined, into: string[]): string[] {
  for (const node of nodes ?? []) {
    if (!node) continue;
    if (node.url_path) into.push(categoryPath(node));
    categoryPaths(node.children, into);
  }
  return into;
}

/** Every product's in-store path, page by page. */
async function productPaths(fetchGraphql: typeof fetch, storeCode: string, limit: number): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; paths.length < limit; page++) {
    const { products } = await askGraphql(fetchGraphql, GET_SITEMAP_PRODUCTS, { pageSize: PRODUCT_PAGE_SIZE, currentPage: page }, storeCode);
    for (const item of products?.items ?? []) if (item?.url_key) paths.push(productPath(item));
    if (!products?.items?.length || page >= (products.page_info?.total_pages ?? page)) break;
  }
  return paths.slice(0, limit);
}

/**
 * The CMS pages with a URL of their own (`/{identifier}`): not the home page (the store's `/`), the
 * 404 page or the no-cookies page. A Magento without the shop's module answers an error: the sitemap
 * then goes without CMS pages rather than without everything.
 */
async function cmsPaths(fetchGraphql: typeof fetch, storeCode: string, warn: (message: string) => void): Promise<string[]> {
  try {
    const { lunetteCmsPages, storeConfig } = await askGraphql(fetchGraphql, GET_SITEMAP_CMS_PAGES, {}, storeCode);
    const notPages = new Set([storeConfig?.cms_home_page, storeConfig?.cms_no_route, storeConfig?.cms_no_cookies].filter(Boolean));
    return lunetteCmsPages.flatMap((p) => (p?.identifier && !notPages.has(p.identifier) ? [`/${p.identifier}`] : []));
  } catch (error) {
    if (!(error instanceof GraphqlAnswerError)) throw error;
    warn(`sitemap: no CMS pages for store view ${storeCode} (${error.message})`);
    return [];
  }
}

/** A store view's in-store paths: the home page, its categories, products and CMS pages (at most SITEMAP_URL_LIMIT). */
export async function storePathsOf(fetchGraphql: typeof fetch, storeCode: string, warn: (message: string) => void = console.warn): Promise<string[]> {
  const { categories } = await askGraphql(fetchGraphql, GET_SITEMAP_CATEGORIES, {}, storeCode);
  const fixed = [
    '/',
    ...categoryPaths(
      (categories?.items ?? []).flatMap((root) => root?.children ?? []),
      [],
    ),
    ...(await cmsPaths(fetchGraphql, storeCode, warn)),
  ];
  const products = await productPaths(fetchGraphql, storeCode, SITEMAP_URL_LIMIT - fixed.length);
  return [...new Set([...fixed, ...products])];
}
