import { createContext, useContext, type ReactNode } from 'react';
import type { PageHostActor } from '../../machines/app/page-host.machine';
import type { CheckoutActorRef } from '../../machines/checkout/checkout.machine';
import type { ImagesBySku } from '../../services/images/images-by-sku';
import type { ShopActorRefs } from '../../services/shop/shop.machine';

/**
 * The running actors views subscribe to (built by the composition root, or by a story), one per
 * root machine, each under its systemId: `useSelector(actors.cart, selectNumItems)`. The checkout
 * starts when a page first needs it (ADR 004): `loadCheckout` gives the same promise every time; so
 * does `loadPages`, the host of the page machines (ADR 009), which joins when a page first asks for one.
 * `storedImages` reads the colour pictures the cart kept by SKU (spec §9 imagesBySku) from the
 * browser's storage, which views never touch themselves (ADR 009).
 */
export type ShopActors = ShopActorRefs & {
  loadCheckout: () => Promise<CheckoutActorRef>;
  loadPages: () => Promise<PageHostActor>;
  storedImages: () => ImagesBySku;
};

const ShopActorsContext = createContext<ShopActors | null>(null);

export function ShopActorsProvider({ actors, children }: { actors: ShopActors; children: ReactNode }) {
  return <ShopActorsContext.Provider value={actors}>{children}</ShopActorsContext.Provider>;
}

export function useShopActors(): ShopActors {
  const actors = useContext(ShopActorsContext);
  if (!actors) throw new Error('useShopActors must be used inside <ShopActorsProvider>');
  return actors;
}
