import { gql, type TypedDocumentNode } from '@apollo/client';

export interface NavigationCategory {
  uid: string;
  name: string | null;
  url_path: string | null;
  url_suffix: string | null;
  position: number | null;
  include_in_menu: number | null;
  children?: (NavigationCategory | null)[] | null;
}

export interface GetNavigationQuery {
  categories: { items: ({ uid: string; children: (NavigationCategory | null)[] | null } | null)[] | null } | null;
}

/** The store's category tree, two levels under its root (Magento `categories` without filter: the root). */
export const GET_NAVIGATION: TypedDocumentNode<GetNavigationQuery, Record<string, never>> = gql`
  query GetNavigation {
    categories {
      items {
        uid
        children {
          uid
          name
          url_path
          url_suffix
          position
          include_in_menu
          children {
            uid
            name
            url_path
            url_suffix
            position
            include_in_menu
          }
        }
      }
    }
  }
`;
