import { DEFAULT_SCOPE } from '../catalog/store-scope';
import { many, one, type Queryable } from '../../db/database';
import { randomAlphanumeric } from '../../shared/secure-tokens';
import type { ConfigurableChoice } from '../catalog/catalog-lookup';
import { type ProductChoiceInput, resolveProductChoice, type SelectedOption } from '../catalog/product-choice';

export interface WishlistRow {
  id: number;
  customer_id: number;
  sharing_code: string;
  updated_at: Date;
}

export interface WishlistItemRow {
  id: number;
  wishlist_id: number;
  product_id: number;
  parent_product_id: number | null;
  sku: string;
  parent_sku: string | null;
  quantity: string;
  description: string | null;
  customizable_options: SelectedOption[];
  configurable_options: ConfigurableChoice[];
  added_at: Date;
}

/** The customer's wishlist (Magento Open Source has one per customer), made on first use. */
export async function wishlistOf(q: Queryable, customerId: number, now: Date): Promise<WishlistRow> {
  await q.query('INSERT INTO wishlist (customer_id, sharing_code, updated_at) VALUES ($1, $2, $3) ON CONFLICT (customer_id) DO NOTHING', [
    customerId,
    randomAlphanumeric(32),
    now,
  ]);
  return (await one<WishlistRow>(q, 'SELECT * FROM wishlist WHERE customer_id = $1', [customerId]))!;
}

export const wishlistItems = (q: Queryable, wishlistId: number) =>
  many<WishlistItemRow>(q, 'SELECT * FROM wishlist_item WHERE wishlist_id = $1 ORDER BY id', [wishlistId]);

export type WishlistUserError = { code: 'PRODUCT_NOT_FOUND' | 'UNDEFINED'; message: string };

/** Adds a product to a wishlist; its options are titled as the store view it was added in words them (`storeId`, as Magento's wishlist_item.store_id). */
export async function addWishlistItem(
  q: Queryable,
  w: WishlistRow,
  input: ProductChoiceInput,
  now: Date,
  storeId: number = DEFAULT_SCOPE,
): Promise<WishlistUserError | null> {
  const quantity = Number(input.quantity ?? 1);
  const refused = wishlistQuantityRefusal(quantity);
  if (refused) return refused;
  const { choice, error } = await resolveProductChoice(q, input, now, { requireOptions: false, storeId });
  if (error) return { code: error.code === 'PRODUCT_NOT_FOUND' ? 'PRODUCT_NOT_FOUND' : 'UNDEFINED', message: error.message };
  // The same product with the same options (a frame saved with a colour is not the frame saved without one).
  const valuesOf = (options: ConfigurableChoice[]) => options.map((o) => o.configurable_product_option_value_uid).join();
  const same = (await wishlistItems(q, w.id)).find(
    (i) =>
      i.product_id === choice.product.id &&
      JSON.stringify(i.customizable_options) === JSON.stringify(choice.customizable) &&
      valuesOf(i.configurable_options) === valuesOf(choice.configurable),
  );
  if (same) {
    await q.query('UPDATE wishlist_item SET quantity = quantity + $2 WHERE id = $1', [same.id, quantity]);
  } else {
    await q.query(
      `INSERT INTO wishlist_item (wishlist_id, product_id, parent_product_id, sku, parent_sku, quantity, customizable_options, configurable_options, added_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        w.id,
        choice.product.id,
        choice.parent?.id ?? null,
        choice.product.sku,
        choice.parent?.sku ?? null,
        quantity,
        JSON.stringify(choice.customizable),
        JSON.stringify(choice.configurable),
        now,
      ],
    );
  }
  await touchWishlist(q, w.id, now);
  return null;
}

export const findWishlistById = (q: Queryable, id: number) => one<WishlistRow>(q, 'SELECT * FROM wishlist WHERE id = $1', [id]);

/** Marks the wishlist as changed now. */
export async function touchWishlist(q: Queryable, wishlistId: number, now: Date): Promise<void> {
  await q.query('UPDATE wishlist SET updated_at = $2 WHERE id = $1', [wishlistId, now]);
}

/** The id of the wishlist's item `itemId`, or null when the item is not in that wishlist. */
export const wishlistItemIdIn = async (q: Queryable, wishlistId: number, itemId: number) =>
  (await one<{ id: number }>(q, 'SELECT id FROM wishlist_item WHERE id = $1 AND wishlist_id = $2', [itemId, wishlistId]))?.id ?? null;

/** Removes the item from the wishlist; false when it was not there. */
export async function removeWishlistItem(q: Queryable, wishlistId: number, itemId: number): Promise<boolean> {
  const removed = await q.query('DELETE FROM wishlist_item WHERE id = $1 AND wishlist_id = $2', [itemId, wishlistId]);
  return Boolean(removed.affectedRows);
}

/** Magento's WishlistGraphQl: wishlist id 0 (or none) names the customer's own wishlist; any other id must be it. */
export const isOwnWishlistId = (w: Pick<WishlistRow, 'id'>, wishlistId: string | number | null | undefined) =>
  !wishlistId || String(wishlistId) === '0' || String(w.id) === String(wishlistId);

/** Magento's WishlistGraphQl: a quantity that counts as 0 "cannot be 0"; a negative one is refused as well. */
export function wishlistQuantityRefusal(quantity: number): WishlistUserError | null {
  if (!Number.isFinite(quantity) || Math.trunc(quantity) === 0) return { code: 'UNDEFINED', message: 'The quantity of a wish list item cannot be 0' };
  if (quantity < 0) return { code: 'UNDEFINED', message: 'The quantity of a wish list item must be greater than 0.' };
  return null;
}

export async function setWishlistItemQuantity(q: Queryable, itemId: number, quantity: number): Promise<void> {
  await q.query('UPDATE wishlist_item SET quantity = $2 WHERE id = $1', [itemId, quantity]);
}

export async function setWishlistItemDescription(q: Queryable, itemId: number, description: string | null): Promise<void> {
  await q.query('UPDATE wishlist_item SET description = $2 WHERE id = $1', [itemId, description]);
}
