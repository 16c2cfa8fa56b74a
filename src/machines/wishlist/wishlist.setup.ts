/**
 * wishlist — every action, guard and actor the wishlist machine names (XState `setup`). The effects
 * are injected by the services with `.provide()` (see the list in `wishlist.machine.ts`); the
 * regions are built on this setup with `createStateConfig` (`wishlist.list.ts`,
 * `wishlist.saving.ts`, `wishlist.items.ts`), so a name used there is checked against these (ADR 032).
 */
import { assign, raise, sendTo, setup, stateIn } from 'xstate';
import type { ToastAddEvent, ToastInput } from '../toast/toast.machine';
import { isAnswerLost, notProvidedActor, toError } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import {
  FIRST_WISHLIST_PAGE,
  errorsWith,
  itemCleared,
  itemFailed,
  listHolds,
  listHoldsSave,
  type WishlistContext,
  type WishlistErrors,
  type WishlistEvent,
  type WishlistItemInput,
  type WishlistItemOperation,
  type WishlistItemRef,
  type WishlistPage,
  type WishlistSaved,
  type WishlistTag,
} from './wishlist.context';

export const wishlistSetup = setup({
  types: {
    context: {} as WishlistContext,
    events: {} as WishlistEvent,
    tags: {} as WishlistTag,
    children: {} as { fetchPage: 'fetchWishlistPage'; saveItem: 'saveWishlistItem'; removeItem: 'removeWishlistItem'; moveItem: 'moveWishlistItemToCart' },
  },
  actors: {
    fetchWishlistPage: notProvidedActor<WishlistPage, { page: number }>('fetchWishlistPage'),
    saveWishlistItem: notProvidedActor<WishlistSaved, WishlistItemInput>('saveWishlistItem'),
    removeWishlistItem: notProvidedActor<void, WishlistItemRef>('removeWishlistItem'),
    moveWishlistItemToCart: notProvidedActor<void, WishlistItemRef>('moveWishlistItemToCart'),
  },
  guards: {
    hasMorePages: ({ context }) => context.currentPage < context.totalPages,
    /** Every page is wanted and this one (about to be received) is not the last. */
    wantsMorePages: ({ context }, params: { page: WishlistPage }) => context.wantsAllPages && context.requestedPage < params.page.totalPages,
    listNotShown: stateIn('#wishlist.list.idle'),
    /** No answer came (or the server failed): the call may have taken effect. */
    answerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    /** One item action at a time (none runs: the region is idle or asking), on an item of the list. */
    canActOnItem: ({ context }, params: { itemId: string }) => context.wishlistId !== null && listHolds(context, params.itemId),
    /** The list holds the item worked on (the one asked about, or whose lost removal is checked). */
    listHoldsItem: ({ context }) => context.wishlistId !== null && listHolds(context, context.itemId),
    /** The list as read now holds the frame whose save is checked. */
    listHoldsSave,
  },
  actions: {
    /** A save's or a move's outcome, told in a toast (ADR 010: the toast machine stamps the time). */
    toast: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (_, params: { toast: ToastInput }): ToastAddEvent => ({ type: 'toast.add', toast: params.toast }),
    ),
    /** A moved item is in the cart now: the cart reads its details again. */
    tellCartMoved: sendTo(({ system }) => systemActor(system, 'cart'), { type: 'cart.getDetails' }),
    /** Each operation's failure kept for views, or cleared: the error record's one setter in the chart. */
    setErrors: assign(({ context }, params: WishlistErrors) => ({ errors: errorsWith(context.errors, params) })),
    /** An item's failure of `operation`, kept beside it (the item stays in the list). */
    failItem: assign(({ context }, params: { operation: WishlistItemOperation; error: unknown }) => ({
      errors: itemFailed(context.errors, params.operation, context.itemId!, toError(params.error)),
    })),
    /** The item worked on is acted on again (or is gone): its failures are cleared. */
    clearItemErrors: assign(({ context }) => ({ errors: errorsWith(context.errors, itemCleared(context.errors, context.itemId!)) })),
    keepSave: assign((_, params: WishlistItemInput) => ({ save: params })),
    forgetSave: assign({ save: null }),
    keepItem: assign((_, params: { itemId: string }) => ({ itemId: params.itemId })),
    forgetItem: assign({ itemId: null }),
    /** Done: the item worked on leaves the list. */
    dropItem: assign(({ context }) => ({ items: context.items.filter((i) => i.id !== context.itemId) })),
    /** Spec §3: page 1 again (it replaces the items); `allPages` says whether every page after it is wanted (left out: as before). */
    askForFirstPage: assign((_, params: { allPages?: boolean }) => ({
      requestedPage: FIRST_WISHLIST_PAGE,
      ...(params.allPages === undefined ? {} : { wantsAllPages: params.allPages }),
    })),
    askForNextPage: assign(({ context }) => ({ requestedPage: context.currentPage + 1 })),
    /** Spec §3: page 1 replaces the items; later pages append. */
    receivePage: assign(({ context }, params: { page: WishlistPage }) => ({
      wishlistId: params.page.wishlistId,
      items: context.requestedPage === FIRST_WISHLIST_PAGE ? params.page.items : [...context.items, ...params.page.items],
      currentPage: context.requestedPage,
      totalPages: params.page.totalPages,
      errors: errorsWith(context.errors, { loadPage: null }),
    })),
    /** The list region tells the others the pages wanted are read (or could not be). */
    tellListRead: raise({ type: 'wishlist.list.read' }),
    /** A region asks the list to read page 1 again: every page (a lost answer is checked) or as many as before (a saved frame). */
    readList: raise((_, params: { allPages: boolean }): WishlistEvent => ({ type: params.allPages ? 'wishlist.loadAll' : 'wishlist.reload' })),
  },
});
