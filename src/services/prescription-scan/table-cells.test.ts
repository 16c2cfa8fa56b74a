// ADR 043, step 5b ("A second reading of the table's cells"): the cells of the values the page's
// reading missed or marked are cut out, enlarged and binarised for a single-line reading with their
// column's characters, and their values join the layout without hiding a disagreement.
import { describe, expect, it } from 'vitest';
import { greyImage } from './image';
import { interpret } from './interpret';
import type { HeaderColumn, LayoutReading, TableGeometry } from './read-layout';
import {
  CELL_CHARACTERS,
  CELL_TEXT_HEIGHT,
  cellImage,
  cellValue,
  cellsToReread,
  columnRanges,
  fieldOfCell,
  inkRunBox,
  lostAdd,
  rowBands,
  withCellReads,
} from './table-cells';
import { darkPixels, fillRect } from './test-images';

const TODAY = '2026-12-02';
const head = (column: HeaderColumn['column'], x: number): HeaderColumn => ({ column, x, x0: x - 30, x1: x + 30, y0: 100, y1: 130 });
/** Sph, Cyl, Axis headers at x 300, 500, 700 over a table whose rows stand at y 160–190 and 220–250. */
const HEADER = [head('sph', 300), head('cyl', 500), head('axis', 700)];

/** A page with "ink" in the given cells (column centre, row top), 30 px tall. */
function pageWith(cells: Array<[x: number, y: number]>) {
  const page = greyImage(1000, 600);
  for (const [x, y] of cells) fillRect(page, x - 40, y, x + 40, y + 30, 20);
  return page;
}

function layout(parts: Partial<LayoutReading>, table?: TableGeometry): LayoutReading {
  return { od: {}, os: {}, pd: [], pdRight: [], pdLeft: [], examDate: [], foundTable: true, ...parts, ...(table ? { table } : {}) };
}
const sure = (text: string) => [{ text, confidence: 95 }];

describe("a second reading of the table's cells (ADR 043)", () => {
  it("gives each column the x-range halfway to its neighbours' centres", () => {
    expect(columnRanges(HEADER)).toEqual([
      { column: 'sph', x0: 200, x1: 400 },
      { column: 'cyl', x0: 400, x1: 600 },
      { column: 'axis', x0: 600, x1: 800 },
    ]);
    expect(fieldOfCell('od', 'pd')).toBe('pdRight');
    expect(fieldOfCell('os', 'axis')).toBe('os.axis');
  });

  it("finds a row OCR lost in the ink under the header, the right eye's first", () => {
    const page = pageWith([
      [300, 160],
      [500, 160],
      [300, 220],
    ]);
    // Neither row found by OCR: the two bands under the header, in order.
    expect(rowBands(page, { header: HEADER, rows: {} })).toEqual({ od: { y0: 160, y1: 190 }, os: { y0: 220, y1: 250 } });
    // The left eye's row found: the right eye's is the band above it.
    expect(rowBands(page, { header: HEADER, rows: { os: { y0: 222, y1: 248, labelEnd: 180 } } })).toEqual({
      od: { y0: 160, y1: 190 },
      os: { y0: 222, y1: 248 },
    });
  });

  it('reads again only the cells of fields missed or marked that hold ink', () => {
    const page = pageWith([
      [300, 160],
      [500, 160],
      [700, 160],
      [300, 220],
      [500, 220],
    ]);
    const table: TableGeometry = { header: HEADER, rows: { od: { y0: 160, y1: 190, labelEnd: 150 }, os: { y0: 220, y1: 250, labelEnd: 150 } } };
    const read = layout({ od: { sph: sure('-0.25') }, os: { sph: sure('1.00'), cyl: sure('-0.50') } }, table);
    const first = interpret(read, { today: TODAY });
    // od.sph read and sure; os.sph unsigned, so marked; os.cyl read without its axis, so marked; os.axis's cell is blank.
    expect(first.unsure).toEqual(expect.arrayContaining(['os.sph', 'os.cyl']));
    const cells = cellsToReread(page, read, first);
    expect(cells.map((c) => fieldOfCell(c.eye, c.column))).toEqual(['od.cyl', 'od.axis', 'os.sph', 'os.cyl']);
    expect(cells[0]).toMatchObject({ x0: 400, x1: 600, y0: 154, y1: 196 });
    // No table, no second reading.
    expect(cellsToReread(page, layout({}), first)).toEqual([]);
  });

  it('enlarges the cell to the height Tesseract reads best and binarises it in a white margin', () => {
    const page = greyImage(400, 100, 230);
    fillRect(page, 120, 40, 180, 55, 60);
    const image = cellImage(page, { eye: 'od', column: 'sph', x0: 100, x1: 200, y0: 37, y1: 58 });
    const factor = CELL_TEXT_HEIGHT / (21 / 1.4);
    expect(image.height).toBe(Math.round(21 * factor) + 32);
    expect(new Set(image.data)).toEqual(new Set([0, 255]));
    expect(darkPixels(image, 0, 0, image.width, 16)).toBe(0);
    expect(darkPixels(image)).toBeGreaterThan(60 * factor * 15 * factor * 0.8);
  });

  it("reads a cell's value in the group of words nearest its centre, digits and signs only", () => {
    const word = (text: string, x0: number, x1: number, confidence = 90) => ({ text, confidence, x0, x1, y0: 10, y1: 50 });
    // "-1" ",25" close together: one value.
    expect(cellValue([word('-1', 20, 60), word(',25', 62, 110, 80)], 65, 'sph')).toEqual({ text: '-1.25', confidence: 80, reread: true });
    // A neighbour's value strayed into the cell: the group nearest the centre is the cell's, as unsure as the least sure word.
    expect(cellValue([word('139', 10, 80, 96), word('+1,00', 200, 300, 92)], 250, 'add')).toEqual({ text: '+1.00', confidence: 92, reread: true });
    expect(cellValue([word('1.2.3', 20, 80)], 50, 'sph')).toBeNull();
    expect(cellValue([], 50, 'sph')).toBeNull();
    // Printed as its column prints it: a power with two decimals ("DS" or "—" read as digits is not one), an axis whole.
    expect(cellValue([word('-5', 20, 80)], 50, 'cyl')).toBeNull();
    expect(cellValue([word('90', 20, 80)], 50, 'axis')).toMatchObject({ text: '90' });
    expect(cellValue([word('9.0', 20, 80)], 50, 'axis')).toBeNull();
    expect(cellValue([word('31.5', 20, 80)], 50, 'pd')).toMatchObject({ text: '31.5' });
    expect(CELL_CHARACTERS.axis).toBe('0123456789');
    expect(CELL_CHARACTERS.sph).toContain('-');
  });

  it('puts back the power columns whose header words OCR lost, in the order papers print them', () => {
    const columns = (header: HeaderColumn[]) => columnRanges(header).map((r) => [r.column, (r.x0 + r.x1) / 2]);
    // SPH and ADD found: CYL and AXIS between them, evenly.
    expect(columns([head('sph', 300), head('add', 900)])).toEqual([
      ['sph', 300],
      ['cyl', 500],
      ['axis', 700],
      ['add', 900],
    ]);
    // SPH lost before CYL and AXIS; AXIS lost after SPH and CYL.
    expect(columns([head('cyl', 500), head('axis', 700)]).map(([c]) => c)).toEqual(['sph', 'cyl', 'axis']);
    expect(columns([head('sph', 300), head('cyl', 500)]).map(([c]) => c)).toEqual(['sph', 'cyl', 'axis']);
    // No ADD is made up after the last column found (lostAdd, below, does it for a header OCR read).
    expect(columns(HEADER).map(([c]) => c)).toEqual(['sph', 'cyl', 'axis']);
  });

  it('puts a lost ADD back one step after AXIS, found or put back, where no column stands, marked as put back', () => {
    expect(lostAdd([head('sph', 300), head('cyl', 500), head('axis', 700)])).toMatchObject({ column: 'add', x: 900, putBack: true });
    // AXIS itself lost after CYL: ADD one step after where AXIS is put back.
    expect(lostAdd([head('sph', 300), head('cyl', 500)])).toMatchObject({ column: 'add', x: 900 });
    // "SPH CYL AXIS ADD PD" with ADD alone lost: ADD between AXIS and PD.
    expect(lostAdd([head('sph', 300), head('cyl', 500), head('axis', 700), head('pd', 1100)])).toMatchObject({ x: 900 });
    // A PD right after AXIS, an ADD found, or no AXIS: nothing put back.
    expect(lostAdd([head('sph', 300), head('cyl', 500), head('axis', 700), head('pd', 880)])).toBeNull();
    expect(lostAdd([head('sph', 300), head('cyl', 500), head('axis', 700), head('add', 900)])).toBeNull();
    expect(lostAdd([head('sph', 300)])).toBeNull();
  });

  it('fills a missed field with the second reading, and keeps the mark when the two readings disagree', () => {
    const table: TableGeometry = { header: HEADER, rows: {} };
    const before = layout({ od: { sph: sure('-2.25'), cyl: [{ text: '-0.75', confidence: 40 }] }, os: { sph: sure('-1.00') } }, table);
    const cell = (eye: 'od' | 'os', column: 'sph' | 'cyl' | 'axis') => ({ eye, column, x0: 0, x1: 1, y0: 0, y1: 1 });
    const after = withCellReads(before, [
      { cell: cell('od', 'axis'), value: { text: '90', confidence: 92, reread: true } },
      { cell: cell('od', 'cyl'), value: { text: '-0.75', confidence: 93, reread: true } },
      { cell: cell('os', 'cyl'), value: { text: '-1.50', confidence: 91, reread: true } },
    ]);
    expect(after.od.axis).toEqual([{ text: '90', confidence: 92, reread: true }]);
    expect(before.od.axis).toBeUndefined();
    const reading = interpret(after, { today: TODAY });
    expect(reading.draft.od).toMatchObject({ sph: '-2.25', cyl: '-0.75', axis: '90' });
    // Both readings agree on od.cyl, the second one sure: no longer marked.
    expect(reading.unsure).not.toContain('od.cyl');
    // A second reading off the rules' steps comes after a first one on them: the first is kept, marked.
    const offStep = withCellReads(before, [{ cell: cell('os', 'sph'), value: { text: '-1.03', confidence: 93, reread: true } }]);
    expect(offStep.os.sph?.map((r) => r.text)).toEqual(['-1.00', '-1.03']);
    expect(interpret(offStep, { today: TODAY }).unsure).toContain('os.sph');
    const disagreeing = interpret(withCellReads(before, [{ cell: cell('od', 'cyl'), value: { text: '-1.75', confidence: 93, reread: true } }]), {
      today: TODAY,
    });
    expect(disagreeing.unsure).toContain('od.cyl');
  });

  it("widens a cell to the run of ink it holds: a form's value right of its column runs past the cell (ADR 043, step 5b)", () => {
    const page = greyImage(1000, 600);
    // "-3.25" as four glyphs 14 px apart from x 380 to 470: past the SPH cell's right edge (400); the CYL value at 560.
    for (const x of [380, 404, 428, 452]) fillRect(page, x, 165, x + 18, 185, 30);
    fillRect(page, 560, 165, 600, 185, 30);
    const cell = { eye: 'od' as const, column: 'sph' as const, x0: 200, x1: 400, y0: 158, y1: 192 };
    expect(inkRunBox(page, cell)).toEqual({ ...cell, x0: 374, x1: 476 });
    const cyl = { eye: 'od' as const, column: 'cyl' as const, x0: 400, x1: 600, y0: 158, y1: 192 };
    // The CYL cell holds the SPH value's tail (70 px) and its own value (40 px): the tail's run overlaps it more.
    expect(inkRunBox(page, cyl)).toEqual({ ...cyl, x0: 374, x1: 476 });
    const empty = { eye: 'os' as const, column: 'cyl' as const, x0: 400, x1: 600, y0: 300, y1: 330 };
    expect(inkRunBox(page, empty)).toEqual(empty);
  });
});
