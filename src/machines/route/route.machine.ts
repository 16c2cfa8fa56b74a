/**
 * route — spec §2 "Fallback" and "Route resolution outcomes", §3 "Route answer", §8 (page not found, generic).
 * systemId: 'route'.
 *
 * Injected by the services (`route.actors.ts`), every one with `.provide()`:
 * - actor `resolveRoute`: ({ url }) => RouteAnswer | null   (the `route` query, cache-first; null when Magento has no route)
 * - action `redirectBrowser`: ({ url }) => void             (full browser redirect, e.g. location.assign)
 * - action `setPageLoading`: ({ isLoading }) => void        (default: sends `app.pageLoading.set` to the system's 'app')
 *
 * Input: { shopHosts: string[] (the shop's own host names), redirectAllowList?: string[] (more allowed hosts) }.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { notProvidedActor, toError } from '../shared/effects';

export const PAGE_NOT_FOUND_MESSAGE = "Looks like the page you were hoping to find doesn't exist. Sorry about that.";
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Sorry about that.';
/** Spec §2: these redirect codes count as redirects. */
export const REDIRECT_CODES: readonly number[] = [301, 302];

export type RouteType = 'CATEGORY' | 'CMS_PAGE' | 'PRODUCT' | (string & {});

/** Spec §3 "Route answer". */
export interface RouteAnswer {
  type?: RouteType | null;
  id?: number | null;
  uid?: string | null;
  identifier?: string | null;
  typename?: string | null;
  redirect_code?: number | null;
  relative_url?: string | null;
}

export interface ResolvedPage {
  type: RouteType;
  id: number | null;
  uid: string | null;
  identifier: string | null;
  typename: string | null;
}

export type RouteOutcome =
  | { kind: 'page'; page: ResolvedPage }
  | { kind: 'redirect'; to: string }
  | { kind: 'browserRedirect'; url: string }
  | { kind: 'notFound' }
  | { kind: 'error'; message: string };

/** Spec §2: an http(s) redirect leaves the SPA, and only to the shop's own hosts or the allow-list. */
export function isAllowedRedirect(url: string, allowedHosts: readonly string[]): boolean {
  try {
    const { hostname, protocol } = new URL(url);
    return (protocol === 'https:' || protocol === 'http:') && allowedHosts.includes(hostname);
  } catch {
    return false;
  }
}

/** Spec §2 route resolution outcomes, as a pure function of the answer. */
export function routeOutcomeOf(answer: RouteAnswer | null, allowedHosts: readonly string[]): RouteOutcome {
  if (!answer) return { kind: 'notFound' };
  const target = answer.relative_url;
  if (target && answer.redirect_code && REDIRECT_CODES.includes(answer.redirect_code)) {
    if (target.startsWith('http')) {
      return isAllowedRedirect(target, allowedHosts)
        ? { kind: 'browserRedirect', url: target }
        : { kind: 'error', message: `Refusing to redirect to ${target}: not one of the shop's hosts` };
    }
    return { kind: 'redirect', to: target.startsWith('/') ? target : `/${target}` };
  }
  if (!answer.type) return { kind: 'notFound' };
  return {
    kind: 'page',
    page: { type: answer.type, id: answer.id ?? null, uid: answer.uid ?? null, identifier: answer.identifier ?? null, typename: answer.typename ?? null },
  };
}

export interface RouteInput {
  shopHosts: string[];
  redirectAllowList?: string[];
}

export interface RouteContext {
  allowedHosts: string[];
  pathname: string | null;
  /** What the link said the page is, if it knew (decides the loading shimmer). */
  pendingType: RouteType | null;
  outcome: RouteOutcome | null;
  page: ResolvedPage | null;
  redirectTo: string | null;
  error: Error | null;
}

export type RouteEvent = { type: 'route.resolve'; pathname: string; pendingType?: RouteType | null };

export type RouteTag = 'loading' | 'loaded' | 'redirect' | 'notFound' | 'error';

export const routeMachine = setup({
  types: { context: {} as RouteContext, events: {} as RouteEvent, input: {} as RouteInput, tags: {} as RouteTag },
  actors: {
    resolveRoute: notProvidedActor<RouteAnswer | null, { url: string }>('resolveRoute'),
  },
  actions: {
    redirectBrowser: (_, _params: { url: string }) => {},
    setPageLoading: ({ system }, params: { isLoading: boolean }) => {
      system.get('app')?.send({ type: 'app.pageLoading.set', isLoading: params.isLoading });
    },
    takeOutcome: assign((_, outcome: RouteOutcome) => ({
      outcome,
      page: outcome.kind === 'page' ? outcome.page : null,
      redirectTo: outcome.kind === 'redirect' ? outcome.to : outcome.kind === 'browserRedirect' ? outcome.url : null,
      error: outcome.kind === 'error' ? new Error(outcome.message) : null,
    })),
  },
  guards: {
    outcomeIs: ({ context }, params: { kind: RouteOutcome['kind'] }) => context.outcome?.kind === params.kind,
  },
}).createMachine({
  id: 'route',
  context: ({ input }) => ({
    allowedHosts: [...input.shopHosts, ...(input.redirectAllowList ?? [])],
    pathname: null,
    pendingType: null,
    outcome: null,
    page: null,
    redirectTo: null,
    error: null,
  }),
  initial: 'idle',
  on: {
    'route.resolve': {
      target: '.resolving',
      reenter: true,
      actions: assign(({ event }) => ({ pathname: event.pathname, pendingType: event.pendingType ?? null })),
    },
  },
  states: {
    idle: {},
    /** Spec §2: a loading flag is set while route data is fetched. */
    resolving: {
      tags: ['loading'],
      entry: { type: 'setPageLoading', params: { isLoading: true } },
      exit: { type: 'setPageLoading', params: { isLoading: false } },
      invoke: {
        src: 'resolveRoute',
        input: ({ context }) => ({ url: context.pathname ?? '/' }),
        onDone: {
          target: 'deciding',
          actions: { type: 'takeOutcome', params: ({ context, event }) => routeOutcomeOf(event.output, context.allowedHosts) },
        },
        onError: { target: 'error', actions: assign(({ event }) => ({ outcome: null, error: toError(event.error), page: null, redirectTo: null })) },
      },
    },
    deciding: {
      always: [
        { guard: { type: 'outcomeIs', params: { kind: 'page' } }, target: 'loaded' },
        { guard: { type: 'outcomeIs', params: { kind: 'redirect' } }, target: 'redirect' },
        { guard: { type: 'outcomeIs', params: { kind: 'browserRedirect' } }, target: 'browserRedirect' },
        { guard: { type: 'outcomeIs', params: { kind: 'notFound' } }, target: 'notFound' },
        { target: 'error' },
      ],
    },
    loaded: { tags: ['loaded'] },
    redirect: { tags: ['redirect'] },
    browserRedirect: {
      tags: ['redirect'],
      entry: { type: 'redirectBrowser', params: ({ context }) => ({ url: context.redirectTo ?? '/' }) },
    },
    notFound: { tags: ['notFound'] },
    error: { tags: ['error'] },
  },
});

export type RouteSnapshot = SnapshotFrom<typeof routeMachine>;

export const selectIsResolving = (snapshot: RouteSnapshot) => snapshot.hasTag('loading');
/** Spec §2: the category shimmer shows while loading when the pending type is a category or unknown. */
export const selectShowsCategoryShimmer = (snapshot: RouteSnapshot) =>
  snapshot.hasTag('loading') && (snapshot.context.pendingType === null || snapshot.context.pendingType === 'CATEGORY');
export const selectResolvedPage = (snapshot: RouteSnapshot) => (snapshot.hasTag('loaded') ? snapshot.context.page : null);
/** An in-app redirect target (relative URL), for the router. */
export const selectRedirectTo = (snapshot: RouteSnapshot) => (snapshot.matches('redirect') ? snapshot.context.redirectTo : null);
export const selectIsNotFound = (snapshot: RouteSnapshot) => snapshot.hasTag('notFound');
/** Spec §8: the words shown for the outcome, or null when a page or redirect follows. */
export const selectRouteMessage = (snapshot: RouteSnapshot) =>
  snapshot.hasTag('notFound') ? PAGE_NOT_FOUND_MESSAGE : snapshot.hasTag('error') ? GENERIC_ERROR_MESSAGE : null;
