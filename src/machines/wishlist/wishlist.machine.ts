/**
 * wishlist — spec §3 "Wishlist" (paged; page 1 replaces, later pages append), §9 (pages start at 1),
 * saving a frame to it (the product page's "Add to wishlist"), and removing an item or moving it to
 * the cart. systemId: 'wishlist'.
 *
 * Injected by the services (`wishlist.actors.ts`):
 * - actor `fetchWishlistPage`: ({ page }) => WishlistPage   (the customer's wishlist items, one page)
 * - actor `saveWishlistItem`: (WishlistItemInput) => WishlistSaved   (adds one product; rejects with
 *   the backend's refusal or the request's failure)
 * - actor `removeWishlistItem`: ({ wishlistId, itemId }) => void   (Magento's `removeProductsFromWishlist`)
 * - actor `moveWishlistItemToCart`: ({ wishlistId, itemId }) => void   (Magento's `addWishlistItemsToCart`:
 *   a plain product goes to the customer's cart and leaves the wishlist; rejects with the refusal)
 *
 * The machine's modes are its states, in three parallel regions built on one setup (ADR 032, as the
 * cart's): `list` (reading the pages, `wishlist.list.ts`), `saving` (a frame being saved, held for the
 * sign-in, or checked after a lost answer, `wishlist.saving.ts`) and `items` (an item asked about,
 * being removed or moved, or checked after a lost answer, `wishlist.items.ts`). The context keeps the
 * list, the frame and the item worked on, and one error record per operation (`errors`: `loadPage`,
 * `saveItem`, and by item `removeItem`, `moveItem`); views read it only through the selectors below.
 * The regions meet by events only: a save or a lost answer asks the list to read again
 * (`wishlist.reload`, `wishlist.loadAll`), the list says when it has (`wishlist.list.read`).
 */
import { type SnapshotFrom } from 'xstate';
import { initialWishlistContext, type WishlistItemAction } from './wishlist.context';
import { itemsRegion } from './wishlist.items';
import { listRegion } from './wishlist.list';
import { savingRegion } from './wishlist.saving';
import { wishlistSetup } from './wishlist.setup';

// What the wishlist's module has always offered its readers (services, views, other machines): one import path.
export {
  FIRST_WISHLIST_PAGE,
  MOVE_ITEM_ID,
  REMOVE_ITEM_ID,
  SAVE_ITEM_ID,
  WISHLIST_OPERATION_NAMES,
  WISHLIST_SAVED_TOAST,
  wishlistFailedToast,
  wishlistMovedToast,
  type WishlistContext,
  type WishlistErrors,
  type WishlistEvent,
  type WishlistItem,
  type WishlistItemAction,
  type WishlistItemInput,
  type WishlistItemRef,
  type WishlistMoney,
  type WishlistOperationName,
  type WishlistPage,
  type WishlistProduct,
  type WishlistSaved,
} from './wishlist.context';

export const wishlistMachine = wishlistSetup.createMachine({
  id: 'wishlist',
  context: initialWishlistContext,
  type: 'parallel',
  states: { list: listRegion, saving: savingRegion, items: itemsRegion },
});

export type WishlistSnapshot = SnapshotFrom<typeof wishlistMachine>;

// Selectors: views select these narrow slices (ADR 010), never the whole snapshot.
export const selectWishlistItems = (snapshot: WishlistSnapshot) => snapshot.context.items;
export const selectIsLoadingWishlist = (snapshot: WishlistSnapshot) => snapshot.hasTag('loading');
/** Why the last page could not be read, or null. */
export const selectWishlistError = (snapshot: WishlistSnapshot) => snapshot.context.errors.loadPage ?? null;
/** True while a frame is being sent (another add meanwhile changes nothing). */
export const selectIsSavingToWishlist = (snapshot: WishlistSnapshot) => snapshot.hasTag('saving');
/** True while this product is being saved, or saved and the list reading again to show it. */
export const selectIsSavingProduct = (snapshot: WishlistSnapshot, sku: string) =>
  snapshot.matches({ saving: 'sending' }) || (!snapshot.matches({ saving: 'idle' }) && snapshot.context.save?.sku === sku);
/** The item being removed or moved to the cart, and how (one at a time), or null. */
export const selectBusyWishlistItem = (snapshot: WishlistSnapshot): { itemId: string; action: WishlistItemAction } | null => {
  const action = snapshot.hasTag('removing') ? 'remove' : snapshot.hasTag('moving') ? 'addToCart' : null;
  return action && { itemId: snapshot.context.itemId!, action };
};
/** The item whose removal waits for the shopper's yes, or null. */
export const selectWishlistRemovalAsked = (snapshot: WishlistSnapshot) => (snapshot.hasTag('asking') ? snapshot.context.itemId : null);
/**
 * Why the last removal or move of this item failed (it stays in the list), or null; none while the
 * item is worked on (a lost removal's failure shows only once the list says it stands).
 */
export const selectWishlistItemError = (snapshot: WishlistSnapshot, itemId: string): { action: WishlistItemAction; error: Error } | null => {
  if (selectBusyWishlistItem(snapshot)?.itemId === itemId) return null;
  const { removeItem, moveItem } = snapshot.context.errors;
  if (removeItem?.[itemId]) return { action: 'remove', error: removeItem[itemId] };
  if (moveItem?.[itemId]) return { action: 'addToCart', error: moveItem[itemId] };
  return null;
};
/**
 * The item that holds this product among the items loaded, or null: the saved colour and size, or
 * the frame itself with the same part of its choice (`chosen`: option value uids, e.g. a colour
 * before its size; none: the frame saved with none).
 */
export const selectSavedWishlistItem = (snapshot: WishlistSnapshot, sku: string, chosen: readonly string[] = []) => {
  const key = (uids: readonly string[]) => [...uids].sort().join();
  return (
    snapshot.context.items.find((i) =>
      i.configured_variant
        ? i.configured_variant.sku === sku
        : i.product.sku === sku && key((i.configurable_options ?? []).flatMap((o) => (o ? [o.configurable_product_option_value_uid] : []))) === key(chosen),
    ) ?? null
  );
};
/** Every page was asked for (the product page's button knows whether a frame is saved whatever the list's length). */
export const selectWishlistAllPagesAsked = (snapshot: WishlistSnapshot) => snapshot.context.wantsAllPages;
/** True once the list has been loaded at least once (the product page's button knows whether a frame is saved). */
export const selectWishlistKnown = (snapshot: WishlistSnapshot) => snapshot.context.currentPage > 0;
export const selectHasMoreWishlistPages = (snapshot: WishlistSnapshot) => snapshot.context.currentPage < snapshot.context.totalPages;
