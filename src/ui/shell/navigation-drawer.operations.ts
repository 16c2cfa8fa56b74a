import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';

type TopCategory = NonNullable<NonNullable<NonNullable<NonNullable<Operations.GetNavigationQuery['categories']>['items']>[number]>['children']>[number];

/** A category of the drawer, at either level (the second level has no children). */
export type NavigationCategory = Omit<NonNullable<TopCategory>, 'children'> & { children?: NonNullable<TopCategory>['children'] };

export type { GetNavigationQuery } from '../../services/apollo/generated/operation-types';

/** A category as the drawer links it. */
const NAVIGATION_CATEGORY_FIELDS = gql`
  fragment NavigationCategoryFields on CategoryTree {
    uid
    name
    url_path
    url_suffix
    position
    include_in_menu
  }
`;

/** The store's category tree, two levels under its root (Magento `categories` without filter: the root). */
export const GET_NAVIGATION: TypedDocumentNode<Operations.GetNavigationQuery, Operations.GetNavigationQueryVariables> = gql`
  query GetNavigation {
    categories {
      items {
        uid
        children {
          ...NavigationCategoryFields
          children {
            ...NavigationCategoryFields
          }
        }
      }
    }
  }
  ${NAVIGATION_CATEGORY_FIELDS}
`;
