import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';
import { PRODUCT_LINK_FIELDS, PRODUCT_PRICES_FIELDS } from '../../services/catalog/product-fragments';
import type { ProductFilterInput } from './listing-params';

type ListingProducts = NonNullable<Operations.GetProductListingQuery['products']>;

/** A product of a listing page (one member per product type: the document selects `__typename`). */
export type ListingProduct = NonNullable<NonNullable<ListingProducts['items']>[number]>;

/** A price as the listings and the product page select it. */
export type Money = ListingProduct['price_range']['minimum_price']['final_price'];

/**
 * The filter is built per attribute at run time (listing-params.ts: an equality or a range for each
 * code the page offers), so it keeps that type; codegen still checks the document's variables.
 */
export type GetProductListingVariables = Omit<Operations.GetProductListingQueryVariables, 'filter'> & { filter: ProductFilterInput };

export type { GetProductListingQuery } from '../../services/apollo/generated/operation-types';

/** One page of a category or a search, with the shopper's filters and sort (Magento `products`). */
export const GET_PRODUCT_LISTING: TypedDocumentNode<Operations.GetProductListingQuery, GetProductListingVariables> = gql`
  query GetProductListing($search: String, $filter: ProductAttributeFilterInput!, $sort: ProductAttributeSortInput, $pageSize: Int!, $currentPage: Int!) {
    products(search: $search, filter: $filter, sort: $sort, pageSize: $pageSize, currentPage: $currentPage) {
      total_count
      page_info {
        current_page
        page_size
        total_pages
      }
      items {
        __typename
        ...ProductLinkFields
        sku
        stock_status
        price_range {
          ...ProductPricesFields
        }
      }
      suggestions {
        search
      }
    }
  }
  ${PRODUCT_LINK_FIELDS}
  ${PRODUCT_PRICES_FIELDS}
`;

/** A filter group's options and counts (Magento `aggregations`). */
export type Aggregation = NonNullable<NonNullable<NonNullable<Operations.GetProductFiltersQuery['products']>['aggregations']>[number]>;

export type { GetProductFiltersQuery } from '../../services/apollo/generated/operation-types';

/**
 * The filter options of a listing before the shopper's own filters (as Venia does): choosing one
 * shape keeps the other shapes on offer.
 */
export const GET_PRODUCT_FILTERS: TypedDocumentNode<
  Operations.GetProductFiltersQuery,
  Omit<Operations.GetProductFiltersQueryVariables, 'filter'> & { filter: ProductFilterInput }
> = gql`
  query GetProductFilters($search: String, $filter: ProductAttributeFilterInput!) {
    products(search: $search, filter: $filter, pageSize: 1) {
      aggregations(filter: { category: { includeDirectChildrenOnly: true } }) {
        attribute_code
        label
        options {
          label
          value
          count
        }
      }
    }
  }
`;
