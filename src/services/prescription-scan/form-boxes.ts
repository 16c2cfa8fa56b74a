/**
 * A handwriting-like form found by its boxes (ADR 043, "Two readings of a value before it is sure"):
 * a printed form whose values are written by hand into boxes that stand side by side a gap apart, so
 * the vertical rules step 3 removed (remove-lines.ts `columnSpans`) come in pairs, the right side of
 * one box and the left side of the next, closer than any character is wide and reaching over the same
 * rows. A ruled table's rules stand a cell apart; plain columns have none. Pure.
 */
import type { GreyImage } from './image';
import type { Column, HeaderColumn, TableGeometry } from './read-layout';
import { commonReach, median, SAME_REACH, type PageRules } from './ruled-grid';
import { inkBands } from './table-cells';

/** Two box sides a gap apart: closer than this (pixels, on the PAGE_WIDTH page)… */
const GAP_MAX = 28;
/** …and farther than a thick rule's own width. */
const GAP_MIN = 10;
/** The two sides reach over the same rows: they overlap over this share of the shorter one. */
const SAME_ROWS = 0.8;

/** A box's two sides stand this far apart (pixels: the form's 180 px boxes on the PAGE_WIDTH page)… */
const BOX_WIDTH = { min: 145, max: 170 } as const;
/** …and reach over its two rows of boxes, shorter than a ruled table's three rows (ruled-grid.ts). */
const BOX_ROWS_HEIGHT = { min: 100, max: 165 } as const;

/** A part of a box's side a photo kept: a rule this tall (pixels) within the boxes' reach. */
const PART_OF_SIDE = 40;
/** A side stands where the boxes' pitch puts it within this (pixels). */
const SIDE_TOLERANCE = 8;
/** The gap between two boxes when no pair of sides shows it (pixels: the form's boxes on the PAGE_WIDTH page). */
const USUAL_GAP = 20;
/** Boxes in a row both of whose sides a photo lost, put back between found ones. */
const LOST_BOXES = 2;

type Span = PageRules['columnSpans'][number];

/**
 * A form's boxes, left to right, from the x of their sides (`sides`: rules over the boxes' two rows;
 * `parts`: shorter rules within that reach, a side a blurred photo kept only part of). Two sides a box
 * apart make a box; from the first such box the boxes run on either way a box and a gap apart (the
 * boxes' width and gap as the sides show them), a box kept when one of its sides is found where that
 * pitch puts it, or when it stands between the last box kept and a further box with a side found (up
 * to LOST_BOXES boxes in a row both of whose sides the photo lost). No box without two sides a box apart. Pure.
 */
export function boxesBySides(sides: readonly number[], parts: readonly number[] = []): Array<{ x0: number; x1: number }> {
  const xs = [...sides].sort((a, b) => a - b);
  const whole: Array<{ x0: number; x1: number }> = [];
  for (let i = 0; i + 1 < xs.length; i += 1) if (between(xs[i + 1]! - xs[i]!, BOX_WIDTH)) whole.push({ x0: xs[i]!, x1: xs[i + 1]! });
  const first = whole[0];
  if (!first) return [];
  const width = median(whole.map((b) => b.x1 - b.x0));
  const gaps = xs
    .slice(1)
    .map((x, i) => x - xs[i]!)
    .filter((gap) => gap >= GAP_MIN && gap <= GAP_MAX);
  const gap = gaps.length ? median(gaps) : USUAL_GAP;
  const all = [...xs, ...parts];
  const sideNear = (x: number) => all.filter((s) => Math.abs(s - x) <= SIDE_TOLERANCE).sort((a, b) => Math.abs(a - x) - Math.abs(b - x))[0];
  /** The box next to `from` (its right one, or its left one): its sides where found, else where the pitch puts them. */
  const next = (from: { x0: number; x1: number }, way: 1 | -1) => {
    const x0 = way === 1 ? from.x1 + gap : from.x0 - gap - width;
    const left = sideNear(x0);
    const right = sideNear(x0 + width);
    const found = left !== undefined || right !== undefined;
    return { box: { x0: left ?? (right !== undefined ? right - width : x0), x1: right ?? (left !== undefined ? left + width : x0 + width) }, found };
  };
  const run = (way: 1 | -1) => {
    const out: Array<{ x0: number; x1: number }> = [];
    let from = first;
    for (;;) {
      // The next boxes up to the first with a side found, at most LOST_BOXES lost in a row before it.
      const lost: Array<{ x0: number; x1: number }> = [];
      let one = next(from, way);
      while (!one.found && lost.length < LOST_BOXES) {
        lost.push(one.box);
        one = next(one.box, way);
      }
      if (!one.found) return out;
      out.push(...lost, one.box);
      from = one.box;
    }
  };
  return [...run(-1).reverse(), first, ...run(1)];
}

const overSameRows = (a: Span, b: Span) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= SAME_ROWS * Math.min(a.y1 - a.y0, b.y1 - b.y0);
const between = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;

/**
 * The page's vertical rules hold a pair of box sides a gap apart, or (a blurred photo that kept one
 * side of each pair) a box's two sides a box apart, reaching over two rows and no more.
 */
export function isBoxedForm(rules: Pick<PageRules, 'columnSpans'>): boolean {
  const spans = [...rules.columnSpans].sort((a, b) => a.x - b.x);
  return spans.some((span, i) => {
    const next = spans[i + 1];
    if (!next || !overSameRows(span, next)) return false;
    const apart = next.x - span.x;
    if (apart >= GAP_MIN && apart <= GAP_MAX) return true;
    return between(apart, BOX_WIDTH) && between(span.y1 - span.y0, BOX_ROWS_HEIGHT) && between(next.y1 - next.y0, BOX_ROWS_HEIGHT);
  });
}

/**
 * A handwriting-like form's boxes placed by their sides when the page's reading lost the header (ADR
 * 043, "A glyph reader for a form's handwritten values"): sides reaching over the form's two rows of
 * boxes, a box apart, make a box; the first three boxes, left to right, hold SPH, CYL and AXIS (every
 * form prints them in that order), a fourth right after them ADD. The upper half of the boxes' reach is
 * the right eye's row, the lower the left eye's; each row's band is the ink inside its boxes. Null
 * without three boxes. Pure.
 */
export function formGrid(page: GreyImage, rules: Pick<PageRules, 'columnSpans'>): TableGeometry | null {
  const tall = rules.columnSpans.filter((s) => between(s.y1 - s.y0, BOX_ROWS_HEIGHT));
  if (tall.length < 2) return null;
  const { top, bottom, xs } = commonReach(tall);
  // Shorter rules within the boxes' reach: sides a blurred photo kept only part of.
  const parts = rules.columnSpans.filter((s) => s.y0 >= top - SAME_REACH && s.y1 <= bottom + SAME_REACH && s.y1 - s.y0 >= PART_OF_SIDE).map((s) => s.x);
  const boxes = boxesBySides(xs, parts);
  if (boxes.length < 3) return null;
  const columns: Column[] = boxes.length === 4 ? ['sph', 'cyl', 'axis', 'add'] : ['sph', 'cyl', 'axis'];
  const header: HeaderColumn[] = columns.map((column, i) => {
    const box = boxes[i]!;
    return { column, x: (box.x0 + box.x1) / 2, x0: box.x0 + 4, x1: box.x1 - 4, y0: top - 40, y1: top };
  });
  const middle = (top + bottom) / 2;
  const rows: TableGeometry['rows'] = {};
  const bands: Array<[keyof TableGeometry['rows'], number, number]> = [
    ['od', top, middle],
    ['os', middle, bottom],
  ];
  const right = boxes[columns.length - 1]!.x1;
  for (const [eye, y0, y1] of bands) {
    const ink = inkBands(page, boxes[0]!.x0 + 4, right - 4, y0 + 4, y1 - 4, 6);
    if (!ink.length) continue;
    rows[eye] = { y0: Math.min(...ink.map((b) => b.y0)), y1: Math.max(...ink.map((b) => b.y1)), labelEnd: boxes[0]!.x0 };
  }
  return { header, rows };
}
