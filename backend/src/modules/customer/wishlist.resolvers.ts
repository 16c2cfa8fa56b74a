import { translateMessage } from '../../shared/messages/messages';
import type { Queryable } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { inputError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { requireCustomerId } from './customer-auth';
import type { CustomerNode } from './customer.views';
import {
  addWishlistItem,
  findWishlistById,
  isOwnWishlistId,
  removeWishlistItem,
  setWishlistItemDescription,
  setWishlistItemQuantity,
  touchWishlist,
  wishlistItemIdIn,
  wishlistOf,
  wishlistQuantityRefusal,
  type WishlistRow,
  type WishlistUserError,
} from './wishlist.queries';
import { wishlistNode, wishlistOutputNode } from './wishlist.views';

/**
 * Magento's RemoveProductsFromWishlist and UpdateProductsInWishlist: an item id the wishlist does not
 * hold (another customer's, or none at all) is refused with these words, the other items still apply.
 */
const notInWishlist = (id: string) => `The wishlist item with ID "${id}" does not belong to the wishlist`;

export function wishlistResolvers(deps: ModuleDeps): Resolvers {
  const now = () => deps.clock.now();
  /** The caller's own wishlist by id; another customer's id is "not found", as in Magento. */
  async function ownWishlist(ctx: RequestContext, wishlistId: string, work: (q: Queryable, w: WishlistRow) => Promise<WishlistUserError[]>) {
    const customerId = await requireCustomerId(ctx, deps);
    return ctx.db.transaction(async (tx) => {
      const w = await wishlistOf(tx, customerId, now());
      if (!isOwnWishlistId(w, wishlistId)) throw inputError('The wishlist was not found.');
      const user_errors = await work(tx, w);
      return {
        wishlist: wishlistNode((await findWishlistById(tx, w.id))!),
        user_errors: user_errors.map((e) => ({ ...e, message: translateMessage(ctx.store.locale, e.message) })),
      };
    });
  }
  const current = async (customer: CustomerNode, ctx: RequestContext) =>
    wishlistNode(await ctx.db.transaction((tx) => wishlistOf(tx, customer.__customerId, now())));
  return {
    Customer: {
      wishlists: async (customer, _args, ctx) => [await current(customer, ctx)],
      wishlist: (customer, _args, ctx) => current(customer, ctx),
      wishlist_v2: async (customer, args, ctx) => {
        const w = await current(customer, ctx);
        return w.id === String(args.id) ? w : null;
      },
    },
    Query: {
      wishlist: async (_root, _args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const w = await ctx.db.transaction((tx) => wishlistOf(tx, customerId, now()));
        return wishlistOutputNode(w);
      },
    },
    Mutation: {
      addProductsToWishlist: (_root, args, ctx) =>
        ownWishlist(ctx, args.wishlistId, async (q, w) => {
          const errors: WishlistUserError[] = [];
          for (const item of args.wishlistItems) {
            const error = await addWishlistItem(q, w, item, now(), ctx.store.id);
            if (error) errors.push(error);
          }
          return errors;
        }),
      removeProductsFromWishlist: (_root, args, ctx) =>
        ownWishlist(ctx, args.wishlistId, async (q, w) => {
          const errors: WishlistUserError[] = [];
          for (const id of args.wishlistItemsIds) {
            if (!(await removeWishlistItem(q, w.id, Number(id) || 0))) errors.push({ code: 'UNDEFINED', message: notInWishlist(id) });
          }
          await touchWishlist(q, w.id, now());
          return errors;
        }),
      updateProductsInWishlist: (_root, args, ctx) =>
        ownWishlist(ctx, args.wishlistId, async (q, w) => {
          const errors: WishlistUserError[] = [];
          for (const item of args.wishlistItems) {
            const itemId = await wishlistItemIdIn(q, w.id, Number(item.wishlist_item_id) || 0);
            if (itemId === null) {
              errors.push({ code: 'UNDEFINED', message: notInWishlist(item.wishlist_item_id) });
              continue;
            }
            if (item.quantity !== undefined && item.quantity !== null) {
              const refused = wishlistQuantityRefusal(item.quantity);
              if (refused) {
                errors.push(refused);
                continue;
              }
              await setWishlistItemQuantity(q, itemId, item.quantity);
            }
            if (item.description !== undefined) await setWishlistItemDescription(q, itemId, item.description);
          }
          await touchWishlist(q, w.id, now());
          return errors;
        }),
    },
  };
}
