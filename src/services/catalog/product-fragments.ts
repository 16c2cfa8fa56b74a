/**
 * The product selections several documents share (listings, search, the product page, the lens
 * wizard, the cart's edit form, alerts). Each fragment selects exactly what its documents selected
 * before, so the cache and the answers are the same; types on interfaces match through the cache's
 * possible types (cache.ts).
 */
import { gql } from '@apollo/client';

/** A product's price as a listing shows it: the final price and the regular one it is reduced from. */
export const PRODUCT_PRICES_FIELDS = gql`
  fragment ProductPricesFields on PriceRange {
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
`;

/** A product's final price alone (suggestions, the lens wizard's frames). */
export const FINAL_PRICE_FIELDS = gql`
  fragment FinalPriceFields on PriceRange {
    minimum_price {
      final_price {
        value
        currency
      }
    }
  }
`;

/** Which product it is: its type, uid, sku, name and url key (the product page, the lens wizard's frame). */
export const PRODUCT_IDENTITY_FIELDS = gql`
  fragment ProductIdentityFields on ProductInterface {
    __typename
    uid
    sku
    name
    url_key
  }
`;

/** Where a product's page is: what a link to it needs. */
export const PRODUCT_PAGE_ADDRESS_FIELDS = gql`
  fragment ProductPageAddressFields on ProductInterface {
    uid
    name
    url_key
    url_suffix
  }
`;

/** What a link to a product with its picture needs. */
export const PRODUCT_LINK_FIELDS = gql`
  fragment ProductLinkFields on ProductInterface {
    ...ProductPageAddressFields
    small_image {
      url
      label
    }
  }
  ${PRODUCT_PAGE_ADDRESS_FIELDS}
`;

/** A configurable frame's options (colour, size) and their values. */
export const CONFIGURABLE_OPTION_FIELDS = gql`
  fragment ConfigurableOptionFields on ConfigurableProductOptions {
    uid
    attribute_code
    label
    values {
      uid
      label
      value_index
    }
  }
`;

/** Which variant a choice of values names, and whether it is in stock. */
export const VARIANT_STOCK_FIELDS = gql`
  fragment VariantStockFields on ConfigurableVariant {
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
`;

/** A colour or size variant as a frame's chooser offers it: its stock, its picture and its price. */
export const VARIANT_OFFER_FIELDS = gql`
  fragment VariantOfferFields on ProductInterface {
    uid
    sku
    stock_status
    small_image {
      url
    }
    price_range {
      ...FinalPriceFields
    }
  }
  ${FINAL_PRICE_FIELDS}
`;

/** A product as a list's line names, links and stocks it (the cart's lines, the wishlist's items). */
export const PRODUCT_LINE_FIELDS = gql`
  fragment ProductLineFields on ProductInterface {
    uid
    name
    sku
    url_key
    stock_status
  }
`;
