/** Messages between the page and the service worker (both sides import these names). */

/** The page asks a waiting worker to take over (what workbox-window's messageSkipWaiting sends). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** The page hands the worker the build files it loaded before being controlled (workbox-routing). */
export const CACHE_URLS_MESSAGE = 'CACHE_URLS';

/** Where the production build puts the worker (vite-plugin-pwa's `filename`, built to .js), and its scope. */
export const SERVICE_WORKER_URL = '/service-worker.js';
export const SERVICE_WORKER_SCOPE = '/';
