/**
 * Registers the shop's service worker (ADR 007) from the composition root, after the first render:
 * production builds only, where the browser has service workers. workbox-window is imported lazily,
 * after the page's load event, so it never weighs on the initial bundle.
 *
 * Updates never reload a page: a new worker waits, and the page lets it take over when the page
 * goes away (its next full navigation: a reload, a store switch, a new tab).
 */
import { CACHE_URLS_MESSAGE, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL, WARM_MEDIA_MESSAGE } from './service-worker-messages';
import { idleAfterLoad } from './idle-after-load';

/** The part of workbox-window's Workbox this module drives. */
export interface ServiceWorkerClient {
  addEventListener(type: 'waiting' | 'activated', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
  messageSkipWaiting(): void;
  messageSW(data: object): Promise<unknown>;
}

export interface ServiceWorkerEnvironment {
  /** `import.meta.env.PROD`: the development server and Storybook never get a worker. */
  isProduction: boolean;
  supportsServiceWorker: boolean;
  /** Resolves once the page has loaded (at once when it already has) and the browser is idle after it. */
  whenLoaded: () => Promise<void>;
  /** Runs `listener` once, when the page is going away (pagehide). */
  onPageHide: (listener: () => void) => void;
  createClient: (url: string, scope: string) => Promise<ServiceWorkerClient>;
  /** URLs the page fetched so far (Resource Timing). */
  loadedUrls: () => string[];
  origin: string;
  warn: (message: string, error: unknown) => void;
}

export type ServiceWorkerRegistrationOutcome = 'not-production' | 'unsupported' | 'registered' | 'failed';

/**
 * The build files the page loaded before the worker controlled it: handed to the worker on its
 * first activation, so the very first page visited also works offline. GraphQL reads are left
 * out: replayed without the page's Store header they would be another store's answers.
 */
export function buildFilesToWarm(urls: readonly string[], origin: string): string[] {
  return sameOriginUnder(urls, origin, '/assets/');
}

/** The images the page loaded before the worker controlled it (WARM_MEDIA_MESSAGE). */
export function mediaToWarm(urls: readonly string[], origin: string): string[] {
  return sameOriginUnder(urls, origin, '/media/');
}

function sameOriginUnder(urls: readonly string[], origin: string, folder: string): string[] {
  const files = urls.map((href) => new URL(href, origin)).filter((url) => url.origin === origin && url.pathname.startsWith(folder));
  return [...new Set(files.map((url) => url.href))];
}

export async function registerShopServiceWorker(env: ServiceWorkerEnvironment = browserServiceWorkerEnvironment()): Promise<ServiceWorkerRegistrationOutcome> {
  if (!env.isProduction) return 'not-production';
  if (!env.supportsServiceWorker) return 'unsupported';
  try {
    await env.whenLoaded();
    const client = await env.createClient(SERVICE_WORKER_URL, SERVICE_WORKER_SCOPE);
    client.addEventListener('waiting', () => env.onPageHide(() => client.messageSkipWaiting()));
    client.addEventListener('activated', (event) => {
      if (event.isUpdate) return;
      const loaded = env.loadedUrls();
      void client.messageSW({ type: CACHE_URLS_MESSAGE, payload: { urlsToCache: buildFilesToWarm(loaded, env.origin) } });
      void client.messageSW({ type: WARM_MEDIA_MESSAGE, payload: { urls: mediaToWarm(loaded, env.origin) } });
    });
    await client.register();
    return 'registered';
  } catch (error) {
    // The shop works without a worker; only offline visits are lost.
    env.warn('Service worker registration failed', error);
    return 'failed';
  }
}

export function browserServiceWorkerEnvironment(): ServiceWorkerEnvironment {
  return {
    isProduction: import.meta.env.PROD,
    supportsServiceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    // After the load event and once the browser is idle: the worker's install (its precache) never
    // competes with the first page's own requests and hydration.
    whenLoaded: idleAfterLoad,
    onPageHide: (listener) => window.addEventListener('pagehide', listener, { once: true }),
    createClient: async (url, scope) => {
      const { Workbox } = await import('workbox-window');
      return new Workbox(url, { scope });
    },
    loadedUrls: () => performance.getEntriesByType('resource').map((entry) => entry.name),
    origin: window.location.origin,
    warn: (message, error) => console.warn(message, error),
  };
}
