/**
 * route — spec §2 "Fallback", "Route resolution outcomes" and the page-loading flag, §3 "Route
 * answer", §8 (page not found, generic). systemId: 'route'. The one place a URL outside the route
 * table is resolved: the router-level view sends `route.resolve` with the pathname on every
 * location change and renders what this machine says. No window, no React: the same machine runs
 * outside the browser (a server render provides its own effects).
 *
 * Injected by the services (`route.actors.ts`), every one with `.provide()`:
 * - actor `resolveRoute`: ({ url }) => RouteAnswer | null   (the `route` query, cache-first; null when Magento has no route)
 * - action `redirectBrowser`: ({ url }) => void             (full browser redirect, e.g. location.assign)
 * - action `setPageLoading`: ({ isLoading }) => void        (default: `app.pageLoading.set` sent to the system's 'app';
 *   without an 'app' actor the machine fails, so a server render provides its own)
 *
 * Event `route.online` (the services' connectivity listener): the connection came back. A pathname
 * that failed because there was no connection (spec §2 Fallback while offline, ADR 007: a page
 * never visited) is resolved again, so its page shows without a reload; any other outcome stays.
 * The browser does not always say so: a page loaded while the network was gone can believe it is
 * online all along (`navigator.onLine` true, no `online` event ever), so such a failure is also
 * asked again quietly every `RECONNECT_RETRY_MS` (state `retrying`: the page keeps its words, no
 * loading flag); once an answer comes, the pathname is resolved from it (cache-first).
 *
 * The page a route shows reads its own data (a category, a product). Event `route.page.failed`
 * ({ error }, the page's query failed): for want of a connection (ADR 007), the machine keeps the
 * page's words (`loaded.pageOffline`) and, every `RECONNECT_RETRY_MS`, asks whether the shop answers
 * again (actor `reachShop`: () => void, rejects while it cannot be reached); once it does, or on
 * `route.online`, the page is shown again (`pageAttempt` counts each showing: the view renders the
 * page anew, which reads its data again). Event `route.page.retry` (the page's "Try again") shows it
 * again at once. A failure the backend explained is never asked again on a timer.
 *
 * Input: { shopHosts: string[] (the shop's own hosts), redirectAllowList?: string[] (more allowed hosts) }.
 *
 * The redirect rule (spec §2, ADR 004), decided here and nowhere else: a relative path is an in-app
 * redirect; an http(s) URL is a full browser redirect only to one of the shop's hosts or the
 * allow-list; anything else (another host, another scheme, `//host`, a redirect to the page itself)
 * is the generic error.
 */
import { assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import { isConnectionFailure, notProvidedActor, toError } from '../shared/effects';
import { systemActor } from '../shared/system-actor';

export const PAGE_NOT_FOUND_MESSAGE = "Looks like the page you were hoping to find doesn't exist. Sorry about that.";
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Sorry about that.';
/** Spec §8: a route answer of a type the shop has no page (root component) for. */
export const FETCH_ROOT_COMPONENT_NOT_DEFINED = 'fetchRootComponent is not defined';
/** ADR 007: how long a page that failed for want of a connection waits before asking again. */
export const RECONNECT_RETRY_MS = 5000;
/** Spec §2: these redirect codes count as redirects. */
export const REDIRECT_CODES: readonly number[] = [301, 302];

export type RouteType = 'CATEGORY' | 'CMS_PAGE' | 'PRODUCT' | (string & {});

/** Spec §3 "Route answer": a type plus id, identifier, uid (and a product's url_key), or a redirect. */
export interface RouteAnswer {
  type?: RouteType | null;
  id?: number | null;
  uid?: string | null;
  identifier?: string | null;
  url_key?: string | null;
  typename?: string | null;
  redirect_code?: number | null;
  relative_url?: string | null;
}

/** The page a URL shows, with what that page needs to load its data. */
export type ResolvedPage =
  { type: 'CATEGORY'; uid: string } | { type: 'PRODUCT'; urlKey: string; uid: string | null } | { type: 'CMS_PAGE'; identifier: string };

export type RouteOutcome =
  | { kind: 'page'; page: ResolvedPage }
  | { kind: 'redirect'; to: string }
  | { kind: 'browserRedirect'; url: string }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string };

/** The host names a URL's host may be written as in the lists (with or without its port). */
function hostMatches(url: URL, allowedHosts: readonly string[]): boolean {
  return allowedHosts.some((host) => host.toLowerCase() === url.host || host.toLowerCase() === url.hostname);
}

/** Spec §2: an http(s) redirect leaves the app, and only to the shop's own hosts or the allow-list. */
export function isAllowedRedirect(url: string, allowedHosts: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && hostMatches(parsed, allowedHosts);
  } catch {
    return false;
  }
}

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HTTP_URL = /^https?:/i;

/** The one redirect rule (see the header): where a route answer's relative_url sends the shopper. */
export function redirectOutcomeOf(target: string, allowedHosts: readonly string[], fromPathname: string | null = null): RouteOutcome {
  const value = target.trim();
  if (HTTP_URL.test(value)) {
    return isAllowedRedirect(value, allowedHosts)
      ? { kind: 'browserRedirect', url: value }
      : { kind: 'error', message: `Refusing to redirect to ${value}: not one of the shop's hosts` };
  }
  if (HAS_SCHEME.test(value) || value.startsWith('//') || value.startsWith('\\') || value.startsWith('/\\')) {
    return { kind: 'error', message: `Refusing to redirect to ${value}: not a relative path` };
  }
  const to = `/${value.replace(/^\/+/, '')}`;
  if (fromPathname !== null && to === fromPathname) return { kind: 'error', message: `${fromPathname} redirects to itself` };
  return { kind: 'redirect', to };
}

/** The page of a route answer, or null when the answer names no page this shop shows. */
function pageOf(answer: RouteAnswer): ResolvedPage | null {
  if (answer.type === 'CATEGORY' && answer.uid) return { type: 'CATEGORY', uid: answer.uid };
  if (answer.type === 'PRODUCT' && answer.url_key) return { type: 'PRODUCT', urlKey: answer.url_key, uid: answer.uid ?? null };
  if (answer.type === 'CMS_PAGE' && answer.identifier) return { type: 'CMS_PAGE', identifier: answer.identifier };
  return null;
}

/**
 * Spec §2 route resolution outcomes, as a pure function of the answer: no route is not found; a
 * type with no page of the shop (or without what its page loads by) is spec §8's root component
 * "fetched without definition", the generic error.
 */
export function routeOutcomeOf(answer: RouteAnswer | null, allowedHosts: readonly string[], fromPathname: string | null = null): RouteOutcome {
  if (!answer) return { kind: 'notFound' };
  const target = answer.relative_url;
  if (target && answer.redirect_code && REDIRECT_CODES.includes(answer.redirect_code)) return redirectOutcomeOf(target, allowedHosts, fromPathname);
  if (!answer.type) return { kind: 'notFound' };
  const page = pageOf(answer);
  return page ? { kind: 'page', page } : { kind: 'error', message: FETCH_ROOT_COMPONENT_NOT_DEFINED };
}

export interface RouteInput {
  shopHosts: string[];
  redirectAllowList?: string[];
  /**
   * A pathname the server already resolved, and its outcome: the machine starts in that
   * outcome's state, as the server's own machine ended, so the page hydrates without asking again.
   */
  settled?: SettledRoute | null;
}

/** A pathname and the outcome the route machine reached for it. */
export interface SettledRoute {
  pathname: string;
  outcome: RouteOutcome;
}

/** The outcome a route machine has settled on, or null while it has none (idle, resolving). */
export function settledRouteOf(snapshot: {
  context: RouteContext;
  hasTag(tag: RouteTag): boolean;
  matches(state: 'browserRedirect'): boolean;
}): SettledRoute | null {
  const { pathname, page, redirectTo, error } = snapshot.context;
  if (pathname === null || snapshot.hasTag('loading')) return null;
  if (snapshot.hasTag('loaded') && page) return { pathname, outcome: { kind: 'page', page } };
  if (snapshot.hasTag('redirect') && redirectTo) {
    return { pathname, outcome: snapshot.matches('browserRedirect') ? { kind: 'browserRedirect', url: redirectTo } : { kind: 'redirect', to: redirectTo } };
  }
  if (snapshot.hasTag('notFound')) return { pathname, outcome: { kind: 'notFound' } };
  if (snapshot.hasTag('error')) return { pathname, outcome: { kind: 'error', message: error?.message ?? GENERIC_ERROR_MESSAGE } };
  return null;
}

export interface RouteContext {
  allowedHosts: string[];
  /** What the server settled on (input.settled), taken once at the start. */
  settled: SettledRoute | null;
  /** The pathname being resolved, or whose outcome the state shows. */
  pathname: string | null;
  /** What the link said the page is, if it knew (decides the loading shimmer). */
  pendingType: RouteType | null;
  page: ResolvedPage | null;
  /** An in-app path (redirect) or a full URL (browserRedirect). */
  redirectTo: string | null;
  error: Error | null;
  /** How many times the page was shown again after its own data failed (the view renders it anew on each). */
  pageAttempt: number;
}

export type RouteEvent =
  | { type: 'route.resolve'; pathname: string; pendingType?: RouteType | null }
  | { type: 'route.online' }
  | { type: 'route.page.failed'; error: unknown }
  | { type: 'route.page.retry' };

export type RouteTag = 'loading' | 'loaded' | 'redirect' | 'notFound' | 'error' | 'pageOffline';

const settled = { page: null, redirectTo: null, error: null } as const;

/** What the context keeps of an outcome. */
const outcomeFields = (outcome: RouteOutcome): Pick<RouteContext, 'page' | 'redirectTo' | 'error'> => ({
  page: outcome.kind === 'page' ? outcome.page : null,
  redirectTo: outcome.kind === 'redirect' ? outcome.to : outcome.kind === 'browserRedirect' ? outcome.url : null,
  error: outcome.kind === 'error' ? new Error(outcome.message) : null,
});

/** The outcome of the route answer for the pathname being resolved. */
const doneOutcome = (context: RouteContext, answer: RouteAnswer | null) => routeOutcomeOf(answer, context.allowedHosts, context.pathname);

export const routeMachine = setup({
  types: { context: {} as RouteContext, events: {} as RouteEvent, input: {} as RouteInput, tags: {} as RouteTag },
  actors: {
    resolveRoute: notProvidedActor<RouteAnswer | null, { url: string }>('resolveRoute'),
    reachShop: notProvidedActor<void, void>('reachShop'),
  },
  actions: {
    redirectBrowser: (_, _params: { url: string }) => {},
    setPageLoading: sendTo(
      ({ system }) => systemActor(system, 'app'),
      (_, params: { isLoading: boolean }) => ({ type: 'app.pageLoading.set' as const, isLoading: params.isLoading }),
    ),
    takeOutcome: assign((_, outcome: RouteOutcome) => outcomeFields(outcome)),
    /** A new pathname: nothing of the last outcome is kept. */
    startResolving: assign((_, params: { pathname: string; pendingType: RouteType | null }) => ({
      pathname: params.pathname,
      pendingType: params.pendingType,
      ...settled,
    })),
    failWith: assign((_, params: { error: unknown }) => ({ ...settled, error: toError(params.error) })),
    /** The page is rendered anew: it reads its data again. */
    showPageAgain: assign(({ context }) => ({ pageAttempt: context.pageAttempt + 1 })),
    /** The server's outcome becomes this machine's, for the server's pathname. */
    takeServerOutcome: assign(({ context }) => {
      const server = context.settled;
      return server ? { settled: null, pathname: server.pathname, pendingType: null, ...outcomeFields(server.outcome) } : {};
    }),
  },
  delays: {
    reconnectRetry: RECONNECT_RETRY_MS,
  },
  guards: {
    outcomeIs: (_, params: { outcome: RouteOutcome; kind: RouteOutcome['kind'] }) => params.outcome.kind === params.kind,
    settledOnServerAs: ({ context }, params: { kind: RouteOutcome['kind'] }) => context.settled?.outcome.kind === params.kind,
    /** The same pathname again while it resolves or after it settled: the cache-first answer would not change. */
    isCurrentPathname: ({ context, event }) => event.type === 'route.resolve' && event.pathname === context.pathname,
    /** The resolution failed for want of a connection (not a refusal the backend explained). */
    failedForConnection: ({ context }) => context.pathname !== null && isConnectionFailure(context.error),
    /** The page's own data failed for want of a connection (ADR 007). */
    pageFailedForConnection: ({ event }) => event.type === 'route.page.failed' && isConnectionFailure(event.error),
  },
}).createMachine({
  id: 'route',
  context: ({ input }) => ({
    allowedHosts: [...input.shopHosts, ...(input.redirectAllowList ?? [])].map((host) => host.toLowerCase()),
    settled: input.settled ?? null,
    pathname: null,
    pendingType: null,
    ...settled,
    pageAttempt: 0,
  }),
  initial: 'idle',
  on: {
    'route.resolve': {
      target: '.resolving',
      reenter: true,
      actions: { type: 'startResolving', params: ({ event }) => ({ pathname: event.pathname, pendingType: event.pendingType ?? null }) },
    },
  },
  states: {
    idle: {
      // A server-rendered page: the outcome the server's machine reached. A browser
      // redirect is never handed over (the server answers it with a real redirect).
      always: [
        { guard: { type: 'settledOnServerAs', params: { kind: 'page' } }, target: 'loaded', actions: 'takeServerOutcome' },
        { guard: { type: 'settledOnServerAs', params: { kind: 'redirect' } }, target: 'redirect', actions: 'takeServerOutcome' },
        { guard: { type: 'settledOnServerAs', params: { kind: 'notFound' } }, target: 'notFound', actions: 'takeServerOutcome' },
        { guard: { type: 'settledOnServerAs', params: { kind: 'error' } }, target: 'error', actions: 'takeServerOutcome' },
      ],
    },
    /** Spec §2: navigation waits until the route data is fetched (cache-first); the loading flag is set meanwhile. */
    resolving: {
      tags: ['loading'],
      entry: { type: 'setPageLoading', params: { isLoading: true } },
      exit: { type: 'setPageLoading', params: { isLoading: false } },
      on: {
        // Already resolving this pathname (a re-render, React's strict-mode double effect): keep the request.
        'route.resolve': { guard: 'isCurrentPathname' },
      },
      invoke: {
        src: 'resolveRoute',
        input: ({ context }) => ({ url: context.pathname ?? '/' }),
        onDone: [
          {
            guard: { type: 'outcomeIs', params: ({ context, event }) => ({ kind: 'page', outcome: doneOutcome(context, event.output) }) },
            target: 'loaded',
            actions: { type: 'takeOutcome', params: ({ context, event }) => doneOutcome(context, event.output) },
          },
          {
            guard: { type: 'outcomeIs', params: ({ context, event }) => ({ kind: 'redirect', outcome: doneOutcome(context, event.output) }) },
            target: 'redirect',
            actions: { type: 'takeOutcome', params: ({ context, event }) => doneOutcome(context, event.output) },
          },
          {
            guard: { type: 'outcomeIs', params: ({ context, event }) => ({ kind: 'browserRedirect', outcome: doneOutcome(context, event.output) }) },
            target: 'browserRedirect',
            actions: { type: 'takeOutcome', params: ({ context, event }) => doneOutcome(context, event.output) },
          },
          {
            guard: { type: 'outcomeIs', params: ({ context, event }) => ({ kind: 'notFound', outcome: doneOutcome(context, event.output) }) },
            target: 'notFound',
            actions: { type: 'takeOutcome', params: ({ context, event }) => doneOutcome(context, event.output) },
          },
          { target: 'error', actions: { type: 'takeOutcome', params: ({ context, event }) => doneOutcome(context, event.output) } },
        ],
        onError: { target: 'error', actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {
      tags: ['loaded'],
      initial: 'shown',
      on: {
        'route.resolve': { guard: 'isCurrentPathname' },
        // The page's "Try again": it reads its data again at once.
        'route.page.retry': { target: '.shown', actions: 'showPageAgain' },
      },
      states: {
        shown: {
          on: { 'route.page.failed': { guard: 'pageFailedForConnection', target: 'pageOffline' } },
        },
        /** ADR 007: the page's own data failed for want of a connection; it keeps its words and is asked again on a timer. */
        pageOffline: {
          tags: ['pageOffline'],
          on: { 'route.online': { target: 'shown', actions: 'showPageAgain' } },
          after: { reconnectRetry: { target: 'reachingShop' } },
        },
        /** Whether the shop answers again; the page keeps its words meanwhile (no loading flag, no shimmer). */
        reachingShop: {
          tags: ['pageOffline'],
          on: { 'route.online': { target: 'shown', actions: 'showPageAgain' } },
          invoke: {
            src: 'reachShop',
            onDone: { target: 'shown', actions: 'showPageAgain' },
            onError: { target: 'pageOffline' },
          },
        },
      },
    },
    /** An in-app redirect: the view hands `redirectTo` to the router, which comes back with the new pathname. */
    redirect: { tags: ['redirect'], on: { 'route.resolve': { guard: 'isCurrentPathname' } } },
    /** A full browser redirect to one of the shop's hosts or the allow-list. */
    browserRedirect: {
      tags: ['redirect'],
      entry: { type: 'redirectBrowser', params: ({ context }) => ({ url: context.redirectTo ?? '/' }) },
      on: { 'route.resolve': { guard: 'isCurrentPathname' } },
    },
    notFound: { tags: ['notFound'], on: { 'route.resolve': { guard: 'isCurrentPathname' } } },
    /**
     * The generic error: the same pathname again tries again, and so does the connection's return
     * when the failure was the missing connection (ADR 007).
     */
    error: {
      tags: ['error'],
      on: { 'route.online': { guard: 'failedForConnection', target: 'resolving', reenter: true } },
      after: { reconnectRetry: { guard: 'failedForConnection', target: 'retrying' } },
    },
    /**
     * ADR 007: a failure for want of a connection asked again quietly, the page keeping its words
     * meanwhile; an answer is now in the cache, which `resolving` reads at once.
     */
    retrying: {
      tags: ['error'],
      on: { 'route.online': { target: 'resolving' } },
      invoke: {
        src: 'resolveRoute',
        input: ({ context }) => ({ url: context.pathname ?? '/' }),
        onDone: { target: 'resolving' },
        onError: { target: 'error', reenter: true, actions: { type: 'failWith', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type RouteSnapshot = SnapshotFrom<typeof routeMachine>;

/** What the routed page shows for a pathname. */
export type RouteStatus = 'loading' | 'loaded' | 'redirect' | 'browserRedirect' | 'notFound' | 'error';

/**
 * Spec §2: the outcome for this pathname; `loading` until the machine has resolved exactly this
 * pathname, so a page never shows another URL's answer (the previous one, or one still in flight).
 */
export const selectRouteStatus =
  (pathname: string) =>
  (snapshot: RouteSnapshot): RouteStatus => {
    if (snapshot.context.pathname !== pathname || snapshot.hasTag('loading') || snapshot.matches('idle')) return 'loading';
    if (snapshot.matches('browserRedirect')) return 'browserRedirect';
    if (snapshot.hasTag('redirect')) return 'redirect';
    if (snapshot.hasTag('loaded')) return 'loaded';
    if (snapshot.hasTag('notFound')) return 'notFound';
    return 'error';
  };
export const selectIsResolving = (snapshot: RouteSnapshot) => snapshot.hasTag('loading');
/** Spec §3 App "pending": the pathname whose page is being fetched, or null. */
export const selectPending = (snapshot: RouteSnapshot) => (snapshot.hasTag('loading') ? snapshot.context.pathname : null);
/** Spec §3 App "nextRootComponent": the page (type and key) shown next; the view maps it to its lazily loaded module. */
export const selectNextRootComponent = (snapshot: RouteSnapshot) => selectResolvedPage(snapshot);
/** Spec §2: while loading, the category shimmer shows when the pending type is a category or unknown. */
export const selectShowsCategoryShimmer = (snapshot: RouteSnapshot) => snapshot.context.pendingType === null || snapshot.context.pendingType === 'CATEGORY';
export const selectResolvedPage = (snapshot: RouteSnapshot) => (snapshot.hasTag('loaded') ? snapshot.context.page : null);
/** How many times the page was shown again after its own data failed: the view renders it anew when this changes. */
export const selectPageAttempt = (snapshot: RouteSnapshot) => snapshot.context.pageAttempt;
/** The redirect target: an in-app path (redirect) or a full URL (browserRedirect). */
export const selectRedirectTo = (snapshot: RouteSnapshot) => (snapshot.hasTag('redirect') ? snapshot.context.redirectTo : null);
export const selectIsNotFound = (snapshot: RouteSnapshot) => snapshot.hasTag('notFound');
/** Spec §8: the words shown for the outcome, or null when a page or redirect follows. */
export const selectRouteMessage = (snapshot: RouteSnapshot) =>
  snapshot.hasTag('notFound') ? PAGE_NOT_FOUND_MESSAGE : snapshot.hasTag('error') ? GENERIC_ERROR_MESSAGE : null;
