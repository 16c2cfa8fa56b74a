import { gql, type TypedDocumentNode } from '@apollo/client';
import { PRODUCT_IDENTITY_FIELDS, PRODUCT_PRICES_FIELDS, VARIANT_STOCK_FIELDS } from '../../services/catalog/product-fragments';
import type * as Operations from '../../services/apollo/generated/operation-types';
import { CATEGORY_TRAIL_FIELDS } from '../../services/catalog/category-fragments';

type ProductItem = NonNullable<NonNullable<NonNullable<Operations.GetProductDetailQuery['products']>['items']>[number]>;
type ConfigurableItem = Extract<ProductItem, { __typename: 'ConfigurableProduct' }>;

/**
 * A product as the page reads it: every product type's fields, and a configurable frame's options
 * and variants (absent on the other types). Each member of the generated union is one.
 */
export type ProductDetail = Omit<ConfigurableItem, '__typename' | 'configurable_options' | 'variants'> & {
  __typename: ProductItem['__typename'];
  configurable_options?: ConfigurableItem['configurable_options'];
  variants?: ConfigurableItem['variants'];
};

export type MediaEntry = NonNullable<NonNullable<ProductDetail['media_gallery']>[number]>;
export type FrameMeasurements = Pick<ProductDetail, 'lens_width' | 'bridge_width' | 'temple_length' | 'lens_height' | 'frame_width'>;
export type ProductPrices = Pick<ProductDetail, 'price_range'>;
export type ConfigurableOption = NonNullable<NonNullable<ConfigurableItem['configurable_options']>[number]>;
export type Variant = NonNullable<NonNullable<ConfigurableItem['variants']>[number]>;
export type VariantProduct = NonNullable<Variant['product']>;

export type { GetProductDetailQuery } from '../../services/apollo/generated/operation-types';

/** What a frame's variant changes on the page: its measurements, pictures and prices. */
const PRODUCT_FRAME_FIELDS = gql`
  fragment ProductFrameFields on ProductInterface {
    lens_width
    bridge_width
    temple_length
    lens_height
    frame_width
    media_gallery {
      url
      label
      position
      disabled
    }
    price_range {
      ...ProductPricesFields
    }
  }
  ${PRODUCT_PRICES_FIELDS}
`;

/** A product page's data by url_key (Magento `products`), with the frame's measurements and its variants. */
export const GET_PRODUCT_DETAIL: TypedDocumentNode<Operations.GetProductDetailQuery, Operations.GetProductDetailQueryVariables> = gql`
  query GetProductDetail($urlKey: String!) {
    products(filter: { url_key: { eq: $urlKey } }) {
      items {
        ...ProductIdentityFields
        url_suffix
        meta_title
        meta_description
        stock_status
        description {
          html
        }
        ...ProductFrameFields
        categories {
          ...CategoryTrailFields
        }
        ... on ConfigurableProduct {
          configurable_options {
            uid
            attribute_code
            label
            position
            values {
              uid
              value_index
              label
              swatch_data {
                __typename
                value
              }
            }
          }
          variants {
            ...VariantStockFields
            product {
              ...ProductFrameFields
            }
          }
        }
      }
    }
  }
  ${PRODUCT_IDENTITY_FIELDS}
  ${PRODUCT_FRAME_FIELDS}
  ${VARIANT_STOCK_FIELDS}
  ${CATEGORY_TRAIL_FIELDS}
`;
