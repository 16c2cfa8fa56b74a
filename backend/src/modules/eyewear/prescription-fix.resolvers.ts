import { inputError } from '../../graphql/errors';
import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ModuleDeps } from '../../shared/module-deps';
import { validatePrescription } from '../../shared/prescription-input';
import { idOfUid, uidOf } from '../../shared/secure-tokens';
import { orderItems, prescriptionOfItem } from '../checkout/order.queries';
import { fixOutsidePaidLens } from './paid-lens';
import { mailPrescriptionCorrected } from './prescription-fix.mail';
import { lineFixesOf, orderForKey, saveLineFix } from './prescription-fix.queries';
import { prescriptionNode } from './saved-prescription.views';

export const FIX_LINK_USED = 'This prescription fix link has already been used.';
export const FIX_LINE_NOT_IN_ORDER = 'The order line to correct is not part of this order.';
export const FIX_LINE_WITHOUT_PRESCRIPTION = 'This order line carries no prescription to correct.';
export const FIX_LINE_ALREADY_CORRECTED = 'The prescription of this order line has already been corrected.';
export const FIX_NOTE_TOO_LONG = 'A note for our optician holds at most 1000 characters.';
const MAX_NOTE_LENGTH = 1000;

/**
 * The prescription-fix link (spec §2; ADR 035 for the lenses paid for, ADR 041 for the line): the
 * order's lines with their current prescriptions, and the correction of one line at a time.
 */
export function prescriptionFixResolvers(deps: ModuleDeps): Resolvers {
  return {
    Query: {
      lunettePrescriptionFixOrder: async (_root, args, ctx) => {
        const { order, used_at } = await orderForKey(ctx.db, args.order_number, args.key);
        if (used_at) throw inputError(FIX_LINK_USED);
        const items = await orderItems(ctx.db, order.id);
        const fixes = await lineFixesOf(ctx.db, order.id);
        return {
          order_number: order.number,
          order_date: order.created_at.toISOString().slice(0, 10),
          items: items.map((i) => ({
            uid: uidOf(i.id),
            product_name: i.name,
            product_sku: i.sku,
            selected_options: i.selected_options,
            prescription: prescriptionOfItem(i),
            corrected_at: fixes.find((f) => f.order_item_id === i.id)?.fixed_at.toISOString() ?? null,
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
          // The line is named by the uid the order answered, and must be one of this order's lines.
          const lines = await orderItems(tx, order.id);
          const lineId = idOfUid(String(args.input.order_item_uid ?? ''));
          const line = lines.find((l) => l.id === lineId);
          if (!line) throw inputError(FIX_LINE_NOT_IN_ORDER);
          if (prescriptionOfItem(line) === null) throw inputError(FIX_LINE_WITHOUT_PRESCRIPTION);
          if ((await lineFixesOf(tx, order.id)).some((f) => f.order_item_id === line.id)) throw inputError(FIX_LINE_ALREADY_CORRECTED);
          const prescription = validatePrescription(args.input.prescription ?? {}, now);
          const outside = await fixOutsidePaidLens(tx, order, line, args.input.prescription ?? {}, now);
          if (outside) throw inputError(outside);
          const comment = args.input.comment?.trim() || null;
          if (comment && comment.length > MAX_NOTE_LENGTH) throw inputError(FIX_NOTE_TOO_LONG);
          const linkOpen = await saveLineFix(tx, lines, line, { corrected: JSON.stringify(prescription), comment }, now);
          await mailPrescriptionCorrected(tx, deps, order, line, { prescription, comment, linkOpen }, now);
          return {
            order_number: order.number,
            order_item_uid: uidOf(line.id),
            fixed_at: now.toISOString(),
            link_open: linkOpen,
            prescription: prescriptionNode(prescription, now),
          };
        });
      },
    },
  };
}
