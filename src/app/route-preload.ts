import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { routeOutcomeOf, type RouteOutcome } from '../machines/route/route.machine';
import { toRouteAnswer } from '../services/route/route.actors';
import { nextTask } from './boot-tasks';
// Two small documents in the entry chunk: the first page's first query goes out without waiting
// for a chunk of its own (one round trip fewer on a phone's network). The `route` document is the
// route machine's own: the machine's cache-first request finds this one's answer (or joins it).
import { RESOLVE_ROUTE } from '../services/route/route.operations';
import { GET_CMS_PAGE } from '../ui/cms/cms-page.operations';
import type * as ListingPreloadModule from '../ui/catalog/listing-preload';
import type { ListingPreload } from '../ui/catalog/listing-preload';

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

/** What the first page reads besides its path. */
export interface FirstPageContext {
  /** The page URL's query string (`?query=round`, listing filters, sort and page). */
  urlSearch?: string;
  /** Where the LCP image preload goes (defaults to the page's document; null for none). */
  doc?: Document | null;
}

interface PreloadContext {
  client: ApolloClient<NormalizedCacheObject>;
  urlSearch: string;
  doc: Document | null;
  /** Keeps a started load, so the whole preload can tell when everything it started has settled. */
  track: <T>(load: Promise<T>) => Promise<T>;
}

/** Loads started one after another: `settled()` resolves when none is pending (a failure counts as settled). */
function loadTracker() {
  const pending: Promise<unknown>[] = [];
  return {
    track: <T>(load: Promise<T>): Promise<T> => {
      pending.push(load.catch(ignore));
      return load;
    },
    settled: async () => {
      for (let seen = -1; seen !== pending.length;) {
        seen = pending.length;
        await Promise.all(pending);
      }
    },
  };
}

/**
 * Starts the first page's code and data while the store config loads (spec §2 holds the page until
 * the store view is known): without it the page chunk, the `route` query, the page's chunk and its
 * query would each wait for the one before, after the store config. The queries go into the Apollo
 * cache (or join the page's identical request in flight), so the page's own cache-first queries
 * find them; a failure is left for the page to meet and report.
 */
export function preloadFirstPage(path: string, client: ApolloClient<NormalizedCacheObject>, host: string, page: FirstPageContext = {}): Promise<void> {
  return preloadPageAs(firstPagePreloadOf(path), path, client, host, page);
}

/** preloadFirstPage for a page whose kind is known (the server render matches the route table itself). */
export function preloadPageAs(
  kind: FirstPagePreload,
  path: string,
  client: ApolloClient<NormalizedCacheObject>,
  host: string,
  page: FirstPageContext = {},
): Promise<void> {
  const loads = loadTracker();
  const context: PreloadContext = {
    client,
    urlSearch: page.urlSearch ?? '',
    doc: page.doc === undefined ? (globalThis.document ?? null) : page.doc,
    track: loads.track,
  };
  startFirstPage(kind, path, host, context);
  return loads.settled();
}

/**
 * What preloadFirstPage starts. The browser does not wait for it; a server render does,
 * before it renders the page from the cache these loads fill.
 */
function startFirstPage(kind: FirstPagePreload, path: string, host: string, context: PreloadContext): void {
  const { client, track } = context;
  switch (kind) {
    case 'home':
      void track(import('../ui/home/home-page')).catch(ignore);
      void track(client.query({ query: GET_CMS_PAGE, variables: { identifier: 'home' } })).catch(ignore);
      return;
    case 'search': {
      void track(import('../ui/search/search-page')).catch(ignore);
      const query = (new URLSearchParams(context.urlSearch).get('query') ?? '').trim();
      if (query) {
        void track(preloadListingPage(context, ({ SEARCH_FILTER_CODES }) => ({ search: query, baseFilter: {}, filterCodes: SEARCH_FILTER_CODES }))).catch(
          ignore,
        );
      }
      return;
    }
    case 'resolver': {
      const route = track(client.query({ query: RESOLVE_ROUTE, variables: { url: path }, fetchPolicy: 'cache-first' }));
      route.catch(ignore);
      // Which page a catalog URL shows is known only from the route query: the small modules that
      // build either page's first query load alongside it, so that query leaves as soon as the
      // route is known instead of a chunk's round trip later (a CMS page fetches them for nothing,
      // about 3 kB). Each module asked for adds the bundler's preload links for its files, tens of
      // milliseconds on a phone: they come in the tasks after the query's, none a long task.
      void track(
        nextTask()
          .then(() => {
            void track(import('../ui/shell/route-resolver')).catch(ignore);
            return nextTask();
          })
          .then(async () => {
            const modules = catalogPageModules();
            const result = await route;
            await preloadResolvedPage(routeOutcomeOf(toRouteAnswer(result.data?.route ?? null), [host]), context, modules);
          }),
      ).catch(ignore);
      return;
    }
    case 'none':
      return;
  }
}

/** Module loads started at once; the page meets (and reports) one that fails, the preload only stops. */
function started<Loads extends Record<string, Promise<unknown>>>(loads: Loads): Loads {
  for (const load of Object.values(loads)) load.catch(ignore);
  return loads;
}

/** A listing's modules: the search page's, and part of a catalog URL's. */
const listingModules = () => started({ listing: import('../ui/catalog/listing-preload'), imageHelper: import('./preload-image') });

/** The data modules of a product page and of a category page, each loading from the moment it is asked for. */
const catalogPageModules = () => ({
  ...listingModules(),
  ...started({
    productOperations: import('../ui/product/product-page.operations'),
    mainImage: import('../ui/product/main-image'),
    categoryOperations: import('../ui/catalog/category-page.operations'),
  }),
});

type CatalogPageModules = ReturnType<typeof catalogPageModules>;

/** The page the route machine will show (its own rule, routeOutcomeOf): only a page is preloaded. */
async function preloadResolvedPage(outcome: RouteOutcome, context: PreloadContext, modules: CatalogPageModules) {
  const { client, doc, track } = context;
  if (outcome.kind !== 'page') return;
  const resolution = outcome.page;
  if (resolution.type === 'PRODUCT') {
    void track(import('../ui/product/product-page')).catch(ignore);
    const { GET_PRODUCT_DETAIL } = await modules.productOperations;
    const { data } = await client.query({ query: GET_PRODUCT_DETAIL, variables: { urlKey: resolution.urlKey } });
    const [{ MAIN_IMAGE_SIZES, mainImageUrlOf }, { preloadCatalogImage }] = await Promise.all([modules.mainImage, modules.imageHelper]);
    const product = data?.products?.items?.find((p) => p?.url_key === resolution.urlKey);
    const image = product ? mainImageUrlOf(product) : null;
    if (image && doc) preloadCatalogImage(doc, image, MAIN_IMAGE_SIZES);
  } else if (resolution.type === 'CATEGORY') {
    void track(import('../ui/catalog/category-page')).catch(ignore);
    void track(modules.categoryOperations.then(({ GET_CATEGORY }) => client.query({ query: GET_CATEGORY, variables: { uid: resolution.uid } }))).catch(ignore);
    // The listing needs only the category's uid, not its data: both go out together.
    await preloadListingPage(
      context,
      ({ CATEGORY_FILTER_CODES }) => ({ search: null, baseFilter: { category_uid: { eq: resolution.uid } }, filterCodes: CATEGORY_FILTER_CODES }),
      modules,
    );
  } else if (resolution.type === 'CMS_PAGE') {
    void track(client.query({ query: GET_CMS_PAGE, variables: { identifier: resolution.identifier } })).catch(ignore);
    await import('../ui/cms/cms-page');
  }
}

/** A category's or a search's listing queries, then its first product image. */
async function preloadListingPage(
  { client, urlSearch, doc, track }: PreloadContext,
  listingOf: (module: typeof ListingPreloadModule) => Omit<ListingPreload, 'urlSearch'>,
  modules: ReturnType<typeof listingModules> = listingModules(),
) {
  const listingModule = await modules.listing;
  const image = await listingModule.preloadListing(client, { ...listingOf(listingModule), urlSearch }, track);
  const { preloadCatalogImage } = await modules.imageHelper;
  if (image && doc) preloadCatalogImage(doc, image, listingModule.GALLERY_IMAGE_SIZES);
}
