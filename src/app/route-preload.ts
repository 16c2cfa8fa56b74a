import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { routeResolutionOf } from '../ui/app/route-resolution';

/** What the first page needs, started by the composition root before React renders. */
export type FirstPagePreload = 'home' | 'search' | 'resolver' | 'none';

// Pages of the route table whose path ends with Magento's `.html` URL suffix: not catalog URLs.
const STATIC_HTML_PATHS = new Set(['/search.html', '/paypal/action/return.html', '/ayden/action/return.html']);

/**
 * Which first page a path inside the store (`/aurora-cat-eye.html`, without the store code) shows.
 * Catalog URLs carry the `.html` suffix (spec §2 Fallback); a wrong guess only costs a wasted request.
 */
export function firstPagePreloadOf(path: string): FirstPagePreload {
  if (path === '/' || path === '') return 'home';
  if (path === '/search.html') return 'search';
  if (path.endsWith('.html') && !STATIC_HTML_PATHS.has(path)) return 'resolver';
  return 'none';
}

const ignore = () => undefined;

/**
 * Starts the first page's code and data while the store config loads (spec §2 holds the page until
 * the store view is known): without it the page chunk, the `route` query, the page's chunk and its
 * query would each wait for the one before, after the store config. The queries go into the Apollo
 * cache (or join the page's identical request in flight), so the page's own cache-first queries
 * find them; a failure is left for the page to meet and report.
 */
export function preloadFirstPage(path: string, client: ApolloClient<NormalizedCacheObject>, host: string): void {
  switch (firstPagePreloadOf(path)) {
    case 'home':
      void import('../ui/home/home-page').catch(ignore);
      void import('../ui/cms/cms-page.operations')
        .then(({ GET_CMS_PAGE }) => client.query({ query: GET_CMS_PAGE, variables: { identifier: 'home' } }))
        .catch(ignore);
      return;
    case 'search':
      void import('../ui/search/search-page').catch(ignore);
      return;
    case 'resolver':
      void import('../ui/app/route-resolver').catch(ignore);
      void import('../ui/app/route-resolver.operations')
        .then(({ RESOLVE_ROUTE }) => client.query({ query: RESOLVE_ROUTE, variables: { url: path }, fetchPolicy: 'cache-first' }))
        .then((result) => preloadResolvedPage(routeResolutionOf({ data: result.data, loading: false }, host), client))
        .catch(ignore);
      return;
    case 'none':
      return;
  }
}

async function preloadResolvedPage(resolution: ReturnType<typeof routeResolutionOf>, client: ApolloClient<NormalizedCacheObject>) {
  if (resolution.kind === 'product') {
    void import('../ui/product/product-page').catch(ignore);
    const { GET_PRODUCT_DETAIL } = await import('../ui/product/product-page.operations');
    await client.query({ query: GET_PRODUCT_DETAIL, variables: { urlKey: resolution.urlKey } });
  } else if (resolution.kind === 'category') {
    void import('../ui/catalog/category-page').catch(ignore);
    const { GET_CATEGORY } = await import('../ui/catalog/category-page.operations');
    await client.query({ query: GET_CATEGORY, variables: { uid: resolution.uid } });
  } else if (resolution.kind === 'cms') {
    await import('../ui/cms/cms-page');
  }
}
