/** The running shop actors the cart, checkout and account views talk to (by their systemId). */
import { useShopActors } from './shop-actors';

export const useAppActor = () => useShopActors().app;
export const useCartActor = () => useShopActors().cart;
export const useCheckoutActor = () => useShopActors().checkout;
export const useSessionActor = () => useShopActors().session;
export const useWishlistActor = () => useShopActors().wishlist;
