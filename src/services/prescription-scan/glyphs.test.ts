// ADR 043, "A glyph reader for a form's handwritten values": a cut-out cut into its glyphs.
import { describe, expect, it } from 'vitest';
import { GLYPH_SIZE, glyphFeatures, glyphLine, inkPieces, markOf } from './glyphs';
import { greyImage } from './image';
import { fillRect } from './test-images';

/** "-7.1": a minus, a digit (a bar and a foot apart, one glyph), a point low on the line, a digit. */
function value() {
  const image = greyImage(200, 80);
  fillRect(image, 10, 38, 30, 43, 40); // minus
  fillRect(image, 40, 20, 62, 25, 40); // a 7's top…
  fillRect(image, 52, 28, 58, 60, 40); // …and its stem, apart from it
  fillRect(image, 70, 54, 76, 60, 40); // point
  fillRect(image, 88, 20, 94, 60, 40); // 1
  fillRect(image, 150, 70, 151, 71, 40); // a speck
  return image;
}

describe('a handwritten value cut into glyphs (ADR 043)', () => {
  it('finds the connected pieces of ink, left to right', () => {
    expect(inkPieces(value()).map((p) => p.x0)).toEqual([10, 40, 52, 70, 88, 150]);
  });

  it('joins the pieces of one glyph, drops specks and tells a minus and a point by their geometry', () => {
    const line = glyphLine(value());
    expect(line.glyphs.map((g) => [g.x0, g.x1])).toEqual([
      [10, 30],
      [40, 62],
      [70, 76],
      [88, 94],
    ]);
    expect(line.height).toBe(40);
    expect(line.glyphs.map((g) => markOf(g, line))).toEqual(['-', null, '.', null]);
  });

  it('parts a piece as wide as two digits at its thinnest column', () => {
    const image = greyImage(200, 80);
    fillRect(image, 20, 20, 50, 60, 40);
    fillRect(image, 50, 38, 54, 40, 40); // two digits touching by a thin bridge
    fillRect(image, 54, 20, 84, 60, 40);
    fillRect(image, 120, 20, 126, 60, 40);
    const line = glyphLine(image);
    expect(line.glyphs).toHaveLength(3);
    expect(line.glyphs[0]!.x1).toBeLessThanOrEqual(54);
    expect(line.glyphs[1]!.x0).toBeGreaterThanOrEqual(50);
  });

  it("brings a glyph's ink into a square, its longer side filling it, with its height, width and place against the line", () => {
    const line = glyphLine(value());
    const one = glyphFeatures(line.glyphs[3]!, line);
    expect(one).toHaveLength(GLYPH_SIZE * GLYPH_SIZE + 3);
    // A bar 6 px wide and 40 tall: the square's middle columns are inked top to bottom, its edges not.
    const column = (x: number) => Array.from({ length: GLYPH_SIZE }, (_, y) => one[y * GLYPH_SIZE + x]!);
    expect(Math.min(...column(GLYPH_SIZE / 2))).toBeGreaterThan(0.5);
    expect(Math.max(...column(0))).toBe(0);
    expect([...one.slice(GLYPH_SIZE * GLYPH_SIZE)].map((v) => Number(v.toFixed(2)))).toEqual([1, 0.15, 0]);
  });
});
