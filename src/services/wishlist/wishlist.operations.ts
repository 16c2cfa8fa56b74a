import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  AddProductToWishlistMutation,
  AddProductToWishlistMutationVariables,
  GetCustomerWishlistIdQuery,
  GetCustomerWishlistIdQueryVariables,
  GetCustomerWishlistQueryVariables,
} from '../apollo/generated/operation-types';
import type { WishlistItem, WishlistItemInput } from '../../machines/wishlist/wishlist.machine';

export interface CustomerWishlistQuery {
  customer: {
    wishlists: Array<{
      id: string | null;
      items_v2: { items: Array<WishlistItem | null>; page_info: { total_pages: number | null } | null } | null;
    } | null>;
  } | null;
}

/** The signed-in customer's wishlist, one page of items (spec §3: paged, from page 1). */
export const GET_CUSTOMER_WISHLIST: TypedDocumentNode<CustomerWishlistQuery, GetCustomerWishlistQueryVariables> = gql`
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

/** The signed-in customer's wishlist id (Magento gives every customer one). */
export const GET_WISHLIST_ID: TypedDocumentNode<GetCustomerWishlistIdQuery, GetCustomerWishlistIdQueryVariables> = gql`
  query GetCustomerWishlistId {
    customer {
      wishlists {
        id
      }
    }
  }
`;

export interface WishlistItemInputVariables extends WishlistItemInput {
  wishlistId: string;
}

/** Saves one product (a configurable frame with its chosen options) to the wishlist. */
export const ADD_TO_WISHLIST: TypedDocumentNode<AddProductToWishlistMutation, AddProductToWishlistMutationVariables> = gql`
  mutation AddProductToWishlist($wishlistId: ID!, $sku: String!, $parentSku: String, $selectedOptions: [ID!]) {
    addProductsToWishlist(wishlistId: $wishlistId, wishlistItems: [{ sku: $sku, parent_sku: $parentSku, quantity: 1, selected_options: $selectedOptions }]) {
      wishlist {
        id
        items_count
      }
      user_errors {
        code
        message
      }
    }
  }
`;
