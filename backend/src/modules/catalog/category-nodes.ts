import { many } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import type { Resolvers } from '../../module';
import { encodeUid } from './catalog-uids';
import { loadAllCategories, loadProductCount } from './catalog.loaders';
import { CATEGORY_SQL, type CategoryRow } from './category.queries';

export const CATEGORY_URL_SUFFIX = '.html';
const ROW = '_row';
type CategoryNode = Record<string, unknown> & { [ROW]: CategoryRow };
const rowOf = (node: unknown) => (node as CategoryNode)[ROW];
const isoDate = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

export const categoryImageUrl = (ctx: RequestContext, file: string) => `${ctx.origin}/media/catalog/category/${file}`;

export function categoryNodeOf(ctx: RequestContext, row: CategoryRow): CategoryNode {
  const relativeUrl = row.url_path ? `${row.url_path}${CATEGORY_URL_SUFFIX}` : null;
  return {
    [ROW]: row,
    __typename: 'CategoryTree',
    id: row.id,
    uid: encodeUid(row.id),
    name: row.name,
    level: row.level,
    path: row.path,
    path_in_store: null,
    position: row.position,
    url_key: row.url_key,
    url_path: row.url_path,
    url_suffix: CATEGORY_URL_SUFFIX,
    canonical_url: relativeUrl,
    relative_url: relativeUrl,
    redirect_code: 0,
    type: 'CATEGORY',
    description: row.description,
    image: row.image ? categoryImageUrl(ctx, row.image) : null,
    include_in_menu: row.include_in_menu ? 1 : 0,
    is_anchor: row.is_anchor ? 1 : 0,
    display_mode: row.display_mode,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    available_sort_by: ['position', 'name', 'price'],
    default_sort_by: 'position',
    filter_price_range: null,
    landing_page: null,
    custom_layout_update_file: null,
    cms_block: null,
    created_at: isoDate(row.created_at),
    updated_at: isoDate(row.updated_at),
  };
}

/** Category nodes for ids, in the order asked (inactive and unknown ids left out). */
export async function categoryNodesByIds(ctx: RequestContext, ids: number[]): Promise<CategoryNode[]> {
  if (!ids.length) return [];
  const rows = await many<CategoryRow>(ctx.db, `${CATEGORY_SQL} WHERE id = ANY($1) AND is_active`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [categoryNodeOf(ctx, row)] : [];
  });
}

export type CategoryProductsFn = (
  ctx: RequestContext,
  categoryId: number,
  args: { pageSize: number; currentPage: number; sort?: Record<string, string> | null },
) => Promise<unknown>;

/** Field resolvers of CategoryTree; `products` is given by the product search (to avoid an import cycle). */
export function categoryResolvers(categoryProducts: CategoryProductsFn): Resolvers {
  return {
    CategoryInterface: {
      breadcrumbs: async (node, _args, ctx) => {
        const row = rowOf(node);
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
        const row = rowOf(node);
        return String((await loadAllCategories(ctx)).filter((c) => c.path.startsWith(`${row.path}/`)).length);
      },
      product_count: (node, _args, ctx) => loadProductCount(ctx, rowOf(node).id),
      products: (node, args: { pageSize: number; currentPage: number; sort?: Record<string, string> | null }, ctx) =>
        categoryProducts(ctx, rowOf(node).id, args),
    },
    CategoryTree: {
      children: async (node, _args, ctx) =>
        (await loadAllCategories(ctx))
          .filter((c) => c.parent_id === rowOf(node).id)
          .sort((a, b) => a.position - b.position || a.id - b.id)
          .map((c) => categoryNodeOf(ctx, c)),
    },
  };
}
