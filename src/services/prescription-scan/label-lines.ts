/**
 * Step 5c of the reader (ADR 043, "A second reading of the PD and the exam date"): the PD and the
 * exam date outside the table stand after their labels ("PD:", "EP Œil droit / Œil gauche:",
 * "Datum:", "Fecha del examen:"). Where the page's reading found the label but missed the value or
 * left it unsure, the stretch of the label's line after it is cut out, enlarged and binarised as a
 * table's cell is (table-cells.ts), and read again as one line with only the characters the value can
 * hold. Pure: the OCR call itself is the caller's (read-prescription.ts).
 */
import type { PrescriptionReading } from '../../machines/prescription-scan/prescription-reading';
import type { GreyImage } from './image';
import { MIN_CONFIDENCE } from './interpret';
import { dateText, numberText, type DateOrder, type LabelLine, type LayoutReading, type ValueRead } from './read-layout';
import { dateWithoutYear } from './exam-year';
import type { OcrWord } from './recognise';
import type { Box } from './table-cells';

export type LineField = 'pd' | 'examDate';

/** Characters a line's value can hold (Tesseract's `tessedit_char_whitelist`); the PD's "mm" kept apart as letters. */
export const LINE_CHARACTERS: Record<LineField, string> = {
  pd: '0123456789.,/m',
  examDate: '0123456789/.-',
};

/** How far right of its label a value may run when nothing else on the line ends it (in the line's heights). */
const VALUE_SPAN = 14;
/** The confidence a value gets whose point or separators were put back: below interpret.ts's MIN_CONFIDENCE, so it is marked. */
const LOST_MARK_CONFIDENCE = MIN_CONFIDENCE - 1;
/** Darker than this on the evened-out page is ink (as table-cells.ts). */
const INK = 200;

export interface LineBox extends Box {
  field: LineField;
  perEye: boolean;
}

/**
 * The stretch of the line after the label that holds ink: its columns with ink, then its rows with
 * ink grown from the line's middle (so the next line's top is left out), with a quarter of the line's
 * height around; null when it holds none.
 */
export function valueBox(page: GreyImage, line: LabelLine): Box | null {
  const height = line.y1 - line.y0;
  const top = Math.max(0, Math.round(line.y0 - height / 2));
  const bottom = Math.min(page.height, Math.round(line.y1 + height / 2));
  const left = Math.max(0, Math.round(line.x0 + 2));
  const right = Math.min(page.width, Math.round(line.x1 ?? line.x0 + VALUE_SPAN * height));
  const inkIn = (x0: number, x1: number, y0: number, y1: number) => {
    let ink = 0;
    for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) if (page.data[y * page.width + x]! < INK) ink += 1;
    return ink;
  };
  let first = -1;
  let last = -1;
  for (let x = left; x < right; x += 1) {
    if (inkIn(x, x + 1, Math.round(line.y0), Math.round(line.y1)) < 2) continue;
    if (first < 0) first = x;
    last = x;
  }
  if (first < 0 || last - first < height / 3) return null;
  const middle = Math.round((line.y0 + line.y1) / 2);
  let y0 = middle;
  let y1 = middle + 1;
  while (y0 > top && inkIn(first, last + 1, y0 - 1, y0) >= 2) y0 -= 1;
  while (y1 < bottom && inkIn(first, last + 1, y1, y1 + 1) >= 2) y1 += 1;
  const margin = Math.round(height / 4);
  return {
    x0: Math.max(left, first - margin),
    x1: Math.min(right, last + 1 + margin),
    y0: Math.max(0, Math.min(y0, Math.round(line.y0)) - margin),
    y1: Math.min(page.height, Math.max(y1, Math.round(line.y1)) + margin),
  };
}

/** The lines to read again: the PD's when no PD was read sure, the exam date's when it was missed or marked. */
export function linesToReread(page: GreyImage, layout: LayoutReading, first: PrescriptionReading): LineBox[] {
  const read = new Set(first.read);
  const unsure = new Set(first.unsure);
  const sure = (field: 'pd' | 'pdRight' | 'pdLeft' | 'examDate') => read.has(field) && !unsure.has(field);
  const boxes: LineBox[] = [];
  const pd = layout.lines?.pd;
  if (pd && !sure('pd') && !(sure('pdRight') && sure('pdLeft'))) {
    const box = valueBox(page, pd);
    if (box) boxes.push({ ...box, field: 'pd', perEye: pd.perEye === true });
  }
  const date = layout.lines?.examDate;
  if (date && !sure('examDate')) {
    const box = valueBox(page, date);
    if (box) boxes.push({ ...box, field: 'examDate', perEye: false });
  }
  return boxes;
}

type Word = Pick<OcrWord, 'text' | 'confidence'>;

/**
 * The PD line's values: one PD (50–80 mm as every single PD is… read as printed, whole or with its
 * half) or, on a line whose label names the eyes, two (right then left). Null when the line does not
 * read as that.
 */
export function pdLineValue(words: readonly Word[], perEye: boolean): { pd?: ValueRead; right?: ValueRead; left?: ValueRead } | null {
  if (!words.length) return null;
  const confidence = Math.min(...words.map((w) => w.confidence));
  const parts = words
    .map((w) => w.text)
    .join(' ')
    .replace(/m+/g, ' ')
    .split(/[\s/]+/)
    .filter((p) => p !== '');
  // "315" for "31,5": a half's comma lost (then unsure, as interpret.ts marks a power's lost point).
  const pointLost = parts.some((p) => /^\d\d5$/.test(p));
  const values = parts.map((p) => numberText(/^\d\d5$/.test(p) ? `${p.slice(0, 2)}.5` : p));
  if (values.some((v) => v === null || !/^\d{2}(\.[05])?$/.test(v))) return null;
  const read = (text: string): ValueRead => ({
    text: String(Number(text)),
    confidence: pointLost ? Math.min(confidence, LOST_MARK_CONFIDENCE) : confidence,
    reread: true,
  });
  if (perEye && values.length === 2) return { right: read(values[0]!), left: read(values[1]!) };
  if (!perEye && values.length === 1) return { pd: read(values[0]!) };
  return null;
}

/**
 * The date line's value as a date in the paper's order (ambiguous when the order is a guess and either
 * way reads); given `today`, a day and month whose year was lost take the latest year the rules
 * accept (exam-year.ts), under the marking threshold.
 */
export function dateLineValue(words: readonly Word[], { order, sure, today }: { order: DateOrder; sure: boolean; today?: string }): ValueRead | null {
  if (!words.length) return null;
  const joined = words.map((w) => w.text).join('');
  // "25092025": the separators lost; "18/1/2026": a digit lost from a day or month printed with two (then unsure).
  const bare = /^\d{8}$/.test(joined);
  const lost = bare || !/^\d\d\D\d\d\D\d{4}$/.test(joined);
  const yearLost = today !== undefined && !bare && !/\d{4}$/.test(joined);
  const date = yearLost
    ? dateWithoutYear(joined, order, today)
    : dateText(bare ? `${joined.slice(0, 2)}/${joined.slice(2, 4)}/${joined.slice(4)}` : joined, order);
  if (!date) return null;
  const confidence = Math.min(...words.map((w) => w.confidence), lost ? LOST_MARK_CONFIDENCE : 100);
  return { text: date.text, confidence, reread: true, ...(date.ambiguous && !sure ? { ambiguous: true } : {}) };
}

/**
 * The layout with the lines' second readings: a field the page's reading missed gets its second
 * reading alone; a field it read (and marked) keeps its reading first, the second after it, so two
 * readings that disagree stay marked (a line's second reading of a value the page read is no better
 * than the page's: the same print, the same model).
 */
export function withLineReads(layout: LayoutReading, reads: { pd?: ValueRead; right?: ValueRead; left?: ValueRead; examDate?: ValueRead }): LayoutReading {
  const joined = (value: ValueRead, firsts: readonly ValueRead[]): ValueRead[] => [...firsts, value];
  const next = { ...layout };
  if (reads.pd) next.pd = joined(reads.pd, layout.pd);
  if (reads.right && reads.left) {
    next.pdRight = joined(reads.right, layout.pdRight);
    next.pdLeft = joined(reads.left, layout.pdLeft);
  }
  if (reads.examDate) next.examDate = joined(reads.examDate, layout.examDate);
  return next;
}
