/**
 * wishlist — the list region: spec §3 "Wishlist" (paged; page 1 replaces, later pages append), §9
 * (pages start at 1). `wishlist.load` shows page 1 and pages on request (`wishlist.loadMore`);
 * `wishlist.loadAll` reads page 1 and then every further page (ADR 029: whether a frame is saved,
 * for a list of any length); `wishlist.reload` reads page 1 again, as many pages as were wanted.
 * Each read ends with `wishlist.list.read`, which the save and item regions wait for when a lost
 * answer is checked against the list (ADR 011).
 */
import { FETCH_PAGE_ID } from './wishlist.context';
import { failedAs, pageOf } from './wishlist.transitions';
import { wishlistSetup } from './wishlist.setup';

export const listRegion = wishlistSetup.createStateConfig({
  initial: 'idle',
  on: {
    // A read under way starts again (it may have missed a change).
    'wishlist.load': { target: '.loading', actions: { type: 'askForFirstPage', params: { allPages: false } } },
    'wishlist.loadAll': { target: '.loading', actions: { type: 'askForFirstPage', params: { allPages: true } } },
    'wishlist.reload': { target: '.loading', actions: { type: 'askForFirstPage', params: {} } },
  },
  states: {
    idle: {},
    loading: {
      tags: ['loading'],
      invoke: {
        id: FETCH_PAGE_ID,
        src: 'fetchWishlistPage',
        input: ({ context }) => ({ page: context.requestedPage }),
        onDone: [
          // Every page is wanted (the product page's button): the next one.
          {
            guard: { type: 'wantsMorePages', params: pageOf },
            target: 'loading',
            reenter: true,
            actions: [{ type: 'receivePage', params: pageOf }, 'askForNextPage'],
          },
          { target: 'loaded', actions: [{ type: 'receivePage', params: pageOf }, 'tellListRead'] },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'setErrors', params: failedAs('loadPage') }, 'tellListRead'],
        },
      },
    },
    loaded: {
      on: { 'wishlist.loadMore': { guard: 'hasMorePages', target: 'loading', actions: 'askForNextPage' } },
    },
    failed: {
      // The page that failed, asked again.
      on: { 'wishlist.loadMore': { target: 'loading' } },
    },
  },
});
