import type { Queryable } from '../../db/database';
import { type ExpiringTokenTable, findExpiringToken, saveExpiringToken } from '../../shared/expiring-tokens';
import { newOpaqueToken, sha256 } from '../../shared/secure-tokens';

/** The token of each cart's reminder link (one a cart; a new reminder replaces it). */
export const ABANDONED_CART_LINKS: ExpiringTokenTable = { table: 'abandoned_cart_token', ownerColumn: 'cart_id', ownerTable: 'cart' };

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
  await saveExpiringToken(q, ABANDONED_CART_LINKS, cartId, sha256(token), new Date(now.getTime() + lifetimeDays * 86_400_000));
  return token;
}

/** The stored link of a cart (its token's hash and expiry), or null. */
export const abandonedCartLinkOf = (q: Queryable, cartId: number) => findExpiringToken(q, ABANDONED_CART_LINKS, cartId);
