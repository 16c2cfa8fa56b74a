import { one, type Queryable } from '../../db/database';
import { newOpaqueToken, sha256 } from '../../shared/secure-tokens';

/** How long an abandoned-cart reminder link works. */
export const ABANDONED_CART_LINK_DAYS = 7;

/** Issues the token of a cart's reminder link (/abandonedcart/checkout/cart/id/{id}/token/{token}/). */
export async function issueAbandonedCartToken(
  q: Queryable,
  cartId: number,
  now: Date,
  token = newOpaqueToken(16),
  lifetimeDays = ABANDONED_CART_LINK_DAYS,
): Promise<string> {
  await q.query(
    `INSERT INTO abandoned_cart_token (cart_id, token_hash, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (cart_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at`,
    [cartId, sha256(token), new Date(now.getTime() + lifetimeDays * 86_400_000)],
  );
  return token;
}

/** The stored link of a cart (its token's hash and expiry), or null. */
export const abandonedCartLinkOf = (q: Queryable, cartId: number) =>
  one<{ token_hash: string; expires_at: Date }>(q, 'SELECT token_hash, expires_at FROM abandoned_cart_token WHERE cart_id = $1', [cartId]);
