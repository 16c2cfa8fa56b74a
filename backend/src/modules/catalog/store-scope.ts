/**
 * How catalog reads pick a store view's values: each store-scoped column is the store
 * view's row when it has one, else the entity's own (default, admin) value, as Magento reads
 * `catalog_*_entity_*` rows with `store_id IN (0, <store>)`. The store id goes into the SQL as an
 * integer literal (an id of `store_view`, never shopper text), so every query keeps its parameters.
 */

/** The default (admin) scope: no store view's values, the entity's own. */
export const DEFAULT_SCOPE = 0;

export function storeIdLiteral(storeId: number): string {
  if (!Number.isSafeInteger(storeId) || storeId < 0) throw new Error(`Not a store view id: ${storeId}`);
  return String(storeId);
}

/** `COALESCE(<scoped>.<column>, <own>.<column>) AS <column>` for each column. */
export const scopedColumns = (own: string, scoped: string, columns: readonly string[]) =>
  columns.map((c) => `COALESCE(${scoped}.${c}, ${own}.${c}) AS ${c}`).join(', ');

/** `catalog_product p` with the store view's values beside it (as `ps`). */
export const productsIn = (storeId: number, alias = 'p', scoped = 'ps') =>
  `catalog_product ${alias} LEFT JOIN catalog_product_store ${scoped} ON ${scoped}.product_id = ${alias}.id AND ${scoped}.store_id = ${storeIdLiteral(storeId)}`;

export const PRODUCT_SCOPED_COLUMNS = ['name', 'description', 'short_description', 'meta_title', 'meta_description', 'meta_keyword'] as const;

const CATEGORY_OWN_COLUMNS = [
  'id',
  'parent_id',
  'position',
  'level',
  'path',
  'url_key',
  'url_path',
  'image',
  'include_in_menu',
  'is_active',
  'is_anchor',
  'meta_keywords',
  'display_mode',
  'created_at',
  'updated_at',
];

/** Every column of `catalog_category` as a store view shows it (from `catalog_category c`). */
export const categorySelectIn = (storeId: number) =>
  `SELECT ${CATEGORY_OWN_COLUMNS.map((c) => `c.${c}`).join(', ')}, ${scopedColumns('c', 'cs', ['name', 'description', 'meta_title', 'meta_description'])}
   FROM catalog_category c LEFT JOIN catalog_category_store cs ON cs.category_id = c.id AND cs.store_id = ${storeIdLiteral(storeId)}`;

/** `<alias>.<label column>` in the store view's words: `COALESCE(<labels>.<column>, <alias>.<column>)` with the join. */
export const labelJoin = (table: string, key: string, ownKey: string, storeId: number, alias: string) =>
  `LEFT JOIN ${table} ${alias} ON ${alias}.${key} = ${ownKey} AND ${alias}.store_id = ${storeIdLiteral(storeId)}`;

/** Every column of `cms_page` as a store view shows it (from `cms_page p`). */
export const cmsPageSelectIn = (storeId: number) =>
  `SELECT p.id, p.identifier, p.page_layout, p.is_active, ${scopedColumns('p', 'ps', ['title', 'content_heading', 'content', 'meta_title', 'meta_description', 'meta_keywords'])}
   FROM cms_page p LEFT JOIN cms_page_store ps ON ps.page_id = p.id AND ps.store_id = ${storeIdLiteral(storeId)}`;

/** `cms_block` as a store view shows it (from `cms_block b`). */
export const cmsBlockSelectIn = (storeId: number) =>
  `SELECT b.id, b.identifier, b.is_active, ${scopedColumns('b', 'bs', ['title', 'content'])}
   FROM cms_block b LEFT JOIN cms_block_store bs ON bs.block_id = b.id AND bs.store_id = ${storeIdLiteral(storeId)}`;

/** PostgreSQL's text search configuration for a locale's language (stemming as the language does). */
export function searchConfigOf(locale: string): string {
  const configs: Record<string, string> = { en: 'english', fr: 'french', de: 'german', es: 'spanish', nl: 'dutch' };
  return configs[locale.split('_')[0] ?? ''] ?? 'simple';
}
