// ADR 043, "A glyph reader for a form's handwritten values": a form's box read glyph by glyph.
import { describe, expect, it } from 'vitest';
import { GLYPH_CLASSES, type GlyphNet } from './glyph-net';
import { glyphCellValue } from './glyph-cells';
import { GLYPH_SIZE } from './glyphs';
import { greyImage } from './image';
import { fillRect } from './test-images';

/** A net that reads every glyph the classifier is asked about as a 2. */
function twos(): GlyphNet {
  const inputs = GLYPH_SIZE * GLYPH_SIZE + 3;
  const b2 = new Float32Array(GLYPH_CLASSES.length);
  b2[2] = 5;
  return { inputs, hidden: 1, w1: new Float32Array(inputs), b1: new Float32Array(1), w2: new Float32Array(GLYPH_CLASSES.length), b2 };
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
    expect(value!.confidence).toBeGreaterThan(90);
  });

  it('gives nothing when the glyphs do not make a value its column prints', () => {
    const page = greyImage(400, 240);
    for (const x of [136, 184]) fillRect(page, x, 100, x + 20, 140, 30);
    expect(glyphCellValue(page, cell, twos())).toBeNull();
  });
});
