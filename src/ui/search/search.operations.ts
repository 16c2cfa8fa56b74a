import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Money } from '../catalog';

export interface SearchSuggestionProduct {
  __typename: string;
  uid: string;
  name: string | null;
  url_key: string | null;
  url_suffix: string | null;
  small_image: { url: string | null; label: string | null } | null;
  price_range: { minimum_price: { final_price: Money } };
}

export interface GetSearchSuggestionsQuery {
  products: {
    total_count: number | null;
    aggregations: ({ attribute_code: string; options: ({ label: string | null; value: string; count: number | null } | null)[] | null } | null)[] | null;
    items: (SearchSuggestionProduct | null)[] | null;
  } | null;
}

/** Suggestions as the shopper types (spec §2 search panel): a few products and the categories they are in. */
export const GET_SEARCH_SUGGESTIONS: TypedDocumentNode<GetSearchSuggestionsQuery, { search: string }> = gql`
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
