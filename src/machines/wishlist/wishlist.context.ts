/**
 * wishlist — the context, events, tags and error record of the wishlist machine, its toasts, and
 * the rules its guards read as pure functions (spec §3 "Wishlist"). The chart is
 * `wishlist.machine.ts`; every named action, guard and actor is in `wishlist.setup.ts` (ADR 032).
 */
import type { ToastInput } from '../toast/toast.machine';

export const FIRST_WISHLIST_PAGE = 1;

/** A price as the store view sells it (Magento's `Money`). */
export interface WishlistMoney {
  value: number | null;
  currency: string | null;
}

/** What a wishlist item shows of a product (the frame, or the colour and size saved). */
export interface WishlistProduct {
  uid: string;
  name: string;
  sku: string;
  url_key?: string | null;
  small_image?: { url: string | null } | null;
  stock_status?: 'IN_STOCK' | 'OUT_OF_STOCK' | null;
  price_range?: { minimum_price: { final_price: WishlistMoney } } | null;
  /** Present for a frame that is fitted with lenses (a configurable product: it goes through the lens wizard). */
  configurable_options?: Array<{
    attribute_code: string | null;
    values: Array<{ uid: string | null; value_index: number | null } | null> | null;
  } | null> | null;
  /** A frame's colours and sizes with their pictures (a colour saved without its size shows its colour's). */
  variants?: Array<{
    attributes: Array<{ code: string | null; value_index: number | null } | null> | null;
    product: { small_image?: { url: string | null } | null } | null;
  } | null> | null;
}

export interface WishlistItem {
  id: string;
  product: WishlistProduct;
  added_at?: string | null;
  /** The colour and size saved (a configurable frame's variant), when one was chosen. */
  configured_variant?: ({ uid?: string } & Pick<WishlistProduct, 'sku' | 'small_image' | 'stock_status' | 'price_range'>) | null;
  /** The options saved (value uids, as `configurable_options` name them). */
  configurable_options?: Array<{ configurable_product_option_value_uid: string; option_label: string; value_label: string } | null> | null;
}

export interface WishlistPage {
  wishlistId: string | null;
  items: WishlistItem[];
  totalPages: number;
}

/** One product to save: a simple frame, or a configurable frame's chosen options. */
export interface WishlistItemInput {
  sku: string;
  parentSku?: string | null;
  selectedOptions?: string[] | null;
}

export interface WishlistSaved {
  wishlistId: string;
  itemsCount: number | null;
}

/** What the item actors need: the wishlist and its item. */
export interface WishlistItemRef {
  wishlistId: string;
  itemId: string;
}

/** What a view calls an item action (the words beside a failed one). */
export type WishlistItemAction = 'remove' | 'addToCart';

/**
 * The wishlist's operations that can fail, each with one error record (`WishlistContext.errors`):
 * reading a page, saving a frame, and (by item) removing an item or moving it to the cart.
 */
export const WISHLIST_OPERATION_NAMES = ['loadPage', 'saveItem', 'removeItem', 'moveItem'] as const;
export type WishlistOperationName = (typeof WISHLIST_OPERATION_NAMES)[number];
/** The operations on one item of the list: their records are by item id. */
export type WishlistItemOperation = Extract<WishlistOperationName, 'removeItem' | 'moveItem'>;

/**
 * Each operation's last failure (absent or null: none). A page's and a save's are one failure each;
 * an item's removal and move keep one failure per item (several items can each have failed), until
 * that item is acted on again.
 */
export interface WishlistErrors {
  loadPage?: Error | null;
  saveItem?: Error | null;
  removeItem?: Readonly<Record<string, Error>>;
  moveItem?: Readonly<Record<string, Error>>;
}

export interface WishlistContext {
  wishlistId: string | null;
  items: WishlistItem[];
  /** The last page received (0 before the first). */
  currentPage: number;
  totalPages: number;
  /** The page being fetched. */
  requestedPage: number;
  /** Every page is wanted (the product page asks whether a frame is saved), not only those shown. */
  wantsAllPages: boolean;
  /** The frame being saved, held for the sign-in, or checked after a lost answer (the `saving` region says which). */
  save: WishlistItemInput | null;
  /** The item asked about, being removed or moved, or checked after a lost answer (the `items` region says which). */
  itemId: string | null;
  errors: WishlistErrors;
}

export const initialWishlistContext = (): WishlistContext => ({
  wishlistId: null,
  items: [],
  currentPage: 0,
  totalPages: 0,
  requestedPage: FIRST_WISHLIST_PAGE,
  wantsAllPages: false,
  save: null,
  itemId: null,
  errors: {},
});

export type WishlistEvent =
  | { type: 'wishlist.load' }
  | { type: 'wishlist.loadAll' }
  | { type: 'wishlist.loadMore' }
  /** Page 1 again (spec §3: it replaces the items), as many pages as were wanted: a saved frame is in it. */
  | { type: 'wishlist.reload' }
  /** The list region's word to the others: the pages wanted are read (or the read failed). */
  | { type: 'wishlist.list.read' }
  | ({ type: 'wishlist.item.add' } & WishlistItemInput)
  | ({ type: 'wishlist.item.addAfterSignIn' } & WishlistItemInput)
  | { type: 'wishlist.session.signedIn' }
  | { type: 'wishlist.item.remove'; itemId: string }
  | { type: 'wishlist.item.remove.confirm' }
  | { type: 'wishlist.item.remove.keep' }
  | { type: 'wishlist.item.addToCart'; itemId: string };

/** `loading`: a page is read; `saving`: a frame is sent; `asking`, `removing`, `moving`: what is done with the item worked on. */
export type WishlistTag = 'loading' | 'saving' | 'asking' | 'removing' | 'moving';

/** The item input of an add event, as the save actor takes it. */
export const saveOf = ({ event }: { event: WishlistItemInput }): WishlistItemInput => ({
  sku: event.sku,
  parentSku: event.parentSku ?? null,
  selectedOptions: event.selectedOptions ?? null,
});

/** The list holds the item. */
export const listHolds = (context: WishlistContext, itemId: string | null) => itemId !== null && context.items.some((i) => i.id === itemId);

/** The list holds the frame being saved (its colour and size saved, or the frame itself). */
export const listHoldsSave = ({ context }: { context: WishlistContext }) =>
  context.save !== null && context.items.some((i) => (i.configured_variant?.sku ?? i.product.sku) === context.save?.sku);

/** The error record with `changes` made (the one way the wishlist writes it). */
export const errorsWith = (errors: WishlistErrors, changes: WishlistErrors): WishlistErrors => ({ ...errors, ...changes });

/** The error record with an item's failure of `operation` kept. */
export const itemFailed = (errors: WishlistErrors, operation: WishlistItemOperation, itemId: string, error: Error): WishlistErrors => ({
  ...errors,
  [operation]: { ...errors[operation], [itemId]: error },
});

/** The changes that clear an item's failures (it is acted on again, or it is gone). */
export const itemCleared = ({ removeItem = {}, moveItem = {} }: WishlistErrors, itemId: string): WishlistErrors => {
  const { [itemId]: _removal, ...removals } = removeItem;
  const { [itemId]: _move, ...moves } = moveItem;
  return { removeItem: removals, moveItem: moves };
};

/** The ids of the invoked actors (one of each at a time). */
export const FETCH_PAGE_ID = 'fetchPage';
export const SAVE_ITEM_ID = 'saveItem';
export const REMOVE_ITEM_ID = 'removeItem';
export const MOVE_ITEM_ID = 'moveItem';

/** The toasts of a save (their words are react-intl messages: `messageId`, English in `message`). */
export const WISHLIST_SAVED_TOAST: ToastInput = { type: 'success', message: 'Saved to your wishlist.', messageId: 'wishlist.toast.saved', dismissable: true };
export const wishlistFailedToast = (reason: string): ToastInput => ({
  type: 'error',
  message: `This frame could not be saved to your wishlist: ${reason}`,
  messageId: 'wishlist.toast.failed',
  values: { reason },
  dismissable: true,
  timeout: false,
});

/** The toast of a move to the cart (a react-intl message). */
export const wishlistMovedToast = (name: string): ToastInput => ({
  type: 'success',
  message: `${name} is in your cart.`,
  messageId: 'wishlist.toast.movedToCart',
  values: { name },
  dismissable: true,
});
