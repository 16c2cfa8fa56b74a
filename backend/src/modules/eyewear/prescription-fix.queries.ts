import { one, type Queryable } from '../../db/database';
import { inputError } from '../../graphql/errors';
import { equalSecrets, sha256 } from '../../shared/secure-tokens';
import { findOrderByNumber, type OrderRow } from '../checkout/order.queries';

export const FIX_LINK_INVALID = 'The prescription fix link is invalid. Check the link in your order email.';

interface FixState {
  order: OrderRow;
  used_at: Date | null;
}

export async function orderForKey(q: Queryable, orderNumber: string, key: string): Promise<FixState> {
  if (!orderNumber?.trim() || !key?.trim()) throw inputError(FIX_LINK_INVALID);
  const order = await findOrderByNumber(q, orderNumber.trim());
  const state = order
    ? await one<{ prescription_fix_key_hash: string | null; prescription_fix_used_at: Date | null }>(
        q,
        'SELECT prescription_fix_key_hash, prescription_fix_used_at FROM sales_order WHERE id = $1',
        [order.id],
      )
    : null;
  if (!order || !state?.prescription_fix_key_hash || !equalSecrets(state.prescription_fix_key_hash, sha256(key.trim()))) throw inputError(FIX_LINK_INVALID);
  return { order, used_at: state.prescription_fix_used_at };
}

/** Stores the order's corrected prescription; the link is used from now on. */
export async function savePrescriptionFix(q: Queryable, orderId: number, fix: { prescription: unknown; comment: string | null; fixed_at: string }, now: Date) {
  await q.query('UPDATE sales_order SET prescription_fix = $2, prescription_fix_used_at = $3, updated_at = $3 WHERE id = $1', [
    orderId,
    JSON.stringify(fix),
    now,
  ]);
}
