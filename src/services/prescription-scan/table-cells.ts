/**
 * Step 5b of the reader (ADR 043, "A second reading of the table's cells"): where the first reading
 * (sparse text over the whole page) lost a value or left it unsure, the value's cell is cut out of
 * the page, enlarged and read again, grey and binarised (read-page.ts), as one line with only the
 * characters its column can hold; when neither gives a value, the cell widened to its run of ink. The header's words give the columns' x-ranges; an eye's row found by OCR gives its band, a
 * row OCR lost is found in the ink profile under the header (the right eye's row first). Pure: the
 * OCR call itself is the caller's (read-prescription.ts).
 */
import type { Eye, PrescriptionField } from '../../../rules/eyewear/prescription';
import type { PrescriptionReading } from '../../machines/prescription-scan/prescription-reading';
import { greyImage, otsuThreshold, scaleGrey, type GreyImage } from './image';
import type { OcrWord } from './recognise';
import { numberText, type Column, type HeaderColumn, type LayoutReading, type TableGeometry, type ValueRead } from './read-layout';

/** Characters a column's cell can hold (Tesseract's `tessedit_char_whitelist`). */
export const CELL_CHARACTERS: Partial<Record<Column, string>> = {
  sph: '+-.,0123456789',
  cyl: '+-.,0123456789',
  add: '+-.,0123456789',
  prism: '.,0123456789',
  axis: '0123456789',
  pd: '.,0123456789',
};

/**
 * The digits' height the enlarged cell is brought to (pixels): Tesseract's LSTM reads a line best at
 * 30–40 px x-height. The cell is the text's band and a fifth above and below (1.4 times the text).
 */
export const CELL_TEXT_HEIGHT = 48;
/** White margin around the enlarged cell (pixels). */
const CELL_MARGIN = 16;
/** Darker than this on the evened-out page is ink (a blurred photo's digits are mid-grey there). */
const INK = 200;

export interface CellBox {
  eye: Eye;
  column: Column;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** In a column put back, not read (`lostAdd`): its values are marked. */
  putBack?: boolean;
}

/** A rectangle of the page. */
export type Box = Pick<CellBox, 'x0' | 'y0' | 'x1' | 'y1'>;

interface Band {
  y0: number;
  y1: number;
}

/** The field a column of an eye's row fills. */
export function fieldOfCell(eye: Eye, column: Column): PrescriptionField {
  if (column === 'pd') return eye === 'od' ? 'pdRight' : 'pdLeft';
  return `${eye}.${column}` as PrescriptionField;
}

/** The order every paper prints the powers' columns in. */
const COLUMN_ORDER: readonly Column[] = ['sph', 'cyl', 'axis', 'add'];

/**
 * The header's columns with those OCR lost put back: every paper prints SPH, CYL, AXIS, ADD in that
 * order, evenly enough, so a lost one between two found ones stands at its share of their distance, a
 * lost SPH before CYL one step before it, a lost AXIS after CYL (the header's last) one step after it.
 */
export function withLostColumns(header: readonly HeaderColumn[]): HeaderColumn[] {
  const found = COLUMN_ORDER.map((column, index) => ({ index, head: header.find((h) => h.column === column) })).filter(
    (f): f is { index: number; head: HeaderColumn } => f.head !== undefined,
  );
  if (found.length < 2 || found.some((f, i) => i > 0 && f.head.x <= found[i - 1]!.head.x)) return [...header];
  const [first, second] = [found[0]!, found[1]!];
  const last = found[found.length - 1]!;
  const step = (second.head.x - first.head.x) / (second.index - first.index);
  const rightmost = Math.max(...header.map((h) => h.x));
  const out = [...header];
  COLUMN_ORDER.forEach((column, index) => {
    if (found.some((f) => f.index === index)) return;
    const before = [...found].reverse().find((f) => f.index < index);
    const after = found.find((f) => f.index > index);
    let x: number | null = null;
    if (before && after) x = before.head.x + ((after.head.x - before.head.x) * (index - before.index)) / (after.index - before.index);
    else if (!before && column === 'sph') x = first.head.x - step * first.index;
    else if (!after && column === 'axis' && last.head.column === 'cyl' && last.head.x === rightmost) x = last.head.x + step;
    if (x === null) return;
    const like = (before ?? after)!.head;
    const half = (like.x1 - like.x0) / 2;
    out.push({ column, x, x0: x - half, x1: x + half, y0: like.y0, y1: like.y1 });
  });
  return out;
}

/**
 * A lost ADD put back one step after AXIS (found or put back) when no column stands there (ADR 043, "An
 * ADD column whose header word was lost"): the header "SPH CYL AXIS ADD" whose short last word OCR
 * dropped, or "SPH CYL AXIS ADD PD" whose ADD alone it dropped. Guessed, not read: a table without ADD
 * may hold something else there (a prism), so its values are marked (`putBack`). Null when the header
 * has ADD, or no AXIS, or a column stands there. For a header read by OCR (a ruled table's rules bound
 * it: ruled-grid.ts).
 */
export function lostAdd(header: readonly HeaderColumn[]): HeaderColumn | null {
  const full = withLostColumns(header);
  const at = (column: Column) => full.find((h) => h.column === column);
  const [sph, cyl, axis] = [at('sph'), at('cyl'), at('axis')];
  if (!axis || at('add')) return null;
  const step = cyl ? axis.x - cyl.x : sph ? (axis.x - sph.x) / 2 : NaN;
  if (!(step > 0)) return null;
  const x = axis.x + step;
  if (full.some((h) => Math.abs(h.x - x) < step * 0.6)) return null;
  const half = (axis.x1 - axis.x0) / 2;
  return { column: 'add', x, x0: x - half, x1: x + half, y0: axis.y0, y1: axis.y1, putBack: true };
}

/** Each column's x-range: halfway to its neighbours' centres (the outer ones as wide as their inner half). */
export function columnRanges(header: readonly HeaderColumn[]): Array<{ column: Column; x0: number; x1: number; putBack?: boolean }> {
  const sorted = withLostColumns(header).sort((a, b) => a.x - b.x);
  return sorted.map((h, i) => {
    const before = sorted[i - 1];
    const after = sorted[i + 1];
    const left = before ? (before.x + h.x) / 2 : h.x - (after!.x - h.x) / 2;
    const right = after ? (h.x + after.x) / 2 : h.x + (h.x - before!.x) / 2;
    return { column: h.column, x0: Math.round(left), x1: Math.round(right), ...(h.putBack ? { putBack: true } : {}) };
  });
}

/** Bands of rows holding ink between x0 and x1, from y0 down to y1, small gaps closed. */
export function inkBands(page: GreyImage, x0: number, x1: number, y0: number, y1: number, minHeight: number): Band[] {
  const left = Math.max(0, Math.round(x0));
  const right = Math.min(page.width, Math.round(x1));
  const top = Math.max(0, Math.round(y0));
  const bottom = Math.min(page.height, Math.round(y1));
  const bands: Band[] = [];
  let open: Band | null = null;
  const gap = Math.max(2, Math.round(minHeight / 4));
  for (let y = top; y < bottom; y += 1) {
    let ink = 0;
    for (let x = left; x < right; x += 1) if (page.data[y * page.width + x]! < INK) ink += 1;
    if (ink >= 3) {
      if (open && y - open.y1 <= gap) open.y1 = y + 1;
      else {
        if (open) bands.push(open);
        open = { y0: y, y1: y + 1 };
      }
    }
  }
  if (open) bands.push(open);
  return bands.filter((b) => b.y1 - b.y0 >= minHeight);
}

/** Each eye's row band: where OCR found it, else the ink bands under the header, the right eye's first. */
export function rowBands(page: GreyImage, table: TableGeometry): Partial<Record<Eye, Band>> {
  const ranges = columnRanges(table.header);
  const headerBottom = Math.max(...table.header.map((h) => h.y1));
  const headerHeight = Math.max(...table.header.map((h) => h.y1 - h.y0));
  const found: Partial<Record<Eye, Band>> = {};
  for (const eye of ['od', 'os'] as const) {
    const row = table.rows[eye];
    if (row) found[eye] = { y0: row.y0, y1: row.y1 };
  }
  if (found.od && found.os) return found;
  const bands = inkBands(
    page,
    ranges[0]!.x0,
    ranges[ranges.length - 1]!.x1,
    headerBottom + headerHeight / 4,
    headerBottom + headerHeight * 8,
    headerHeight / 2,
  );
  const overlaps = (a: Band, b: Band | undefined) => b !== undefined && a.y0 < b.y1 && b.y0 < a.y1;
  const free = bands.filter((b) => !overlaps(b, found.od) && !overlaps(b, found.os));
  if (!found.od) found.od = free.find((b) => !found.os || b.y1 <= found.os.y0);
  if (!found.os && found.od) found.os = free.find((b) => b.y0 >= found.od!.y1);
  return found;
}

/** The cells to read again: those of the fields the first reading missed or marked, that hold ink. */
export function cellsToReread(page: GreyImage, layout: LayoutReading, first: PrescriptionReading): CellBox[] {
  const table = layout.table;
  if (!table || table.header.length < 2) return [];
  const read = new Set(first.read);
  const unsure = new Set(first.unsure);
  const bands = rowBands(page, table);
  const ranges = columnRanges(table.header);
  const cells: CellBox[] = [];
  for (const eye of ['od', 'os'] as const) {
    const band = bands[eye];
    if (!band) continue;
    const pad = (band.y1 - band.y0) * 0.2;
    const labelEnd = table.rows[eye]?.labelEnd ?? -Infinity;
    for (const range of ranges) {
      if (!CELL_CHARACTERS[range.column]) continue;
      const field = fieldOfCell(eye, range.column);
      if (read.has(field) && !unsure.has(field)) continue;
      const cell: CellBox = {
        eye,
        column: range.column,
        x0: Math.max(range.x0, labelEnd),
        x1: range.x1,
        y0: band.y0 - pad,
        y1: band.y1 + pad,
        ...(range.putBack ? { putBack: true } : {}),
      };
      if (cell.x1 - cell.x0 > 4 && hasInk(page, cell)) cells.push(cell);
    }
  }
  return cells;
}

function hasInk(page: GreyImage, box: Box): boolean {
  let ink = 0;
  for (let y = Math.max(0, Math.round(box.y0)); y < Math.min(page.height, Math.round(box.y1)); y += 1)
    for (let x = Math.max(0, Math.round(box.x0)); x < Math.min(page.width, Math.round(box.x1)); x += 1) if (page.data[y * page.width + x]! < INK) ink += 1;
  return ink >= (box.y1 - box.y0) / 2;
}

/**
 * The cell widened to the run of ink it holds: a form's handwritten value stands in a box right of
 * its column's header and runs past the cell's x-range ("-3.25" cut to "-3.2"). The row's band is
 * searched half a cell either side; runs of ink columns closer than half the band's height are one
 * value; the run that overlaps the cell most, with a few pixels around, is the box (never left of an
 * SPH cell, whose left is the eye's label). The cell itself when it holds no run.
 */
export function inkRunBox(page: GreyImage, cell: CellBox): CellBox {
  const height = cell.y1 - cell.y0;
  const width = cell.x1 - cell.x0;
  const left = Math.max(0, Math.round(cell.x0 - width / 2));
  const right = Math.min(page.width, Math.round(cell.x1 + width / 2));
  const top = Math.max(0, Math.round(cell.y0));
  const bottom = Math.min(page.height, Math.round(cell.y1));
  const runs: Array<{ x0: number; x1: number }> = [];
  let open: { x0: number; x1: number } | null = null;
  for (let x = left; x < right; x += 1) {
    let ink = 0;
    for (let y = top; y < bottom; y += 1) if (page.data[y * page.width + x]! < INK) ink += 1;
    if (ink < 2) continue;
    if (open && x - open.x1 <= height / 2) open.x1 = x + 1;
    else {
      if (open) runs.push(open);
      open = { x0: x, x1: x + 1 };
    }
  }
  if (open) runs.push(open);
  const overlap = (run: { x0: number; x1: number }) => Math.min(run.x1, cell.x1) - Math.max(run.x0, cell.x0);
  const best = runs.filter((run) => overlap(run) > 0).sort((a, b) => overlap(b) - overlap(a))[0];
  if (!best) return cell;
  return { ...cell, x0: Math.max(best.x0 - RUN_MARGIN, cell.column === 'sph' ? cell.x0 : 0), x1: Math.min(page.width, best.x1 + RUN_MARGIN) };
}

/** Pixels kept either side of a run of ink (inkRunBox). */
const RUN_MARGIN = 6;

/**
 * The cell cut out of the page, enlarged to CELL_TEXT_HEIGHT, binarised (Otsu) and set in a white
 * margin; `grey` keeps it grey (a blurred line's threshold fills its digits in).
 */
export function cellImage(page: GreyImage, box: Box | CellBox, { grey = false }: { grey?: boolean } = {}): GreyImage {
  const x0 = Math.max(0, Math.round(box.x0));
  const y0 = Math.max(0, Math.round(box.y0));
  const x1 = Math.min(page.width, Math.round(box.x1));
  const y1 = Math.min(page.height, Math.round(box.y1));
  const crop = greyImage(Math.max(1, x1 - x0), Math.max(1, y1 - y0));
  for (let y = y0; y < y1; y += 1) crop.data.set(page.data.subarray(y * page.width + x0, y * page.width + x1), (y - y0) * crop.width);
  const big = scaleGrey(crop, cellFactor(page, box));
  const threshold = otsuThreshold(big);
  const out = greyImage(big.width + 2 * CELL_MARGIN, big.height + 2 * CELL_MARGIN);
  for (let y = 0; y < big.height; y += 1)
    for (let x = 0; x < big.width; x += 1) {
      const value = big.data[y * big.width + x]!;
      out.data[(y + CELL_MARGIN) * out.width + x + CELL_MARGIN] = grey ? value : value <= threshold ? 0 : 255;
    }
  return out;
}

/**
 * One cell's value: its words in groups (a gap wider than half their height parts them: "-1" ",25" is
 * one value, a neighbour's value that strayed into the cell another), the group nearest the cell's
 * centre `centre` joined and read as a number of its column; null when it is not one.
 */
export function cellValue(
  words: ReadonlyArray<Pick<OcrWord, 'text' | 'confidence' | 'x0' | 'x1' | 'y0' | 'y1'>>,
  centre: number,
  column: Column,
): ValueRead | null {
  if (!words.length) return null;
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const groups: (typeof sorted)[] = [];
  for (const word of sorted) {
    const last = groups[groups.length - 1]?.at(-1);
    if (last && word.x0 - last.x1 <= Math.max(last.y1 - last.y0, word.y1 - word.y0) / 2) groups[groups.length - 1]!.push(word);
    else groups.push([word]);
  }
  const distance = (group: typeof sorted) => Math.abs((group[0]!.x0 + group[group.length - 1]!.x1) / 2 - centre);
  const nearest = groups.reduce((best, group) => (distance(group) < distance(best) ? group : best));
  const text = numberText(nearest.map((w) => w.text).join(''));
  if (text === null || !PRINTED[column].test(text)) return null;
  // A cell that held more than its value is as unsure as its least sure word.
  return { text, confidence: Math.min(...(groups.length > 1 ? sorted : nearest).map((w) => w.confidence)), reread: true };
}

/**
 * How a column's value is printed: a power with its two decimals (a "DS" or "—" read through a digits-only
 * whitelist comes out as a bare "8" or "-5"), an axis as a whole number, a PD whole or with its half.
 */
const PRINTED: Record<Column, RegExp> = {
  sph: /^[+-]?\d{1,2}\.\d\d$/,
  cyl: /^[+-]?\d{1,2}\.\d\d$/,
  add: /^[+-]?\d\.\d\d$/,
  prism: /^\d{1,2}\.\d\d?$|^\d{1,2}$/,
  axis: /^\d{1,3}$/,
  pd: /^\d{2}(\.\d)?$/,
  prismBase: /^$/,
};

/** On the rules' steps: powers in 0.25, an axis 1–180, a PD in 0.5 (what interpret.ts marks otherwise). */
function onSteps(column: Column, text: string): boolean {
  const value = Number(text);
  if (column === 'axis') return Number.isInteger(value) && value >= 1 && value <= 180;
  if (column === 'pd') return Number.isInteger(value * 2);
  return Number.isInteger(value * 4);
}

/** Where the cell's centre lands in its enlarged image (cellImage). */
export function cellCentre(page: GreyImage, box: CellBox): number {
  const x0 = Math.max(0, Math.round(box.x0));
  const x1 = Math.min(page.width, Math.round(box.x1));
  return ((x1 - x0) / 2) * cellFactor(page, box) + CELL_MARGIN;
}

function cellFactor(page: GreyImage, box: Box): number {
  const height = Math.min(page.height, Math.round(box.y1)) - Math.max(0, Math.round(box.y0));
  return Math.min(4, Math.max(1, CELL_TEXT_HEIGHT / (height / 1.4)));
}

/**
 * The layout with each cell's second reading: a field the first reading missed gets it alone; a
 * field it marked gets it first, the first reading's after it (so two readings that disagree stay
 * marked, interpret.ts), unless the second is off the rules' steps and the first is not, or the field
 * was marked only for want of a second reading (`confirming`: the page's value stays first, the cell's
 * only confirms it or leaves it marked).
 */
export function withCellReads(
  layout: LayoutReading,
  reads: ReadonlyArray<{ cell: CellBox; value: ValueRead }>,
  confirming: ReadonlySet<PrescriptionField> = new Set(),
): LayoutReading {
  const next: LayoutReading = {
    ...layout,
    od: { ...layout.od },
    os: { ...layout.os },
    pdRight: [...layout.pdRight],
    pdLeft: [...layout.pdLeft],
  };
  const joined = (cell: CellBox, firsts: readonly ValueRead[], value: ValueRead) =>
    firsts.length && (confirming.has(fieldOfCell(cell.eye, cell.column)) || (!onSteps(cell.column, value.text) && onSteps(cell.column, firsts[0]!.text)))
      ? [...firsts, value]
      : [value, ...firsts];
  for (const { cell, value } of reads) {
    if (cell.column === 'pd') {
      const key = cell.eye === 'od' ? 'pdRight' : 'pdLeft';
      next[key] = joined(cell, next[key], value);
      continue;
    }
    const column = cell.column as Exclude<Column, 'pd'>;
    next[cell.eye][column] = joined(cell, next[cell.eye][column] ?? [], value);
  }
  return next;
}
