import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CartItemCustomOption } from '../../machines/cart/cart.types';

/** A cart line's lens option (a Magento custom option), as the cart details answer it. */
export type CartItemLensOption = CartItemCustomOption;

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
