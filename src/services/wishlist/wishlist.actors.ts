/** The live effects of the wishlist machine (see the header of wishlist.machine.ts). */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { WishlistItem, WishlistPage } from '../../machines/wishlist/wishlist.machine';
import { runQuery } from '../apollo/operation-helpers';
import { GET_CUSTOMER_WISHLIST } from './wishlist.operations';

/** Items per wishlist page (the spec names no size; Magento's default page is 20). */
export const WISHLIST_PAGE_SIZE = 20;

export function wishlistImplementations(deps: { client: ApolloClient<NormalizedCacheObject> }) {
  return {
    actors: {
      fetchWishlistPage: fromPromise<WishlistPage, { page: number }>(async ({ input }) => {
        const { customer } = await runQuery(deps.client, GET_CUSTOMER_WISHLIST, { currentPage: input.page, pageSize: WISHLIST_PAGE_SIZE }, 'network-only');
        const wishlist = customer?.wishlists?.find((w) => w !== null) ?? null;
        return {
          wishlistId: wishlist?.id ?? null,
          items: (wishlist?.items_v2?.items ?? []).filter((item): item is WishlistItem => item !== null),
          totalPages: wishlist?.items_v2?.page_info?.total_pages ?? 0,
        };
      }),
    },
    actions: {},
  };
}
