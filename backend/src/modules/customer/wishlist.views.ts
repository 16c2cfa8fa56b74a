import type { Queryable } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { configurableOptionsChosen, configurableOptionsOfVariant, findProductById } from '../catalog/catalog-lookup';
import { selectedOptionNodes } from '../catalog/product-choice';
import { productNodeById } from '../catalog/product-nodes';
import { type WishlistItemRow, wishlistItems, type WishlistRow } from './wishlist.queries';

const dateTime = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

async function itemNode(q: Queryable, row: WishlistItemRow) {
  const configurable = row.parent_product_id !== null || (await findProductById(q, row.product_id))?.typeId === 'configurable';
  return {
    __typename: configurable ? 'ConfigurableWishlistItem' : 'SimpleWishlistItem',
    id: String(row.id),
    quantity: Number(row.quantity),
    description: row.description,
    added_at: dateTime(row.added_at),
    product: (_args: unknown, ctx: RequestContext) => productNodeById(ctx, row.parent_product_id ?? row.product_id),
    configured_variant: (_args: unknown, ctx: RequestContext) => (row.parent_product_id === null ? null : productNodeById(ctx, row.product_id)),
    child_sku: row.sku,
    // In the words of the store view that reads the list, not the one it was saved in (a frame saved in
    // the ca view says "Color" in the us view, as the product page there does).
    // A frame saved with part of its choice (a colour before its size) keeps the values chosen.
    configurable_options: (_args: unknown, ctx: RequestContext) =>
      row.parent_product_id === null
        ? row.configurable_options.length
          ? configurableOptionsChosen(
              ctx.db,
              row.product_id,
              row.configurable_options.map((o) => o.configurable_product_option_value_uid),
              ctx.store.id,
            )
          : []
        : configurableOptionsOfVariant(ctx.db, row.parent_product_id, row.product_id, ctx.store.id),
    customizable_options: selectedOptionNodes(row.customizable_options, (v) => ({ units: 'USD', value: v.priceUsd })),
  };
}

/** A `Wishlist` answer; items are paged (`items_v2(currentPage, pageSize)`, spec §3 Wishlist). */
export function wishlistNode(w: WishlistRow) {
  return {
    id: String(w.id),
    name: 'Wish List',
    sharing_code: w.sharing_code,
    updated_at: dateTime(w.updated_at),
    visibility: 'PRIVATE',
    items_count: async (_args: unknown, ctx: RequestContext) => (await wishlistItems(ctx.db, w.id)).length,
    items_v2: async (args: { currentPage?: number; pageSize?: number }, ctx: RequestContext) => {
      const all = await wishlistItems(ctx.db, w.id);
      const pageSize = Math.max(1, args.pageSize ?? 20);
      const currentPage = Math.max(1, args.currentPage ?? 1);
      return {
        items: await Promise.all(all.slice((currentPage - 1) * pageSize, currentPage * pageSize).map((r) => itemNode(ctx.db, r))),
        page_info: { current_page: currentPage, page_size: pageSize, total_pages: Math.ceil(all.length / pageSize) },
      };
    },
    items: async (_args: unknown, ctx: RequestContext) =>
      (await wishlistItems(ctx.db, w.id)).map((r) => ({
        id: r.id,
        qty: Number(r.quantity),
        description: r.description,
        added_at: dateTime(r.added_at),
        product: (_a: unknown, c: RequestContext) => productNodeById(c, r.parent_product_id ?? r.product_id),
      })),
  };
}
export type WishlistNode = ReturnType<typeof wishlistNode>;

/** `Query.wishlist`'s older `WishlistOutput`: the same wishlist, with no name. */
export function wishlistOutputNode(w: WishlistRow) {
  const { items, items_count, sharing_code, updated_at } = wishlistNode(w);
  return { items, items_count, name: null, sharing_code, updated_at };
}

export type WishlistOutputNode = ReturnType<typeof wishlistOutputNode>;
