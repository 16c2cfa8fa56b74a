import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { appMachine } from '../../machines/app/app.machine';
import type { cartMachine } from '../../machines/cart/cart.machine';
import type { catalogMachine } from '../../machines/catalog/catalog.machine';
import type { checkoutMachine } from '../../machines/checkout/checkout.machine';
import type { routeMachine } from '../../machines/route/route.machine';
import type { sessionMachine } from '../../machines/session/session.machine';
import type { storeViewMachine } from '../../machines/store-view/store-view.machine';
import type { toastMachine } from '../../machines/toast/toast.machine';
import type { wishlistMachine } from '../../machines/wishlist/wishlist.machine';

/**
 * The running actors views subscribe to (built by the composition root, or by a story), one per
 * root machine, each under its systemId: `useSelector(actors.cart, selectNumItems)`.
 */
export interface ShopActors {
  storeView: ActorRefFrom<typeof storeViewMachine>;
  app: ActorRefFrom<typeof appMachine>;
  toast: ActorRefFrom<typeof toastMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  checkout: ActorRefFrom<typeof checkoutMachine>;
  route: ActorRefFrom<typeof routeMachine>;
  catalog: ActorRefFrom<typeof catalogMachine>;
  wishlist: ActorRefFrom<typeof wishlistMachine>;
}

const ShopActorsContext = createContext<ShopActors | null>(null);

export function ShopActorsProvider({ actors, children }: { actors: ShopActors; children: ReactNode }) {
  return <ShopActorsContext.Provider value={actors}>{children}</ShopActorsContext.Provider>;
}

export function useShopActors(): ShopActors {
  const actors = useContext(ShopActorsContext);
  if (!actors) throw new Error('useShopActors must be used inside <ShopActorsProvider>');
  return actors;
}
