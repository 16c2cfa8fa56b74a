import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ProductFilterInput, SortDirection, SortField } from './listing-params';

export interface Money {
  value: number | null;
  currency: string | null;
}

export interface ListingProduct {
  __typename: string;
  uid: string;
  sku: string | null;
  name: string | null;
  url_key: string | null;
  url_suffix: string | null;
  stock_status: 'IN_STOCK' | 'OUT_OF_STOCK' | null;
  small_image: { url: string | null; label: string | null } | null;
  price_range: { minimum_price: { final_price: Money; regular_price: Money } };
}

export interface GetProductListingQuery {
  products: {
    total_count: number | null;
    page_info: { current_page: number | null; page_size: number | null; total_pages: number | null } | null;
    items: (ListingProduct | null)[] | null;
    suggestions: ({ search: string } | null)[] | null;
  } | null;
}

export interface GetProductListingVariables {
  search?: string | null;
  filter: ProductFilterInput;
  sort?: Partial<Record<SortField, SortDirection>>;
  pageSize: number;
  currentPage: number;
}

/** One page of a category or a search, with the shopper's filters and sort (Magento `products`). */
export const GET_PRODUCT_LISTING: TypedDocumentNode<GetProductListingQuery, GetProductListingVariables> = gql`
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
        uid
        sku
        name
        url_key
        url_suffix
        stock_status
        small_image {
          url
          label
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
      suggestions {
        search
      }
    }
  }
`;

export interface Aggregation {
  attribute_code: string;
  label: string | null;
  options: ({ label: string | null; value: string; count: number | null } | null)[] | null;
}

export interface GetProductFiltersQuery {
  products: { aggregations: (Aggregation | null)[] | null } | null;
}

/**
 * The filter options of a listing before the shopper's own filters (as Venia does): choosing one
 * shape keeps the other shapes on offer.
 */
export const GET_PRODUCT_FILTERS: TypedDocumentNode<GetProductFiltersQuery, { search?: string | null; filter: ProductFilterInput }> = gql`
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
