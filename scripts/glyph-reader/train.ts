// Trains the glyph classifier of a handwriting-like form's values (ADR 043, "A glyph reader for a
// form's handwritten values") and writes its weights to src/services/prescription-scan/glyph-weights.ts.
// `node --import tsx scripts/glyph-reader/train.ts [--samples N] [--seed S] [--epochs E]`, then `npx prettier --write` the weights.
//
// Training values are random strings of digits, signs, points, commas and slashes shaped like a power,
// an axis, a PD or a date, drawn with their own seed (GLYPH_SEED, not the slips' generator), so none is
// taken from the benchmark's slips. Each is drawn in Debian's Chromium in one of the slips' handwriting
// fonts (tests/prescription-slips/slip.ts HAND_FONTS) as a phone photo would leave it on the reader's
// page: slanted, turned, drawn small (the photo's resolution), blurred, JPEG-compressed and enlarged
// back. The cut-out is cut into glyphs by the reader's own code (glyphs.ts); a drawing whose glyph count
// is not its string's characters' is left out (the cut went wrong, the labels would not line up).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { createRandom } from '../../tests/prescription-slips/prng.ts';
import { HAND_FONTS } from '../../tests/prescription-slips/slip.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium.ts';
import { GLYPH_CLASSES, classify, type GlyphNet } from '../../src/services/prescription-scan/glyph-net.ts';
import { glyphFeatures, glyphLine, markOf } from '../../src/services/prescription-scan/glyphs.ts';
import type { GreyImage } from '../../src/services/prescription-scan/image.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
/** Not the slips' seed (20261202): the training values are drawn apart from the benchmark's. */
const GLYPH_SEED = option('seed', 7_041_977);
const SAMPLES = option('samples', 6000);
const HIDDEN = 64;
const EPOCHS = option('epochs', 30);
const random = createRandom(GLYPH_SEED);
const digits = (n: number) => Array.from({ length: n }, () => String(random.int(0, 9))).join('');

/** A random string shaped like a value a form holds. */
function valueString(): string {
  const kind = random.int(0, 5);
  const point = random.chance(0.3) ? ',' : '.';
  if (kind <= 1) return `${random.pick(['+', '-', '-'])}${random.chance(0.15) ? digits(2) : digits(1)}${point}${digits(2)}`;
  if (kind === 2) return digits(random.int(1, 3));
  if (kind === 3) return random.chance(0.5) ? digits(2) : `${digits(2)}${point}${digits(1)}`;
  if (kind === 4) return `${digits(2)}/${digits(2)}/${digits(4)}`;
  return digits(random.int(2, 5));
}

interface Drawing {
  text: string;
  font: string;
  size: number;
  turn: number;
  skew: number;
  ink: string;
  scale: number;
  blur: number;
  quality: number;
}

const INKS = ['#1b2f8a', '#16206b', '#222222', '#0d3b7a', '#2a2a55', '#333a4a'];

function drawing(): Drawing {
  return {
    text: valueString(),
    font: random.pick(HAND_FONTS),
    // The slips' 38–46 px on a 1600 px paper, on the reader's 1400 px page.
    size: random.between(31, 42),
    turn: random.between(-7, 7),
    skew: random.between(-0.12, 0.12),
    ink: random.pick(INKS),
    // The photo holds the paper at 0.45–0.85 of the page's resolution.
    scale: random.between(0.45, 0.9),
    blur: random.chance(0.25) ? 0 : random.between(0, 1.6),
    quality: random.between(0.5, 0.85),
  };
}

async function render(drawings: Drawing[]): Promise<GreyImage[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.setContent('<html><body></body></html>');
  const out: GreyImage[] = [];
  for (let at = 0; at < drawings.length; at += 200) {
    const batch = drawings.slice(at, at + 200);
    const images = await page.evaluate(async (batch) => {
      await Promise.all([...new Set(batch.map((d) => d.font))].map((font) => document.fonts.load(`40px "${font}"`)));
      const results: Array<{ width: number; height: number; data: string }> = [];
      for (const d of batch) {
        const W = 420;
        const H = 110;
        const small = document.createElement('canvas');
        small.width = Math.ceil(W * d.scale);
        small.height = Math.ceil(H * d.scale);
        const s = small.getContext('2d')!;
        s.fillStyle = `rgb(${250 - Math.random() * 20},${250 - Math.random() * 20},${248 - Math.random() * 20})`;
        s.fillRect(0, 0, small.width, small.height);
        s.filter = d.blur > 0 ? `blur(${(d.blur * d.scale).toFixed(2)}px)` : 'none';
        s.setTransform(d.scale, 0, d.skew * d.scale, d.scale, 0, 0);
        s.translate(40, 72);
        s.rotate((d.turn * Math.PI) / 180);
        s.font = `${d.size}px "${d.font}"`;
        s.fillStyle = d.ink;
        s.fillText(d.text, 0, 0);
        const jpeg = small.toDataURL('image/jpeg', d.quality);
        const img = new Image();
        img.src = jpeg;
        await img.decode();
        const big = document.createElement('canvas');
        big.width = W;
        big.height = H;
        const b = big.getContext('2d')!;
        b.imageSmoothingQuality = 'high';
        b.drawImage(img, 0, 0, W, H);
        const rgba = b.getImageData(0, 0, W, H).data;
        let grey = '';
        for (let i = 0; i < rgba.length; i += 4) grey += String.fromCharCode(Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!));
        results.push({ width: W, height: H, data: btoa(grey) });
      }
      return results;
    }, batch);
    for (const image of images) {
      const data = Uint8ClampedArray.from(Buffer.from(image.data, 'base64'));
      // The reader's page paints what is lighter than its LIGHT_GREY as paper (prepare-page.ts).
      for (let i = 0; i < data.length; i += 1) if (data[i]! > 225) data[i] = 255;
      out.push({ width: image.width, height: image.height, data });
    }
    process.stdout.write(`\r${Math.min(at + 200, drawings.length)} drawn`);
  }
  process.stdout.write('\n');
  await browser.close();
  return out;
}

interface Example {
  features: Float32Array;
  label: number;
}

/** The glyphs of each drawing, labelled by its string when the cut gives as many glyphs as it has characters. */
function examples(drawings: Drawing[], images: GreyImage[]): { examples: Example[]; kept: number; marks: { right: number; all: number } } {
  const out: Example[] = [];
  let kept = 0;
  const marks = { right: 0, all: 0 };
  images.forEach((image, i) => {
    const chars = [...drawings[i]!.text];
    const line = glyphLine(image);
    if (line.glyphs.length !== chars.length) return;
    kept += 1;
    line.glyphs.forEach((glyph, k) => {
      const char = chars[k] === ',' ? '.' : chars[k]!;
      const mark = markOf(glyph, line);
      if (char === '.' || char === '-' || mark) {
        marks.all += 1;
        if (mark === char) marks.right += 1;
        return;
      }
      const label = (GLYPH_CLASSES as readonly string[]).indexOf(char);
      if (label >= 0) out.push({ features: glyphFeatures(glyph, line), label });
    });
  });
  return { examples: out, kept, marks };
}

function train(data: Example[], test: Example[]): GlyphNet {
  const inputs = data[0]!.features.length;
  const classes = GLYPH_CLASSES.length;
  const init = (n: number, fan: number) => Float32Array.from({ length: n }, () => (random.next() * 2 - 1) * Math.sqrt(6 / fan));
  const net: GlyphNet = {
    inputs,
    hidden: HIDDEN,
    w1: init(HIDDEN * inputs, inputs),
    b1: new Float32Array(HIDDEN),
    w2: init(classes * HIDDEN, HIDDEN),
    b2: new Float32Array(classes),
  };
  const hidden = new Float32Array(HIDDEN);
  const dHidden = new Float32Array(HIDDEN);
  const order = data.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
    const rate = 0.05 * (1 - epoch / EPOCHS) + 0.002;
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random.next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const { features, label } = data[index]!;
      for (let j = 0; j < HIDDEN; j += 1) {
        let sum = net.b1[j]!;
        for (let k = 0; k < inputs; k += 1) sum += net.w1[j * inputs + k]! * features[k]!;
        hidden[j] = sum > 0 ? sum : 0;
      }
      const p = classify(net, features);
      dHidden.fill(0);
      for (let c = 0; c < classes; c += 1) {
        const g = p[c]! - (c === label ? 1 : 0);
        for (let j = 0; j < HIDDEN; j += 1) {
          dHidden[j]! += g * net.w2[c * HIDDEN + j]!;
          net.w2[c * HIDDEN + j]! -= rate * g * hidden[j]!;
        }
        net.b2[c]! -= rate * g;
      }
      for (let j = 0; j < HIDDEN; j += 1) {
        if (hidden[j]! <= 0) continue;
        const g = dHidden[j]!;
        for (let k = 0; k < inputs; k += 1) net.w1[j * inputs + k]! -= rate * g * features[k]!;
        net.b1[j]! -= rate * g;
      }
    }
    console.log(`epoch ${epoch + 1}: train ${accuracy(net, data).toFixed(3)}, held out ${accuracy(net, test).toFixed(3)}`);
  }
  return net;
}

function accuracy(net: GlyphNet, data: Example[]): number {
  let right = 0;
  for (const { features, label } of data) {
    const p = classify(net, features);
    let best = 0;
    for (let k = 1; k < p.length; k += 1) if (p[k]! > p[best]!) best = k;
    if (best === label) right += 1;
  }
  return right / data.length;
}

/** int8 with a scale per matrix. */
function quantised(values: Float32Array): { scale: number; bytes: Int8Array } {
  const max = Math.max(...values.map(Math.abs));
  const scale = max / 127;
  return { scale, bytes: Int8Array.from(values, (v) => Math.round(v / scale)) };
}

const drawings = Array.from({ length: SAMPLES }, drawing);
const images = await render(drawings);
const { examples: all, kept, marks } = examples(drawings, images);
console.log(
  `${kept} of ${drawings.length} drawings cut into their characters' count; ${all.length} glyphs; points and minus signs by geometry ${marks.right}/${marks.all}`,
);
const cut = Math.floor(all.length * 0.9);
const net = train(all.slice(0, cut), all.slice(cut));
const w1 = quantised(net.w1);
const w2 = quantised(net.w2);
const round = (v: number) => Number(v.toPrecision(6));
const bytes = Buffer.concat([Buffer.from(w1.bytes.buffer), Buffer.from(w2.bytes.buffer)]);
const held = all.slice(cut);
const packedAccuracy = accuracy({ ...net, w1: Float32Array.from(w1.bytes, (v) => v * w1.scale), w2: Float32Array.from(w2.bytes, (v) => v * w2.scale) }, held);
const file = `// Generated by scripts/glyph-reader/train.ts (seed ${GLYPH_SEED}, ${SAMPLES} drawings, ${EPOCHS} epochs): do not edit.
// The glyph classifier's weights (glyph-net.ts \`PackedGlyphNet\`, ADR 043): held-out glyphs read right ${(packedAccuracy * 100).toFixed(1)} % (int8).
export const GLYPH_WEIGHTS = {
  inputs: ${net.inputs},
  hidden: ${net.hidden},
  scales: [${round(w1.scale)}, ${round(w2.scale)}] as const,
  b1: [${[...net.b1].map(round).join(', ')}],
  b2: [${[...net.b2].map(round).join(', ')}],
  weights: '${bytes.toString('base64')}',
};
`;
writeFileSync(resolve(import.meta.dirname, '../../src/services/prescription-scan/glyph-weights.ts'), file);
console.log(`held out (int8): ${(packedAccuracy * 100).toFixed(1)} %; weights ${bytes.length} bytes`);
