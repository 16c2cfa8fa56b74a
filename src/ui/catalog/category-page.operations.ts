import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';
import { categoryPath } from '../../services/catalog/catalog-paths';
import { CATEGORY_TRAIL_FIELDS } from '../../services/catalog/category-fragments';
import type { Crumb } from './breadcrumbs';

export type { GetCategoryQuery } from '../../services/apollo/generated/operation-types';

/** A category's page data: name, meta, breadcrumbs, description and children (Magento `categories`). */
export const GET_CATEGORY: TypedDocumentNode<Operations.GetCategoryQuery, Operations.GetCategoryQueryVariables> = gql`
  query GetCategory($uid: String!) {
    categories(filters: { category_uid: { eq: $uid } }) {
      items {
        ...CategoryTrailFields
        description
        meta_title
        meta_description
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
  ${CATEGORY_TRAIL_FIELDS}
`;

/** A category's ancestors (Magento's breadcrumbs, top level first) as links of its trail. */
export function ancestorCrumbs(category: Pick<Operations.CategoryTrailFieldsFragment, 'breadcrumbs' | 'url_suffix'>): Crumb[] {
  return (category.breadcrumbs ?? [])
    .flatMap((b) => (b ? [b] : []))
    .sort((a, b) => (a.category_level ?? 0) - (b.category_level ?? 0))
    .map((b) => ({ label: b.category_name ?? '', to: categoryPath({ url_path: b.category_url_path, url_suffix: category.url_suffix }) }));
}
