import type { Queryable } from '../../db/database';
import { checkLensChoice } from '../../../../rules/eyewear/lens-choice';
import type { PrescriptionInput } from '../../shared/prescription-input';
import { customOptionsOf } from '../catalog/catalog-lookup';
import { frameFactsOf } from '../catalog/product-choice';
import { type OrderItemRow, type OrderRow, prescriptionOfItem } from '../checkout/order.queries';
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
 * ADR 035: a fix through the prescription-fix link changes values only within the lenses paid for —
 * the same usage and lens, values that lens index and the frame still allow (the eyewear rules of
 * `checkLensChoice`). The fix must fit one of the order's lines that carry a prescription; the
 * answer is null when it does, else the reasons it fits none (those of the first line).
 */
export async function fixOutsidePaidLens(q: Queryable, order: OrderRow, lines: OrderItemRow[], fix: PrescriptionInput, now: Date): Promise<string | null> {
  const prescribed = lines.filter((line) => prescriptionOfItem(line) !== null);
  let first: string[] | null = null;
  for (const line of prescribed) {
    const valueSkus = await lensSkusOf(q, order, line);
    const { problems } = checkLensChoice({ valueSkus, prescriptionText: JSON.stringify(fix) }, await frameFactsOf(q, line.product_id), now);
    if (!problems.length) return null;
    first ??= problems;
  }
  return first ? `${FIX_OUTSIDE_PAID_LENS} ${first.join(' ')}` : null;
}
