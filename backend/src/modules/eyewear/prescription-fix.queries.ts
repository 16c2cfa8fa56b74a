import { many, one, type Queryable } from '../../db/database';
import { inputError } from '../../graphql/errors';
import { equalSecrets, sha256 } from '../../shared/secure-tokens';
import { isPrescriptionLabel } from '../catalog/product-choice';
import { findOrderByNumber, type OrderItemRow, type OrderRow, prescriptionOfItem } from '../checkout/order.queries';

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

/** One correction of an order line's prescription (ADR 041): the line's text before and after, the note, when. */
export interface LineFix {
  order_item_id: number;
  previous: string;
  corrected: string;
  comment: string | null;
  fixed_at: Date;
}

/** The corrections of an order's lines, oldest first: the order's prescription history. */
export const lineFixesOf = (q: Queryable, orderId: number) =>
  many<LineFix>(q, 'SELECT order_item_id, previous, corrected, comment, fixed_at FROM sales_order_prescription_fix WHERE order_id = $1 ORDER BY fixed_at, id', [
    orderId,
  ]);

/**
 * Replaces the prescription of one order line (its Prescription entered option) with `corrected`,
 * keeps the text it replaces as the order's history, and uses the link up once every line carrying
 * a prescription is corrected. Answers whether the link still opens (another line is left).
 */
export async function saveLineFix(
  q: Queryable,
  lines: OrderItemRow[],
  line: OrderItemRow,
  fix: { corrected: string; comment: string | null },
  now: Date,
): Promise<boolean> {
  const previous = prescriptionOfItem(line) ?? '';
  const at = line.entered_options.findIndex((o) => isPrescriptionLabel(o.label) && o.value === previous);
  const entered = line.entered_options.map((o, i) => (i === at ? { ...o, value: fix.corrected } : o));
  await q.query('UPDATE sales_order_item SET entered_options = $2 WHERE id = $1', [line.id, JSON.stringify(entered)]);
  await q.query('INSERT INTO sales_order_prescription_fix (order_id, order_item_id, previous, corrected, comment, fixed_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    line.order_id,
    line.id,
    previous,
    fix.corrected,
    fix.comment,
    now,
  ]);
  const corrected = new Set((await lineFixesOf(q, line.order_id)).map((f) => f.order_item_id));
  const open = lines.some((l) => prescriptionOfItem(l) !== null && !corrected.has(l.id));
  await q.query('UPDATE sales_order SET prescription_fix_used_at = $2, updated_at = $3 WHERE id = $1', [line.order_id, open ? null : now, now]);
  return open;
}
