import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';

type CategoryChild = NonNullable<
  NonNullable<NonNullable<NonNullable<NonNullable<Operations.GetCategoryQuery['categories']>['items']>[number]>['children']>[number]
>;

/** What a link to a category needs. */
export type CategoryLink = Pick<CategoryChild, 'uid' | 'name' | 'url_path' | 'url_suffix'>;

export type { GetCategoryQuery } from '../../services/apollo/generated/operation-types';

/** A category's page data: name, meta, breadcrumbs, description and children (Magento `categories`). */
export const GET_CATEGORY: TypedDocumentNode<Operations.GetCategoryQuery, Operations.GetCategoryQueryVariables> = gql`
  query GetCategory($uid: String!) {
    categories(filters: { category_uid: { eq: $uid } }) {
      items {
        uid
        name
        url_path
        url_suffix
        description
        meta_title
        meta_description
        breadcrumbs {
          category_uid
          category_name
          category_url_path
          category_level
        }
        children {
          uid
          name
          url_path
          url_suffix
          include_in_menu
          position
          product_count
        }
      }
    }
  }
`;

/** The in-shop path of a category page (`/eyeglasses/women.html`). */
export const categoryPath = (c: { url_path: string | null; url_suffix?: string | null }) => `/${c.url_path ?? ''}${c.url_suffix ?? '.html'}`;
