/** The live effects of the route machine (see the header of route.machine.ts). */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { RouteAnswer } from '../../machines/route/route.machine';
import { runQuery } from '../apollo/operation-helpers';
import type { ResolveUrlQuery } from '../apollo/generated/operation-types';
import { RESOLVE_ROUTE } from './route.operations';

export interface RouteDeps {
  client: ApolloClient<NormalizedCacheObject>;
  /** A full browser redirect (location.assign). */
  assign: (url: string) => void;
}

/** The generated answer's union (a CMS page has an identifier, a category a uid, a product a uid and url_key) as the machine's one shape. */
export function toRouteAnswer(route: ResolveUrlQuery['route']): RouteAnswer | null {
  if (!route) return null;
  return {
    type: route.type,
    uid: 'uid' in route ? route.uid : null,
    identifier: 'identifier' in route ? route.identifier : null,
    url_key: 'url_key' in route ? route.url_key : null,
    typename: route.__typename,
    redirect_code: route.redirect_code,
    relative_url: route.relative_url,
  };
}

export function routeImplementations(deps: RouteDeps) {
  return {
    actors: {
      // Spec §2: navigation waits for route data, fetched cache-first.
      resolveRoute: fromPromise<RouteAnswer | null, { url: string }>(async ({ input }) => {
        const { route } = await runQuery(deps.client, RESOLVE_ROUTE, { url: input.url }, 'cache-first').catch((error: unknown) => {
          // Magento answers an unknown URL with a null route, or with only errors: both are "not found".
          if (isOnlyGraphQLErrors(error)) return { route: null };
          throw error;
        });
        return toRouteAnswer(route);
      }),
      // ADR 007: whether the shop answers again. Its liveness check, which the service worker never
      // answers from its cache (a visited page's queries it does), so only the network can say yes.
      reachShop: fromPromise<void, void>(async () => {
        const answer = await fetch('/health', { cache: 'no-store' });
        if (!answer.ok) throw new Error(`The shop answered ${answer.status}`);
      }),
    },
    actions: {
      redirectBrowser: (_: unknown, params: { url: string }) => deps.assign(params.url),
    },
  };
}

function isOnlyGraphQLErrors(error: unknown): boolean {
  const e = error as { graphQLErrors?: unknown[]; networkError?: unknown } | null;
  return Array.isArray(e?.graphQLErrors) && e.graphQLErrors.length > 0 && !e.networkError;
}
