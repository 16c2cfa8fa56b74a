import { many, one, type Queryable } from '../../db/database';
import { inputError } from '../../graphql/errors';
import type { RequestContext } from '../../graphql/context';
import type { Resolvers } from '../../module';
import { findProductById, productNodeById } from '../catalog/catalog-lookup';
import type { CommerceDeps } from './commerce-deps';
import { requireCustomerId } from './customer-auth';
import type { CustomerNode } from './customers';
import { resolveProductChoice, type ProductChoiceInput } from './product-choice';
import type { ConfigurableChoice, SelectedOption } from './carts';
import { randomAlphanumeric } from './secure-tokens';

interface WishlistRow {
  id: number;
  customer_id: number;
  sharing_code: string;
  updated_at: Date;
}

interface WishlistItemRow {
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

const dateTime = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

/** The customer's wishlist (Magento Open Source has one per customer), made on first use. */
export async function wishlistOf(q: Queryable, customerId: number, now: Date): Promise<WishlistRow> {
  await q.query('INSERT INTO wishlist (customer_id, sharing_code, updated_at) VALUES ($1, $2, $3) ON CONFLICT (customer_id) DO NOTHING', [
    customerId, randomAlphanumeric(32), now,
  ]);
  return (await one<WishlistRow>(q, 'SELECT * FROM wishlist WHERE customer_id = $1', [customerId]))!;
}

const wishlistItems = (q: Queryable, wishlistId: number) =>
  many<WishlistItemRow>(q, 'SELECT * FROM wishlist_item WHERE wishlist_id = $1 ORDER BY id', [wishlistId]);

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
    configurable_options: row.configurable_options,
    customizable_options: row.customizable_options.map((o) => ({
      customizable_option_uid: o.uid, id: o.id, label: o.label, type: o.type, is_required: o.is_required, sort_order: o.sort_order,
      values: o.values.map((v) => ({ customizable_option_value_uid: v.uid, id: v.id, label: v.label, value: v.value, price: { type: 'FIXED', units: 'USD', value: v.priceUsd } })),
    })),
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
        id: r.id, qty: Number(r.quantity), description: r.description, added_at: dateTime(r.added_at),
        product: (_a: unknown, c: RequestContext) => productNodeById(c, r.parent_product_id ?? r.product_id),
      })),
  };
}

type WishlistUserError = { code: 'PRODUCT_NOT_FOUND' | 'UNDEFINED'; message: string };

export async function addWishlistItem(q: Queryable, w: WishlistRow, input: ProductChoiceInput, now: Date): Promise<WishlistUserError | null> {
  const quantity = Number(input.quantity ?? 1);
  if (!Number.isFinite(quantity) || quantity <= 0) return { code: 'UNDEFINED', message: 'The quantity of a wish list item must be greater than 0.' };
  const { choice, error } = await resolveProductChoice(q, input, now, { requireOptions: false });
  if (error) return { code: error.code === 'PRODUCT_NOT_FOUND' ? 'PRODUCT_NOT_FOUND' : 'UNDEFINED', message: error.message };
  const same = (await wishlistItems(q, w.id)).find((i) => i.product_id === choice.product.id && JSON.stringify(i.customizable_options) === JSON.stringify(choice.customizable));
  if (same) {
    await q.query('UPDATE wishlist_item SET quantity = quantity + $2 WHERE id = $1', [same.id, quantity]);
  } else {
    await q.query(
      `INSERT INTO wishlist_item (wishlist_id, product_id, parent_product_id, sku, parent_sku, quantity, customizable_options, configurable_options, added_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [w.id, choice.product.id, choice.parent?.id ?? null, choice.product.sku, choice.parent?.sku ?? null, quantity,
        JSON.stringify(choice.customizable), JSON.stringify(choice.configurable), now],
    );
  }
  await q.query('UPDATE wishlist SET updated_at = $2 WHERE id = $1', [w.id, now]);
  return null;
}

export function wishlistResolvers(deps: CommerceDeps): Resolvers {
  const now = () => deps.clock.now();
  /** The caller's own wishlist by id; another customer's id is "not found", as in Magento. */
  async function ownWishlist(ctx: RequestContext, wishlistId: string, work: (q: Queryable, w: WishlistRow) => Promise<WishlistUserError[]>) {
    const customerId = await requireCustomerId(ctx, deps);
    return ctx.db.transaction(async (tx) => {
      const w = await wishlistOf(tx, customerId, now());
      if (String(w.id) !== String(wishlistId)) throw inputError('The wishlist was not found.');
      const user_errors = await work(tx, w);
      return { wishlist: wishlistNode((await one<WishlistRow>(tx, 'SELECT * FROM wishlist WHERE id = $1', [w.id]))!), user_errors };
    });
  }
  const current = async (customer: CustomerNode, ctx: RequestContext) => wishlistNode(await ctx.db.transaction((tx) => wishlistOf(tx, customer.__customerId, now())));
  return {
    Customer: {
      wishlists: async (customer: CustomerNode, _args, ctx) => [await current(customer, ctx)],
      wishlist: (customer: CustomerNode, _args, ctx) => current(customer, ctx),
      wishlist_v2: async (customer: CustomerNode, args: { id: string }, ctx) => {
        const w = await current(customer, ctx);
        return w.id === String(args.id) ? w : null;
      },
    },
    Query: {
      wishlist: async (_root, _args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const w = await ctx.db.transaction((tx) => wishlistOf(tx, customerId, now()));
        const node = wishlistNode(w);
        return { items: (a: unknown, c: RequestContext) => node.items(a, c), items_count: (a: unknown, c: RequestContext) => node.items_count(a, c), name: null, sharing_code: w.sharing_code, updated_at: node.updated_at };
      },
    },
    Mutation: {
      addProductsToWishlist: (_root, args: { wishlistId: string; wishlistItems: ProductChoiceInput[] }, ctx) =>
        ownWishlist(ctx, args.wishlistId, async (q, w) => {
          const errors: WishlistUserError[] = [];
          for (const item of args.wishlistItems) {
            const error = await addWishlistItem(q, w, item, now());
            if (error) errors.push(error);
          }
          return errors;
        }),
      removeProductsFromWishlist: (_root, args: { wishlistId: string; wishlistItemsIds: string[] }, ctx) =>
        ownWishlist(ctx, args.wishlistId, async (q, w) => {
          const errors: WishlistUserError[] = [];
          for (const id of args.wishlistItemsIds) {
            const removed = await q.query('DELETE FROM wishlist_item WHERE id = $1 AND wishlist_id = $2', [Number(id) || 0, w.id]);
            if (!removed.affectedRows) errors.push({ code: 'UNDEFINED', message: `Could not find a wishlist item with ID "${id}"` });
          }
          await q.query('UPDATE wishlist SET updated_at = $2 WHERE id = $1', [w.id, now()]);
          return errors;
        }),
      updateProductsInWishlist: (_root, args: { wishlistId: string; wishlistItems: { wishlist_item_id: string; quantity?: number | null; description?: string | null }[] }, ctx) =>
        ownWishlist(ctx, args.wishlistId, async (q, w) => {
          const errors: WishlistUserError[] = [];
          for (const item of args.wishlistItems) {
            const row = await one<{ id: number }>(q, 'SELECT id FROM wishlist_item WHERE id = $1 AND wishlist_id = $2', [Number(item.wishlist_item_id) || 0, w.id]);
            if (!row) {
              errors.push({ code: 'UNDEFINED', message: `Could not find a wishlist item with ID "${item.wishlist_item_id}"` });
              continue;
            }
            if (item.quantity !== undefined && item.quantity !== null) {
              if (item.quantity <= 0) {
                errors.push({ code: 'UNDEFINED', message: 'The quantity of a wish list item must be greater than 0.' });
                continue;
              }
              await q.query('UPDATE wishlist_item SET quantity = $2 WHERE id = $1', [row.id, item.quantity]);
            }
            if (item.description !== undefined) await q.query('UPDATE wishlist_item SET description = $2 WHERE id = $1', [row.id, item.description]);
          }
          await q.query('UPDATE wishlist SET updated_at = $2 WHERE id = $1', [w.id, now()]);
          return errors;
        }),
    },
  };
}
