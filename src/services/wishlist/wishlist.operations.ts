import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';
import { FINAL_PRICE_FIELDS, PRODUCT_LINE_FIELDS, VARIANT_OFFER_FIELDS } from '../catalog/product-fragments';

/**
 * The signed-in customer's wishlist, one page of items (spec §3: paged, from page 1), each with its
 * price in the store view's currency, stock, and the colour and size saved; a frame's
 * variants with their pictures, so a colour saved without its size shows that colour's picture.
 */
export const GET_CUSTOMER_WISHLIST: TypedDocumentNode<Operations.GetCustomerWishlistQuery, Operations.GetCustomerWishlistQueryVariables> = gql`
  query GetCustomerWishlist($currentPage: Int!, $pageSize: Int!) {
    customer {
      wishlists {
        id
        items_v2(currentPage: $currentPage, pageSize: $pageSize) {
          items {
            id
            added_at
            product {
              ...ProductLineFields
              small_image {
                url
              }
              price_range {
                ...FinalPriceFields
              }
              ... on ConfigurableProduct {
                configurable_options {
                  attribute_code
                  values {
                    uid
                    value_index
                  }
                }
                variants {
                  attributes {
                    code
                    value_index
                  }
                  product {
                    uid
                    small_image {
                      url
                    }
                  }
                }
              }
            }
            ... on ConfigurableWishlistItem {
              configurable_options {
                configurable_product_option_value_uid
                option_label
                value_label
              }
              configured_variant {
                ...VariantOfferFields
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
  ${FINAL_PRICE_FIELDS}
  ${PRODUCT_LINE_FIELDS}
  ${VARIANT_OFFER_FIELDS}
`;

/** The signed-in customer's wishlist id (Magento gives every customer one). */
export const GET_WISHLIST_ID: TypedDocumentNode<Operations.GetCustomerWishlistIdQuery, Operations.GetCustomerWishlistIdQueryVariables> = gql`
  query GetCustomerWishlistId {
    customer {
      wishlists {
        id
      }
    }
  }
`;

/** Why Magento refused a wishlist change. */
const WISHLIST_ERROR_FIELDS = gql`
  fragment WishlistErrorFields on WishListUserInputError {
    code
    message
  }
`;

/** Saves one product (a configurable frame with its chosen options) to the wishlist; reads back which wishlist, and how many items it now holds. */
export const ADD_TO_WISHLIST: TypedDocumentNode<Operations.AddProductToWishlistMutation, Operations.AddProductToWishlistMutationVariables> = gql`
  mutation AddProductToWishlist($wishlistId: ID!, $sku: String!, $parentSku: String, $selectedOptions: [ID!]) {
    addProductsToWishlist(wishlistId: $wishlistId, wishlistItems: [{ sku: $sku, parent_sku: $parentSku, quantity: 1, selected_options: $selectedOptions }]) {
      wishlist {
        id
        items_count
      }
      user_errors {
        ...WishlistErrorFields
      }
    }
  }
  ${WISHLIST_ERROR_FIELDS}
`;

/** Takes one item off the wishlist (Magento's `removeProductsFromWishlist`). */
export const REMOVE_FROM_WISHLIST: TypedDocumentNode<Operations.RemoveFromWishlistMutation, Operations.RemoveFromWishlistMutationVariables> = gql`
  mutation RemoveFromWishlist($wishlistId: ID!, $itemId: ID!) {
    removeProductsFromWishlist(wishlistId: $wishlistId, wishlistItemsIds: [$itemId]) {
      user_errors {
        ...WishlistErrorFields
      }
    }
  }
  ${WISHLIST_ERROR_FIELDS}
`;

/** Puts one item in the customer's cart; an item added leaves the wishlist (Magento's `addWishlistItemsToCart`). */
export const MOVE_WISHLIST_ITEM_TO_CART: TypedDocumentNode<Operations.MoveWishlistItemToCartMutation, Operations.MoveWishlistItemToCartMutationVariables> = gql`
  mutation MoveWishlistItemToCart($wishlistId: ID!, $itemId: ID!) {
    addWishlistItemsToCart(wishlistId: $wishlistId, wishlistItemIds: [$itemId]) {
      status
      add_wishlist_items_to_cart_user_errors {
        code
        message
      }
    }
  }
`;
