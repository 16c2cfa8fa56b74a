import { many } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { encodeUid } from './catalog-uids';
import type { CategoryRow } from './category.queries';
import { categorySelectIn } from './store-scope';

export const CATEGORY_URL_SUFFIX = '.html';
const isoDate = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

export const categoryImageUrl = (ctx: RequestContext, file: string) => `${ctx.origin}/media/catalog/category/${file}`;

/** The CategoryTree object for a row: scalar fields now, the rest through field resolvers (which read `_row`, not a schema field). */
export function categoryNodeOf(ctx: RequestContext, row: CategoryRow) {
  const relativeUrl = row.url_path ? `${row.url_path}${CATEGORY_URL_SUFFIX}` : null;
  return {
    _row: row,
    __typename: 'CategoryTree' as const,
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
    type: 'CATEGORY' as const,
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

/** The parent of the category types' field resolvers (codegen mapper of CategoryTree). */
export type CategoryNode = ReturnType<typeof categoryNodeOf>;

/** Category nodes for ids, in the order asked (inactive and unknown ids left out). */
export async function categoryNodesByIds(ctx: RequestContext, ids: number[]): Promise<CategoryNode[]> {
  if (!ids.length) return [];
  const rows = await many<CategoryRow>(ctx.db, `${categorySelectIn(ctx.store.id)} WHERE c.id = ANY($1) AND c.is_active`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [categoryNodeOf(ctx, row)] : [];
  });
}
