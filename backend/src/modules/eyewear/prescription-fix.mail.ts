import type { Queryable } from '../../db/database';
import type { ModuleDeps } from '../../shared/module-deps';
import { queueMail } from '../../shared/outbox';
import { translateMessage } from '../../shared/messages/messages';
import type { PrescriptionValues } from '../../../../rules/eyewear/prescription-payload';
import type { OrderItemRow, OrderRow } from '../checkout/order.queries';
import { findStoreView } from '../store/store-views';

export const PRESCRIPTION_CORRECTED_SUBJECT = 'The prescription of your Lunette Eyewear order #%1 is corrected';
export const PRESCRIPTION_CORRECTED_BODY = 'The prescription of %1 in your order #%2 is corrected. Our optician makes its lenses with these values:';
export const PRESCRIPTION_FIX_STILL_OPEN = 'Another frame of this order can still be corrected with the link of your order email.';
export const PRESCRIPTION_EYE_LINE = '%1: SPH %2, CYL %3, AXIS %4, ADD %5';
export const PRESCRIPTION_PD_LINE = 'PD: %1 mm';
export const PRESCRIPTION_EXAM_LINE = 'Eye exam: %1';
export const PRESCRIPTION_NOTE_LINE = 'Your note for our optician: %1';

/** A message of the backend's catalogues in `locale`, its `%1`, `%2`… filled with `values` (which are not translated). */
export function sayIn(locale: string, template: string, ...values: string[]): string {
  return translateMessage(locale, template).replace(/%(\d)/g, (_, n: string) => values[Number(n) - 1] ?? '');
}

/** Dioptres as an optician writes them: signed, two decimals ("+1.50", "-0.75", "0.00"). */
const dioptres = (value: number) => `${value > 0 ? '+' : value < 0 ? '-' : ''}${Math.abs(value).toFixed(2)}`;
const millimetres = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * A prescription as text lines in the store view's language: one line per eye with every field
 * (SPH, CYL, AXIS, ADD; "—" where there is none), then the PD — one value or one per eye, never
 * both (ADR 035) — and the exam date.
 */
export function prescriptionLines(locale: string, p: PrescriptionValues): string[] {
  const eye = (label: string, e: PrescriptionValues['od']) =>
    sayIn(
      locale,
      PRESCRIPTION_EYE_LINE,
      translateMessage(locale, label),
      dioptres(e.sph),
      dioptres(e.cyl),
      e.cyl !== 0 && e.axis !== null ? String(e.axis) : '—',
      e.add === null ? '—' : dioptres(e.add),
    );
  const pd =
    p.pd.right !== null && p.pd.left !== null
      ? `${millimetres(p.pd.right)} / ${millimetres(p.pd.left)}`
      : p.pd.single !== null
        ? millimetres(p.pd.single)
        : '—';
  return [eye('OD (right eye)', p.od), eye('OS (left eye)', p.os), sayIn(locale, PRESCRIPTION_PD_LINE, pd), sayIn(locale, PRESCRIPTION_EXAM_LINE, p.exam_date)];
}

/** The frame of an order line as the shopper chose it: its name, then its colour, size and lens choices. */
export const lineTitleOf = (line: Pick<OrderItemRow, 'name' | 'selected_options'>) =>
  line.selected_options.length ? `${line.name} (${line.selected_options.map((o) => o.value).join(', ')})` : line.name;

/**
 * ADR 041: the shopper is mailed the corrected prescription of the line, in the order's store view
 * language, as every other order mail goes out (the outbox).
 */
export async function mailPrescriptionCorrected(
  q: Queryable,
  deps: ModuleDeps,
  order: OrderRow,
  line: OrderItemRow,
  fix: { prescription: PrescriptionValues; comment: string | null; linkOpen: boolean },
  now: Date,
): Promise<void> {
  const locale = (await findStoreView(q, order.store_code))?.locale ?? 'en_US';
  const body = [
    sayIn(locale, PRESCRIPTION_CORRECTED_BODY, lineTitleOf(line), order.number),
    '',
    ...prescriptionLines(locale, fix.prescription),
    ...(fix.comment ? ['', sayIn(locale, PRESCRIPTION_NOTE_LINE, fix.comment)] : []),
    ...(fix.linkOpen ? ['', translateMessage(locale, PRESCRIPTION_FIX_STILL_OPEN)] : []),
  ].join('\n');
  await queueMail(q, deps, { recipient: order.email, subject: sayIn(locale, PRESCRIPTION_CORRECTED_SUBJECT, order.number), body, now });
}
