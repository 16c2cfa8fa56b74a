/** Messages between the page and the service worker (both sides import these names). */

/** The page asks a waiting worker to take over (what workbox-window's messageSkipWaiting sends). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** The page hands the worker the build files it loaded before being controlled (workbox-routing). */
export const CACHE_URLS_MESSAGE = 'CACHE_URLS';

/**
 * The page hands the worker the images it showed before being controlled. The worker fetches each
 * as the page did, asking for WebP (IMAGE_ACCEPT): asked for any type (workbox's own fetch) the backend answers the
 * original PNG, 5–8 times larger, and the worker would keep and later serve that.
 */
export const WARM_MEDIA_MESSAGE = 'WARM_MEDIA';
export const IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

/** Where the production build puts the worker (vite-plugin-pwa's `filename`, built to .js), and its scope. */
export const SERVICE_WORKER_URL = '/service-worker.js';
export const SERVICE_WORKER_SCOPE = '/';
