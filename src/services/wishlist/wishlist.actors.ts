/** The live effects of the wishlist machine (see the header of wishlist.machine.ts). */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { WishlistItem, WishlistItemInput, WishlistItemRef, WishlistPage, WishlistSaved } from '../../machines/wishlist/wishlist.machine';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import type { GetCustomerWishlistQuery } from '../apollo/generated/operation-types';
import { ShopFailure } from '../../machines/shared/shop-failure';

type FetchedWishlist = NonNullable<NonNullable<GetCustomerWishlistQuery['customer']>['wishlists'][number]>;
type FetchedWishlistItem = NonNullable<NonNullable<FetchedWishlist['items_v2']>['items'][number]>;

/** The machine's item from the query's: an item whose product the store no longer shows is left out. */
function wishlistItemOf(item: FetchedWishlistItem | null): WishlistItem[] {
  if (!item?.product) return [];
  const product = { ...item.product, name: item.product.name ?? '', sku: item.product.sku ?? '' };
  const variant = 'configured_variant' in item ? item.configured_variant : null;
  return [{ ...item, product, configured_variant: variant && { ...variant, sku: variant.sku ?? product.sku } }];
}

/** Magento's reasons for refusing a change, one a line ('' when it refused nothing). */
const reasonsOf = (errors: ReadonlyArray<{ message: string } | null> | undefined): string =>
  (errors ?? []).flatMap((error) => (error ? [error.message] : [])).join('\n');

/** The wishlist's documents load with its first request, not with every page. */
const wishlistOperations = () => import('./wishlist.operations');

/** The customer has no wishlist to save to (a store with wishlists switched off). */

/** The move was refused without a reason. */
export const UNABLE_TO_MOVE = 'This item could not be added to your cart.';

/** Items per wishlist page (the spec names no size; Magento's default page is 20). */
export const WISHLIST_PAGE_SIZE = 20;

export function wishlistImplementations(deps: { client: ApolloClient<NormalizedCacheObject> }) {
  return {
    actors: {
      fetchWishlistPage: fromPromise<WishlistPage, { page: number }>(async ({ input }) => {
        const { customer } = await runQuery(
          deps.client,
          (await wishlistOperations()).GET_CUSTOMER_WISHLIST,
          { currentPage: input.page, pageSize: WISHLIST_PAGE_SIZE },
          'network-only',
        );
        const wishlist = customer?.wishlists?.find((w) => w !== null) ?? null;
        return {
          wishlistId: wishlist?.id ?? null,
          items: (wishlist?.items_v2?.items ?? []).flatMap(wishlistItemOf),
          totalPages: wishlist?.items_v2?.page_info?.total_pages ?? 0,
        };
      }),
      // The backend's refusal (user_errors) is the reason the shopper reads in the toast.
      saveWishlistItem: fromPromise<WishlistSaved, WishlistItemInput>(async ({ input }) => {
        const { customer } = await runQuery(deps.client, (await wishlistOperations()).GET_WISHLIST_ID, {}, 'cache-first');
        const wishlistId = customer?.wishlists.find((w) => w?.id)?.id;
        if (!wishlistId) throw new ShopFailure('noWishlist');
        const { addProductsToWishlist: answer } = await runMutation(deps.client, (await wishlistOperations()).ADD_TO_WISHLIST, {
          wishlistId,
          sku: input.sku,
          parentSku: input.parentSku ?? null,
          selectedOptions: input.selectedOptions ?? null,
        });
        const refused = reasonsOf(answer?.user_errors);
        if (refused) throw new Error(refused);
        return { wishlistId: answer?.wishlist.id ?? wishlistId, itemsCount: answer?.wishlist.items_count ?? null };
      }),
      removeWishlistItem: fromPromise<void, WishlistItemRef>(async ({ input }) => {
        const { removeProductsFromWishlist: answer } = await runMutation(deps.client, (await wishlistOperations()).REMOVE_FROM_WISHLIST, input);
        const refused = reasonsOf(answer?.user_errors);
        if (refused) throw new Error(refused);
      }),
      // The backend's refusal (out of stock, options to choose) is the reason shown beside the item.
      moveWishlistItemToCart: fromPromise<void, WishlistItemRef>(async ({ input }) => {
        const { addWishlistItemsToCart: answer } = await runMutation(deps.client, (await wishlistOperations()).MOVE_WISHLIST_ITEM_TO_CART, input);
        const refused = reasonsOf(answer?.add_wishlist_items_to_cart_user_errors);
        if (refused || !answer?.status) throw new Error(refused || UNABLE_TO_MOVE);
      }),
    },
    actions: {},
  };
}
