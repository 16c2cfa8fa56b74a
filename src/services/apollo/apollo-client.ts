import { ApolloClient, ApolloLink, HttpLink, type InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { createShopCache } from './cache';
import { minifyQuery } from './minify-query';
import { createCacheIdLink, createGuardedFetch, createMutationQueueLink, createOutOfStockLink, createRequestHeadersLink, createShopRetryLink } from './links';

export interface ApolloClientOptions {
  /** The GraphQL endpoint: /graphql on the origin, or a configured API URL (spec §7). */
  uri: string;
  storeCode: string;
  /** The stored sign-in token, read at each request. */
  getToken: () => string | null;
  /** The stored Magento cache id (`magento_cache_id`), read at each request. */
  getCacheId?: () => string | null;
  /** Stores the cache id a response carries. */
  saveCacheId?: (cacheId: string) => void;
  cache?: InMemoryCache;
  fetch?: typeof fetch;
  /** Defaults to `navigator.onLine` (true where there is no navigator). */
  isOnline?: () => boolean;
  /** Whether a query sent while offline may still be answered (a service worker controls the page). */
  canAnswerOffline?: () => boolean;
  /** Retries only happen in the browser (spec §9); defaults to "a window exists". */
  isBrowser?: () => boolean;
  /**
   * Server rendering: the client renders one page from its cache (Apollo's SSR mode).
   * The browser taking over such a page needs nothing of the kind: the page's queries are
   * cache-first and find the server's answers; Apollo's `ssrForceFetchDelay` would also answer the
   * shopper's own network-only queries (the cart) from this browser's stale persisted cache.
   */
  ssr?: 'server';
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);
const inBrowser = () => typeof window !== 'undefined';
const serviceWorkerControls = () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/**
 * The HTTP end of the chain (spec §7): queries as GET with the query minified in the URL,
 * mutations as POST `{ operationName, variables, query }`.
 */
export function createHttpLink(options: Pick<ApolloClientOptions, 'uri' | 'fetch' | 'isOnline' | 'canAnswerOffline'>): ApolloLink {
  const isOnline = options.isOnline ?? browserOnline;
  // Resolved at call time so tests (and polyfills) that replace globalThis.fetch are honoured.
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const link = (useGETForQueries: boolean) =>
    new HttpLink({
      uri: options.uri,
      useGETForQueries,
      print: (ast, defaultPrint) => minifyQuery(defaultPrint(ast)),
      fetch: createGuardedFetch(baseFetch, isOnline, options.canAnswerOffline ?? serviceWorkerControls),
    });
  // A query carrying a shopper's secret (`SEND_AS_POST`) goes as POST: no secret in a URL.
  return ApolloLink.split((operation) => operation.getContext().sendAsPost === true, link(false), link(true));
}

/** The whole link chain of spec §7 (see links.ts for the order and why). */
export function createShopLink(options: ApolloClientOptions): ApolloLink {
  const isOnline = options.isOnline ?? browserOnline;
  return ApolloLink.from([
    createOutOfStockLink(),
    createMutationQueueLink(),
    createShopRetryLink({ isOnline, isBrowser: options.isBrowser ?? inBrowser }),
    createRequestHeadersLink({ storeCode: options.storeCode, getToken: options.getToken, getCacheId: options.getCacheId ?? (() => null) }),
    createCacheIdLink(options.saveCacheId ?? (() => {})),
    createHttpLink({ ...options, isOnline }),
  ]);
}

export function createApolloClient(options: ApolloClientOptions): ApolloClient<NormalizedCacheObject> {
  return new ApolloClient({
    link: createShopLink(options),
    cache: options.cache ?? createShopCache(),
    // Views render partial data that arrives with errors (spec §7); actors decide with the query helpers.
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-first', errorPolicy: 'all' } },
    ...(options.ssr === 'server' ? { ssrMode: true } : {}),
  });
}
