import { many } from '../../db/database';
import { type BatchLoad, loaderOf, type RequestContext } from '../../graphql/context';
import { type CustomOption, customOptionsOfProducts } from './catalog-lookup';
import { onCatalogWrite } from '../../shared/catalog-writes';
import type { CategoryRow } from './category.queries';
import { PRODUCT_COLUMNS, type ProductRow } from './product.queries';
import { categorySelectIn, labelJoin, productsIn } from './store-scope';

/**
 * The catalog's DataLoaders: what the fields of a product or category list read, one query per
 * field per request (see `loaderOf`), cached for the rest of the request.
 */

export interface MediaRow {
  id: number;
  product_id: number;
  file: string;
  label: string | null;
  position: number;
  types: string[];
  disabled: boolean;
  view: 'front' | 'angled' | 'tryon';
}

export interface SuperAttributeRow {
  id: number;
  product_id: number;
  attribute_id: number;
  attribute_code: string;
  label: string;
  position: number;
}

export interface AttributeOptionRow {
  option_id: number;
  attribute_id: number;
  value: string;
  /** The store view's label (its own, else the default). */
  label: string;
  /** The default (admin) label. */
  default_label: string;
  position: number;
  swatch_type: string | null;
  swatch_value: string | null;
}

/** Rows grouped under `keys`, in the keys' order (a key without rows gets an empty list). */
function groupedBy<T, K>(keys: readonly K[], rows: T[], key: (r: T) => K): T[][] {
  const map = new Map<K, T[]>();
  for (const r of rows) map.set(key(r), [...(map.get(key(r)) ?? []), r]);
  return keys.map((k) => map.get(k) ?? []);
}

const mediaOfProducts: BatchLoad<number, MediaRow[]> = async (ctx, ids) =>
  groupedBy(
    ids,
    await many<MediaRow>(
      ctx.db,
      `SELECT m.id, m.product_id, m.file, COALESCE(l.label, m.label) AS label, m.position, m.types, m.disabled, m.view
       FROM catalog_product_media m ${labelJoin('catalog_product_media_label', 'media_id', 'm.id', ctx.store.id, 'l')}
       WHERE m.product_id = ANY($1) ORDER BY m.position, m.id`,
      [ids],
    ),
    (r) => r.product_id,
  );

/** The variants of configurable products, grouped by parent, with only `columns` of each (`scoped`: with the store view's words). */
const variantRows =
  <R extends { parent_id: number | null }>(columns: string, scoped: boolean): BatchLoad<number, R[]> =>
  async (ctx, ids) =>
    groupedBy(
      ids,
      await many<R>(ctx.db, `SELECT ${columns} FROM ${scoped ? productsIn(ctx.store.id) : 'catalog_product p'} WHERE p.parent_id = ANY($1) ORDER BY p.id`, [
        ids,
      ]),
      (r) => r.parent_id as number,
    );

const childrenOfProducts = variantRows<ProductRow>(PRODUCT_COLUMNS, true);

/** What prices, stock and the option choices of a configurable product read of its variants (not their descriptions). */
export type VariantStockRow = Pick<ProductRow, 'id' | 'parent_id' | 'price' | 'special_price' | 'qty' | 'stock_status' | 'color' | 'size'>;

const variantStockOfProducts = variantRows<VariantStockRow>('p.id, p.parent_id, p.price, p.special_price, p.qty, p.stock_status, p.color, p.size', false);

const categoryIdsOfProducts: BatchLoad<number, number[]> = async (ctx, ids) =>
  groupedBy(
    ids,
    await many<{ product_id: number; category_id: number }>(
      ctx.db,
      'SELECT cp.product_id, cp.category_id FROM catalog_category_product cp JOIN catalog_category c ON c.id = cp.category_id WHERE cp.product_id = ANY($1) AND c.is_active ORDER BY c.level, c.position',
      [ids],
    ),
    (r) => r.product_id,
  ).map((rows) => rows.map((r) => r.category_id));

const customOptionsOfProductIds: BatchLoad<number, CustomOption[]> = async (ctx, ids) => {
  const byProduct = await customOptionsOfProducts(ctx.db, ctx.store.id, [...ids]);
  return ids.map((id) => byProduct.get(id) ?? []);
};

const superAttributesOfProducts: BatchLoad<number, SuperAttributeRow[]> = async (ctx, ids) =>
  groupedBy(
    ids,
    await many<SuperAttributeRow>(
      ctx.db,
      `SELECT s.id, s.product_id, s.attribute_id, a.attribute_code, COALESCE(sl.label, s.label) AS label, s.position
       FROM catalog_product_super_attribute s JOIN catalog_attribute a ON a.attribute_id = s.attribute_id
       ${labelJoin('catalog_product_super_attribute_label', 'super_attribute_id', 's.id', ctx.store.id, 'sl')}
       WHERE s.product_id = ANY($1) ORDER BY s.position, s.id`,
      [ids],
    ),
    (r) => r.product_id,
  );

/** The only key of the loaders that read a whole (small) table once per request. */
const ALL = 0;

const allAttributeOptions: BatchLoad<typeof ALL, Map<number, AttributeOptionRow>> = async (ctx, keys) => {
  const rows = await many<AttributeOptionRow>(
    ctx.db,
    `SELECT o.option_id, o.attribute_id, o.value, COALESCE(l.label, o.label) AS label, o.label AS default_label, o.position, o.swatch_type, o.swatch_value
     FROM catalog_attribute_option o ${labelJoin('catalog_attribute_option_label', 'option_id', 'o.option_id', ctx.store.id, 'l')}
     ORDER BY o.attribute_id, o.position, o.option_id`,
  );
  return keys.map(() => new Map(rows.map((r) => [r.option_id, r])));
};

/** Attribute labels by code, as the store view words them (Magento's eav_attribute_label). */
const allAttributeLabels: BatchLoad<typeof ALL, Map<string, string>> = async (ctx, keys) => {
  const rows = await many<{ attribute_code: string; label: string }>(
    ctx.db,
    `SELECT a.attribute_code, COALESCE(l.label, a.label) AS label
     FROM catalog_attribute a ${labelJoin('catalog_attribute_label', 'attribute_id', 'a.attribute_id', ctx.store.id, 'l')}`,
  );
  return keys.map(() => new Map(rows.map((r) => [r.attribute_code, r.label])));
};

/**
 * The category tree, read by most catalog requests (menus, breadcrumbs, counts) and changed only by
 * catalog writes: kept in memory per database and store view (names differ by store view), dropped
 * on a category write (`cat_c…`, ADR 016).
 */
const categoryTrees = new WeakMap<object, Map<number, Promise<CategoryRow[]>>>();
let categoryTreesGeneration = 0;
onCatalogWrite((tags) => {
  if (tags.some((tag) => tag === 'FPC' || tag.startsWith('cat_c'))) categoryTreesGeneration++;
});
const treeGenerations = new WeakMap<object, number>();

const allCategories: BatchLoad<typeof ALL, CategoryRow[]> = async (ctx, keys) => {
  if (treeGenerations.get(ctx.db) !== categoryTreesGeneration) {
    categoryTrees.set(ctx.db, new Map());
    treeGenerations.set(ctx.db, categoryTreesGeneration);
  }
  const trees = categoryTrees.get(ctx.db) ?? new Map<number, Promise<CategoryRow[]>>();
  categoryTrees.set(ctx.db, trees);
  const storeId = ctx.store.id;
  let rows = trees.get(storeId);
  if (!rows) {
    rows = many<CategoryRow>(ctx.db, `${categorySelectIn(storeId)} WHERE is_active ORDER BY level, position, id`);
    trees.set(storeId, rows);
    rows.catch(() => trees.delete(storeId));
  }
  const tree = await rows;
  return keys.map(() => tree);
};

const productCountOfCategories: BatchLoad<number, number> = async (ctx, ids) => {
  const all = await loadAllCategories(ctx);
  const counts: number[] = [];
  for (const id of ids) {
    const category = all.find((c) => c.id === id);
    const scope = category?.is_anchor ? await categoryWithDescendants(ctx, id) : [id];
    const row = await many<{ count: number }>(
      ctx.db,
      `SELECT count(DISTINCT cp.product_id)::int AS count FROM catalog_category_product cp
       JOIN catalog_product p ON p.id = cp.product_id WHERE cp.category_id = ANY($1) AND p.visibility IN (2, 4)`,
      [scope],
    );
    counts.push(row[0]?.count ?? 0);
  }
  return counts;
};

export const loadMedia = (ctx: RequestContext, productId: number) => loaderOf(ctx, mediaOfProducts).load(productId);
/** A configurable product's variants, whole (for `variants { product { ... } }`). */
export const loadChildren = (ctx: RequestContext, parentId: number) => loaderOf(ctx, childrenOfProducts).load(parentId);
/** A configurable product's variants' price, stock and option values only (listings' price ranges, option lists). */
export const loadVariantStock = (ctx: RequestContext, parentId: number) => loaderOf(ctx, variantStockOfProducts).load(parentId);
export const loadCategoryIds = (ctx: RequestContext, productId: number) => loaderOf(ctx, categoryIdsOfProducts).load(productId);
export const loadOptions = (ctx: RequestContext, productId: number) => loaderOf(ctx, customOptionsOfProductIds).load(productId);
export const loadSuperAttributes = (ctx: RequestContext, productId: number) => loaderOf(ctx, superAttributesOfProducts).load(productId);
/** Every attribute option, once per request (a few dozen rows). */
export const loadAttributeOptions = (ctx: RequestContext) => loaderOf(ctx, allAttributeOptions).load(ALL);
/** Every attribute's label by code, once per request. */
export const loadAttributeLabels = (ctx: RequestContext) => loaderOf(ctx, allAttributeLabels).load(ALL);
/** Every category, once per request (a dozen rows): breadcrumbs and children read from it. */
export const loadAllCategories = (ctx: RequestContext) => loaderOf(ctx, allCategories).load(ALL);
/** Number of visible products in a category (and, for an anchor category, in its subcategories). */
export const loadProductCount = (ctx: RequestContext, categoryId: number) => loaderOf(ctx, productCountOfCategories).load(categoryId);

/** The category and every active category under it. */
export async function categoryWithDescendants(ctx: RequestContext, categoryId: number): Promise<number[]> {
  const all = await loadAllCategories(ctx);
  const root = all.find((c) => c.id === categoryId);
  if (!root) return [];
  return all.filter((c) => c.id === root.id || c.path.startsWith(`${root.path}/`)).map((c) => c.id);
}
