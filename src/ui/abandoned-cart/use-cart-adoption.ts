import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { revalidateCartDetails, sendCartAdopt, settledCartId, type CartAdoptionDeps } from '../../services/abandoned-cart/cart-adoption';
import { createBrowserStorage, pageLocalStorage } from '../../services/storage/browser-storage';
import { useShopActors } from '../app/shop-actors';
import { useCartActor } from '../app/shop-actor-hooks';
import { useShopClient } from '../app/use-shop-client';

/**
 * What adopting another cart needs from the running shop (see services/abandoned-cart/cart-adoption.ts):
 * the page's storage, the store code and the cart actor (which adopts the cart in place). The page
 * itself goes to /cart once the link's request is done.
 */
export function useCartAdoptionDeps(): CartAdoptionDeps {
  const cart = useCartActor();
  const storeCode = useSelector(useShopActors().storeView, (snapshot) => snapshot.context.storeCode);
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
      loadPage: (path: string) => window.location.assign(path),
    }),
    [cart, storeCode, client],
  );
}
