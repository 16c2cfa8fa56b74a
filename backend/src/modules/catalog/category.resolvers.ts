import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { RequestContext } from '../../graphql/context';
import { encodeUid } from './catalog-uids';
import { loadAllCategories, loadProductCount } from './catalog.loaders';
import { categoryNodeOf } from './category-nodes';
import type { CategoryRow } from './category.queries';
import { type ProductSearchArgs, searchProducts } from './product-search';

/** A category's own products, through the product search (paged and sorted as asked). */
async function categoryProducts(ctx: RequestContext, categoryId: number, args: Pick<ProductSearchArgs, 'pageSize' | 'currentPage' | 'sort'>) {
  const result = await searchProducts(ctx, {
    filter: { category_id: { eq: String(categoryId) } },
    pageSize: args.pageSize,
    currentPage: args.currentPage,
    sort: args.sort ?? null,
  });
  return { items: result.items, total_count: result.total_count, page_info: result.page_info };
}

/** Field resolvers of CategoryTree; the parent is the category node (`categoryNodeOf`), which keeps its row. */
export const categoryResolvers: Resolvers = {
  CategoryInterface: {
    breadcrumbs: async (node, _args, ctx) => {
      const row = node._row;
      const all = await loadAllCategories(ctx);
      // below the store's root category (level 1) and above this one
      const ancestors = row.path
        .split('/')
        .map(Number)
        .filter((id) => id !== row.id)
        .map((id) => all.find((c) => c.id === id))
        .filter((c): c is CategoryRow => Boolean(c) && (c as CategoryRow).level >= 2);
      if (!ancestors.length) return null;
      return ancestors.map((c) => ({
        category_id: c.id,
        category_uid: encodeUid(c.id),
        category_level: c.level,
        category_name: c.name,
        category_url_key: c.url_key,
        category_url_path: c.url_path,
      }));
    },
    children_count: async (node, _args, ctx) => {
      const row = node._row;
      return String((await loadAllCategories(ctx)).filter((c) => c.path.startsWith(`${row.path}/`)).length);
    },
    product_count: (node, _args, ctx) => loadProductCount(ctx, node._row.id),
    products: (node, args, ctx) => categoryProducts(ctx, node._row.id, args),
  },
  CategoryTree: {
    children: async (node, _args, ctx) =>
      (await loadAllCategories(ctx))
        .filter((c) => c.parent_id === node._row.id)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((c) => categoryNodeOf(ctx, c)),
  },
};
