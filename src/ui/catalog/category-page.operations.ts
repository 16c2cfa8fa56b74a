import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CategoryLink {
  uid: string;
  name: string | null;
  url_path: string | null;
  url_suffix: string | null;
}

export interface GetCategoryQuery {
  categories: {
    items:
      | ({
          uid: string;
          name: string | null;
          url_path: string | null;
          url_suffix: string | null;
          description: string | null;
          meta_title: string | null;
          meta_description: string | null;
          breadcrumbs: ({ category_uid: string; category_name: string | null; category_url_path: string | null; category_level: number | null } | null)[] | null;
          children: ((CategoryLink & { include_in_menu: number | null; position: number | null; product_count: number | null }) | null)[] | null;
        } | null)[]
      | null;
  } | null;
}

/** A category's page data: name, meta, breadcrumbs, description and children (Magento `categories`). */
export const GET_CATEGORY: TypedDocumentNode<GetCategoryQuery, { uid: string }> = gql`
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
