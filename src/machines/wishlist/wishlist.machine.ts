/**
 * wishlist — spec §3 "Wishlist" (paged; page 1 replaces, later pages append), §9 (pages start at 1).
 * systemId: 'wishlist'.
 *
 * Injected by the services (`wishlist.actors.ts`):
 * - actor `fetchWishlistPage`: ({ page }) => WishlistPage   (the customer's wishlist items, one page)
 */
import { assign, setup, type SnapshotFrom } from 'xstate';
import { notProvidedActor, toError } from '../shared/effects';

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

export type WishlistEvent = { type: 'wishlist.load' } | { type: 'wishlist.loadMore' };

export const wishlistMachine = setup({
  types: { context: {} as WishlistContext, events: {} as WishlistEvent, tags: {} as 'loading' },
  actors: { fetchWishlistPage: notProvidedActor<WishlistPage, { page: number }>('fetchWishlistPage') },
  guards: {
    hasMorePages: ({ context }) => context.currentPage < context.totalPages,
  },
}).createMachine({
  id: 'wishlist',
  context: { wishlistId: null, items: [], currentPage: 0, totalPages: 0, requestedPage: FIRST_WISHLIST_PAGE, error: null },
  initial: 'idle',
  on: {
    'wishlist.load': { target: '.loading', actions: assign({ requestedPage: FIRST_WISHLIST_PAGE }) },
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
          // Spec §3: page 1 replaces the items; later pages append.
          actions: assign(({ context, event }) => ({
            wishlistId: event.output.wishlistId,
            items: context.requestedPage === FIRST_WISHLIST_PAGE ? event.output.items : [...context.items, ...event.output.items],
            currentPage: context.requestedPage,
            totalPages: event.output.totalPages,
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: toError(event.error) })) },
      },
    },
    loaded: {
      on: {
        'wishlist.loadMore': {
          guard: 'hasMorePages',
          target: 'loading',
          actions: assign(({ context }) => ({ requestedPage: context.currentPage + 1 })),
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
export const selectHasMoreWishlistPages = (snapshot: WishlistSnapshot) => snapshot.context.currentPage < snapshot.context.totalPages;
