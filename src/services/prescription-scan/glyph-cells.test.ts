// ADR 043, "A glyph reader for a form's handwritten values": a form's box read glyph by glyph.
import { describe, expect, it } from 'vitest';
import { GLYPH_CLASSES, type GlyphNet } from './glyph-net';
import { glyphCellValue, glyphLineWords } from './glyph-cells';
import { GLYPH_SIZE } from './glyphs';
import { greyImage } from './image';
import { fillRect } from './test-images';

/** A net by hand that reads a narrow glyph as a slash and a wide one as a 2 (its hidden unit 0 is the glyph's width). */
function twos(): GlyphNet {
  const inputs = GLYPH_SIZE * GLYPH_SIZE + 3;
  const w1 = new Float32Array(2 * inputs);
  w1[GLYPH_SIZE * GLYPH_SIZE + 1] = 10;
  const w2 = new Float32Array(GLYPH_CLASSES.length * 2).fill(-5);
  w2.set([2, -3], 2 * 2);
  w2.set([0, 5], 11 * 2);
  return { inputs, hidden: 2, w1, b1: Float32Array.from([0, 1]), w2, b2: new Float32Array(GLYPH_CLASSES.length) };
}

describe("a handwriting-like form's box read glyph by glyph (ADR 043)", () => {
  const cell = { eye: 'od' as const, column: 'sph' as const, x0: 100, x1: 220, y0: 90, y1: 150 };

  it("reads the box's run of ink, past the cell's edge, as its column prints a value", () => {
    // "-2.22" from x 110 to 236: its last digit stands past the cell's right edge (220).
    const page = greyImage(400, 240);
    fillRect(page, 110, 118, 128, 123, 30);
    for (const x of [136, 184, 216]) fillRect(page, x, 100, x + 20, 140, 30);
    fillRect(page, 164, 134, 170, 140, 30);
    const value = glyphCellValue(page, cell, twos());
    expect(value).toMatchObject({ text: '-2.22', reread: true, glyphs: true });
    expect(value!.confidence).toBeGreaterThan(80);
  });

  it('gives nothing when the glyphs do not make a value its column prints', () => {
    const page = greyImage(400, 240);
    for (const x of [136, 184]) fillRect(page, x, 100, x + 20, 140, 30);
    expect(glyphCellValue(page, cell, twos())).toBeNull();
  });

  it("reads a line's words up to its value's last number, each under the marking threshold", () => {
    // "22 / 22 22": a per-eye PD and a handwritten "mm" after it (read as digits by a classifier of digits).
    const page = greyImage(600, 200);
    const at = (x: number) => fillRect(page, x, 80, x + 20, 120, 30);
    [100, 124].forEach(at);
    fillRect(page, 170, 80, 176, 120, 30);
    [220, 244].forEach(at);
    [320, 344].forEach(at);
    const box = { x0: 90, x1: 380, y0: 70, y1: 130 };
    const pd = glyphLineWords(page, box, 2, /\//, twos());
    expect(pd.map((w) => w.text)).toEqual(['22', '/', '22']);
    expect(Math.max(...pd.map((w) => w.confidence))).toBeLessThan(70);
    expect(glyphLineWords(page, box, 1, /\//, twos()).map((w) => w.text)).toEqual(['22']);
  });
});
