/** The running shop actors the cart, checkout and account views talk to (by their systemId). */
import { use } from 'react';
import { useShopActors } from './shop-actors';

export const useAppActor = () => useShopActors().app;
export const useCartActor = () => useShopActors().cart;
/** The checkout, started on first use (ADR 004): the page suspends until its code has loaded. */
export const useCheckoutActor = () => use(useShopActors().loadCheckout());
export const useSessionActor = () => useShopActors().session;
export const useWishlistActor = () => useShopActors().wishlist;
