import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { revalidateCartDetails, sendCartAdopt, settledCartId, type CartAdoptionDeps } from '../../../services/abandoned-cart/cart-adoption';
import { createBrowserStorage, pageLocalStorage } from '../../../services/storage/browser-storage';
import { useShopActors } from '../../app/shop-actors';
import { useCartActor } from '../../cart/shop-actor-hooks';
import { useShopClient } from '../alerts/use-shop-client';

/**
 * What adopting another cart needs from the running shop (see services/abandoned-cart/cart-adoption.ts):
 * the page's storage, the store code, the cart actor (which adopts the cart in place) and in-app navigation.
 */
export function useCartAdoptionDeps(): CartAdoptionDeps {
  const cart = useCartActor();
  const storeCode = useSelector(useShopActors().storeView, (snapshot) => snapshot.context.storeCode);
  const navigate = useNavigate();
  const client = useShopClient();
  return useMemo(
    () => ({
      storage: createBrowserStorage(pageLocalStorage()),
      storeCode,
      settledCartId: () => settledCartId(cart),
      revalidateCart: (cartId: string) => revalidateCartDetails(client, cartId),
      refreshCart: () => cart.send({ type: 'cart.getDetails' }),
      // The cart machine takes the restored cart as the current one: no page load.
      adoptInCart: (cartId: string) => sendCartAdopt(cart, cartId),
      navigate: (path: string) => void navigate(path, { replace: true }),
      loadPage: (path: string) => window.location.assign(path),
    }),
    [cart, storeCode, navigate, client],
  );
}
