/**
 * The category selection the category page, the product page and their page heads share: a
 * category's link and its ancestors' (Magento `breadcrumbs`), from which each draws its trail.
 */
import { gql } from '@apollo/client';

/** A category as a breadcrumb trail names it: its own page, then its ancestors with their levels. */
export const CATEGORY_TRAIL_FIELDS = gql`
  fragment CategoryTrailFields on CategoryInterface {
    uid
    name
    url_path
    url_suffix
    breadcrumbs {
      category_uid
      category_name
      category_url_path
      category_level
    }
  }
`;
