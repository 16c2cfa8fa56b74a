import { gql, type TypedDocumentNode } from '@apollo/client';

export interface RouteQuery {
  route: {
    __typename: string;
    relative_url: string | null;
    redirect_code: number;
    type: string | null;
    identifier?: string | null;
    uid?: string | null;
    id?: number | null;
  } | null;
}

/** spec §7 route: relative_url, redirect_code, type and __typename; identifier, uid or id per type. */
export const RESOLVE_ROUTE: TypedDocumentNode<RouteQuery, { url: string }> = gql`
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
      }
    }
  }
`;
