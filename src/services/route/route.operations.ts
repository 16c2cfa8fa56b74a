import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';

/**
 * spec §2 Fallback, §7 route: relative_url, redirect_code, type and __typename; what each page needs
 * to load (a CMS page's identifier, a category's uid, a product's uid and url_key). The one `route`
 * document: the route machine's resolveRoute and the first page's preload (src/app/route-preload.ts)
 * both send it, so they share one request and one cache entry.
 */
export const RESOLVE_ROUTE: TypedDocumentNode<Operations.ResolveUrlQuery, Operations.ResolveUrlQueryVariables> = gql`
  query ResolveURL($url: String!) {
    route(url: $url) {
      relative_url
      redirect_code
      type
      __typename
      ... on CmsPage {
        identifier
      }
      ... on CategoryInterface {
        uid
      }
      ... on ProductInterface {
        uid
        url_key
      }
    }
  }
`;
