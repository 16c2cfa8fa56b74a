/**
 * The reminder link of spec §2, `/abandonedcart/checkout/cart/id/{id}/token/{token}/`, read into the
 * extension's LunetteRestoreAbandonedCartInput. A link that cannot be right (a non-numeric id, an
 * empty or odd token) is refused before anything is sent.
 */
import type { AbandonedCartLink } from '../../machines/link-request/link-args';

export type { AbandonedCartLink };

const CART_ID_PATTERN = /^[1-9]\d{0,9}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function abandonedCartLinkOf(id: string | undefined, token: string | undefined): AbandonedCartLink | null {
  if (!id || !token || !CART_ID_PATTERN.test(id) || !TOKEN_PATTERN.test(token)) return null;
  return { cart_id: id, token };
}
