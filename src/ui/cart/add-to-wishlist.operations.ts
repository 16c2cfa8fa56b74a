import { gql, type TypedDocumentNode } from '@apollo/client';

export const GET_WISHLIST_ID: TypedDocumentNode<{ customer: { wishlists: Array<{ id: string | null } | null> } | null }, Record<string, never>> = gql`
  query GetCustomerWishlistId {
    customer {
      wishlists {
        id
      }
    }
  }
`;

export interface WishlistItemInputVariables {
  wishlistId: string;
  sku: string;
  parentSku?: string | null;
  selectedOptions?: string[] | null;
}

export const ADD_TO_WISHLIST: TypedDocumentNode<
  { addProductsToWishlist: { wishlist: { id: string | null; items_count: number | null }; user_errors: Array<{ code: string; message: string } | null> } | null },
  WishlistItemInputVariables
> = gql`
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
