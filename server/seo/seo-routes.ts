/**
 * robots.txt and the sitemaps (ADR 014), answered by the Node server for both backends:
 *
 * - `GET /robots.txt`: the catalog allowed; cart, checkout, account pages, search results and the
 *   backend's `/graphql` and `/rest` disallowed; a `Sitemap:` line for the index and each view's.
 * - `GET /sitemap.xml`: a sitemap index of the store views' sitemaps.
 * - `GET /{code}/sitemap.xml`: the view's home page, categories, products and CMS pages, each with
 *   its hreflang alternates.
 *
 * Every URL is on the public origin (`PUBLIC_URL`, ADR 012), never on a request header; only when
 * the server has none (a random port, a wildcard host, a trusted proxy) is the request's own origin
 * used, which the server reads from `X-Forwarded-*` only from a trusted proxy. A built answer is
 * kept in memory for `cacheSeconds` (5 minutes) and sent with the same `Cache-Control` max-age:
 * GraphQL is asked at most once per answer and period, never per request.
 */
import { Router, type Response } from 'express';
import type { ServerGraphqlFetch } from '../backend-graphql';
import { requestOrigin } from '../config';
import type { StoreViewLocale } from '../../src/services/seo/hreflang';
import { alternatesOf, storeUrl } from '../../src/services/seo/page-head';
import { DEFAULT_STORE_CODE, STORE_CODES } from '../../src/services/store-view/store-views';
import { storePathsOf, storeViewsOf } from './sitemap-data';
import { sitemapIndexXml, urlSetXml } from './sitemap-xml';

export interface SeoRoutesOptions {
  /** `config.publicOrigin`: the origin of every URL written; null: the request's own. */
  publicOrigin: string | null;
  /** GraphQL as the server asks it (server/backend-graphql.ts), shared with the server render. */
  graphql: ServerGraphqlFetch;
  /** How long a built answer is kept and may be cached (seconds); 300 unless told. */
  cacheSeconds?: number;
  /** The view `x-default` names; the spec's `ca` unless told. */
  defaultStoreCode?: string;
  warn?: (message: string) => void;
}

/**
 * Paths kept out of crawling, under any store view: a page (`$`, or with a query) or a folder (`/`).
 * The shop's private routes (spec §2): cart, checkout, sign-in and account pages, alerts, payment
 * returns, abandoned-cart and unsubscribe links, and search results.
 */
const PRIVATE_PAGES = [
  'cart',
  'checkout',
  'sign-in',
  'create-account',
  'forgot-password',
  'wishlist',
  'prescription',
  'order-history',
  'address-book',
  'account-information',
  'saved-payments',
  'social-accounts',
  'communications',
  'stock',
  'price',
  'payment-result',
  'paymentfail',
  'success',
  'search.html',
];
const PRIVATE_FOLDERS = ['order-history', 'customer', 'prescriptionfix', 'productalert', 'unsubscribe', 'abandonedcart', 'paypal', 'ayden'];

/** robots.txt: everything allowed but the backend and the private pages; the sitemaps named. */
export function robotsTxt(origin: string, storeCodes: readonly string[]): string {
  return [
    'User-agent: *',
    'Disallow: /graphql',
    'Disallow: /rest/',
    ...PRIVATE_PAGES.flatMap((page) => [`Disallow: /*/${page}$`, `Disallow: /*/${page}?`]),
    ...PRIVATE_FOLDERS.map((folder) => `Disallow: /*/${folder}/`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    ...storeCodes.map((code) => `Sitemap: ${origin}/${code}/sitemap.xml`),
    '',
  ].join('\n');
}

/** At most this many built answers are kept (origins × views), the oldest dropped first. */
const CACHE_ENTRIES = 64;

export function seoRoutes(options: SeoRoutesOptions): Router {
  const graphqlFetch = options.graphql;
  const cacheSeconds = options.cacheSeconds ?? 300;
  const defaultStoreCode = options.defaultStoreCode ?? DEFAULT_STORE_CODE;
  const warn = options.warn ?? console.warn;
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  /** The value built once per key and period; a failed build is forgotten at once. */
  function cached<T>(key: string, build: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    cache.delete(key);
    const value = build();
    cache.set(key, { expires: now + cacheSeconds * 1000, value });
    value.catch(() => cache.delete(key));
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return value;
  }

  const storeViews = (origin: string) => cached(`${origin} views`, () => storeViewsOf(graphqlFetch(origin)));

  function send(res: Response, type: string, body: string) {
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', `public, max-age=${cacheSeconds}`);
    res.send(body);
  }

  function unavailable(res: Response, error: unknown) {
    warn(`seo: ${error instanceof Error ? error.message : String(error)}`);
    res.setHeader('Retry-After', '60');
    res.setHeader('Cache-Control', 'no-store');
    res.status(503).type('text/plain').send('The catalog cannot be read right now; try again in a minute.');
  }

  const router = Router();

  router.get('/robots.txt', async (req, res) => {
    const origin = requestOrigin(options.publicOrigin, req);
    const codes = await storeViews(origin).then(
      (views) => views.map((v) => v.code),
      () => [...STORE_CODES], // robots.txt must answer: the spec's views when the backend cannot say
    );
    send(res, 'text/plain; charset=utf-8', robotsTxt(origin, codes));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const origin = requestOrigin(options.publicOrigin, req);
    try {
      const views = await storeViews(origin);
      send(res, 'application/xml; charset=utf-8', sitemapIndexXml(views.map((v) => `${origin}/${v.code}/sitemap.xml`)));
    } catch (error) {
      unavailable(res, error);
    }
  });

  router.get('/:code/sitemap.xml', async (req, res, next) => {
    const origin = requestOrigin(options.publicOrigin, req);
    const code = req.params.code;
    try {
      const views: StoreViewLocale[] = await storeViews(origin);
      if (!views.some((v) => v.code === code)) return next();
      const xml = await cached(`${origin} ${code}`, async () => {
        const paths = await storePathsOf(graphqlFetch(origin), code, warn);
        const context = { origin, storeViews: views, defaultStoreCode };
        return urlSetXml(paths.map((path) => ({ loc: storeUrl(origin, code, path), alternates: alternatesOf(context, path) })));
      });
      send(res, 'application/xml; charset=utf-8', xml);
    } catch (error) {
      unavailable(res, error);
    }
  });

  return router;
}
