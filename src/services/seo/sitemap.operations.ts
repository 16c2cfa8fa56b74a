import type * as Operations from '../apollo/generated/operation-types';

/**
 * What the sitemaps list (ADR 014), asked by the Node server with `fetch` and a view's `Store`
 * header. Plain `/* GraphQL *\/` text, not Apollo documents: the server runs these files without
 * a bundler, where `@apollo/client`'s named exports do not load. Codegen types them and
 * `npm run magento:check` validates them like every other document.
 */
export interface QueryText<TData, TVariables> {
  readonly text: string;
  /** Type carriers only: never set. */
  readonly __data?: TData;
  readonly __variables?: TVariables;
}

const queryText = <TData, TVariables>(text: string): QueryText<TData, TVariables> => ({ text });

/** The store views (Magento `availableStores`): codes and locales. */
export const GET_SITEMAP_STORE_VIEWS = queryText<Operations.GetSitemapStoreViewsQuery, Operations.GetSitemapStoreViewsQueryVariables>(/* GraphQL */ `
  query GetSitemapStoreViews {
    availableStores {
      store_code
      locale
    }
  }
`);

/** The store's category tree, four levels under its root (Magento `categories` without filter: the root). */
export const GET_SITEMAP_CATEGORIES = queryText<Operations.GetSitemapCategoriesQuery, Operations.GetSitemapCategoriesQueryVariables>(/* GraphQL */ `
  query GetSitemapCategories {
    categories {
      items {
        uid
        children {
          ...SitemapCategoryFields
          children {
            ...SitemapCategoryFields
            children {
              ...SitemapCategoryFields
              children {
                ...SitemapCategoryFields
              }
            }
          }
        }
      }
    }
  }

  fragment SitemapCategoryFields on CategoryTree {
    url_path
    url_suffix
  }
`);

/** One page of every product the store shows (an empty search lists them all). */
export const GET_SITEMAP_PRODUCTS = queryText<Operations.GetSitemapProductsQuery, Operations.GetSitemapProductsQueryVariables>(/* GraphQL */ `
  query GetSitemapProducts($pageSize: Int!, $currentPage: Int!) {
    products(search: "", pageSize: $pageSize, currentPage: $currentPage) {
      page_info {
        current_page
        total_pages
      }
      items {
        uid
        url_key
        url_suffix
      }
    }
  }
`);

/**
 * The store's CMS pages (the shop module's `lunetteCmsPages`: Magento's GraphQL lists none) and
 * which of them are not pages of their own (the home page is `/`, the 404 and no-cookies pages).
 */
export const GET_SITEMAP_CMS_PAGES = queryText<Operations.GetSitemapCmsPagesQuery, Operations.GetSitemapCmsPagesQueryVariables>(/* GraphQL */ `
  query GetSitemapCmsPages {
    lunetteCmsPages {
      identifier
    }
    storeConfig {
      store_code
      cms_home_page
      cms_no_route
      cms_no_cookies
    }
  }
`);
