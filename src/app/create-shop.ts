import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { createActor, type Actor, type AnyActorLogic } from 'xstate';
import { appMachine } from '../machines/app/app.machine';
import { cartMachine } from '../machines/cart/cart.machine';
import type { PageHostActor } from '../machines/app/page-host.machine';
import type { CheckoutActorRef } from '../machines/checkout/checkout.machine';
import { routeMachine } from '../machines/route/route.machine';
import { hasTokenExpired, sessionMachine } from '../machines/session/session.machine';
import { initialStoreCode, storeCodeOfPath, storeViewMachine, type StoreViewInput } from '../machines/store-view/store-view.machine';
import { toastMachine } from '../machines/toast/toast.machine';
import { wishlistMachine } from '../machines/wishlist/wishlist.machine';
import { createApolloClient } from '../services/apollo/apollo-client';
import { createShopCache } from '../services/apollo/cache';
import { createGuardedFetch } from '../services/apollo/links';
import { createCachePersistence, persistOnPageHide, type CachePersistence } from '../services/apollo/cache-persistence';
import { appImplementations } from '../services/app/app.actors';
import { pageLog } from '../services/app/log-buffer';
import { cartImplementations, readStoredCartId } from '../services/cart/cart.actors';
import { readPendingPayment } from '../services/cart/pending-payment';
import { lazyRestClient, type LoadRestClient } from '../services/rest/lazy-rest-client';
import { routeImplementations } from '../services/route/route.actors';
import { readToken, readTokenRecord, sessionImplementations } from '../services/session/session.actors';
import {
  announceCartChange,
  listenToCartChangesElsewhere,
  listenToCartIdChanges,
  listenToConnectionBack,
  listenToConnectivity,
  listenToUnhandledErrors,
  openCartChannel,
} from '../services/shop/browser-events';
import { createShopMachine, shopActorRefs } from '../services/shop/shop.machine';
import { systemActor } from '../machines/shared/system-actor';
import { createBrowserStorage, type BrowserStorage } from '../services/storage/browser-storage';
import { STORAGE_KEYS } from '../services/storage/storage-keys';
import { readImagesBySku } from '../services/images/images-by-sku';
import { readCartLeft, storedStoreView, storeViewImplementations } from '../services/store-view/store-view.actors';
import { DEFAULT_STORE_CODE, STORE_CODES } from '../services/store-view/store-views';
import { createToastNotifier } from '../services/toast/toast-notifier';
import { toastImplementations } from '../services/toast/toast.actors';
import { wishlistImplementations } from '../services/wishlist/wishlist.actors';
import type { ShopActors } from '../ui/app/shop-actors';
import type { RenderedPage } from './rendered-page';

/** The router's navigate: a path, or a new search for the page shown (ADR 008), pushed or in place. */
export type ShopNavigator = (to: string | { search: string }, options?: { replace?: boolean }) => void;

export interface Shop {
  storeCode: string;
  client: ApolloClient<NormalizedCacheObject>;
  /** The REST client (spec §7), loaded on first use. */
  loadRest: LoadRestClient;
  storage: BrowserStorage;
  persistence: CachePersistence | null;
  actors: ShopActors;
  /** In-app navigation, relative to the store's base path (or the search alone, in place with `replace`); the router registers itself here. */
  setNavigator(navigate: ShopNavigator | null): void;
  /** The router shows another route: the page machines of the one left stop (ADR 009). */
  enterRoute(pathname: string): void;
  /** Stops the machines and the browser listeners (tests, hot reload). */
  stop(): void;
}

export interface ShopEnvironment {
  pathname: string;
  /** The page's query and fragment: a first visit reloaded under the URL's store view keeps them. */
  search?: string;
  /** /graphql on the origin, or a configured API URL (spec §7). */
  graphqlUrl: string;
  /** Where REST calls go (the origin, or the configured API host). */
  restBaseUrl: string;
  /** The page's origin and its host names (redirects stay on them, images are made relative to it). */
  origin: string;
  /** A full page load of a path (a store-view switch). */
  reload: (path: string) => void;
  /** Reloads the current page (another tab changed the cart; the session expired). */
  reloadPage: () => void;
  /** A full browser redirect (a route answer pointing outside the app). */
  assign: (url: string) => void;
  /** Hosts besides the page's own that a route answer may send the browser to (spec §2; ADR 004). */
  redirectAllowList?: string[];
  /** localStorage, or null where the browser refuses it. */
  localStorage: Storage | null;
  /** This tab's sessionStorage, or null (a server render, a browser that refuses it). */
  sessionStorage?: Storage | null;
  /** Where browser events come from (window); null outside a browser. */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  isOnline: () => boolean;
  now?: () => number;
  fetch?: typeof fetch;
  /**
   * Lets the browser run between the build's steps (cache, machines, their start), each a task of
   * its own instead of one long task (boot-tasks.ts); none outside a browser.
   */
  yieldToBrowser?: () => Promise<void>;
  /** The page the server rendered: machines start where the server's ended, the cache holds what it rendered from. */
  rendered?: RenderedPage | null;
  /**
   * The shop runs on the server, to render one page for nobody in particular: the URL's
   * store view serves it, no cart is created, the Apollo client runs in SSR mode.
   */
  onServer?: boolean;
  /**
   * When a visitor with no cart gets one (the browser: once the page has loaded and is
   * idle, so its creation and details are no requests before the page is ready). Without it, at once.
   */
  cartStart?: Promise<void>;
}

/**
 * This browser's cache with the server's answers over it, field by field: an entity the server
 * knows only a few fields of (a category as a product's breadcrumb) keeps the fields this browser
 * holds besides (its description and children, from a visit to the category page).
 */
export function withRenderedCache(kept: NormalizedCacheObject, server: NormalizedCacheObject): NormalizedCacheObject {
  const merged: NormalizedCacheObject = { ...kept };
  for (const [id, entity] of Object.entries(server)) merged[id] = { ...(kept[id] ?? {}), ...(entity ?? {}) };
  return merged;
}

/** Reads the persisted cache of this store view before anything renders (never throws). */
async function restoredPersistence(env: ShopEnvironment, storeCode: string, cache: ReturnType<typeof createShopCache>) {
  if (!env.localStorage) return null;
  const persistence = createCachePersistence({ cache, storage: env.localStorage, storeCode, log: pageLog.write });
  await persistence.restore();
  return persistence;
}

/**
 * The composition root: builds storage, the Apollo client (with the persisted cache restored
 * first), the REST client, and starts every machine with its live implementations inside one
 * root machine, so they share one actor system and find each other by systemId.
 */
export async function createShop(env: ShopEnvironment): Promise<Shop> {
  const now = env.now ?? (() => Date.now());
  const storage = createBrowserStorage(env.localStorage, now);
  const tabStorage = createBrowserStorage(env.sessionStorage ?? null, now);
  const rendered = env.rendered ?? null;
  const storeViewInput: StoreViewInput = {
    knownCodes: STORE_CODES,
    defaultCode: DEFAULT_STORE_CODE,
    pathname: env.pathname,
    ...(env.search ? { search: env.search } : {}),
    stored: storedStoreView(storage),
    rendered: rendered?.storeConfig ?? null,
    servedUnder: env.onServer ? storeCodeOfPath(env.pathname, STORE_CODES) : null,
    cartLeft: readCartLeft(tabStorage, STORE_CODES),
  };
  const storeCode = rendered?.storeConfig.storeCode ?? initialStoreCode(storeViewInput);

  const cache = createShopCache();
  const persistence = await restoredPersistence(env, storeCode, cache);
  // What the server rendered from wins over what this browser kept: the page hydrates from the same data.
  if (rendered) cache.restore(withRenderedCache(cache.extract(), rendered.apollo));
  await env.yieldToBrowser?.();
  const getToken = () => readToken(storage);
  const client = createApolloClient({
    uri: env.graphqlUrl,
    storeCode,
    cache,
    getToken,
    getCacheId: () => {
      const id = storage.getItem<unknown>(STORAGE_KEYS.magentoCacheId);
      return typeof id === 'string' ? id : null;
    },
    saveCacheId: (id) => storage.setItem(STORAGE_KEYS.magentoCacheId, id),
    isOnline: env.isOnline,
    ...(env.fetch ? { fetch: env.fetch } : {}),
    ...(env.onServer ? { ssr: 'server' as const, isBrowser: () => false } : {}),
  });
  // REST calls (shipping information, place order) that never left the browser (offline, no
  // connection) say so (`requestNotSent`), as GraphQL's do: the checkout then knows nothing was placed.
  const restFetch: typeof fetch = env.fetch ?? ((input, init) => fetch(input, init));
  const loadRest = lazyRestClient({ baseUrl: env.restBaseUrl, getToken, fetch: createGuardedFetch(restFetch, env.isOnline) });

  // Bound once the root actor exists: actions run only after it has started.
  let root: Actor<ReturnType<typeof createShopMachine>> | null = null;
  let navigator: ShopNavigator | null = null;
  const notify = createToastNotifier(() => root?.system.get('toast'), now);
  // ADR 039: the tabs of this store view tell each other when their cart changed (a browser only).
  const cartChannel = env.events ? openCartChannel(storeCode) : null;

  const machines = {
    storeView: storeViewMachine.provide(storeViewImplementations({ client, storage, tabStorage, reload: env.reload })),
    app: appMachine.provide(
      appImplementations({ reloadPage: env.reloadPage, navigate: (path) => (navigator ? navigator(path) : env.assign(`/${storeCode}${path}`)) }),
    ),
    toast: toastMachine.provide(toastImplementations({ now })),
    session: sessionMachine.provide(sessionImplementations({ client, storage, persistence, now, reload: env.reloadPage })),
    cart: cartMachine.provide(
      cartImplementations({
        client,
        storage,
        tabStorage,
        storeCode,
        reload: env.reloadPage,
        notify: (message) => notify({ type: 'error', message, dismissable: true, timeout: false }),
        announceChange: (cartId) => announceCartChange(cartChannel, cartId),
      }),
    ),
    route: routeMachine.provide(routeImplementations({ client, assign: env.assign })),
    wishlist: wishlistMachine.provide(wishlistImplementations({ client })),
  };

  // The session must see an expired record to sign the user out on load (spec §4), so it is read past the storage's own expiry.
  const tokenRecord = readTokenRecord(storage, { includeExpired: true });
  const shopActor = createActor(createShopMachine(machines), {
    input: {
      storeView: storeViewInput,
      app: { isOnline: env.isOnline() },
      session: { tokenRecord },
      cart: {
        cartId: readStoredCartId(storage, storeCode),
        isSignedIn: tokenRecord !== null && !hasTokenExpired(tokenRecord, now()),
        onServer: env.onServer ?? false,
        createOnStart: env.cartStart !== undefined,
        pendingPayment: readPendingPayment(storage, tabStorage, storeCode, env.pathname),
      },
      route: { shopHosts: [new URL(env.origin).host], redirectAllowList: env.redirectAllowList ?? [], settled: rendered?.route ?? null },
    },
  });
  root = shopActor;
  // Starting runs every machine's first step (the store config query, a new cart): a task of its own.
  await env.yieldToBrowser?.();
  shopActor.start();
  const started = shopActorRefs(shopActor);
  void env.cartStart?.then(() => started.cart.send({ type: 'cart.start' }));

  /**
   * A child of the root whose code loads the first time a page asks for it (ADR 004): it joins the
   * shop's system under `systemId`. Every page gets the same promise; a failed load (offline) is
   * asked again by the next page that needs it.
   */
  const childOnFirstUse = <T>(systemId: 'checkout' | 'pages', load: () => Promise<AnyActorLogic>) => {
    let child: Promise<T> | null = null;
    return () =>
      (child ??= load().then(
        (logic) => {
          shopActor.send({ type: 'shop.child.start', systemId, logic } as never);
          return systemActor(shopActor.system, systemId) as T;
        },
        (error: unknown) => {
          child = null;
          throw error;
        },
      ));
  };

  /**
   * The checkout (ADR 004), 'checkout': the checkout, payment return and success pages ask for it;
   * the home and catalog pages never load its code. One actor for the whole visit, so a step typed
   * on one page is there on the next. Nothing sends to it before it runs: its only senders are the
   * views that waited for it.
   */
  const loadCheckout = childOnFirstUse<CheckoutActorRef>('checkout', async () => {
    const [{ checkoutMachine }, { checkoutImplementations }] = await Promise.all([
      import('../machines/checkout/checkout.machine'),
      import('../services/checkout/checkout.actors'),
    ]);
    return checkoutMachine.provide(
      checkoutImplementations({ client, rest: loadRest, storage, storeCode, redirect: env.assign, now, navigate: () => navigator }),
    );
  });

  /**
   * The page host (ADR 009), 'pages', with the page machines' registry: the first page that asks for
   * its machine loads it; the pages with none never do. It starts each page's machine when the page
   * is entered and stops it when its route is left.
   */
  const loadPages = childOnFirstUse<PageHostActor>('pages', async () =>
    (await import('./page-machines')).livePageHost({
      client,
      navigator: () => navigator,
      session: started.session,
      cart: started.cart,
      storage,
      tabStorage,
      storeCode,
      assign: env.assign,
      now,
    }),
  );
  const actors: ShopActors = { ...started, loadCheckout, loadPages, storedImages: () => readImagesBySku(storage) };

  const stopListening = env.events
    ? [
        listenToConnectivity(env.events, actors.app),
        listenToCartIdChanges(env.events, storeCode, actors.cart),
        listenToConnectionBack(env.events, { cart: actors.cart, route: actors.route }),
        ...(cartChannel ? [listenToCartChangesElsewhere(cartChannel, actors.cart)] : []),
        listenToUnhandledErrors(env.events, actors.app, now),
        ...(persistence ? [persistOnPageHide(env.events, persistence)] : []),
      ]
    : [];

  return {
    storeCode,
    client,
    loadRest,
    storage,
    persistence,
    actors,
    setNavigator: (navigate) => {
      navigator = navigate;
    },
    // Before the host runs there is no page machine to stop: no page has asked for one yet.
    enterRoute: (pathname) => shopActor.system.get('pages')?.send({ type: 'pages.route.entered', pathname }),
    stop: () => {
      stopListening.forEach((stop) => stop());
      shopActor.stop();
      persistence?.remove();
    },
  };
}
