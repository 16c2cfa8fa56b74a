import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createShop } from './app/create-shop';
import { ShopRoot } from './app/shop-root';
import { storeCodeOfPath } from './machines/store-view/store-view.machine';
import { STORE_CODES } from './services/store-view/store-views';
import './ui/shared/theme.css';

const shop = createShop({
  pathname: window.location.pathname,
  graphqlUrl: import.meta.env.VITE_GRAPHQL_URL || new URL('/graphql', window.location.origin).href,
  reload: (path) => window.location.assign(path),
});

// Every page lives under its store code (spec §2): a path without one is moved under the current store.
if (!storeCodeOfPath(window.location.pathname, STORE_CODES)) {
  const { pathname, search, hash } = window.location;
  window.history.replaceState(null, '', `/${shop.storeCode}${pathname === '/' ? '/' : pathname}${search}${hash}`);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShopRoot shop={shop} />
  </StrictMode>,
);
