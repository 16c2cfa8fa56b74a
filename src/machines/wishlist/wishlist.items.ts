/**
 * wishlist — the items region: removing an item and moving a plain product to the cart (ADR 023),
 * one item at a time; the item worked on is `itemId`, what is done with it is the state.
 *
 * Destructive actions confirm: `wishlist.item.remove` asks first (`confirming`);
 * `wishlist.item.remove.confirm` removes (`removing`, the `removeItem` actor: Magento's
 * `removeProductsFromWishlist`), `wishlist.item.remove.keep` keeps it. `wishlist.item.addToCart` (a
 * plain product; a frame goes through the lens wizard instead) moves it (`moving`, the `moveItem`
 * actor: Magento's `addWishlistItemsToCart`). Done, the item leaves the list (and the cart reads its
 * details again after a move); failed, the item stays with the reason kept beside it
 * (`errors.removeItem` / `errors.moveItem`, by item) and a removal is asked again ("Yes, remove" stays
 * one press away, beside the reason).
 *
 * ADR 011: a removal whose answer was lost may have taken effect. Nothing is sent again: its failure
 * is kept while every page is read (`checkingRemoval`, the item still busy), and the list tells —
 * the item is gone → done; still there → the failure, asked again.
 */
import { MOVE_ITEM_ID, REMOVE_ITEM_ID, wishlistMovedToast, type WishlistContext } from './wishlist.context';
import { failureOf, itemFailedAs } from './wishlist.transitions';
import { wishlistSetup } from './wishlist.setup';

/** What the item actors need: the wishlist and the item worked on (`canActOnItem` let no item be worked on without both). */
const itemRef = ({ context }: { context: WishlistContext }) => ({ wishlistId: context.wishlistId!, itemId: context.itemId! });

/** "<name> is in your cart." */
const movedToast = ({ context }: { context: WishlistContext }) => ({
  toast: wishlistMovedToast(context.items.find((i) => i.id === context.itemId)?.product.name ?? ''),
});

const removeFailed = itemFailedAs('removeItem');

const itemOf = ({ event }: { event: { itemId: string } }) => ({ itemId: event.itemId });

/** An item of the list asked about (another item's question is replaced), or moved to the cart. */
const askOrMove = {
  'wishlist.item.remove': {
    guard: { type: 'canActOnItem' as const, params: itemOf },
    target: 'confirming',
    actions: { type: 'keepItem' as const, params: itemOf },
  },
  'wishlist.item.addToCart': {
    guard: { type: 'canActOnItem' as const, params: itemOf },
    target: 'moving',
    actions: { type: 'keepItem' as const, params: itemOf },
  },
};

export const itemsRegion = wishlistSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      entry: 'forgetItem',
      on: askOrMove,
    },
    confirming: {
      tags: ['asking'],
      on: {
        ...askOrMove,
        'wishlist.item.remove.confirm': { guard: 'listHoldsItem', target: 'removing' },
        'wishlist.item.remove.keep': { target: 'idle' },
      },
    },
    removing: {
      tags: ['removing'],
      entry: 'clearItemErrors',
      invoke: {
        id: REMOVE_ITEM_ID,
        src: 'removeWishlistItem',
        input: itemRef,
        onDone: { target: 'idle', actions: 'dropItem' },
        onError: [
          // The answer was lost: every page is read again, and tells whether the item is gone.
          {
            guard: { type: 'answerLost', params: failureOf },
            target: 'checkingRemoval',
            actions: [
              { type: 'failItem', params: removeFailed },
              { type: 'readList', params: { allPages: true } },
            ],
          },
          { target: 'confirming', actions: { type: 'failItem', params: removeFailed } },
        ],
      },
    },
    checkingRemoval: {
      tags: ['removing'],
      on: {
        'wishlist.list.read': [
          { guard: 'listHoldsItem', target: 'confirming' },
          // Gone: removed, as if answered.
          { target: 'idle', actions: 'clearItemErrors' },
        ],
      },
    },
    moving: {
      tags: ['moving'],
      entry: 'clearItemErrors',
      invoke: {
        id: MOVE_ITEM_ID,
        src: 'moveWishlistItemToCart',
        input: itemRef,
        onDone: { target: 'idle', actions: ['tellCartMoved', { type: 'toast', params: movedToast }, 'dropItem'] },
        onError: { target: 'idle', actions: { type: 'failItem', params: itemFailedAs('moveItem') } },
      },
    },
  },
});
