// ADR 043, "A glyph reader for a form's handwritten values": the glyph classifier and a value read
// glyph by glyph.
import { describe, expect, it } from 'vitest';
import { GLYPH_CLASSES, classify, readGlyphs, unpackGlyphNet, type GlyphNet } from './glyph-net';
import { GLYPH_SIZE } from './glyphs';
import { greyImage } from './image';
import { fillRect } from './test-images';

const INPUTS = GLYPH_SIZE * GLYPH_SIZE + 3;
const HEIGHT_INPUT = GLYPH_SIZE * GLYPH_SIZE;
const WIDTH_INPUT = HEIGHT_INPUT + 1;

/**
 * A net by hand: hidden unit 0 is the glyph's width against its height, unit 1 a constant; the
 * outputs say "1" for a narrow glyph and "8" for a wide one.
 */
function handNet(): GlyphNet {
  const w1 = new Float32Array(2 * INPUTS);
  w1[WIDTH_INPUT] = 10;
  const b1 = Float32Array.from([0, 1]);
  const w2 = new Float32Array(GLYPH_CLASSES.length * 2).fill(-5);
  // "1": strong when the width is small; "8": grows with the width.
  w2[1 * 2 + 0] = 0;
  w2[1 * 2 + 1] = 5;
  w2[8 * 2 + 0] = 2;
  w2[8 * 2 + 1] = -3;
  return { inputs: INPUTS, hidden: 2, w1, b1, w2, b2: new Float32Array(GLYPH_CLASSES.length) };
}

describe('the glyph classifier (ADR 043)', () => {
  it('gives each class a probability, the most likely the glyph it reads', () => {
    const narrow = new Float32Array(INPUTS);
    narrow[HEIGHT_INPUT] = 1;
    narrow[WIDTH_INPUT] = 0.15;
    const wide = new Float32Array(INPUTS);
    wide[HEIGHT_INPUT] = 1;
    wide[WIDTH_INPUT] = 0.7;
    const p = classify(handNet(), narrow);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(p.indexOf(Math.max(...p))).toBe(1);
    const q = classify(handNet(), wide);
    expect(q.indexOf(Math.max(...q))).toBe(8);
  });

  it('unpacks int8 weights, a scale per matrix', () => {
    const bytes = Int8Array.from([1, -2, 3, -128, 127, 0]);
    const weights = btoa(String.fromCharCode(...new Uint8Array(bytes.buffer)));
    const net = unpackGlyphNet({ inputs: 2, hidden: 2, scales: [0.5, 0.25], b1: [1, 2], b2: [3, 4, 5], weights });
    expect([...net.w1]).toEqual([0.5, -1, 1.5, -64]);
    expect([...net.w2]).toEqual([31.75, 0]);
    expect([...net.b2]).toEqual([3, 4, 5]);
  });

  it('reads a value glyph by glyph, its points and minus by their geometry, as sure as its least sure glyph', () => {
    // "-1.81": a minus, a narrow digit, a point, a wide digit, a narrow digit.
    const image = greyImage(260, 80);
    fillRect(image, 10, 38, 30, 43, 40);
    fillRect(image, 40, 20, 46, 60, 40);
    fillRect(image, 56, 54, 62, 60, 40);
    fillRect(image, 72, 20, 100, 60, 40);
    fillRect(image, 112, 20, 118, 60, 40);
    const reading = readGlyphs(image, handNet())!;
    expect(reading.text).toBe('-1.81');
    const p = classify(
      handNet(),
      Float32Array.from({ length: INPUTS }, (_, i) => (i === HEIGHT_INPUT ? 1 : i === WIDTH_INPUT ? 0.7 : 0)),
    );
    expect(reading.confidence).toBeLessThan(100);
    expect(reading.confidence).toBeGreaterThan(0);
    expect(reading.confidence).toBeLessThanOrEqual(Math.max(...p) * 100 + 1e-6);
    expect(reading).toMatchObject({ x0: 10, x1: 118, y0: 20, y1: 60 });
    expect(reading.words.map((w) => w.text)).toEqual(['-1.81']);
    // A glyph more than half the digits' height away starts a word of its own.
    fillRect(image, 160, 20, 166, 60, 40);
    expect(readGlyphs(image, handNet())!.words.map((w) => [w.text, w.x0])).toEqual([
      ['-1.81', 10],
      ['1', 160],
    ]);
  });

  it('reads nothing in a cut-out without ink', () => {
    expect(readGlyphs(greyImage(100, 40), handNet())).toBeNull();
  });

  it('the shipped weights read a plain bar as a 1', () => {
    const image = greyImage(80, 80);
    fillRect(image, 36, 16, 42, 62, 30);
    expect(readGlyphs(image)?.text).toBe('1');
  });
});
