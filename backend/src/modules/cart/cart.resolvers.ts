import { translateMessage } from '../../shared/messages/messages';
import type { Transaction } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { alreadyExistsError, authorizationError, inputError, noSuchEntityError, retryLaterError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { optionalInput, requireArgument } from '../../shared/input-rules';
import type { ModuleDeps } from '../../shared/module-deps';
import { currentCustomerId, requireCustomerId, requireLoggedInCustomer } from '../customer/customer-auth';
import { findWishlistById, isOwnWishlistId, removeWishlistItem, touchWishlist, wishlistItems, wishlistOf } from '../customer/wishlist.queries';
import { wishlistNode } from '../customer/wishlist.views';
import { addTypedLine, type TypedCartLine } from './add-by-type';
import { addCartItem, type CartUserError, findCartLine, mergeCartLines, setLineQuantity } from './cart-items.queries';
import {
  activeCustomerCart,
  cannotOperateOnCart,
  CART_NOT_ACTIVE,
  cartForUser,
  cartItems,
  cartNotFound,
  type CartRow,
  createCart,
  findCartByMaskedId,
  updateCart,
} from './cart.queries';
import { cartNode } from './cart.views';
import { COUPON_REQUESTS_LIMITED, couponRequestLimited } from './coupon-limits';
import { findCoupon, INVALID_COUPON, isCouponUsable, NO_PRODUCTS } from './coupons';

/** Masked ids a client may choose itself (`createEmptyCart(input: {cart_id})`, `createGuestCart(input: {cart_uid})`). */
function checkClientCartId(id: string): void {
  if (id.length !== 32 || !/^[A-Za-z0-9]+$/.test(id)) throw inputError('Cart ID length should be 32 symbols.');
}

export function cartResolvers(deps: ModuleDeps): Resolvers {
  const now = () => deps.clock.now();

  /** Runs `work` on the caller's cart inside one transaction, then answers the cart as it is after. */
  async function onCart<T>(ctx: RequestContext, cartId: string | null | undefined, work: (tx: Transaction, cart: CartRow) => Promise<T>) {
    const customerId = await currentCustomerId(ctx, deps);
    return ctx.db.transaction(async (tx) => {
      const cart = await cartForUser(tx, cartId, customerId, ctx.store.code);
      const result = await work(tx, cart);
      const after = (await findCartByMaskedId(tx, cart.masked_id))!;
      return { cart: cartNode(after, deps), result };
    });
  }

  /** `addSimpleProductsToCart` / `addConfigurableProductsToCart`: every line, or a GraphQL error (Magento's per-type mutations). */
  async function addTypedLines(
    ctx: RequestContext,
    args: { cart_id?: string | null; cart_items?: readonly (TypedCartLine | null)[] | null } | null | undefined,
    kind: 'simple' | 'configurable',
  ) {
    const input = optionalInput(args);
    requireArgument(input.cart_id, 'cart_id');
    const lines = requireArgument(input.cart_items, 'cart_items');
    const { cart } = await onCart(ctx, input.cart_id, async (tx, c) => {
      for (const line of lines) if (line) await addTypedLine(tx, c, line, kind, now());
    });
    return { cart };
  }

  async function newGuestCart(ctx: RequestContext, requestedId: string | null | undefined) {
    if (requestedId) checkClientCartId(requestedId);
    return ctx.db.transaction(async (tx) => {
      const exists = () => alreadyExistsError(`Cart with ID "${requestedId}" already exists.`);
      if (requestedId && (await findCartByMaskedId(tx, requestedId))) throw exists();
      // The same id chosen by two requests at once: the second insert meets the first's (unique masked_id).
      return createCart(tx, null, ctx.store.code, now(), requestedId ?? undefined).catch((error: unknown) => {
        if (requestedId && (error as { code?: string }).code === '23505') throw exists();
        throw error;
      });
    });
  }

  return {
    Query: {
      cart: async (_root, args, ctx) => {
        const customerId = await currentCustomerId(ctx, deps);
        return cartNode(await cartForUser(ctx.db, args.cart_id, customerId, ctx.store.code, { lock: false }), deps);
      },
      customerCart: async (_root, _args, ctx) => {
        const customerId = await requireLoggedInCustomer(ctx, deps);
        return cartNode(await ctx.db.transaction((tx) => activeCustomerCart(tx, customerId, ctx.store.code, now())), deps);
      },
    },
    Mutation: {
      createEmptyCart: async (_root, args, ctx) => {
        const customerId = await currentCustomerId(ctx, deps);
        if (customerId !== null) return (await ctx.db.transaction((tx) => activeCustomerCart(tx, customerId, ctx.store.code, now()))).masked_id;
        return (await newGuestCart(ctx, args.input?.cart_id)).masked_id;
      },
      createGuestCart: async (_root, args, ctx) => {
        if ((await currentCustomerId(ctx, deps)) !== null) throw alreadyExistsError('Use `Query.customerCart` for logged in customer.');
        return { cart: cartNode(await newGuestCart(ctx, args.input?.cart_uid), deps) };
      },
      addProductsToCart: async (_root, args, ctx) => {
        requireArgument(args.cartId, 'cartId');
        requireArgument(args.cartItems, 'cartItems');
        const { cart, result } = await onCart(ctx, args.cartId, async (tx, c) => {
          const errors: CartUserError[] = [];
          for (const item of args.cartItems) {
            const error = await addCartItem(tx, c, item, now());
            if (error) errors.push(error);
          }
          return errors;
        });
        return { cart, user_errors: result.map((e) => ({ ...e, message: translateMessage(ctx.store.locale, e.message), __typename: 'CartUserInputError' })) };
      },
      addSimpleProductsToCart: (_root, args, ctx) => addTypedLines(ctx, args.input, 'simple'),
      addConfigurableProductsToCart: (_root, args, ctx) => addTypedLines(ctx, args.input, 'configurable'),
      // Magento 2.4.9's `clearCart`: every line leaves the caller's cart; the cart itself stays.
      clearCart: async (_root, args, ctx) => {
        const uid = requireArgument(args.input?.uid, 'uid');
        const { cart } = await onCart(ctx, uid, async (tx, c) => {
          await tx.query('DELETE FROM cart_item WHERE cart_id = $1', [c.id]);
          await updateCart(tx, c.id, {}, now());
        });
        return { cart, errors: [] };
      },
      /**
       * Magento's `addWishlistItemsToCart`: the customer's wishlist items (all, or those named) go to
       * the customer's active cart; an item added leaves the wishlist, one refused stays with its reason.
       */
      addWishlistItemsToCart: async (_root, args, ctx) => {
        // Magento's Wishlist\AddToCart: a guest, then an empty id ("" or "0"), then another's wishlist, then unknown items are refused outright.
        const customerId = await currentCustomerId(ctx, deps);
        if (customerId === null) throw authorizationError('The current user cannot perform operations on wishlist');
        if (!args.wishlistId || args.wishlistId === '0') throw inputError('"wishlistId" value should be specified');
        return ctx.db.transaction(async (tx) => {
          const w = await wishlistOf(tx, customerId, now());
          if (!isOwnWishlistId(w, args.wishlistId)) throw inputError('The wishlist was not found.');
          const named = args.wishlistItemIds?.length ? args.wishlistItemIds.map(String) : null;
          const rows = (await wishlistItems(tx, w.id)).filter((r) => named === null || named.includes(String(r.id)));
          const unknown = (named ?? []).filter((id) => !rows.some((r) => String(r.id) === id));
          if (unknown.length) throw inputError(`The wishlist item ids "${unknown.join(',')}" were not found.`);
          const cart = await activeCustomerCart(tx, customerId, ctx.store.code, now());
          const errors: {
            code: 'PRODUCT_NOT_FOUND' | 'NOT_SALABLE' | 'INSUFFICIENT_STOCK' | 'UNDEFINED';
            message: string;
            wishlistId: string;
            wishlistItemId: string;
          }[] = [];
          for (const row of rows) {
            // The item as it was saved: the frame with its colour, size and lens choices.
            const selected_options = [
              ...row.configurable_options.map((c) => c.configurable_product_option_value_uid),
              ...row.customizable_options.flatMap((o) => o.values.map((v) => v.uid)),
            ];
            const error = await addCartItem(tx, cart, { sku: row.parent_sku ?? row.sku, quantity: Number(row.quantity), selected_options }, now());
            if (error) {
              const code = error.code === 'PRODUCT_NOT_FOUND' || error.code === 'INSUFFICIENT_STOCK' || error.code === 'NOT_SALABLE' ? error.code : 'UNDEFINED';
              errors.push({ code, message: translateMessage(ctx.store.locale, error.message), wishlistId: String(w.id), wishlistItemId: String(row.id) });
            } else await removeWishlistItem(tx, w.id, row.id);
          }
          await touchWishlist(tx, w.id, now());
          return { wishlist: wishlistNode((await findWishlistById(tx, w.id))!), status: errors.length === 0, add_wishlist_items_to_cart_user_errors: errors };
        });
      },
      updateCartItems: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const lines = requireArgument(input.cart_items, 'cart_items');
        const { cart, result } = await onCart(ctx, input.cart_id, async (tx, c) => {
          const errors: CartUserError[] = [];
          for (const ref of lines) {
            if (!ref?.cart_item_uid && !ref?.cart_item_id) throw inputError('Required parameter "cart_item_uid" for "cart_items" is missing.');
            // Magento 2.4.7+: a line without a quantity is reported in `errors`, the other lines still apply.
            if (ref.quantity === undefined || ref.quantity === null) {
              errors.push({ code: 'REQUIRED_PARAMETER_MISSING', message: 'Required parameter "quantity" for "cart_items" is missing.' });
              continue;
            }
            const line = await findCartLine(tx, c.id, ref);
            if (!line) {
              errors.push({ code: 'COULD_NOT_FIND_CART_ITEM', message: `Could not find cart item with id: ${ref.cart_item_uid ?? ref.cart_item_id}` });
              continue;
            }
            const error = await setLineQuantity(tx, c, line, ref.quantity, now());
            if (error) errors.push(error);
          }
          return errors;
        });
        return { cart, errors: result.map((e) => ({ ...e, message: translateMessage(ctx.store.locale, e.message) })) };
      },
      removeItemFromCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        if (!input.cart_item_uid && !input.cart_item_id) {
          // Magento names the argument the client sent: `cart_item_id: 0` is a missing "cart_item_id" (ADR 036).
          const named = input.cart_item_id === 0 && input.cart_item_uid == null ? 'cart_item_id' : 'cart_item_uid';
          throw inputError(`Required parameter "${named}" is missing.`);
        }
        const { cart } = await onCart(ctx, input.cart_id, async (tx, c) => {
          const line = await findCartLine(tx, c.id, input);
          if (!line) throw noSuchEntityError("The cart doesn't contain the item");
          await setLineQuantity(tx, c, line, 0, now());
        });
        return { cart };
      },
      applyCouponToCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const code = requireArgument(input.coupon_code, 'coupon_code');
        // A refused code is answered after the transaction, which commits its count (ADR 037).
        const { cart, result: refusal } = await onCart(ctx, input.cart_id, async (tx, c) => {
          if (!(await cartItems(tx, c.id)).length) throw noSuchEntityError(NO_PRODUCTS);
          if (c.coupon_code) throw inputError('A coupon is already applied to the cart. Please remove it to apply another');
          const coupon = await findCoupon(tx, code);
          const retryAfter = await couponRequestLimited(tx, deps, { cartId: c.id, clientAddress: ctx.clientAddress }, coupon !== null);
          if (retryAfter) return retryLaterError(COUPON_REQUESTS_LIMITED, retryAfter);
          if (!isCouponUsable(coupon, now())) return noSuchEntityError(INVALID_COUPON);
          await updateCart(tx, c.id, { coupon_code: coupon.code }, now());
          return null;
        });
        if (refusal) throw refusal;
        return { cart };
      },
      removeCouponFromCart: async (_root, args, ctx) => {
        const input = optionalInput(args.input);
        requireArgument(input.cart_id, 'cart_id');
        const { cart } = await onCart(ctx, input.cart_id, async (tx, c) => {
          // Magento's CouponManagement::remove refuses a cart without lines, which its resolver answers
          // as no-such-entity "Cart does not contain products" (ADR 036), as applyCouponToCart does.
          if (!(await cartItems(tx, c.id)).length) throw noSuchEntityError(NO_PRODUCTS);
          await updateCart(tx, c.id, { coupon_code: null }, now());
        });
        return { cart };
      },
      mergeCarts: async (_root, args, ctx) => {
        requireArgument(args.source_cart_id, 'source_cart_id');
        if (args.destination_cart_id !== undefined && args.destination_cart_id !== null && !args.destination_cart_id.trim()) {
          throw inputError('The parameter "destination_cart_id" cannot be empty');
        }
        const customerId = await requireCustomerId(ctx, deps);
        const merged = await ctx.db.transaction(async (tx) => {
          const destination = args.destination_cart_id
            ? await cartForUser(tx, args.destination_cart_id, customerId, ctx.store.code)
            : await activeCustomerCart(tx, customerId, ctx.store.code, now());
          const source = await findCartByMaskedId(tx, args.source_cart_id, true);
          if (!source) throw cartNotFound(args.source_cart_id);
          if (!source.is_active) throw noSuchEntityError(CART_NOT_ACTIVE);
          // Only a guest cart can be merged in; another customer's cart stays theirs.
          if (source.customer_id !== null && source.customer_id !== customerId) throw cannotOperateOnCart(args.source_cart_id);
          if (source.id !== destination.id) {
            await mergeCartLines(tx, source, destination, now());
            await updateCart(tx, source.id, { is_active: false }, now());
          }
          return (await findCartByMaskedId(tx, destination.masked_id))!;
        });
        return cartNode(merged, deps);
      },
      assignCustomerToGuestCart: async (_root, args, ctx) => {
        const customerId = await requireCustomerId(ctx, deps);
        const cart = await ctx.db
          .transaction(async (tx) => {
            const guest = await cartForUser(tx, args.cart_id, null, ctx.store.code);
            const current = await activeCustomerCart(tx, customerId, ctx.store.code, now());
            await mergeCartLines(tx, current, guest, now());
            await updateCart(tx, current.id, { is_active: false }, now());
            return updateCart(tx, guest.id, { customer_id: customerId, email: null }, now());
          })
          .catch((error: unknown) => {
            if (error instanceof Error && error.message.startsWith('The current user cannot'))
              throw inputError('Unable to assign the customer to the guest cart');
            throw error;
          });
        return cartNode(cart, deps);
      },
    },
  };
}
