import type { CartItem } from '../../machines/cart/cart.types';
import { uploadedPrescriptionOf } from '../../machines/customise/uploaded-prescription-text';
import type { CartItemLensOption } from './cart-page.operations';

/** The in-shop path of a cart line's product page. */
export const cartItemProductPath = (item: CartItem) => `/${item.product.url_key ?? ''}.html`;

export const isConfigurableLine = (item: CartItem) => item.__typename === 'ConfigurableCartItem' || (item.configurable_options?.length ?? 0) > 0;

/** What re-adding a line sends (spec §4): the frame with its colour, size and every custom option. */
export { lineAsItemToAdd } from '../../machines/cart/cart-line-options';

/**
 * The unit price and row total a cart line shows (ADR 040): with their tax where the store view
 * shows cart prices including tax (Magento's `price_including_tax`, `row_total_including_tax`,
 * which the backend rounds once per row), else Magento's `price` and `row_total`.
 */
export function shownLinePrices(prices: CartItem['prices'], includingTax: boolean): { price: number; rowTotal: number } | null {
  if (!prices) return null;
  const price = includingTax ? prices.price_including_tax : null;
  const rowTotal = includingTax ? prices.row_total_including_tax : null;
  return { price: price?.value ?? prices.price.value, rowTotal: rowTotal?.value ?? prices.row_total.value };
}

/** One eye of a prescription, formatted as an optician writes it (signed dioptres, axis in degrees). */
export interface PrescriptionEyeSummary {
  sph: string;
  /** "—" for a spherical eye (no cylinder), as AXIS then. */
  cyl: string;
  axis: string;
  add: string | null;
  /** Per-eye PD in mm when the PD is given per eye. */
  pd: string | null;
}

export interface PrescriptionSummary {
  od: PrescriptionEyeSummary;
  os: PrescriptionEyeSummary;
  /** A single PD in mm, when there is one. */
  pd: string | null;
  examDate: string | null;
}

interface EyeJson {
  sph?: unknown;
  cyl?: unknown;
  axis?: unknown;
  add?: unknown;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
/** Dioptres keep their sign and two decimals: "+1.50", "-0.75", "0.00". */
export const signedDioptres = (value: number) => `${value > 0 ? '+' : value < 0 ? '-' : ''}${Math.abs(value).toFixed(2)}`;
const millimetres = (value: number | null) => (value === null ? null : Number.isInteger(value) ? String(value) : value.toFixed(1));

/** What a prescription shows for a value the eye has none of (no CYL, so no AXIS). */
const NONE = '—';

function eyeSummary(eye: EyeJson, pd: number | null): PrescriptionEyeSummary {
  const cyl = numberOf(eye.cyl) ?? 0;
  const axis = numberOf(eye.axis);
  const add = numberOf(eye.add);
  return {
    sph: signedDioptres(numberOf(eye.sph) ?? 0),
    // A spherical eye has no cylinder: "—", as its AXIS, where "0.00" read as a value.
    cyl: cyl !== 0 ? signedDioptres(cyl) : NONE,
    axis: cyl !== 0 && axis !== null ? String(axis) : NONE,
    add: add === null ? null : signedDioptres(add),
    pd: millimetres(pd),
  };
}

/**
 * The prescription a lens option carries (the JSON the lens wizard sends as the "Prescription"
 * entered option, read back from a cart line or an order item), ready to show per eye; null for
 * any other text, such as "Prescription to follow", which is shown as written.
 */
export function prescriptionSummaryOf(text: string): PrescriptionSummary | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const {
    od,
    os,
    pd,
    exam_date: examDate,
  } = parsed as { od?: unknown; os?: unknown; pd?: { single?: unknown; right?: unknown; left?: unknown } | null; exam_date?: unknown };
  if (!od || typeof od !== 'object' || !os || typeof os !== 'object') return null;
  return {
    od: eyeSummary(od as EyeJson, numberOf(pd?.right)),
    os: eyeSummary(os as EyeJson, numberOf(pd?.left)),
    pd: millimetres(numberOf(pd?.single)),
    examDate: typeof examDate === 'string' && examDate ? examDate : null,
  };
}

/** A prescription sent as a photo or PDF (the lens wizard's upload): its file name and the reference opening it. */
export interface UploadedPrescriptionSummary {
  fileName: string;
  reference: string;
}

/** The uploaded file a lens option's text names ("Uploaded prescription: …"); null for any other text. */
export function uploadedPrescriptionSummaryOf(text: string): UploadedPrescriptionSummary | null {
  const uploaded = uploadedPrescriptionOf(text);
  return uploaded ? { fileName: uploaded.file.name, reference: uploaded.upload.reference } : null;
}

/** A lens option as shown on a cart line, a receipt or an order: its label and its value text. */
export interface LensOptionLine {
  label: string;
  value: string;
}

/** A cart line's lens options as label/value lines (a chosen value shows its label; typed text its text). */
export function lensOptionLinesOf(lensOptions: readonly CartItemLensOption[]): LensOptionLine[] {
  return lensOptions.map((option) => ({ label: option.label, value: (option.values ?? []).flatMap((v) => (v ? [v.label || v.value] : [])).join(', ') }));
}
