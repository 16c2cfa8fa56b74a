import { gql, type TypedDocumentNode } from '@apollo/client';
import { FINAL_PRICE_FIELDS, PRODUCT_LINK_FIELDS } from '../../services/catalog/product-fragments';
import type * as Operations from '../../services/apollo/generated/operation-types';

/** A product the search panel suggests (one member per product type: the document selects `__typename`). */
export type SearchSuggestionProduct = NonNullable<NonNullable<NonNullable<Operations.GetSearchSuggestionsQuery['products']>['items']>[number]>;

export type { GetSearchSuggestionsQuery } from '../../services/apollo/generated/operation-types';

/** Suggestions as the shopper types (spec §2 search panel): a few products and the categories they are in. */
export const GET_SEARCH_SUGGESTIONS: TypedDocumentNode<Operations.GetSearchSuggestionsQuery, Operations.GetSearchSuggestionsQueryVariables> = gql`
  query GetSearchSuggestions($search: String!) {
    products(search: $search, pageSize: 5) {
      total_count
      aggregations {
        attribute_code
        options {
          label
          value
          count
        }
      }
      items {
        __typename
        ...ProductLinkFields
        price_range {
          ...FinalPriceFields
        }
      }
    }
  }
  ${PRODUCT_LINK_FIELDS}
  ${FINAL_PRICE_FIELDS}
`;
