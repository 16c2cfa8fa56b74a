import { gql, type TypedDocumentNode } from '@apollo/client';

/** Magento's `route` answer (spec §3 "Route answer"): type plus uid, identifier or url_key. */
export interface RouteAnswer {
  __typename: string;
  type: 'CATEGORY' | 'CMS_PAGE' | 'PRODUCT' | string | null;
  relative_url: string | null;
  redirect_code: number;
  uid?: string;
  identifier?: string | null;
  url_key?: string | null;
}

export interface ResolveRouteQuery {
  route: RouteAnswer | null;
}

/**
 * spec §2 Fallback / §7 `route`. Concrete types only in fragments: the cache matches them by
 * __typename without a possibleTypes map.
 */
export const RESOLVE_ROUTE: TypedDocumentNode<ResolveRouteQuery, { url: string }> = gql`
  query ResolveRoute($url: String!) {
    route(url: $url) {
      __typename
      type
      relative_url
      redirect_code
      ... on CategoryTree {
        uid
      }
      ... on CmsPage {
        identifier
      }
      ... on SimpleProduct {
        uid
        url_key
      }
      ... on ConfigurableProduct {
        uid
        url_key
      }
      ... on VirtualProduct {
        uid
        url_key
      }
      ... on BundleProduct {
        uid
        url_key
      }
      ... on GroupedProduct {
        uid
        url_key
      }
      ... on DownloadableProduct {
        uid
        url_key
      }
    }
  }
`;
