// ADR 043, "Two readings of a value before it is sure": a handwriting-like form is known by its boxes'
// sides, which stand in pairs a gap apart; a ruled table's rules stand a cell apart.
import { describe, expect, it } from 'vitest';
import { boxesBySides, formGrid, isBoxedForm } from './form-boxes';
import { greyImage } from './image';
import { fillRect } from './test-images';

const spans = (xs: readonly number[], y0 = 340, y1 = 485) => xs.map((x) => ({ x, y0, y1 }));

describe('a handwriting-like form found by its boxes (ADR 043)', () => {
  it("finds a form's boxes: sides in pairs 19 px apart over the same rows", () => {
    expect(isBoxedForm({ columnSpans: spans([158, 315, 334, 490, 509, 666]) })).toBe(true);
  });

  it('finds a form whose photo kept one pair of sides', () => {
    expect(isBoxedForm({ columnSpans: [...spans([216, 373, 392]), { x: 1399, y0: 0, y1: 290 }] })).toBe(true);
  });

  it("finds a blurred form that kept one box's two sides, a box apart over two rows", () => {
    expect(isBoxedForm({ columnSpans: [{ x: 1, y0: 739, y1: 987 }, ...spans([204, 361], 436, 576)] })).toBe(true);
  });

  it("takes a ruled table's rules, a cell apart, for no form", () => {
    expect(isBoxedForm({ columnSpans: spans([77, 257, 390, 521, 653], 300, 499) })).toBe(false);
    expect(isBoxedForm({ columnSpans: spans([78, 209, 340, 472, 604], 300, 490) })).toBe(false);
  });

  it('takes two close rules over different rows (a rule and a stroke below it) for no form', () => {
    expect(
      isBoxedForm({
        columnSpans: [
          { x: 487, y0: 300, y1: 496 },
          { x: 505, y0: 600, y1: 650 },
        ],
      }),
    ).toBe(false);
  });

  it('takes a page with no rules (plain columns) for no form', () => {
    expect(isBoxedForm({ columnSpans: [] })).toBe(false);
  });
});

describe("a form's boxes placed by their sides when its header was lost (ADR 043)", () => {
  /** Three boxes (158–315, 334–490, 509–666) over two rows (340–485), a value in each row's boxes. */
  function formPage() {
    const image = greyImage(1000, 700);
    for (const x of [200, 380, 550]) {
      fillRect(image, x, 370, x + 60, 400, 30);
      fillRect(image, x, 440, x + 60, 470, 30);
    }
    return image;
  }

  it('places SPH, CYL and AXIS in the first three boxes, the right eye in the upper row, the left in the lower', () => {
    const grid = formGrid(formPage(), { columnSpans: spans([158, 315, 334, 490, 509, 666]) })!;
    expect(grid.header.map((h) => [h.column, h.x])).toEqual([
      ['sph', 236.5],
      ['cyl', 412],
      ['axis', 587.5],
    ]);
    expect(grid.rows.od).toMatchObject({ y0: 370, y1: 400, labelEnd: 158 });
    expect(grid.rows.os).toMatchObject({ y0: 440, y1: 470 });
  });

  it('places a fourth box right after them as ADD', () => {
    const grid = formGrid(formPage(), { columnSpans: spans([158, 315, 334, 490, 509, 666, 685, 842]) })!;
    expect(grid.header.map((h) => h.column)).toEqual(['sph', 'cyl', 'axis', 'add']);
  });

  it("puts back the sides a blurred photo lost or kept only part of, by the boxes' pitch", () => {
    // CYL's right side kept over the upper row only, AXIS's left side lost.
    const grid = formGrid(formPage(), { columnSpans: [...spans([158, 315, 334, 666]), { x: 490, y0: 340, y1: 400 }] })!;
    expect(grid.header.map((h) => [h.column, h.x])).toEqual([
      ['sph', 236.5],
      ['cyl', 412],
      ['axis', 587.5],
    ]);
    expect(grid.rows.od).toMatchObject({ y0: 370, y1: 400 });
  });

  it('puts back up to two boxes both of whose sides were lost between found ones, and no box past the last side found', () => {
    expect(boxesBySides([509, 666], [158])).toEqual([
      { x0: 158, x1: 315 },
      { x0: 332, x1: 489 },
      { x0: 509, x1: 666 },
    ]);
    // Two boxes in a row lost: only SPH's left side and the last box kept.
    expect(boxesBySides([772, 928], [244])).toEqual([
      { x0: 244, x1: 400 },
      { x0: 420, x1: 576 },
      { x0: 596, x1: 752 },
      { x0: 772, x1: 928 },
    ]);
    expect(boxesBySides([158, 315, 334, 490])).toEqual([
      { x0: 158, x1: 315 },
      { x0: 334, x1: 490 },
    ]);
    expect(boxesBySides([158, 334, 509])).toEqual([]);
  });

  it("places nothing without three boxes, or on a ruled table's rules", () => {
    expect(formGrid(formPage(), { columnSpans: spans([158, 315, 334, 490]) })).toBeNull();
    expect(formGrid(formPage(), { columnSpans: spans([77, 257, 390, 521, 653], 300, 499) })).toBeNull();
  });
});
