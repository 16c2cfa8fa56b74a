/**
 * A handwriting-like form found by its boxes (ADR 043, "Two readings of a value before it is sure"):
 * a printed form whose values are written by hand into boxes that stand side by side a gap apart, so
 * the vertical rules step 3 removed (remove-lines.ts `columnSpans`) come in pairs, the right side of
 * one box and the left side of the next, closer than any character is wide and reaching over the same
 * rows. A ruled table's rules stand a cell apart; plain columns have none. Pure.
 */
import type { PageRules } from './ruled-grid';

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

type Span = PageRules['columnSpans'][number];

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
