import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';

export type { GetAvailableStoresQuery, GetLocaleQuery } from '../apollo/generated/operation-types';

/** spec §7 getLocale: storeConfig store_code and locale (plus the two values the store view keeps, and how the cart shows its prices: ADR 040). */
export const GET_LOCALE: TypedDocumentNode<Operations.GetLocaleQuery, Operations.GetLocaleQueryVariables> = gql`
  query getLocale {
    storeConfig {
      store_code
      locale
      default_display_currency_code
      secure_base_media_url
      shopping_cart_display_price
    }
  }
`;

export const GET_AVAILABLE_STORES: TypedDocumentNode<Operations.GetAvailableStoresQuery, Operations.GetAvailableStoresQueryVariables> = gql`
  query GetAvailableStores {
    availableStores {
      store_code
      store_name
      default_display_currency_code
      secure_base_media_url
      locale
    }
  }
`;
