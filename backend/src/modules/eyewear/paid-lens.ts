import type { Queryable } from '../../db/database';
import { checkLensChoice } from '../../../../rules/eyewear/lens-choice';
import type { PrescriptionInput } from '../../shared/prescription-input';
import { customOptionsOf } from '../catalog/catalog-lookup';
import { frameFactsOf } from '../catalog/product-choice';
import type { OrderItemRow, OrderRow } from '../checkout/order.queries';
import { findStoreView } from '../store/store-views';

export const FIX_OUTSIDE_PAID_LENS = 'A prescription fix keeps the lenses that were paid for:';

/** The skus of the lens values a line was ordered with (kept by their titles in the order's store view). */
async function lensSkusOf(q: Queryable, order: OrderRow, line: OrderItemRow): Promise<string[]> {
  const store = await findStoreView(q, order.store_code);
  const options = await customOptionsOf(q, line.parent_product_id ?? line.product_id, store?.id);
  return options.flatMap((o) => {
    const chosen = line.selected_options.find((s) => s.label === o.title)?.value.split(', ') ?? [];
    return o.values.filter((v) => v.sku !== null && chosen.includes(v.title)).map((v) => v.sku!);
  });
}

/**
 * ADR 035, ADR 041: a fix through the prescription-fix link changes values only within the lenses
 * paid for the line it corrects — the same usage and lens, values that lens index and that line's
 * frame still allow (the eyewear rules of `checkLensChoice`). The answer is null when the fix fits
 * the line, else the reasons it does not.
 */
export async function fixOutsidePaidLens(q: Queryable, order: OrderRow, line: OrderItemRow, fix: PrescriptionInput, now: Date): Promise<string | null> {
  const valueSkus = await lensSkusOf(q, order, line);
  const { problems } = checkLensChoice({ valueSkus, prescriptionText: JSON.stringify(fix) }, await frameFactsOf(q, line.product_id), now);
  return problems.length ? `${FIX_OUTSIDE_PAID_LENS} ${problems.join(' ')}` : null;
}
