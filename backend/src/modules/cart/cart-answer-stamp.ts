import { one, type Queryable } from '../../db/database';
import { sha256 } from '../../shared/secure-tokens';
import { isCouponUsable } from './coupons';

interface StampRow {
  version: string;
  customer_id: number | null;
  coupon_code: string | null;
  kind: string | null;
  amount: string | null;
  label: string | null;
  expires_at: Date | null;
  is_active: boolean | null;
  /** A signed-in caller's: the customer the token belongs to (checked in the statement) and their email (a customer cart's `email`). */
  token_customer_id?: number | null;
  customer_email?: string | null;
}

/** The coupon's columns and its join, beside the cart `c`. */
const COUPON_COLUMNS = 'c.version, c.customer_id, c.coupon_code, cp.kind, cp.amount, cp.label, cp.expires_at, cp.is_active';
const COUPON_JOIN = 'LEFT JOIN coupon cp ON upper(cp.code) = upper(c.coupon_code)';
/** A token that is known, not revoked and not expired at $2, joined to its customer (for the email a customer cart shows). */
const VALID_TOKEN = 'customer_token t JOIN customer cu ON cu.id = t.customer_id';
const TOKEN_CHECK = 't.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2';

function stampOf(row: StampRow, now: Date): string {
  const coupon =
    row.kind === null
      ? null
      : {
          code: row.coupon_code ?? '',
          label: row.label ?? '',
          kind: row.kind as 'percent',
          amount: Number(row.amount),
          expires_at: row.expires_at,
          is_active: Boolean(row.is_active),
        };
  return JSON.stringify([
    String(row.version),
    row.customer_id,
    row.customer_email ?? null,
    row.coupon_code,
    row.kind,
    row.amount,
    row.label,
    row.expires_at?.getTime() ?? null,
    row.is_active,
    isCouponUsable(coupon, now),
  ]);
}

/**
 * What a cart's answer depends on beyond the catalog (ADR 034), read in one statement: the cart's
 * version (raised by triggers on every change of the cart or its lines, whichever process made
 * it), its coupon as it is now and whether that coupon is usable at `now` (an expiry date passing
 * changes the totals with no write). A guest (no token) gets a stamp for a guest's cart only; a
 * signed-in caller for their own cart only, the token checked by the same statement (known, not
 * revoked, not expired at `now`) with their email (a customer cart shows it). Null: not kept.
 */
export async function cartAnswerStamp(q: Queryable, maskedId: unknown, bearerToken: string | null, now: Date): Promise<string | null> {
  if (typeof maskedId !== 'string' || !maskedId.trim()) return null;
  if (bearerToken === null) {
    const row = await one<StampRow>(q, `SELECT ${COUPON_COLUMNS} FROM cart c ${COUPON_JOIN} WHERE c.masked_id = $1`, [maskedId.trim()]);
    return row && row.customer_id === null ? stampOf(row, now) : null;
  }
  const row = await one<StampRow>(
    q,
    `SELECT ${COUPON_COLUMNS}, t.customer_id AS token_customer_id, cu.email AS customer_email
       FROM ${VALID_TOKEN} JOIN cart c ON c.masked_id = $3 ${COUPON_JOIN} WHERE ${TOKEN_CHECK}`,
    [sha256(bearerToken), now, maskedId.trim()],
  );
  return row && row.customer_id !== null && row.customer_id === row.token_customer_id ? stampOf(row, now) : null;
}

/**
 * A signed-in caller's `customerCart` stamp (ADR 034): their token checked (as above) and their
 * active cart's stamp, in one statement. Null for a guest, a bad token, or no active cart yet (the
 * answer then creates one: not kept).
 */
export async function customerCartAnswerStamp(q: Queryable, bearerToken: string | null, now: Date): Promise<string | null> {
  if (bearerToken === null) return null;
  const row = await one<StampRow>(
    q,
    `SELECT ${COUPON_COLUMNS}, t.customer_id AS token_customer_id, cu.email AS customer_email
       FROM ${VALID_TOKEN} JOIN cart c ON c.customer_id = t.customer_id AND c.is_active ${COUPON_JOIN} WHERE ${TOKEN_CHECK}`,
    [sha256(bearerToken), now],
  );
  return row ? stampOf(row, now) : null;
}
