/** The live effects of the route machine (see the header of route.machine.ts). */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { RouteAnswer } from '../../machines/route/route.machine';
import { runQuery } from '../apollo/operation-helpers';
import { RESOLVE_ROUTE, type RouteQuery } from './route.operations';

export interface RouteDeps {
  client: ApolloClient<NormalizedCacheObject>;
  /** A full browser redirect (location.assign). */
  assign: (url: string) => void;
}

export function toRouteAnswer(route: RouteQuery['route']): RouteAnswer | null {
  if (!route) return null;
  return {
    type: route.type,
    uid: route.uid ?? null,
    identifier: route.identifier ?? null,
    url_key: route.url_key ?? null,
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
