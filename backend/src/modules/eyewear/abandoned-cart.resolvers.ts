import { inputError, noSuchEntityError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { equalSecrets, sha256 } from '../../shared/secure-tokens';
import { cannotOperateOnCart, CART_NOT_ACTIVE, findCartById, updateCart } from '../cart/cart.queries';
import { cartNode } from '../cart/cart.views';
import { currentCustomerId } from '../customer/customer-auth';
import { abandonedCartLinkOf } from './abandoned-cart.queries';

const LINK_INVALID = 'This cart link is invalid or has expired.';

export function abandonedCartResolvers(deps: ModuleDeps): Resolvers {
  return {
    Mutation: {
      lunetteRestoreAbandonedCart: async (_root, args, ctx) => {
        const cartId = Number(args.input.cart_id);
        const customerId = await currentCustomerId(ctx, deps);
        const now = deps.clock.now();
        const cart = await ctx.db.transaction(async (tx) => {
          const link = Number.isInteger(cartId) && cartId > 0 ? await abandonedCartLinkOf(tx, cartId) : null;
          if (!link || !equalSecrets(link.token_hash, sha256(args.input.token ?? '')) || link.expires_at.getTime() <= now.getTime())
            throw inputError(LINK_INVALID);
          const found = (await findCartById(tx, cartId, true))!;
          if (!found.is_active) throw noSuchEntityError(CART_NOT_ACTIVE);
          // A customer's cart comes back only to that customer, signed in.
          if (found.customer_id !== null && found.customer_id !== customerId) throw cannotOperateOnCart(String(cartId));
          return found.store_code === ctx.store.code ? found : updateCart(tx, found.id, { store_code: ctx.store.code }, now);
        });
        return { cart_id: cart.masked_id, cart: cartNode(cart, deps) };
      },
    },
  };
}
