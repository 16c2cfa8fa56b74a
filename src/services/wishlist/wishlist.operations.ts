import { gql, type TypedDocumentNode } from '@apollo/client';
import type { WishlistItem } from '../../machines/wishlist/wishlist.machine';

export interface CustomerWishlistQuery {
  customer: {
    wishlists: Array<{
      id: string | null;
      items_v2: { items: Array<WishlistItem | null>; page_info: { total_pages: number | null } | null } | null;
    } | null>;
  } | null;
}

/** The signed-in customer's wishlist, one page of items (spec §3: paged, from page 1). */
export const GET_CUSTOMER_WISHLIST: TypedDocumentNode<CustomerWishlistQuery, { currentPage: number; pageSize: number }> = gql`
  query GetCustomerWishlist($currentPage: Int!, $pageSize: Int!) {
    customer {
      wishlists {
        id
        items_v2(currentPage: $currentPage, pageSize: $pageSize) {
          items {
            id
            added_at
            product {
              uid
              name
              sku
              url_key
              small_image {
                url
              }
            }
          }
          page_info {
            total_pages
          }
        }
      }
    }
  }
`;
