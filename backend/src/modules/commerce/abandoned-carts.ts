import { one, type Queryable } from '../../db/database';
import { inputError, noSuchEntityError } from '../../graphql/errors';
import type { Resolvers } from '../../module';
import { cartNode } from './cart-view';
import { cannotOperateOnCart, findCartById, updateCart, CART_NOT_ACTIVE, type CartRow } from './carts';
import type { CommerceDeps } from './commerce-deps';
import { currentCustomerId } from './customer-auth';
import { equalSecrets, newOpaqueToken, sha256 } from './secure-tokens';

/** How long an abandoned-cart reminder link works. */
export const ABANDONED_CART_LINK_DAYS = 7;
const LINK_INVALID = 'This cart link is invalid or has expired.';

/** Issues the token of a cart's reminder link (/abandonedcart/checkout/cart/id/{id}/token/{token}/). */
export async function issueAbandonedCartToken(q: Queryable, cartId: number, now: Date, token = newOpaqueToken(16), lifetimeDays = ABANDONED_CART_LINK_DAYS): Promise<string> {
  await q.query(
    `INSERT INTO abandoned_cart_token (cart_id, token_hash, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (cart_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at`,
    [cartId, sha256(token), new Date(now.getTime() + lifetimeDays * 86_400_000)],
  );
  return token;
}

export function abandonedCartResolvers(deps: CommerceDeps): Resolvers {
  return {
    Mutation: {
      lunetteRestoreAbandonedCart: async (_root, args: { input: { cart_id: string; token: string } }, ctx) => {
        const cartId = Number(args.input.cart_id);
        const customerId = await currentCustomerId(ctx, deps);
        const now = deps.clock.now();
        const cart = await ctx.db.transaction(async (tx) => {
          const link = Number.isInteger(cartId) && cartId > 0
            ? await one<{ token_hash: string; expires_at: Date }>(tx, 'SELECT token_hash, expires_at FROM abandoned_cart_token WHERE cart_id = $1', [cartId])
            : null;
          if (!link || !equalSecrets(link.token_hash, sha256(args.input.token ?? '')) || link.expires_at.getTime() <= now.getTime()) throw inputError(LINK_INVALID);
          const found = (await findCartById(tx, cartId))!;
          if (!found.is_active) throw noSuchEntityError(CART_NOT_ACTIVE);
          // A customer's cart comes back only to that customer, signed in.
          if (found.customer_id !== null && found.customer_id !== customerId) throw cannotOperateOnCart(String(cartId));
          return found.store_code === ctx.store.code ? found : updateCart(tx, found.id, { store_code: ctx.store.code } as Partial<CartRow>, now);
        });
        return { cart_id: cart.masked_id, cart: cartNode(cart, deps) };
      },
    },
  };
}
