import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Money } from '../catalog';

export interface MediaEntry {
  url: string | null;
  label: string | null;
  position: number | null;
  disabled: boolean | null;
}

export interface FrameMeasurements {
  lens_width: number | null;
  bridge_width: number | null;
  temple_length: number | null;
  lens_height: number | null;
  frame_width: number | null;
}

export interface ProductPrices {
  price_range: { minimum_price: { final_price: Money; regular_price: Money } };
}

export interface VariantProduct extends FrameMeasurements, ProductPrices {
  uid: string;
  sku: string | null;
  stock_status: 'IN_STOCK' | 'OUT_OF_STOCK' | null;
  media_gallery: (MediaEntry | null)[] | null;
}

export interface ConfigurableOption {
  uid: string;
  attribute_code: string | null;
  label: string | null;
  position: number | null;
  values: ({ uid: string | null; value_index: number | null; label: string | null; swatch_data: { __typename: string; value: string | null } | null } | null)[] | null;
}

export interface Variant {
  attributes: ({ code: string | null; value_index: number | null } | null)[] | null;
  product: VariantProduct | null;
}

export interface ProductDetail extends FrameMeasurements, ProductPrices {
  __typename: string;
  uid: string;
  sku: string | null;
  name: string | null;
  url_key: string | null;
  url_suffix: string | null;
  meta_title: string | null;
  stock_status: 'IN_STOCK' | 'OUT_OF_STOCK' | null;
  description: { html: string } | null;
  categories: ({ uid: string; name: string | null; url_path: string | null; url_suffix: string | null; breadcrumbs: ({ category_uid: string; category_name: string | null; category_url_path: string | null; category_level: number | null } | null)[] | null } | null)[] | null;
  media_gallery: (MediaEntry | null)[] | null;
  configurable_options?: (ConfigurableOption | null)[] | null;
  variants?: (Variant | null)[] | null;
}

export interface GetProductDetailQuery {
  products: { items: (ProductDetail | null)[] | null } | null;
}

/** A product page's data by url_key (Magento `products`), with the frame's measurements and its variants. */
export const GET_PRODUCT_DETAIL: TypedDocumentNode<GetProductDetailQuery, { urlKey: string }> = gql`
  query GetProductDetail($urlKey: String!) {
    products(filter: { url_key: { eq: $urlKey } }) {
      items {
        __typename
        uid
        sku
        name
        url_key
        url_suffix
        meta_title
        stock_status
        description {
          html
        }
        lens_width
        bridge_width
        temple_length
        lens_height
        frame_width
        categories {
          uid
          name
          url_path
          url_suffix
          breadcrumbs {
            category_uid
            category_name
            category_url_path
            category_level
          }
        }
        media_gallery {
          url
          label
          position
          disabled
        }
        price_range {
          minimum_price {
            final_price {
              value
              currency
            }
            regular_price {
              value
              currency
            }
          }
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
            attributes {
              code
              value_index
            }
            product {
              uid
              sku
              stock_status
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
                minimum_price {
                  final_price {
                    value
                    currency
                  }
                  regular_price {
                    value
                    currency
                  }
                }
              }
            }
          }
        }
      }
    }
  }
`;
