import { one, type Queryable } from '../../db/database';
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
}

/**
 * What a guest cart's answer depends on beyond the catalog (ADR 034), read in one statement: the
 * cart's version (raised by triggers on every change of the cart or its lines, whichever process
 * made it), its coupon as it is now and whether that coupon is usable at `now` (an expiry date
 * passing changes the totals with no write). Null for a cart that is not a guest's or not found:
 * such an answer is never kept (a customer's cart answers to its customer's token only).
 */
export async function guestCartAnswerStamp(q: Queryable, maskedId: unknown, now: Date): Promise<string | null> {
  if (typeof maskedId !== 'string' || !maskedId.trim()) return null;
  const row = await one<StampRow>(
    q,
    `SELECT c.version, c.customer_id, c.coupon_code, cp.kind, cp.amount, cp.label, cp.expires_at, cp.is_active
       FROM cart c LEFT JOIN coupon cp ON upper(cp.code) = upper(c.coupon_code) WHERE c.masked_id = $1`,
    [maskedId.trim()],
  );
  if (!row || row.customer_id !== null) return null;
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
    row.coupon_code,
    row.kind,
    row.amount,
    row.label,
    row.expires_at?.getTime() ?? null,
    row.is_active,
    isCouponUsable(coupon, now),
  ]);
}
