import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createShop } from './app/create-shop';
import { afterNextPaint, nextTask, warmUpLocaleData } from './app/boot-tasks';
import { applyDeferredStylesheets } from './app/deferred-stylesheets';
import { readRenderedPage } from './app/rendered-page';
import { preloadFirstPage } from './app/route-preload';
import { ShopRoot } from './app/shop-root';
import { storeCodeOfPath } from './machines/store-view/store-view.machine';
import { pageLocalStorage, pageSessionStorage } from './services/storage/browser-storage';
import { loadMessages } from './services/i18n/messages';
import { pageLog } from './services/app/log-buffer';
import { STORE_CODES } from './services/store-view/store-views';
import { idleAfterLoad } from './services/offline/idle-after-load';
import './ui/shared/theme.css';

const graphqlUrl = import.meta.env.VITE_GRAPHQL_URL || new URL('/graphql', window.location.origin).href;

// Each boot step in a task of its own (boot-tasks.ts): loading the code was the first. The page as it
// arrived (the server's page, or index.html's boot shell) is painted before the boot starts.
await afterNextPaint();

// A page rendered on the server hands over the store config, route outcome and cache it rendered from.
const rendered = readRenderedPage(document);

// The persisted cache is restored before the first render (createShop resolves once it is).
const shop = await createShop({
  rendered,
  pathname: window.location.pathname,
  search: `${window.location.search}${window.location.hash}`,
  graphqlUrl,
  restBaseUrl: new URL(graphqlUrl, window.location.origin).origin,
  origin: window.location.origin,
  reload: (path) => window.location.assign(path),
  reloadPage: () => window.location.reload(),
  assign: (url) => window.location.assign(url),
  // Comma-separated hosts a route redirect may also send the browser to (spec §2).
  redirectAllowList: String(import.meta.env.VITE_REDIRECT_ALLOW_LIST ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter(Boolean),
  localStorage: pageLocalStorage(),
  sessionStorage: pageSessionStorage(),
  events: window,
  isOnline: () => navigator.onLine !== false,
  yieldToBrowser: nextTask,
  // A visitor's new cart is created once the page is ready (the request budget: tests/e2e/request-budget.spec.ts).
  cartStart: idleAfterLoad(),
});

// Every page lives under its store code (spec §2): a path without one is moved under the current store.
if (!storeCodeOfPath(window.location.pathname, STORE_CODES)) {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(null, '', `/${shop.storeCode}${pathname === '/' ? '/' : pathname}${search}${hash}`);
}

// The first page's code and data load alongside the store config instead of after it. A page the
// server rendered has its data in the cache already and its code linked by the server.
await nextTask();
if (!rendered)
  void preloadFirstPage(window.location.pathname.slice(shop.storeCode.length + 1) || '/', shop.client, window.location.host, {
    urlSearch: window.location.search,
  });

await nextTask();
warmUpLocaleData(shop.actors.storeView.getSnapshot().context.locale);
await nextTask();

const app = (
  <StrictMode>
    <ShopRoot shop={shop} />
  </StrictMode>
);
const container = document.getElementById('root')!;
if (rendered) {
  // The server's page is taken over where it stands: the same markup, from the same data and
  // machine states, in the store view's language (its catalogue loaded first). A mismatch React
  // recovers from (it renders that part again) is logged, never shown as the shop's error.
  await loadMessages(shop.actors.storeView.getSnapshot().context.locale);
  // As a transition, hydration yields to the browser every few milliseconds (React time-slices
  // transition lanes, not the default one): the server's page answers a tap while it is taken over,
  // instead of one long task of the whole tree (a product page's 0.9 s of scripting).
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => {
        const message = error instanceof Error ? error.message : String(error);
        pageLog.write(`hydration: ${message}`);
        console.warn('hydration:', message);
      },
    });
  });
} else {
  // index.html paints a static shell at once, before its stylesheets apply; the first render replaces it.
  // As a transition, that render yields to the browser every few milliseconds instead of blocking it
  // in one long task.
  await applyDeferredStylesheets(document);
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// Developers watch the machines run with `?inspect` (development builds only: production bundles
// contain none of the inspector, checked by tests/unit/inspector-bundle.test.ts).
if (import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')) {
  // The running root actors (the checkout and the page host join when a page first needs them, ADR 004, ADR 009).
  const { loadCheckout: _checkoutStartsOnUse, loadPages: _pagesStartOnUse, storedImages: _notAnActor, ...running } = shop.actors;
  void import('./ui/inspector/mount-inspector').then((m) => m.mountInspector(running));
}

// Offline support (ADR 007): the service worker registers after the first render, production only.
// Its code is fetched only then, once the page has loaded and the browser is idle: never a request
// before the page is ready (the request budget, tests/e2e/request-budget.spec.ts).
void idleAfterLoad()
  .then(() => import('./services/offline/service-worker-registration'))
  .then((m) => m.registerShopServiceWorker());
