/**
 * wishlist — spec §3 "Wishlist" (paged; page 1 replaces, later pages append), §9 (pages start at 1),
 * and saving a frame to it (the product page's "Add to wishlist").
 * systemId: 'wishlist'.
 *
 * Injected by the services (`wishlist.actors.ts`):
 * - actor `fetchWishlistPage`: ({ page }) => WishlistPage   (the customer's wishlist items, one page)
 * - actor `saveWishlistItem`: (WishlistItemInput) => WishlistSaved   (adds one product; rejects with
 *   the backend's refusal or the request's failure)
 * - actor `removeWishlistItem`: ({ wishlistId, itemId }) => void   (Magento's `removeProductsFromWishlist`)
 * - actor `moveWishlistItemToCart`: ({ wishlistId, itemId }) => void   (Magento's `addWishlistItemsToCart`:
 *   a plain product goes to the customer's cart and leaves the wishlist; rejects with the refusal)
 *
 * Saving runs beside the list (the list's states are the page's): `wishlist.item.add` spawns the
 * `saveItem` child, and while it runs the machine is saving (`selectIsSavingToWishlist`) and ignores
 * another add. The outcome is told to the shopper with a toast, sent to the system's 'toast' actor
 * with `sendTo` (ADR 010): "Saved to your wishlist." or the reason it was not. A saved item reloads
 * page 1 when the list was already shown (spec §3: page 1 replaces), so the wishlist page has it.
 *
 * `wishlist.item.remove` asks first (`removalAsked`; `wishlist.item.remove.confirm` goes
 * ahead, `wishlist.item.remove.keep` keeps it: destructive actions confirm). The confirmed removal and
 * `wishlist.item.addToCart` (a plain product; a frame goes through the lens wizard instead) act on one item at a time, each a child actor (`removeItem`,
 * `moveItem`) beside the list. Done, the item leaves the list (and the cart reloads its details after
 * a move); failed, the item stays and `itemErrors[itemId]` keeps the reason for a plain message
 * beside it (`selectWishlistItemError`). Saving, the product page's button reads whether the frame
 * is already there (`selectSavedWishlistItem`).
 *
 * ADR 029: that answer is right for a list of any length: `wishlist.loadAll` loads page 1
 * and then every further page (`wantsAllPages`), as Magento's `items_v2` can only page (it has no
 * filter by SKU) and keeps its items in the order they were added. A guest's "Sign in to save" is
 * kept (`wishlist.item.addAfterSignIn` → `afterSignIn`) and saved when the session says the shopper
 * signed in (`wishlist.session.signedIn`, sent by the session machine), once.
 *
 * A lost answer is asked about, as the cart's is (ADR 011): a save or a removal whose answer was lost
 * (`isAnswerLost`: no answer, a 5xx) may have taken effect. Nothing is sent again: the list is read
 * (every page), and it tells — the frame is there → "Saved" (the heart is true to the server); the
 * item is gone → it leaves the list as if answered; otherwise the failure, as it came. A failed
 * removal asks again ("Yes, remove" stays at hand, beside the reason).
 */
import { assign, enqueueActions, sendTo, setup, stateIn, stopChild, type SnapshotFrom } from 'xstate';
import type { ToastAddEvent, ToastInput } from '../toast/toast.machine';
import { errorMessageOf, isAnswerLost, notProvidedActor, toError } from '../shared/effects';
import { systemActor } from '../shared/system-actor';

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

export interface WishlistContext {
  wishlistId: string | null;
  items: WishlistItem[];
  /** The last page received (0 before the first). */
  currentPage: number;
  totalPages: number;
  /** The page being fetched. */
  requestedPage: number;
  error: Error | null;
  /** The item being removed or moved to the cart (one at a time). */
  busyItem: { itemId: string; action: WishlistItemAction } | null;
  /** The sku of the product last being saved (the product page's button says "Saving…" until the reloaded list has it). */
  lastSavedSku: string | null;
  /** Destructive actions confirm: the item whose removal the shopper was asked to confirm, or null. */
  removalAsked: string | null;
  /** Why the last removal or move of an item failed, by item id (the item stays in the list). */
  itemErrors: Record<string, { action: WishlistItemAction; error: Error }>;
  /** Every page is wanted (the product page asks whether a frame is saved), not only those shown. */
  wantsAllPages: boolean;
  /** What a guest asked to save, saved once signed in. */
  afterSignIn: WishlistItemInput | null;
  /** A save whose answer was lost, held while the reloaded list tells whether it took effect. */
  heldSave: { sku: string; error: Error } | null;
  /** A removal whose answer was lost, held the same way (its item stays busy meanwhile). */
  heldRemoval: { itemId: string; error: Error } | null;
}

export type WishlistItemAction = 'remove' | 'addToCart';

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

export type WishlistEvent =
  | { type: 'wishlist.load' }
  | { type: 'wishlist.loadAll' }
  | { type: 'wishlist.loadMore' }
  | ({ type: 'wishlist.item.add' } & WishlistItemInput)
  | ({ type: 'wishlist.item.addAfterSignIn' } & WishlistItemInput)
  | { type: 'wishlist.session.signedIn' }
  | { type: 'wishlist.item.remove'; itemId: string }
  | { type: 'wishlist.item.remove.confirm' }
  | { type: 'wishlist.item.remove.keep' }
  | { type: 'wishlist.item.addToCart'; itemId: string };

/** What the item actors need: the wishlist and its item. */
export interface WishlistItemRef {
  wishlistId: string;
  itemId: string;
}

/** The ids of the item actors (one at a time). */
export const REMOVE_ITEM_ID = 'removeItem';
export const MOVE_ITEM_ID = 'moveItem';

/** The toast of a move to the cart (a react-intl message). */
export const wishlistMovedToast = (name: string): ToastInput => ({
  type: 'success',
  message: `${name} is in your cart.`,
  messageId: 'wishlist.toast.movedToCart',
  values: { name },
  dismissable: true,
});

/** The id of the spawned save: one at a time. */
export const SAVE_ITEM_ID = 'saveItem';

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

export const wishlistMachine = setup({
  types: {
    context: {} as WishlistContext,
    events: {} as WishlistEvent,
    tags: {} as 'loading',
    children: {} as { saveItem: 'saveWishlistItem'; removeItem: 'removeWishlistItem'; moveItem: 'moveWishlistItemToCart' },
  },
  actors: {
    fetchWishlistPage: notProvidedActor<WishlistPage, { page: number }>('fetchWishlistPage'),
    saveWishlistItem: notProvidedActor<WishlistSaved, WishlistItemInput>('saveWishlistItem'),
    removeWishlistItem: notProvidedActor<void, WishlistItemRef>('removeWishlistItem'),
    moveWishlistItemToCart: notProvidedActor<void, WishlistItemRef>('moveWishlistItemToCart'),
  },
  guards: {
    hasMorePages: ({ context }) => context.currentPage < context.totalPages,
    wantsMorePages: ({ context }) => context.wantsAllPages && context.currentPage < context.totalPages,
    hasSaveAfterSignIn: ({ context }) => context.afterSignIn !== null,
    listNotShown: stateIn('#wishlist.idle'),
    /** No answer came (or the server failed): the call may have taken effect. */
    answerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    hasHeldSave: ({ context }) => context.heldSave !== null,
    hasHeldRemoval: ({ context }) => context.heldRemoval !== null,
    /** One item action at a time, on an item of the list. */
    canActOnItem: ({ context }, params: { itemId: string }) =>
      context.busyItem === null && context.wishlistId !== null && context.items.some((i) => i.id === params.itemId),
    /** A removal was asked and its item can be acted on. */
    removalCanGoAhead: ({ context }) =>
      context.removalAsked !== null && context.busyItem === null && context.wishlistId !== null && context.items.some((i) => i.id === context.removalAsked),
  },
  actions: {
    toastSaved: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (): ToastAddEvent => ({ type: 'toast.add', toast: WISHLIST_SAVED_TOAST }),
    ),
    toastFailed: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (_, params: { error: unknown }): ToastAddEvent => ({ type: 'toast.add', toast: wishlistFailedToast(errorMessageOf(params.error)) }),
    ),
    /** One save at a time: a second press while the first runs changes nothing. */
    startSaving: enqueueActions(({ self, enqueue }, params: WishlistItemInput) => {
      if (self.getSnapshot().children[SAVE_ITEM_ID]) return;
      enqueue.assign({ lastSavedSku: params.sku });
      enqueue.spawnChild('saveWishlistItem', { id: SAVE_ITEM_ID, input: params });
    }),
    endSaving: stopChild(SAVE_ITEM_ID),
    forgetSaved: assign({ lastSavedSku: null }),
    startItemAction: enqueueActions(({ context, enqueue }, params: { itemId: string; action: WishlistItemAction }) => {
      const input = { wishlistId: context.wishlistId!, itemId: params.itemId };
      const { [params.itemId]: _previous, ...itemErrors } = context.itemErrors;
      enqueue.assign({ busyItem: { itemId: params.itemId, action: params.action }, itemErrors, removalAsked: null });
      if (params.action === 'remove') enqueue.spawnChild('removeWishlistItem', { id: REMOVE_ITEM_ID, input });
      else enqueue.spawnChild('moveWishlistItemToCart', { id: MOVE_ITEM_ID, input });
    }),
    /** Done: the item leaves the list (a moved one is in the cart now: the cart reloads and a toast says so). */
    dropBusyItem: enqueueActions(({ context, enqueue, system }) => {
      const busy = context.busyItem;
      if (!busy) return;
      const item = context.items.find((i) => i.id === busy.itemId);
      enqueue.assign({ items: context.items.filter((i) => i.id !== busy.itemId), busyItem: null });
      enqueue.stopChild(busy.action === 'remove' ? REMOVE_ITEM_ID : MOVE_ITEM_ID);
      if (busy.action === 'addToCart') {
        enqueue.sendTo(systemActor(system, 'cart'), { type: 'cart.getDetails' });
        enqueue.sendTo(systemActor(system, 'toast'), { type: 'toast.add', toast: wishlistMovedToast(item?.product.name ?? '') } satisfies ToastAddEvent);
      }
    }),
    /** Failed: the item stays, with the reason kept for a plain message beside it; a removal is asked again (one press to retry). */
    keepBusyItem: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const busy = context.busyItem;
      if (!busy) return;
      enqueue.assign({
        busyItem: null,
        itemErrors: { ...context.itemErrors, [busy.itemId]: { action: busy.action, error: toError(params.error) } },
        removalAsked: busy.action === 'remove' ? busy.itemId : context.removalAsked,
      });
      enqueue.stopChild(busy.action === 'remove' ? REMOVE_ITEM_ID : MOVE_ITEM_ID);
    }),
    /** The save's answer was lost: held while the list is read again. */
    holdSave: assign(({ context }, params: { error: unknown }) => ({ heldSave: { sku: context.lastSavedSku ?? '', error: toError(params.error) } })),
    /** The removal's answer was lost: held while the list is read again (the item stays busy). */
    holdRemoval: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const busy = context.busyItem;
      if (!busy) return;
      enqueue.assign({ heldRemoval: { itemId: busy.itemId, error: toError(params.error) } });
      enqueue.stopChild(REMOVE_ITEM_ID);
    }),
    /** The list as read now says whether the lost save took effect: "Saved", or the failure as it came. */
    settleHeldSave: enqueueActions(({ context, enqueue, system }) => {
      const held = context.heldSave;
      if (!held) return;
      const saved = context.items.some((i) => (i.configured_variant?.sku ?? i.product.sku) === held.sku);
      enqueue.assign({ heldSave: null, ...(saved ? {} : { lastSavedSku: null }) });
      const toast = saved ? WISHLIST_SAVED_TOAST : wishlistFailedToast(held.error.message);
      enqueue.sendTo(systemActor(system, 'toast'), { type: 'toast.add', toast } satisfies ToastAddEvent);
    }),
    /** The list as read now says whether the lost removal took effect: gone (done), or still there with the failure. */
    settleHeldRemoval: assign(({ context }) => {
      const held = context.heldRemoval;
      if (!held) return {};
      const stillThere = context.items.some((i) => i.id === held.itemId);
      return {
        heldRemoval: null,
        busyItem: null,
        itemErrors: stillThere ? { ...context.itemErrors, [held.itemId]: { action: 'remove' as const, error: held.error } } : context.itemErrors,
        removalAsked: stillThere ? held.itemId : context.removalAsked,
      };
    }),
    askToConfirmRemoval: assign((_, params: { itemId: string }) => ({ removalAsked: params.itemId })),
    forgetRemoval: assign({ removalAsked: null }),
    askForFirstPage: assign({ requestedPage: FIRST_WISHLIST_PAGE }),
    askForAllPages: assign({ requestedPage: FIRST_WISHLIST_PAGE, wantsAllPages: true }),
    askForShownPages: assign({ wantsAllPages: false }),
    keepForSignIn: assign((_, params: WishlistItemInput) => ({ afterSignIn: params })),
    forgetSignInSave: assign({ afterSignIn: null }),
    askForNextPage: assign(({ context }) => ({ requestedPage: context.currentPage + 1 })),
    /** Spec §3: page 1 replaces the items; later pages append. */
    receivePage: assign(({ context }, params: { page: WishlistPage }) => ({
      wishlistId: params.page.wishlistId,
      items: context.requestedPage === FIRST_WISHLIST_PAGE ? params.page.items : [...context.items, ...params.page.items],
      currentPage: context.requestedPage,
      totalPages: params.page.totalPages,
      error: null,
    })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: toError(params.error) })),
  },
}).createMachine({
  id: 'wishlist',
  context: {
    wishlistId: null,
    items: [],
    currentPage: 0,
    totalPages: 0,
    requestedPage: FIRST_WISHLIST_PAGE,
    error: null,
    busyItem: null,
    removalAsked: null,
    itemErrors: {},
    lastSavedSku: null,
    wantsAllPages: false,
    afterSignIn: null,
    heldSave: null,
    heldRemoval: null,
  },
  initial: 'idle',
  on: {
    'wishlist.load': { target: '.loading', actions: ['askForFirstPage', 'askForShownPages'] },
    // Whether a frame is saved, for a list of any length: page 1, then every further page.
    'wishlist.loadAll': { target: '.loading', reenter: true, actions: 'askForAllPages' },
    // A guest's "Sign in to save this frame" is saved once signed in.
    'wishlist.item.addAfterSignIn': {
      actions: {
        type: 'keepForSignIn',
        params: ({ event }) => ({ sku: event.sku, parentSku: event.parentSku ?? null, selectedOptions: event.selectedOptions ?? null }),
      },
    },
    'wishlist.session.signedIn': {
      guard: 'hasSaveAfterSignIn',
      actions: [{ type: 'startSaving', params: ({ context }) => context.afterSignIn! }, 'forgetSignInSave'],
    },
    'wishlist.item.add': {
      actions: {
        type: 'startSaving',
        params: ({ event }) => ({ sku: event.sku, parentSku: event.parentSku ?? null, selectedOptions: event.selectedOptions ?? null }),
      },
    },
    'xstate.done.actor.saveItem': [
      { guard: 'listNotShown', actions: ['endSaving', 'toastSaved'] },
      // Spec §3: page 1 again (it replaces the items), so the list has the new one (a load under way starts again: it may have missed it).
      { target: '.loading', reenter: true, actions: ['endSaving', 'toastSaved', 'askForFirstPage'] },
    ],
    'xstate.error.actor.saveItem': [
      // The answer was lost: every page is read again, and tells whether the frame was saved.
      {
        guard: { type: 'answerLost', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        target: '.loading',
        reenter: true,
        actions: ['endSaving', { type: 'holdSave', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'askForAllPages'],
      },
      { actions: ['endSaving', 'forgetSaved', { type: 'toastFailed', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }] },
    ],
    // Removing asks first; "Yes, remove" removes, "Keep it" keeps.
    'wishlist.item.remove': {
      guard: { type: 'canActOnItem', params: ({ event }) => ({ itemId: event.itemId }) },
      actions: { type: 'askToConfirmRemoval', params: ({ event }) => ({ itemId: event.itemId }) },
    },
    'wishlist.item.remove.confirm': {
      guard: 'removalCanGoAhead',
      actions: { type: 'startItemAction', params: ({ context }) => ({ itemId: context.removalAsked!, action: 'remove' as const }) },
    },
    'wishlist.item.remove.keep': { actions: 'forgetRemoval' },
    'wishlist.item.addToCart': {
      guard: { type: 'canActOnItem', params: ({ event }) => ({ itemId: event.itemId }) },
      actions: { type: 'startItemAction', params: ({ event }) => ({ itemId: event.itemId, action: 'addToCart' as const }) },
    },
    'xstate.done.actor.removeItem': { actions: 'dropBusyItem' },
    'xstate.done.actor.moveItem': { actions: 'dropBusyItem' },
    'xstate.error.actor.removeItem': [
      // The answer was lost: every page is read again, and tells whether the item is gone.
      {
        guard: { type: 'answerLost', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        target: '.loading',
        reenter: true,
        actions: [{ type: 'holdRemoval', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'askForAllPages'],
      },
      { actions: { type: 'keepBusyItem', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
    ],
    'xstate.error.actor.moveItem': { actions: { type: 'keepBusyItem', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchWishlistPage',
        input: ({ context }) => ({ page: context.requestedPage }),
        onDone: {
          target: 'loaded',
          actions: { type: 'receivePage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: {
      // The product page asked for every page.
      always: [
        { guard: 'wantsMorePages', target: 'loading', actions: 'askForNextPage' },
        // Every page is in: a lost save or removal is settled by what the list holds.
        { guard: 'hasHeldSave', actions: 'settleHeldSave' },
        { guard: 'hasHeldRemoval', actions: 'settleHeldRemoval' },
      ],
      on: {
        'wishlist.loadMore': {
          guard: 'hasMorePages',
          target: 'loading',
          actions: 'askForNextPage',
        },
      },
    },
    failed: {
      // The list could not be read: a lost save or removal is told as the failure it came with.
      always: [
        { guard: 'hasHeldSave', actions: 'settleHeldSave' },
        { guard: 'hasHeldRemoval', actions: 'settleHeldRemoval' },
      ],
      on: { 'wishlist.loadMore': { target: 'loading' } },
    },
  },
});

export type WishlistSnapshot = SnapshotFrom<typeof wishlistMachine>;

export const selectWishlistItems = (snapshot: WishlistSnapshot) => snapshot.context.items;
export const selectIsLoadingWishlist = (snapshot: WishlistSnapshot) => snapshot.hasTag('loading');
export const selectWishlistError = (snapshot: WishlistSnapshot) => snapshot.context.error;
/** True while a frame is being saved (the `saveItem` child runs). */
export const selectIsSavingToWishlist = (snapshot: WishlistSnapshot) => snapshot.children[SAVE_ITEM_ID] !== undefined;
/** True while this product is being saved, or saved and the list reloading to show it. */
export const selectIsSavingProduct = (snapshot: WishlistSnapshot, sku: string) =>
  selectIsSavingToWishlist(snapshot) || (snapshot.hasTag('loading') && snapshot.context.lastSavedSku === sku);
/** The item being removed or moved to the cart, and how. */
export const selectBusyWishlistItem = (snapshot: WishlistSnapshot) => snapshot.context.busyItem;
/** The item whose removal waits for the shopper's yes, or null. */
export const selectWishlistRemovalAsked = (snapshot: WishlistSnapshot) => snapshot.context.removalAsked;
/** Why the last removal or move of this item failed (it stays in the list), or null. */
export const selectWishlistItemError = (snapshot: WishlistSnapshot, itemId: string) => snapshot.context.itemErrors[itemId] ?? null;
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
