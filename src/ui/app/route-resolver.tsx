import { useQuery } from '@apollo/client';
import { useLocation } from 'react-router-dom';
import { routeResolutionOf, type RouteResolution } from './route-resolution';
import { RESOLVE_ROUTE } from './route-resolver.operations';
import { RoutedPage } from './routed-page';

/**
 * spec §2 Fallback: a URL outside the route table is looked up with the backend's `route` query
 * (cache-first). This hook is the one place that decides; the route machine can replace it
 * without touching `RoutedPage`, which only renders.
 */
export function useRouteResolution(pathname: string): RouteResolution {
  const result = useQuery(RESOLVE_ROUTE, { variables: { url: pathname }, fetchPolicy: 'cache-first' });
  return routeResolutionOf(result, window.location.host);
}

export function RouteResolver() {
  const location = useLocation();
  const resolution = useRouteResolution(location.pathname);
  return <RoutedPage resolution={resolution} search={location.search} />;
}
