import { gql, type TypedDocumentNode } from '@apollo/client';
import type { GetSearchSuggestionsQuery, GetSearchSuggestionsQueryVariables } from '../../services/apollo/generated/operation-types';

/** A product the search panel suggests (one member per product type: the document selects `__typename`). */
export type SearchSuggestionProduct = NonNullable<NonNullable<NonNullable<GetSearchSuggestionsQuery['products']>['items']>[number]>;

export type { GetSearchSuggestionsQuery };

/** Suggestions as the shopper types (spec §2 search panel): a few products and the categories they are in. */
export const GET_SEARCH_SUGGESTIONS: TypedDocumentNode<GetSearchSuggestionsQuery, GetSearchSuggestionsQueryVariables> = gql`
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
        uid
        name
        url_key
        url_suffix
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
          }
        }
      }
    }
  }
`;
