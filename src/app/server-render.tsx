import { print } from 'graphql';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { waitFor } from 'xstate';
import { REDIRECT_CODES, settledRouteOf, type SettledRoute } from '../machines/route/route.machine';
import { pathWithoutStoreCode, storeCodeOfPath } from '../machines/store-view/store-view.machine';
import { loadMessages } from '../services/i18n/messages';
import { CUSTOMISE_FRAME_EXISTS } from '../services/customise/customise.operations';
import { RESOLVE_ROUTE } from '../services/route/route.operations';
import { GET_AVAILABLE_STORES } from '../services/store-view/store-view.operations';
import { DEFAULT_STORE_CODE, STORE_CODES } from '../services/store-view/store-views';
import { setServerRenderEnvironment } from '../ui/shared/render-environment';
import { createShop, type Shop } from './create-shop';
import type { RenderedPage } from './rendered-page';
import { preloadPageAs, type FirstPagePreload } from './route-preload';
import { serverPageHead } from './server-page-head';
import type { PageHead } from '../services/seo/page-head';
import { CUSTOMISE_ROUTE_PATH, FALLBACK_ROUTE_PATH, type INDEXABLE, SHOP_ROUTES } from './shop-routes';
import { ShopRoot } from './shop-root';

/**
 * Server render: the shop's machines and React render one catalog or CMS URL in the
 * Node process, from data loaded before the render, for nobody in particular (no token, no cart).
 * The machines run as in the browser: the store view loads its config, the route machine
 * resolves the URL (spec §2 Fallback) and decides the outcome, the first page's queries fill the
 * Apollo cache; React then renders the page from that cache in one pass.
 */

export interface ServerRenderRequest {
  /** The URL's path and query (`/fr/aurora-cat-eye.html?colour=black`). */
  url: string;
  /** The public origin the page is served at (PUBLIC_URL, never a request header: ADR 012). */
  origin: string;
  /** GraphQL as the server reaches it (the embedded backend in-process, or Magento). */
  fetch: typeof fetch;
  /** Gives up after this long (the server then sends the client-rendered shell). */
  timeoutMs?: number;
  /** The answer's Content-Security-Policy nonce: React's inline scripts (its streamed boundaries) carry it. */
  nonce?: string;
}

export type ServerRenderResult =
  /**
   * A URL the server does not render (personal pages, no store code): the client-rendered shell
   * serves it, with this robots rule (`noindex, nofollow` for the shopper's own pages).
   */
  | {
      kind: 'client';
      robots: string | null;
      /** 404 for a path naming no store view that no page answers in the default store view; 200 when absent. */
      status?: number;
    }
  /** Spec §2: a route redirect, answered as a real HTTP redirect. */
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** 200, 404 (spec §8 page not found) or 500 (spec §8 generic: the route cannot be shown). */
      status: number;
      storeCode: string;
      /** `<html lang>`. */
      lang: string;
      /** The markup of `#root`. */
      html: string;
      /** Title, description, canonical, alternates, Open Graph and JSON-LD. */
      head: PageHead;
      /** The lazily loaded page modules the page was rendered with (source paths, as Vite's manifest names them). */
      pageModules: string[];
      rendered: RenderedPage;
    };

const DEFAULT_TIMEOUT_MS = 8000;

/** The robots rule of the shopper's own pages (see INDEXABLE). */
const PRIVATE_PAGE_ROBOTS = 'noindex, nofollow';

const routeOf = (path: string) => matchRoutes(SHOP_ROUTES, path)?.at(-1)?.route;
const isIndexable = (path: string) => (routeOf(path)?.handle as typeof INDEXABLE | undefined)?.indexable === true;

/**
 * The pages the server renders, by the route table: the home page, search results and every URL
 * the backend resolves (spec §2 Fallback: categories, products, CMS pages, not found). The others
 * (cart, checkout, account, sign-in, links of e-mails, try-on) are the shopper's own or need the
 * browser: the shell serves them.
 */
function serverRenderedPageOf(path: string): FirstPagePreload {
  const route = routeOf(path);
  if (!route) return 'none';
  if (route.index) return 'home';
  if (route.path === 'search.html') return 'search';
  return route.path === FALLBACK_ROUTE_PATH ? 'resolver' : 'none';
}

/**
 * One DOM for the process, where backend HTML is sanitised (DOMPurify) as the browser does it.
 * jsdom is loaded with the first page rendered, not when the server starts: loading it is about a
 * second of CPU, which a server that renders no page (an API-only process, a restart that serves
 * only GraphQL) never spends.
 */
let dom: Promise<Window & typeof globalThis> | null = null;
const contentDom = () =>
  (dom ??= import('jsdom').then(({ JSDOM }) => new JSDOM('<!doctype html><html><body></body></html>').window as unknown as Window & typeof globalThis));

/** Renders `request.url`, or says it is not the server's to render; throws when rendering fails (the caller falls back). */
export async function renderShopPage(request: ServerRenderRequest): Promise<ServerRenderResult> {
  const url = new URL(request.url, request.origin);
  const storeCode = storeCodeOfPath(url.pathname, STORE_CODES);
  if (!storeCode) return storelessPage(request, url);
  const path = pathWithoutStoreCode(url.pathname, STORE_CODES);
  const firstPage = serverRenderedPageOf(path);
  if (firstPage === 'none') {
    if (await namesNoFrame(request, storeCode, path)) return { kind: 'client', robots: PRIVATE_PAGE_ROBOTS, status: 404 };
    return { kind: 'client', robots: isIndexable(path) ? null : PRIVATE_PAGE_ROBOTS };
  }

  setServerRenderEnvironment({ origin: request.origin, window: await contentDom() });
  const shop = await createShop({
    pathname: url.pathname,
    graphqlUrl: new URL('/graphql', request.origin).href,
    restBaseUrl: request.origin,
    origin: request.origin,
    reload: ignore,
    reloadPage: ignore,
    assign: ignore,
    localStorage: null,
    events: null,
    isOnline: () => true,
    fetch: request.fetch,
    onServer: true,
  });
  // Past the time limit, a render still under way is aborted (React stops, nothing is left running).
  const abort = new AbortController();
  try {
    return await withTimeout(
      renderWithShop(shop, { storeCode, path, search: url.search, host: url.host, origin: request.origin, firstPage, nonce: request.nonce }, abort.signal),
      request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      () => abort.abort(),
    );
  } finally {
    shop.stop();
  }
}

/**
 * A lens-wizard link whose url key names no product (`/customize/bad`): the browser's wizard says
 * it found no frame, and the answer's status says so too (spec §8 page not found), so such a link
 * is never a soft 404. When the backend cannot be asked, the shell answers as for any other page.
 */
async function namesNoFrame(request: ServerRenderRequest, storeCode: string, path: string): Promise<boolean> {
  const match = matchRoutes(SHOP_ROUTES, path)?.at(-1);
  const urlKey = match?.route.path === CUSTOMISE_ROUTE_PATH ? match.params.urlKey : undefined;
  if (!urlKey) return false;
  try {
    const response = await request.fetch(new URL('/graphql', request.origin).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json', store: storeCode },
      body: JSON.stringify({ query: print(CUSTOMISE_FRAME_EXISTS), variables: { urlKey } }),
    });
    const body = (await response.json()) as { data?: { products?: { total_count?: number | null } | null } };
    return body.data?.products?.total_count === 0;
  } catch {
    return false;
  }
}

/**
 * A path naming no store view (`/xx/…`, `/sunglasses.html`): the shop in the browser puts the
 * shopper's own store view in front of it. The answer's status must still say whether such a page
 * exists, or every unknown URL answers 200 (a soft 404 to a crawler): a path the backend resolves is
 * looked up in the default store view, and one not found there answers 404 (spec §8 page not found),
 * never indexed. The home page and the shop's own pages (cart, checkout, …) are the shell's, as ever.
 */
async function storelessPage(request: ServerRenderRequest, url: URL): Promise<ServerRenderResult> {
  if (serverRenderedPageOf(url.pathname) !== 'resolver') return { kind: 'client', robots: null };
  const inDefaultStore = await renderShopPage({ ...request, url: `/${DEFAULT_STORE_CODE}${url.pathname}${url.search}` });
  return inDefaultStore.kind === 'page' && inDefaultStore.status === 404
    ? { kind: 'client', robots: PRIVATE_PAGE_ROBOTS, status: 404 }
    : { kind: 'client', robots: null };
}

async function renderWithShop(
  shop: Shop,
  page: { storeCode: string; path: string; search: string; host: string; origin: string; firstPage: FirstPagePreload; nonce: string | undefined },
  signal: AbortSignal,
): Promise<ServerRenderResult> {
  const { storeView, route } = shop.actors;
  const ready = await waitFor(storeView, (s) => s.matches('ready') || s.matches('failed') || s.hasTag('reloading'));
  if (!ready.matches('ready')) throw new Error(`The store view ${page.storeCode} could not be loaded: ${ready.context.error ?? 'it reloads'}`);
  const storeConfig = {
    storeCode: ready.context.storeCode,
    locale: ready.context.locale.replace(/-/g, '_'),
    currency: ready.context.currency ?? '',
    secureBaseMediaUrl: ready.context.secureBaseMediaUrl ?? '',
    cartPricesIncludeTax: ready.context.cartPricesIncludeTax,
  };

  let settled: SettledRoute | null = null;
  if (page.firstPage === 'resolver') {
    route.send({ type: 'route.resolve', pathname: page.path });
    settled = settledRouteOf(await waitFor(route, (s) => settledRouteOf(s) !== null));
    const redirect = settled ? await redirectOf(shop, page, settled) : null;
    if (redirect) return redirect;
  }
  const [messages] = await Promise.all([
    loadMessages(ready.context.locale),
    preloadPageAs(page.firstPage, page.path, shop.client, page.host, { urlSearch: page.search, doc: null }),
    // The header's store switcher lists every store view.
    shop.client.query({ query: GET_AVAILABLE_STORES }).catch(ignore),
  ]);

  const location = `/${page.storeCode}${page.path}${page.search}`;
  const html = await renderToString(
    <ShopRoot
      shop={shop}
      router={(routes) => (
        <StaticRouter basename={`/${page.storeCode}`} location={location}>
          {routes}
        </StaticRouter>
      )}
    />,
    signal,
    page.nonce,
  );
  const status = settled?.outcome.kind === 'notFound' ? 404 : settled?.outcome.kind === 'error' ? 500 : 200;
  const head = serverPageHead({
    client: shop.client,
    origin: page.origin,
    storeCode: page.storeCode,
    path: page.path,
    search: page.search,
    kind: page.firstPage,
    route: settled,
    lang: ready.context.locale,
    locale: storeConfig.locale,
    currency: storeConfig.currency,
    messages,
  });
  return {
    kind: 'page',
    status,
    storeCode: page.storeCode,
    lang: ready.context.locale,
    html,
    head,
    pageModules: pageModulesOf(page.firstPage, settled),
    rendered: { storeConfig, route: settled, apollo: shop.client.extract() },
  };
}

/** The page modules (each lazily loaded in the browser) a server-rendered page is made of. */
function pageModulesOf(kind: FirstPagePreload, settled: SettledRoute | null): string[] {
  if (kind === 'home') return ['src/ui/home/home-page.tsx'];
  if (kind === 'search') return ['src/ui/search/search-page.tsx'];
  const page = settled?.outcome.kind === 'page' ? settled.outcome.page : null;
  const pageModule = page
    ? { PRODUCT: 'src/ui/product/product-page.tsx', CATEGORY: 'src/ui/catalog/category-page.tsx', CMS_PAGE: 'src/ui/cms/cms-page.tsx' }[page.type]
    : null;
  return ['src/ui/shell/route-resolver.tsx', ...(pageModule ? [pageModule] : [])];
}

/** Spec §2: a redirect answer as HTTP: its own code (301 or 302), to the path under the same store, or to an allowed host. */
async function redirectOf(shop: Shop, page: { storeCode: string; search: string; path: string }, settled: SettledRoute): Promise<ServerRenderResult | null> {
  const { outcome } = settled;
  if (outcome.kind !== 'redirect' && outcome.kind !== 'browserRedirect') return null;
  const answer = shop.client.readQuery({ query: RESOLVE_ROUTE, variables: { url: page.path } });
  const code = answer?.route?.redirect_code ?? 302;
  const status = REDIRECT_CODES.includes(code) ? code : 302;
  const location = outcome.kind === 'redirect' ? `/${page.storeCode}${outcome.to}${page.search}` : outcome.url;
  return { kind: 'redirect', status, location };
}

/**
 * React's streaming render, read to the end once every boundary is ready (the data is already in the cache).
 * Every boundary is written in place (ADR 033): React outlines a finished boundary bigger than
 * `progressiveChunkSize` (12.8 kB by default, a page's listing is bigger) as a hidden segment at the end
 * of the document that its inline script moves in later, after an animation frame plus up to 300 ms
 * (React's batched reveals); the page's content then painted a second after the document had arrived.
 * The whole page is sent at once here, so there is nothing to stream progressively.
 */
function renderToString(element: React.ReactElement, signal: AbortSignal, nonce: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      ...(nonce ? { nonce } : {}),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => (failed ? reject(toError(failed)) : stream.pipe(sink)),
      onShellError: reject,
      onError: (error) => {
        failed = error;
      },
    });
    if (signal.aborted) stream.abort(signal.reason);
    else signal.addEventListener('abort', () => stream.abort(signal.reason), { once: true });
  });
}

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error(`The server render took longer than ${ms} ms`));
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
const ignore = () => {};
