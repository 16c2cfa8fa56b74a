/**
 * The shop's service worker (ADR 007), built by vite-plugin-pwa (injectManifest) into /sw.js for
 * production builds only. Routes, in order (a request no route matches goes to the network
 * untouched: every POST, /rest/, signed-in requests, personal GraphQL queries):
 *   1. page loads: network first, the precached index.html when the network fails or stalls;
 *   2. precached shell files: from the precache;
 *   3. the prescription reader's OCR files: cache first, in a cache of their own (ADR 043);
 *   4. other hashed build files: cache first (a hashed URL never changes);
 *   5. anonymous catalog queries: network first with a short timeout, cached per store view;
 *   6. /media/ images: cache first, a bounded number of entries.
 */
import { clientsClaim, type RouteMatchCallbackOptions } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches, type PrecacheEntry } from 'workbox-precaching';
import { Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
// The worker applies the rules its unit tests check (service-worker-rules.test.ts).
import * as rules from './service-worker-rules';
import { IMAGE_ACCEPT, SKIP_WAITING_MESSAGE, WARM_MEDIA_MESSAGE } from './service-worker-messages';

// The worker's global scope; the project's TypeScript lib is the DOM one, so the few members used
// here are declared rather than pulling the conflicting WebWorker lib into every file.
declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent & { waitUntil(work: Promise<unknown>): void }) => void): void;
};

const origin = self.location.origin;
const matching =
  (rule: (request: rules.RequestFacts, origin: string) => boolean) =>
  ({ request }: RouteMatchCallbackOptions) =>
    rule(request, origin);

const precache = new PrecacheController();
precache.precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const router = new Router();

const navigationNetwork = new NetworkOnly({ networkTimeoutSeconds: rules.NAVIGATION_NETWORK_TIMEOUT_SECONDS });
router.registerRoute(
  new Route(matching(rules.isShellNavigation), async (options) => {
    try {
      return await navigationNetwork.handle(options);
    } catch {
      // Every shop URL is the same single-page app: the shell routes it, and the views show what
      // the cached data allows (or the shop's own error wording).
      return (await precache.matchPrecache('index.html')) ?? Response.error();
    }
  }),
);

router.registerRoute(new PrecacheRoute(precache));

router.registerRoute(
  new Route(
    matching(rules.isPrescriptionReaderAsset),
    new CacheFirst({
      cacheName: rules.OFFLINE_CACHE_NAMES.prescriptionReader,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: rules.PRESCRIPTION_READER_MAX_ENTRIES, purgeOnQuotaError: true }),
      ],
    }),
  ),
);

router.registerRoute(
  new Route(
    matching(rules.isHashedAsset),
    new CacheFirst({
      cacheName: rules.OFFLINE_CACHE_NAMES.assets,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: rules.ASSET_MAX_ENTRIES, purgeOnQuotaError: true })],
    }),
  ),
);

router.registerRoute(
  new Route(
    matching(rules.isCatalogQuery),
    new NetworkFirst({
      cacheName: rules.OFFLINE_CACHE_NAMES.catalogQueries,
      networkTimeoutSeconds: rules.CATALOG_QUERY_NETWORK_TIMEOUT_SECONDS,
      // The key already holds the store view and currency; the stored request has no headers.
      matchOptions: { ignoreVary: true },
      plugins: [
        { cacheKeyWillBeUsed: async ({ request }) => rules.catalogQueryCacheKey(request) },
        { cacheWillUpdate: async ({ response }) => (rules.isShareableResponse(response) ? response : null) },
        new ExpirationPlugin({ maxEntries: rules.CATALOG_QUERY_MAX_ENTRIES, maxAgeSeconds: rules.CATALOG_QUERY_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  ),
);

router.registerRoute(
  new Route(
    matching(rules.isMediaImage),
    new CacheFirst({
      cacheName: rules.OFFLINE_CACHE_NAMES.media,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: rules.MEDIA_MAX_ENTRIES, maxAgeSeconds: rules.MEDIA_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  ),
);

router.addFetchListener();
// The page lists the build files it loaded before this worker controlled it (first visit).
router.addCacheListener();

// A new version waits until the page asks for it (on its next navigation): never mid-checkout.
self.addEventListener('message', (event) => {
  const message = event.data as { type?: unknown; payload?: { urls?: unknown } } | null;
  if (message?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  if (message?.type === WARM_MEDIA_MESSAGE && Array.isArray(message.payload?.urls)) event.waitUntil(warmMedia(message.payload.urls.filter(isString)));
});

const isString = (value: unknown): value is string => typeof value === 'string';

/** The first page's images, fetched as the page fetched them (WebP) and kept in the media cache. */
async function warmMedia(urls: string[]): Promise<void> {
  const cache = await caches.open(rules.OFFLINE_CACHE_NAMES.media);
  await Promise.all(
    urls
      .filter((url) => rules.isMediaImage({ url, method: 'GET', mode: 'no-cors', headers: new Headers() }, origin))
      .map(async (url) => {
        if (await cache.match(url)) return;
        const response = await fetch(url, { headers: { Accept: IMAGE_ACCEPT } }).catch(() => null);
        if (response?.ok) await cache.put(url, response);
      }),
  );
}
// The first install takes the open page at once (nothing older to conflict with); an update
// activates only after the skip-waiting message, when the page is going away.
clientsClaim();
