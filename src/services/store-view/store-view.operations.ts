import { gql, type TypedDocumentNode } from '@apollo/client';

export interface GetLocaleQuery {
  storeConfig: {
    store_code: string | null;
    locale: string | null;
    default_display_currency_code: string | null;
    secure_base_media_url: string | null;
  } | null;
}

/** spec §7 getLocale: storeConfig store_code and locale (plus the two values the store view keeps). */
export const GET_LOCALE: TypedDocumentNode<GetLocaleQuery> = gql`
  query getLocale {
    storeConfig {
      store_code
      locale
      default_display_currency_code
      secure_base_media_url
    }
  }
`;

export interface GetAvailableStoresQuery {
  availableStores: ({
    store_code: string | null;
    store_name: string | null;
    default_display_currency_code: string | null;
    secure_base_media_url: string | null;
    locale: string | null;
  } | null)[] | null;
}

export const GET_AVAILABLE_STORES: TypedDocumentNode<GetAvailableStoresQuery> = gql`
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
