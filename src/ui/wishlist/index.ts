/** What other features may use of the wishlist (.dependency-cruiser.cjs: no feature imports another's files). */
export { AddToWishlistButton } from './add-to-wishlist-button';
export { WishlistItemCard } from './wishlist-item-card';
