import { one, type Queryable } from '../../db/database';
import { inputError } from '../../graphql/errors';
import type { Resolvers } from '../../module';
import type { CommerceDeps } from './commerce-deps';
import { validatePrescription, type PrescriptionInput } from './prescription-rules';
import { findOrderByNumber, orderItems, type OrderRow } from './orders';
import { equalSecrets, newOpaqueToken, sha256 } from './secure-tokens';
import { prescriptionNode } from './saved-prescriptions';

export const FIX_LINK_INVALID = 'The prescription fix link is invalid. Check the link in your order email.';
export const FIX_LINK_USED = 'This prescription fix link has already been used.';

/** Issues the single-use key of an order's prescription-fix link (stored hashed); answers the key. */
export async function issuePrescriptionFixKey(q: Queryable, orderId: number, key = newOpaqueToken(16)): Promise<string> {
  await q.query('UPDATE sales_order SET prescription_fix_key_hash = $2, prescription_fix_used_at = NULL WHERE id = $1', [orderId, sha256(key)]);
  return key;
}

interface FixState {
  order: OrderRow;
  used_at: Date | null;
}

async function orderForKey(q: Queryable, orderNumber: string, key: string): Promise<FixState> {
  if (!orderNumber?.trim() || !key?.trim()) throw inputError(FIX_LINK_INVALID);
  const order = await findOrderByNumber(q, orderNumber.trim());
  const state = order
    ? await one<{ prescription_fix_key_hash: string | null; prescription_fix_used_at: Date | null }>(
        q, 'SELECT prescription_fix_key_hash, prescription_fix_used_at FROM sales_order WHERE id = $1', [order.id])
    : null;
  if (!order || !state?.prescription_fix_key_hash || !equalSecrets(state.prescription_fix_key_hash, sha256(key.trim()))) throw inputError(FIX_LINK_INVALID);
  return { order, used_at: state.prescription_fix_used_at };
}

export function prescriptionFixResolvers(deps: CommerceDeps): Resolvers {
  return {
    Query: {
      lunettePrescriptionFixOrder: async (_root, args: { order_number: string; key: string }, ctx) => {
        const { order, used_at } = await orderForKey(ctx.db, args.order_number, args.key);
        if (used_at) throw inputError(FIX_LINK_USED);
        const items = await orderItems(ctx.db, order.id);
        return {
          order_number: order.number,
          order_date: order.created_at.toISOString().slice(0, 10),
          items: items.map((i) => ({
            product_name: i.name,
            product_sku: i.sku,
            prescription: i.entered_options.find((o) => /prescription/i.test(o.label))?.value ?? null,
          })),
        };
      },
    },
    Mutation: {
      lunetteFixOrderPrescription: async (_root, args: { input: { order_number: string; key: string; prescription: PrescriptionInput; comment?: string | null } }, ctx) => {
        const now = deps.clock.now();
        return ctx.db.transaction(async (tx) => {
          const { order, used_at } = await orderForKey(tx, args.input.order_number, args.input.key);
          if (used_at) throw inputError(FIX_LINK_USED);
          const prescription = validatePrescription(args.input.prescription ?? {}, now);
          const fix = { prescription, comment: args.input.comment?.trim() || null, fixed_at: now.toISOString() };
          await tx.query('UPDATE sales_order SET prescription_fix = $2, prescription_fix_used_at = $3, updated_at = $3 WHERE id = $1', [order.id, JSON.stringify(fix), now]);
          return { order_number: order.number, fixed_at: fix.fixed_at, prescription: prescriptionNode(prescription, now) };
        });
      },
    },
  };
}

