import { many, type Queryable } from '../../db/database';
import { PRODUCT_SCOPED_COLUMNS, productsIn, scopedColumns } from './store-scope';

/** One row of `catalog_product` as the GraphQL layer reads it. */
export interface ProductRow {
  id: number;
  sku: string;
  type_id: 'simple' | 'configurable' | 'virtual';
  parent_id: number | null;
  name: string;
  url_key: string;
  description: string;
  short_description: string;
  meta_title: string | null;
  meta_description: string | null;
  meta_keyword: string | null;
  visibility: number;
  price: string;
  special_price: string | null;
  qty: number;
  stock_status: 'IN_STOCK' | 'OUT_OF_STOCK';
  weight: string | null;
  color: number | null;
  size: number | null;
  frame_shape: number | null;
  frame_material: number | null;
  rim_type: number | null;
  face_width: number | null;
  lens_width: string | null;
  bridge_width: string | null;
  temple_length: string | null;
  lens_height: string | null;
  frame_width: string | null;
  sph_min: string | null;
  sph_max: string | null;
  cyl_max: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns of ProductRow, from `productsIn(store)` (name, descriptions and meta in the store view's words). */
export const PRODUCT_COLUMNS = `p.id, p.sku, p.type_id, p.parent_id, p.url_key, ${scopedColumns('p', 'ps', PRODUCT_SCOPED_COLUMNS)}, p.visibility, p.price, p.special_price, p.qty, p.stock_status, p.weight,
  p.color, p.size, p.frame_shape, p.frame_material, p.rim_type, p.face_width, p.lens_width, p.bridge_width, p.temple_length,
  p.lens_height, p.frame_width, p.sph_min, p.sph_max, p.cyl_max, p.created_at, p.updated_at`;

/** The long texts of a product row: a cart, wishlist or order line's product reads them only when asked. */
export const PRODUCT_TEXT_COLUMNS = ['description', 'short_description', 'meta_title', 'meta_description', 'meta_keyword'] as const;
export type ProductTexts = Pick<ProductRow, (typeof PRODUCT_TEXT_COLUMNS)[number]>;
/** A product row without its texts (`productLineRowsByIds`). */
export type ProductLineRow = Omit<ProductRow, keyof ProductTexts>;

/** PRODUCT_COLUMNS without the texts: what a cart, wishlist or order line's product shows. */
export const PRODUCT_LINE_COLUMNS = `p.id, p.sku, p.type_id, p.parent_id, p.url_key, ${scopedColumns('p', 'ps', ['name'])}, p.visibility, p.price, p.special_price, p.qty, p.stock_status, p.weight,
  p.color, p.size, p.frame_shape, p.frame_material, p.rim_type, p.face_width, p.lens_width, p.bridge_width, p.temple_length,
  p.lens_height, p.frame_width, p.sph_min, p.sph_max, p.cyl_max, p.created_at, p.updated_at`;

/** Rows of `catalog_product` by id without their texts (see PRODUCT_LINE_COLUMNS). */
export async function productLineRowsByIds(q: Queryable, storeId: number, ids: number[]): Promise<Map<number, ProductLineRow>> {
  const rows = await many<ProductLineRow>(q, `SELECT ${PRODUCT_LINE_COLUMNS} FROM ${productsIn(storeId)} WHERE p.id = ANY($1)`, [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The texts of products by id, as a store view words them. */
export async function productTextsByIds(q: Queryable, storeId: number, ids: number[]): Promise<Map<number, ProductTexts>> {
  const rows = await many<ProductTexts & { id: number }>(
    q,
    `SELECT p.id, ${scopedColumns('p', 'ps', PRODUCT_TEXT_COLUMNS)} FROM ${productsIn(storeId)} WHERE p.id = ANY($1)`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Rows of `catalog_product` by id as a store view shows them (unknown ids are left out of the map). */
export async function productRowsByIds(q: Queryable, storeId: number, ids: number[]): Promise<Map<number, ProductRow>> {
  const rows = await many<ProductRow>(q, `SELECT ${PRODUCT_COLUMNS} FROM ${productsIn(storeId)} WHERE p.id = ANY($1)`, [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}
