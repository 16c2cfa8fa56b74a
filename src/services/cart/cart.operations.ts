/**
 * The cart's GraphQL documents (spec §7 table and fragments), Magento 2.4 field names.
 * Every selection of a normalised type carries its key fields (spec §3 cache identity): uid for
 * items and products, url for images, street for shipping addresses, carrier_code + method_code
 * for shipping methods, code for payment methods.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';
import { PRODUCT_LINE_FIELDS } from '../catalog/product-fragments';

/** Fragment: applied coupons. */
export const APPLIED_COUPONS_FRAGMENT = gql`
  fragment AppliedCouponsFragment on Cart {
    id
    applied_coupons {
      code
    }
  }
`;

/** Fragment: price summary (item uid and quantity, shipping, taxes, discounts, grand total, subtotals). */
export const PRICE_SUMMARY_FRAGMENT = gql`
  fragment PriceSummaryFragment on Cart {
    id
    items {
      uid
      quantity
    }
    shipping_addresses {
      street
      selected_shipping_method {
        carrier_code
        method_code
        amount {
          currency
          value
        }
      }
    }
    prices {
      applied_taxes {
        label
        amount {
          currency
          value
        }
      }
      discounts {
        label
        amount {
          currency
          value
        }
      }
      grand_total {
        currency
        value
      }
      subtotal_excluding_tax {
        currency
        value
      }
      subtotal_including_tax {
        currency
        value
      }
    }
  }
`;

/**
 * A cart line's custom option (lens usage, index, coatings; the typed prescription, whose value uid
 * is the option's uid): what a line edit must re-send so no option is lost.
 */
export const CART_LINE_CUSTOM_OPTION_FRAGMENT = gql`
  fragment CartLineCustomOption on SelectedCustomizableOption {
    customizable_option_uid
    label
    type
    values {
      customizable_option_value_uid
      label
      value
    }
  }
`;

/**
 * Fragment: a configurable line's chosen option (colour, size). The cart machine's
 * `ConfigurableOption` is this fragment's answer: machines import no generated type (ADR 001),
 * so `cart-operation-types.test.ts` makes the typecheck fail when the two part.
 */
export const CART_LINE_CONFIGURABLE_OPTION_FRAGMENT = gql`
  fragment CartLineConfigurableOption on SelectedConfigurableOption {
    id
    configurable_product_option_uid
    option_label
    configurable_product_option_value_uid
    value_label
    value_id
  }
`;

/** The cart lines as the cart page lists them (spec §3 "Cart item"), with their custom options. */
export const PRODUCT_LISTING_FRAGMENT = gql`
  fragment ProductListingFragment on Cart {
    id
    items {
      uid
      quantity
      prices {
        price {
          currency
          value
        }
        row_total {
          value
        }
        price_including_tax {
          value
        }
        row_total_including_tax {
          value
        }
        total_item_discount {
          value
        }
      }
      errors {
        code
        message
      }
      product {
        ...ProductLineFields
        thumbnail {
          url
        }
        small_image {
          url
          label
        }
        price {
          regularPrice {
            amount {
              currency
              value
            }
          }
        }
        ... on ConfigurableProduct {
          variants {
            attributes {
              uid
              code
              value_index
            }
            product {
              uid
              stock_status
              small_image {
                url
              }
            }
          }
        }
      }
      ... on SimpleCartItem {
        customizable_options {
          ...CartLineCustomOption
        }
      }
      ... on VirtualCartItem {
        customizable_options {
          ...CartLineCustomOption
        }
      }
      ... on ConfigurableCartItem {
        customizable_options {
          ...CartLineCustomOption
        }
        configurable_options {
          ...CartLineConfigurableOption
        }
        configured_variant {
          uid
          sku
          thumbnail {
            url
          }
          small_image {
            url
            label
          }
          media_gallery {
            url
            label
            position
            disabled
          }
        }
      }
    }
  }
  ${CART_LINE_CUSTOM_OPTION_FRAGMENT}
  ${CART_LINE_CONFIGURABLE_OPTION_FRAGMENT}
  ${PRODUCT_LINE_FIELDS}
`;

/** Fragment: cart page (id, total_quantity, coupons, product listing, price summary). */
export const CART_PAGE_FRAGMENT = gql`
  fragment CartPageFragment on Cart {
    id
    total_quantity
    ...AppliedCouponsFragment
    ...ProductListingFragment
    ...PriceSummaryFragment
  }
  ${APPLIED_COUPONS_FRAGMENT}
  ${PRODUCT_LISTING_FRAGMENT}
  ${PRICE_SUMMARY_FRAGMENT}
`;

/** Fragment: checkout (cart items with uid, product uid and stock status; payment methods; total quantity). */
export const CHECKOUT_PAGE_FRAGMENT = gql`
  fragment CheckoutPageFragment on Cart {
    id
    items {
      uid
      product {
        uid
        stock_status
      }
    }
    available_payment_methods {
      code
      title
    }
    total_quantity
  }
`;

/** Fragment: the shipping methods offered for the cart's address (the cart details, and the checkout's shipping step). */
export const AVAILABLE_SHIPPING_METHODS_FRAGMENT = gql`
  fragment AvailableShippingMethodsFragment on Cart {
    id
    shipping_addresses {
      street
      available_shipping_methods {
        carrier_code
        carrier_title
        method_code
        method_title
        amount {
          currency
          value
        }
        available
        error_message
        lunette_delivery_days {
          min
          max
        }
      }
    }
  }
`;

/**
 * What the machine keeps as cart details: the cart page (lines with their custom options), shipping
 * methods and payment methods. The cart details query AND every cart mutation select it, so an add,
 * update or remove is one round trip: the machine takes the details from the mutation's answer.
 */
export const CART_DETAILS_FRAGMENT = gql`
  fragment CartDetailsFragment on Cart {
    id
    ...CartPageFragment
    ...AvailableShippingMethodsFragment
    available_payment_methods {
      code
      title
    }
    lunette_review_digest
  }
  ${CART_PAGE_FRAGMENT}
  ${AVAILABLE_SHIPPING_METHODS_FRAGMENT}
`;

/** spec §7 "cart details": network only. */
export const GET_CART_DETAILS: TypedDocumentNode<Operations.GetCartDetailsQuery, Operations.GetCartDetailsQueryVariables> = gql`
  query GetCartDetails($cartId: String!) {
    cart(cart_id: $cartId) {
      ...CartDetailsFragment
    }
  }
  ${CART_DETAILS_FRAGMENT}
`;

/**
 * spec §7 GetCartDetailsAfterSignIn: the customer's cart with items, prices and the cart page fragment, all of which
 * the cart details select (the same answer as GetCartDetails, under the name the spec gives the read after sign-in).
 */
export const GET_CART_DETAILS_AFTER_SIGN_IN: TypedDocumentNode<Operations.GetCartDetailsAfterSignInQuery, Operations.GetCartDetailsAfterSignInQueryVariables> =
  gql`
    query GetCartDetailsAfterSignIn($cartId: String!) {
      cart(cart_id: $cartId) {
        ...CartDetailsFragment
      }
    }
    ${CART_DETAILS_FRAGMENT}
  `;

/** spec §7 createCart / createEmptyCart: the new cart id (for a customer, their active cart's id). */
export const CREATE_CART: TypedDocumentNode<Operations.CreateCartMutation, Operations.CreateCartMutationVariables> = gql`
  mutation createCart {
    cartId: createEmptyCart
  }
`;

/** spec §6 checkUserIsAuthed: may the current user query this cart? */
export const CHECK_USER_IS_AUTHED: TypedDocumentNode<Operations.CheckUserIsAuthedQuery, Operations.CheckUserIsAuthedQueryVariables> = gql`
  query checkUserIsAuthed($cartId: String!) {
    cart(cart_id: $cartId) {
      id
    }
  }
`;

/** The signed-in customer's cart: the merge destination. */
export const GET_CUSTOMER_CART: TypedDocumentNode<Operations.GetCustomerCartQuery, Operations.GetCustomerCartQueryVariables> = gql`
  query GetCustomerCart {
    customerCart {
      id
    }
  }
`;

/** What an add answers: the cart details and the items Magento refused (spec §7 add item, and the replace below). */
const ADD_PRODUCTS_TO_CART_ANSWER = gql`
  fragment AddProductsToCartAnswer on AddProductsToCartOutput {
    cart {
      ...CartDetailsFragment
    }
    user_errors {
      code
      message
    }
  }
  ${CART_DETAILS_FRAGMENT}
`;

/** spec §7 add item: addProductsToCart with parent_sku, selected_options and entered_options. */
export const ADD_PRODUCT_TO_CART: TypedDocumentNode<Operations.AddProductToCartMutation, Operations.AddProductToCartMutationVariables> = gql`
  mutation AddProductToCart(
    $cartId: String!
    $sku: String!
    $parentSku: String
    $quantity: Float!
    $selectedOptions: [ID!]
    $enteredOptions: [EnteredOptionInput!]
  ) {
    addProductsToCart(
      cartId: $cartId
      cartItems: [{ sku: $sku, parent_sku: $parentSku, quantity: $quantity, selected_options: $selectedOptions, entered_options: $enteredOptions }]
    ) {
      ...AddProductsToCartAnswer
    }
  }
  ${ADD_PRODUCTS_TO_CART_ANSWER}
`;

/**
 * Spec §4 "Update item" for a configurable line: removed, then re-added with the new choice. Both
 * root fields travel in ONE request (GraphQL runs a mutation's root fields one after the other, in
 * order), and the add answers the cart details: one round trip for the edit.
 */
export const REPLACE_CART_ITEM: TypedDocumentNode<Operations.ReplaceCartItemMutation, Operations.ReplaceCartItemMutationVariables> = gql`
  mutation ReplaceCartItem(
    $cartId: String!
    $itemId: ID!
    $sku: String!
    $parentSku: String
    $quantity: Float!
    $selectedOptions: [ID!]
    $enteredOptions: [EnteredOptionInput!]
  ) {
    removeItemFromCart(input: { cart_id: $cartId, cart_item_uid: $itemId }) {
      cart {
        id
      }
    }
    addProductsToCart(
      cartId: $cartId
      cartItems: [{ sku: $sku, parent_sku: $parentSku, quantity: $quantity, selected_options: $selectedOptions, entered_options: $enteredOptions }]
    ) {
      ...AddProductsToCartAnswer
    }
  }
  ${ADD_PRODUCTS_TO_CART_ANSWER}
`;

/**
 * spec §7 update item: cartId, itemId (the item uid), quantity. A quantity the backend cannot give
 * (more than is in stock) is not an error of the request: Magento answers the cart unchanged and the
 * refusal in `errors`, which the shop reads as the update's refusal.
 */
export const UPDATE_CART_ITEM: TypedDocumentNode<Operations.UpdateCartItemMutation, Operations.UpdateCartItemMutationVariables> = gql`
  mutation UpdateCartItem($cartId: String!, $itemId: ID!, $quantity: Float!) {
    updateCartItems(input: { cart_id: $cartId, cart_items: [{ cart_item_uid: $itemId, quantity: $quantity }] }) {
      cart {
        ...CartDetailsFragment
      }
      errors {
        code
        message
      }
    }
  }
  ${CART_DETAILS_FRAGMENT}
`;

/** spec §7 remove item: cartId, itemId (the item uid). */
export const REMOVE_ITEM_FROM_CART: TypedDocumentNode<Operations.RemoveItemFromCartMutation, Operations.RemoveItemFromCartMutationVariables> = gql`
  mutation RemoveItemFromCart($cartId: String!, $itemId: ID!) {
    removeItemFromCart(input: { cart_id: $cartId, cart_item_uid: $itemId }) {
      cart {
        ...CartDetailsFragment
      }
    }
  }
  ${CART_DETAILS_FRAGMENT}
`;

/** spec §7 mergeCarts: the resulting cart id, item uids and the checkout page fields. */
export const MERGE_CARTS: TypedDocumentNode<Operations.MergeCartsAfterSignInMutation, Operations.MergeCartsAfterSignInMutationVariables> = gql`
  mutation MergeCartsAfterSignIn($sourceCartId: String!, $destinationCartId: String!) {
    mergeCarts(source_cart_id: $sourceCartId, destination_cart_id: $destinationCartId) {
      ...CheckoutPageFragment
    }
  }
  ${CHECKOUT_PAGE_FRAGMENT}
`;

/** Spec §3 applied_coupons: apply a code; the answer is the cart details (one round trip). */
export const APPLY_COUPON_TO_CART: TypedDocumentNode<Operations.ApplyCouponToCartMutation, Operations.ApplyCouponToCartMutationVariables> = gql`
  mutation ApplyCouponToCart($cartId: String!, $couponCode: String!) {
    applyCouponToCart(input: { cart_id: $cartId, coupon_code: $couponCode }) {
      cart {
        ...CartDetailsFragment
      }
    }
  }
  ${CART_DETAILS_FRAGMENT}
`;

/** Spec §3 applied_coupons: remove the applied code; the answer is the cart details. */
export const REMOVE_COUPON_FROM_CART: TypedDocumentNode<Operations.RemoveCouponFromCartMutation, Operations.RemoveCouponFromCartMutationVariables> = gql`
  mutation RemoveCouponFromCart($cartId: String!) {
    removeCouponFromCart(input: { cart_id: $cartId }) {
      cart {
        id
        ...CartDetailsFragment
      }
    }
  }
  ${CART_DETAILS_FRAGMENT}
`;
