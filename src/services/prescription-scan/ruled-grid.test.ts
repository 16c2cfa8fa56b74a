// ADR 043, step 5b ("A ruled table's grid when its header is lost"): a ruled table whose header OCR
// lost is placed by its rules: the label column, then SPH, CYL, AXIS (and ADD), the eyes' rows under
// the header's.
import { describe, expect, it } from 'vitest';
import { greyImage } from './image';
import type { LayoutReading, TableGeometry } from './read-layout';
import { gridTable, headerLost, type PageRules } from './ruled-grid';
import { columnRanges } from './table-cells';
import { fillRect, layoutReading } from './test-images';

/** A table from y 300 to 500 (three rows of ~67 px), its vertical rules at x 80 (label), 280, 410, 540, 670. */
const SPANS = [80, 280, 410, 540, 670].map((x) => ({ x, y0: 300, y1: 500 }));
const RULES: PageRules = { rows: [120, 300, 367, 433, 500, 800], columnSpans: [{ x: 1, y0: 0, y1: 900 }, ...SPANS] };

/** Ink in the eyes' cells: the right eye's values at y 385–410, the left eye's at 450–476. */
function page() {
  const image = greyImage(1400, 1000);
  for (const x of [345, 475, 605]) {
    fillRect(image, x - 30, 385, x + 30, 410, 20);
    fillRect(image, x - 30, 450, x + 30, 476, 20);
  }
  return image;
}

const layout = (table?: TableGeometry): LayoutReading => layoutReading(table ? { table } : {});

describe("a ruled table's grid when its header is lost (ADR 043)", () => {
  it('places SPH, CYL and AXIS in the cells after the label column, and each eye in the ink of its row', () => {
    const grid = gridTable(page(), RULES)!;
    expect(grid.header.map((h) => [h.column, h.x])).toEqual([
      ['sph', 345],
      ['cyl', 475],
      ['axis', 605],
    ]);
    expect(columnRanges(grid.header).map((r) => [r.column, r.x0, r.x1])).toEqual([
      ['sph', 280, 410],
      ['cyl', 410, 540],
      ['axis', 540, 670],
    ]);
    expect(grid.rows.od).toEqual({ y0: 385, y1: 410, labelEnd: 280 });
    expect(grid.rows.os).toEqual({ y0: 450, y1: 476, labelEnd: 280 });
  });

  it('takes a fourth value column for ADD, and only SPH, CYL and AXIS of a wider table', () => {
    const four = gridTable(page(), { ...RULES, columnSpans: [...SPANS, { x: 800, y0: 301, y1: 499 }] })!;
    expect(four.header.map((h) => h.column)).toEqual(['sph', 'cyl', 'axis', 'add']);
    const five = gridTable(page(), { ...RULES, columnSpans: [...SPANS, { x: 800, y0: 300, y1: 500 }, { x: 930, y0: 300, y1: 500 }] })!;
    expect(five.header.map((h) => h.column)).toEqual(['sph', 'cyl', 'axis']);
  });

  it("finds no grid in a form's boxes (pairs of sides close together) or in rules too short for three rows", () => {
    const boxes = [120, 280, 300, 456, 476, 630, 650].map((x) => ({ x, y0: 390, y1: 537 }));
    expect(gridTable(page(), { rows: [], columnSpans: boxes })).toBeNull();
    expect(gridTable(page(), { rows: [], columnSpans: SPANS.map((s) => ({ ...s, y1: 370 })) })).toBeNull();
    expect(gridTable(page(), { rows: [], columnSpans: SPANS.slice(0, 4) })).toBeNull();
  });

  it('calls the header lost when fewer than two of SPH, CYL and AXIS are placed, or placed out of order', () => {
    const head = (column: 'sph' | 'cyl' | 'axis', x: number) => ({ column, x, x0: x - 20, x1: x + 20, y0: 320, y1: 350 });
    expect(headerLost(layout())).toBe(true);
    expect(headerLost(layout({ header: [head('sph', 345)], rows: {} }))).toBe(true);
    expect(headerLost(layout({ header: [head('cyl', 139), head('sph', 427)], rows: {} }))).toBe(true);
    expect(headerLost(layout({ header: [head('sph', 345), head('axis', 605)], rows: {} }))).toBe(false);
  });
});
