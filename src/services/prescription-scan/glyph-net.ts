/**
 * The glyph classifier (ADR 043, "A glyph reader for a form's handwritten values"): a small
 * perceptron (one hidden layer of ReLU units, softmax out) reading a glyph's shape (glyphs.ts
 * `glyphFeatures`) as a digit, "+" or "/". Its weights are int8, a scale per layer, trained by
 * scripts/glyph-reader/ on values drawn in the handwriting fonts (never the benchmark's slips) and
 * kept in glyph-weights.ts. A point, a comma and a minus are told by their geometry (`markOf`).
 * `readGlyphs` reads a cut-out's value glyph by glyph, as sure as its least sure glyph. Pure.
 */
import { GLYPH_WEIGHTS } from './glyph-weights';
import { glyphFeatures, glyphLine, markOf } from './glyphs';
import type { GreyImage } from './image';

/** What the classifier tells apart, in its outputs' order. */
export const GLYPH_CLASSES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '/'] as const;

export interface GlyphNet {
  inputs: number;
  hidden: number;
  /** Hidden × inputs, then classes × hidden, row by row. */
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
  b2: Float32Array;
}

/** The weights as kept: int8 matrices, a scale each, biases as numbers. */
export interface PackedGlyphNet {
  inputs: number;
  hidden: number;
  scales: readonly [number, number];
  b1: readonly number[];
  b2: readonly number[];
  /** Base64 of the two int8 matrices, w1 then w2. */
  weights: string;
}

function base64Bytes(text: string): Int8Array {
  const binary = atob(text);
  const out = new Int8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = (binary.charCodeAt(i) << 24) >> 24;
  return out;
}

export function unpackGlyphNet(packed: PackedGlyphNet): GlyphNet {
  const bytes = base64Bytes(packed.weights);
  const n1 = packed.hidden * packed.inputs;
  const w1 = Float32Array.from(bytes.subarray(0, n1), (v) => v * packed.scales[0]);
  const w2 = Float32Array.from(bytes.subarray(n1), (v) => v * packed.scales[1]);
  return { inputs: packed.inputs, hidden: packed.hidden, w1, b1: Float32Array.from(packed.b1), w2, b2: Float32Array.from(packed.b2) };
}

/** The classes' probabilities for one glyph's features. */
export function classify(net: GlyphNet, features: Float32Array): Float32Array {
  const hidden = new Float32Array(net.hidden);
  for (let j = 0; j < net.hidden; j += 1) {
    let sum = net.b1[j]!;
    const row = j * net.inputs;
    for (let i = 0; i < net.inputs; i += 1) sum += net.w1[row + i]! * features[i]!;
    hidden[j] = sum > 0 ? sum : 0;
  }
  const classes = net.b2.length;
  const out = new Float32Array(classes);
  let max = -Infinity;
  for (let k = 0; k < classes; k += 1) {
    let sum = net.b2[k]!;
    const row = k * net.hidden;
    for (let j = 0; j < net.hidden; j += 1) sum += net.w2[row + j]! * hidden[j]!;
    out[k] = sum;
    max = Math.max(max, sum);
  }
  let total = 0;
  for (let k = 0; k < classes; k += 1) total += out[k] = Math.exp(out[k]! - max);
  for (let k = 0; k < classes; k += 1) out[k]! /= total;
  return out;
}

let shipped: GlyphNet | null = null;
const shippedNet = () => (shipped ??= unpackGlyphNet(GLYPH_WEIGHTS));

export interface GlyphWord {
  text: string;
  confidence: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface GlyphReading extends GlyphWord {
  /** Its glyphs in words: a gap wider than half the digits' height parts them ("67 mm", "31,5 / 32"). */
  words: GlyphWord[];
  /** The least sure glyph's probability, 0…100 (as Tesseract's confidences). */
  confidence: number;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** A cut-out's value read glyph by glyph; null when it holds no glyph. */
export function readGlyphs(image: GreyImage, net: GlyphNet = shippedNet()): GlyphReading | null {
  const line = glyphLine(image);
  if (!line.glyphs.length || line.height < 4) return null;
  const words: GlyphWord[] = [];
  for (const glyph of line.glyphs) {
    let char: string;
    let sure = 100;
    const mark = markOf(glyph, line);
    if (mark) char = mark;
    else {
      const p = classify(net, glyphFeatures(glyph, line));
      let best = 0;
      for (let k = 1; k < p.length; k += 1) if (p[k]! > p[best]!) best = k;
      char = GLYPH_CLASSES[best]!;
      sure = p[best]! * 100;
    }
    const last = words[words.length - 1];
    if (last && glyph.x0 - last.x1 <= line.height / 2) {
      Object.assign(last, { text: last.text + char, confidence: Math.min(last.confidence, sure), x1: glyph.x1 });
      Object.assign(last, { y0: Math.min(last.y0, glyph.y0), y1: Math.max(last.y1, glyph.y1) });
    } else words.push({ text: char, confidence: sure, x0: glyph.x0, x1: glyph.x1, y0: glyph.y0, y1: glyph.y1 });
  }
  return {
    text: words.map((w) => w.text).join(''),
    confidence: Math.min(...words.map((w) => w.confidence)),
    x0: words[0]!.x0,
    x1: Math.max(...words.map((w) => w.x1)),
    y0: Math.min(...words.map((w) => w.y0)),
    y1: Math.max(...words.map((w) => w.y1)),
    words,
  };
}
