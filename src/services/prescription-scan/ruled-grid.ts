/**
 * A ruled table's columns and rows from its printed lines (ADR 043, step 5b, "A ruled table's grid
 * when its header is lost"): a blurred photo's OCR may read none of the header's words ("ESF Cil Eje
 * ADD" read as one "BSF"), so no column is placed and the cells' second reading has nowhere to look.
 * The rules removed in step 3 (remove-lines.ts) still say where the table stands: its vertical rules
 * reach from the table's top to its bottom, the first cell between them holds the eyes' labels and the
 * next ones SPH, CYL and AXIS, in the order every paper prints them; its horizontal rules part the
 * header's row from the two eyes' rows (the right eye's first). Pure.
 */
import type { Column, HeaderColumn, LayoutReading, TableGeometry } from './read-layout';
import { inkBands } from './table-cells';
import type { GreyImage } from './image';

export interface PageRules {
  /** y of each horizontal rule. */
  rows: readonly number[];
  /** Each vertical rule: its x and its reach. */
  columnSpans: ReadonlyArray<{ x: number; y0: number; y1: number }>;
}

/** A vertical rule belongs to the table (or a form's box side to the boxes) when its reach is the others' within this (pixels). */
export const SAME_REACH = 16;
/** The page's own edges are not rules. */
const EDGE = 8;
/**
 * The value columns after the eyes' labels: SPH, CYL, AXIS; a fourth, when there are only four, is ADD
 * (or a PD, which a power's cell reading refuses: table-cells.ts); past four (ADD, prism, base, PD in
 * some order) only the first three are placed.
 */
const GRID_COLUMNS: readonly Column[] = ['sph', 'cyl', 'axis'];
/** A table's cells are wider than this (pixels); a form's boxes stand in pairs of sides this close, a gap apart. */
const NARROWEST = 60;
/** A table's rules reach over its three rows; a form's box, one row, is shorter than this (pixels, on the PAGE_WIDTH page). */
const TABLE_HEIGHT = 120;

/** The middle value (the upper of the two middle ones of an even count); `values` not empty. */
export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The vertical rules that share the spans' common reach (their median top and bottom, within
 * SAME_REACH): that reach and the rules' x, left to right. A table's columns and a form's box sides
 * are both found so. Pure.
 */
export function commonReach(spans: PageRules['columnSpans']): { top: number; bottom: number; xs: number[] } {
  const top = median(spans.map((s) => s.y0));
  const bottom = median(spans.map((s) => s.y1));
  const xs = spans
    .filter((s) => Math.abs(s.y0 - top) <= SAME_REACH && Math.abs(s.y1 - bottom) <= SAME_REACH)
    .map((s) => s.x)
    .sort((a, b) => a - b);
  return { top, bottom, xs };
}

/**
 * The table's geometry from its rules, or null when the page holds no grid of a label column, three
 * value columns or more and three rows. Header columns span their cells; each eye's row is the band of
 * ink inside its cells (what the cells' reading enlarges by), its label ending at the second rule.
 */
export function gridTable(page: GreyImage, rules: PageRules): TableGeometry | null {
  const inside = rules.columnSpans.filter((s) => s.x > EDGE && s.x < page.width - EDGE);
  if (inside.length < 5) return null;
  const { top, bottom, xs } = commonReach(inside);
  const height = bottom - top;
  if (xs.length < 5 || height < TABLE_HEIGHT || xs.some((x, i) => i > 0 && x - xs[i - 1]! < NARROWEST)) return null;
  const columns = xs.length === 6 ? [...GRID_COLUMNS, 'add' as const] : GRID_COLUMNS;
  // The two rules inside the table nearest a third and two thirds of its height (else those heights).
  const within = rules.rows.filter((y) => y > top + height / 6 && y < bottom - height / 6);
  const part = (share: number) => {
    const ideal = top + height * share;
    const near = within.filter((y) => Math.abs(y - ideal) <= height / 9).sort((a, b) => Math.abs(a - ideal) - Math.abs(b - ideal))[0];
    return near ?? Math.round(ideal);
  };
  const [first, second] = [part(1 / 3), part(2 / 3)];
  const header: HeaderColumn[] = columns.map((column, i) => {
    const [x0, x1] = [xs[i + 1]!, xs[i + 2]!];
    return { column, x: (x0 + x1) / 2, x0: x0 + 4, x1: x1 - 4, y0: top, y1: first };
  });
  const rows: TableGeometry['rows'] = {};
  const bands: Array<[keyof TableGeometry['rows'], number, number]> = [
    ['od', first, second],
    ['os', second, bottom],
  ];
  for (const [eye, y0, y1] of bands) {
    const ink = inkBands(page, xs[1]! + 4, xs[columns.length + 1]! - 4, y0 + 4, y1 - 4, 6);
    if (!ink.length) continue;
    rows[eye] = { y0: Math.min(...ink.map((b) => b.y0)), y1: Math.max(...ink.map((b) => b.y1)), labelEnd: xs[1]! };
  }
  return { header, rows };
}

/**
 * The page's reading lost its table's header: fewer than two of SPH, CYL and AXIS placed, or placed out
 * of the order every paper prints them in (a word of the clinic's name read as "Cyl").
 */
export function headerLost(layout: LayoutReading): boolean {
  const header = layout.table?.header ?? [];
  const placed = (['sph', 'cyl', 'axis'] as const).map((column) => header.find((h) => h.column === column)).filter((h) => h !== undefined);
  return placed.length < 2 || placed.some((h, i) => i > 0 && h.x <= placed[i - 1]!.x);
}

/**
 * The column a cell of a ruled table placed by its rules may hold instead of its own (ADR 043, "The
 * eyes' PDs in a ruled table's fourth column"): the fourth value column `gridTable` calls ADD holds,
 * on a distance slip, the eyes' PDs ("SPH CYL AXIS PD"); null for the others, whose place in the
 * printed order is sure.
 */
export function otherGridColumn(column: Column): Column | null {
  return column === 'add' ? 'pd' : null;
}
