import { gql, type TypedDocumentNode } from '@apollo/client';
import { CONFIGURABLE_OPTION_FIELDS, VARIANT_STOCK_FIELDS } from '../../services/catalog/product-fragments';
import type * as Operations from '../../services/apollo/generated/operation-types';
import type { ItemOf, MergedSelection } from '../../services/apollo/selection-types';
import type { CartItemCustomOption } from '../../machines/cart/cart.types';

/** A cart line's lens option (a Magento custom option), as the cart details answer it. */
export type CartItemLensOption = CartItemCustomOption;

/** A product of the edit form: a configurable frame has options and variants, other types none. */
export type EditableProduct = MergedSelection<ItemOf<NonNullable<Operations.GetEditableCartProductQuery['products']>['items']>>;
export type EditableOption = ItemOf<EditableProduct['configurable_options']>;
export type EditableVariant = ItemOf<EditableProduct['variants']>;

/** The colours and sizes a cart line's frame comes in (browsing data, cache-first). */
export const GET_EDITABLE_PRODUCT: TypedDocumentNode<Operations.GetEditableCartProductQuery, Operations.GetEditableCartProductQueryVariables> = gql`
  query GetEditableCartProduct($sku: String!) {
    products(filter: { sku: { eq: $sku } }) {
      items {
        uid
        sku
        ... on ConfigurableProduct {
          configurable_options {
            ...ConfigurableOptionFields
          }
          variants {
            ...VariantStockFields
          }
        }
      }
    }
  }
  ${CONFIGURABLE_OPTION_FIELDS}
  ${VARIANT_STOCK_FIELDS}
`;
