import { inputError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { validatePrescription } from '../../shared/prescription-input';
import { orderItems, prescriptionOfItem } from '../checkout/order.queries';
import { fixOutsidePaidLens } from './paid-lens';
import { orderForKey, savePrescriptionFix } from './prescription-fix.queries';
import { prescriptionNode } from './saved-prescription.views';

export const FIX_LINK_USED = 'This prescription fix link has already been used.';

export function prescriptionFixResolvers(deps: ModuleDeps): Resolvers {
  return {
    Query: {
      lunettePrescriptionFixOrder: async (_root, args, ctx) => {
        const { order, used_at } = await orderForKey(ctx.db, args.order_number, args.key);
        if (used_at) throw inputError(FIX_LINK_USED);
        const items = await orderItems(ctx.db, order.id);
        return {
          order_number: order.number,
          order_date: order.created_at.toISOString().slice(0, 10),
          items: items.map((i) => ({
            product_name: i.name,
            product_sku: i.sku,
            prescription: prescriptionOfItem(i),
          })),
        };
      },
    },
    Mutation: {
      lunetteFixOrderPrescription: async (_root, args, ctx) => {
        const now = deps.clock.now();
        return ctx.db.transaction(async (tx) => {
          const { order, used_at } = await orderForKey(tx, args.input.order_number, args.input.key);
          if (used_at) throw inputError(FIX_LINK_USED);
          const prescription = validatePrescription(args.input.prescription ?? {}, now);
          const outside = await fixOutsidePaidLens(tx, order, await orderItems(tx, order.id), args.input.prescription ?? {}, now);
          if (outside) throw inputError(outside);
          const fix = { prescription, comment: args.input.comment?.trim() || null, fixed_at: now.toISOString() };
          await savePrescriptionFix(tx, order.id, fix, now);
          return { order_number: order.number, fixed_at: fix.fixed_at, prescription: prescriptionNode(prescription, now) };
        });
      },
    },
  };
}
