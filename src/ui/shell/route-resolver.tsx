import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { RoutedPage } from './routed-page';
import { useShopActors } from '../app/shop-actors';

/**
 * spec §2 Fallback: a URL outside the route table. The route machine is the one resolver: this
 * router-level view tells it every new pathname (`route.resolve`) and renders what it answers.
 * The machine ignores a pathname it already resolves or has resolved (cache-first), so a
 * re-render or strict mode's second effect sends nothing new.
 */
export function RouteResolver() {
  const { route } = useShopActors();
  const { pathname, search } = useLocation();
  useEffect(() => {
    route.send({ type: 'route.resolve', pathname });
  }, [route, pathname]);
  return <RoutedPage pathname={pathname} search={search} />;
}
