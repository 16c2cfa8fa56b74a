/**
 * wishlist — spec §3 "Wishlist" (paged; page 1 replaces, later pages append), §9 (pages start at 1),
 * and saving a frame to it (the product page's "Add to wishlist").
 * systemId: 'wishlist'.
 *
 * Injected by the services (`wishlist.actors.ts`):
 * - actor `fetchWishlistPage`: ({ page }) => WishlistPage   (the customer's wishlist items, one page)
 * - actor `saveWishlistItem`: (WishlistItemInput) => WishlistSaved   (adds one product; rejects with
 *   the backend's refusal or the request's failure)
 *
 * Saving runs beside the list (the list's states are the page's): `wishlist.item.add` spawns the
 * `saveItem` child, and while it runs the machine is saving (`selectIsSavingToWishlist`) and ignores
 * another add. The outcome is told to the shopper with a toast, sent to the system's 'toast' actor
 * with `sendTo` (ADR 010): "Saved to your wishlist." or the reason it was not. A saved item reloads
 * page 1 when the list was already shown (spec §3: page 1 replaces), so the wishlist page has it.
 */
import { assign, enqueueActions, sendTo, setup, stateIn, stopChild, type SnapshotFrom } from 'xstate';
import type { ToastAddEvent, ToastInput } from '../toast/toast.machine';
import { errorMessageOf, notProvidedActor, toError } from '../shared/effects';
import { systemActor } from '../shared/system-actor';

export const FIRST_WISHLIST_PAGE = 1;

export interface WishlistItem {
  id: string;
  product: { uid: string; name: string; sku: string; url_key?: string | null; small_image?: { url: string | null } | null };
  added_at?: string | null;
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

export type WishlistEvent = { type: 'wishlist.load' } | { type: 'wishlist.loadMore' } | ({ type: 'wishlist.item.add' } & WishlistItemInput);

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
    children: {} as { saveItem: 'saveWishlistItem' },
  },
  actors: {
    fetchWishlistPage: notProvidedActor<WishlistPage, { page: number }>('fetchWishlistPage'),
    saveWishlistItem: notProvidedActor<WishlistSaved, WishlistItemInput>('saveWishlistItem'),
  },
  guards: {
    hasMorePages: ({ context }) => context.currentPage < context.totalPages,
    listNotShown: stateIn('#wishlist.idle'),
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
      enqueue.spawnChild('saveWishlistItem', { id: SAVE_ITEM_ID, input: params });
    }),
    endSaving: stopChild(SAVE_ITEM_ID),
    askForFirstPage: assign({ requestedPage: FIRST_WISHLIST_PAGE }),
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
  context: { wishlistId: null, items: [], currentPage: 0, totalPages: 0, requestedPage: FIRST_WISHLIST_PAGE, error: null },
  initial: 'idle',
  on: {
    'wishlist.load': { target: '.loading', actions: 'askForFirstPage' },
    'wishlist.item.add': {
      actions: {
        type: 'startSaving',
        params: ({ event }) => ({ sku: event.sku, parentSku: event.parentSku ?? null, selectedOptions: event.selectedOptions ?? null }),
      },
    },
    'xstate.done.actor.saveItem': [
      { guard: 'listNotShown', actions: ['endSaving', 'toastSaved'] },
      // Spec §3: page 1 again (it replaces the items), so the list has the new one.
      { target: '.loading', actions: ['endSaving', 'toastSaved', 'askForFirstPage'] },
    ],
    'xstate.error.actor.saveItem': {
      actions: ['endSaving', { type: 'toastFailed', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }],
    },
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
      on: {
        'wishlist.loadMore': {
          guard: 'hasMorePages',
          target: 'loading',
          actions: 'askForNextPage',
        },
      },
    },
    failed: {
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
export const selectHasMoreWishlistPages = (snapshot: WishlistSnapshot) => snapshot.context.currentPage < snapshot.context.totalPages;
