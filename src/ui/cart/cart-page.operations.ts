import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CartItemLensOption {
  customizable_option_uid: string;
  label: string;
  values: Array<{ customizable_option_value_uid: string; label: string; value: string } | null> | null;
}

export interface CartLensOptionsQuery {
  cart: {
    id: string;
    items: Array<{ uid: string; customizable_options?: Array<CartItemLensOption | null> | null } | null> | null;
  } | null;
}

/**
 * The lens options (Magento custom options) of each cart line: shown beside the frame's colour and
 * size, and kept when a line's colour or size is edited.
 */
export const GET_CART_LENS_OPTIONS: TypedDocumentNode<CartLensOptionsQuery, { cartId: string }> = gql`
  query GetCartLensOptions($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      items {
        uid
        ... on SimpleCartItem {
          customizable_options {
            customizable_option_uid
            label
            values {
              customizable_option_value_uid
              label
              value
            }
          }
        }
        ... on ConfigurableCartItem {
          customizable_options {
            customizable_option_uid
            label
            values {
              customizable_option_value_uid
              label
              value
            }
          }
        }
      }
    }
  }
`;

export interface CouponMutationResult {
  cart: { id: string; applied_coupons: Array<{ code: string } | null> | null } | null;
}

export const APPLY_COUPON: TypedDocumentNode<{ applyCouponToCart: CouponMutationResult | null }, { cartId: string; couponCode: string }> = gql`
  mutation ApplyCouponToCart($cartId: String!, $couponCode: String!) {
    applyCouponToCart(input: { cart_id: $cartId, coupon_code: $couponCode }) {
      cart {
        id
        applied_coupons {
          code
        }
      }
    }
  }
`;

export const REMOVE_COUPON: TypedDocumentNode<{ removeCouponFromCart: CouponMutationResult | null }, { cartId: string }> = gql`
  mutation RemoveCouponFromCart($cartId: String!) {
    removeCouponFromCart(input: { cart_id: $cartId }) {
      cart {
        id
        applied_coupons {
          code
        }
      }
    }
  }
`;

export interface EditableOption {
  uid: string;
  attribute_code: string | null;
  label: string | null;
  values: Array<{ uid: string; label: string | null; value_index: number | null } | null> | null;
}

export interface EditableVariant {
  attributes: Array<{ code: string | null; value_index: number | null } | null> | null;
  product: { uid: string; sku: string | null; stock_status: string | null } | null;
}

export interface EditableProductQuery {
  products: {
    items: Array<{
      uid: string;
      sku: string | null;
      configurable_options?: Array<EditableOption | null> | null;
      variants?: Array<EditableVariant | null> | null;
    } | null> | null;
  } | null;
}

/** The colours and sizes a cart line's frame comes in (browsing data, cache-first). */
export const GET_EDITABLE_PRODUCT: TypedDocumentNode<EditableProductQuery, { sku: string }> = gql`
  query GetEditableCartProduct($sku: String!) {
    products(filter: { sku: { eq: $sku } }) {
      items {
        uid
        sku
        ... on ConfigurableProduct {
          configurable_options {
            uid
            attribute_code
            label
            values {
              uid
              label
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
              sku
              stock_status
            }
          }
        }
      }
    }
  }
`;
