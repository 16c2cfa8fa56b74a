/**
 * A handwritten value cut into its glyphs (ADR 043, "A glyph reader for a form's handwritten
 * values"): the cut-out's ink (Otsu's threshold) in connected pieces, pieces of one glyph joined (they
 * stand over each other), specks dropped, a piece as wide as two digits parted at its thinnest column.
 * Each glyph's shape (`glyphFeatures`) is what the glyph classifier reads (glyph-net.ts): its ink
 * brought into a GLYPH_SIZE square, with its height, width and place against the line's. Pure: the
 * reader and the classifier's training script (scripts/glyph-reader/) run the same code.
 */
import { otsuThreshold, type GreyImage } from './image';
import { median } from './ruled-grid';

/** The side of the square a glyph's ink is brought into (pixels). */
export const GLYPH_SIZE = 16;
/** Lighter than this is never ink, whatever Otsu's threshold says (the paper of a cut-out with no value). */
const INK_MAX = 200;

export interface Glyph {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Its ink pixels, as indices into the cut-out. */
  pixels: number[];
}

export interface GlyphLine {
  glyphs: Glyph[];
  /** The digits' height (the median height of the tall glyphs) and their middle's y. */
  height: number;
  middle: number;
  width: number;
}

const heightOf = (g: Glyph) => g.y1 - g.y0;
const widthOf = (g: Glyph) => g.x1 - g.x0;

function joined(a: Glyph, b: Glyph): Glyph {
  return { x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), pixels: [...a.pixels, ...b.pixels] };
}

/** The cut-out's connected pieces of ink (8-connected), left to right. */
export function inkPieces(image: GreyImage): Glyph[] {
  const { width, height, data } = image;
  const threshold = Math.min(otsuThreshold(image), INK_MAX);
  const label = new Int32Array(width * height).fill(-1);
  const pieces: Glyph[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (label[start] !== -1 || data[start]! > threshold) continue;
    const piece: Glyph = { x0: width, y0: height, x1: 0, y1: 0, pixels: [] };
    label[start] = pieces.length;
    stack.push(start);
    while (stack.length) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      piece.pixels.push(at);
      piece.x0 = Math.min(piece.x0, x);
      piece.y0 = Math.min(piece.y0, y);
      piece.x1 = Math.max(piece.x1, x + 1);
      piece.y1 = Math.max(piece.y1, y + 1);
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (label[next] === -1 && data[next]! <= threshold) {
            label[next] = pieces.length;
            stack.push(next);
          }
        }
    }
    pieces.push(piece);
  }
  return pieces.sort((a, b) => a.x0 - b.x0);
}

/** A piece as wide as `parts` glyphs parted at its thinnest columns near the even cuts. */
function parted(piece: Glyph, parts: number, width: number): Glyph[] {
  const span = widthOf(piece);
  const columns = new Array<number>(span).fill(0);
  for (const at of piece.pixels) columns[(at % width) - piece.x0]! += 1;
  const cuts: number[] = [];
  for (let k = 1; k < parts; k += 1) {
    const aim = Math.round((span * k) / parts);
    const reach = Math.max(1, Math.round(span / parts / 3));
    let best = aim;
    for (let x = Math.max(1, aim - reach); x <= Math.min(span - 1, aim + reach); x += 1) if (columns[x]! < columns[best]!) best = x;
    cuts.push(best);
  }
  const bounds = [0, ...cuts, span];
  const out: Glyph[] = [];
  for (let k = 0; k < parts; k += 1) {
    const pixels = piece.pixels.filter((at) => {
      const x = (at % width) - piece.x0;
      return x >= bounds[k]! && x < bounds[k + 1]!;
    });
    if (!pixels.length) continue;
    const xs = pixels.map((at) => at % width);
    const ys = pixels.map((at) => Math.floor(at / width));
    out.push({ x0: Math.min(...xs), x1: Math.max(...xs) + 1, y0: Math.min(...ys), y1: Math.max(...ys) + 1, pixels });
  }
  return out;
}

/**
 * The cut-out's glyphs, left to right: specks (under a tenth of the tallest piece's height squared)
 * dropped, pieces over each other (overlapping over 60 % of the narrower one's width) joined, a
 * piece wider than 1.25 digit heights parted into as many glyphs as its width holds.
 */
export function glyphLine(image: GreyImage): GlyphLine {
  const pieces = inkPieces(image);
  const tallest = Math.max(0, ...pieces.map(heightOf));
  const minArea = Math.max(6, (tallest * 0.1) ** 2);
  let glyphs = pieces.filter((p) => p.pixels.length >= minArea);
  const merged: Glyph[] = [];
  for (const glyph of glyphs) {
    const last = merged[merged.length - 1];
    const overlap = last ? Math.min(last.x1, glyph.x1) - Math.max(last.x0, glyph.x0) : 0;
    if (last && overlap >= 0.6 * Math.min(widthOf(last), widthOf(glyph))) merged[merged.length - 1] = joined(last, glyph);
    else merged.push(glyph);
  }
  glyphs = merged;
  const tall = glyphs.filter((g) => heightOf(g) >= 0.5 * tallest);
  const height = tall.length ? median(tall.map(heightOf)) : tallest;
  const middle = tall.length ? median(tall.map((g) => (g.y0 + g.y1) / 2)) : image.height / 2;
  const split = glyphs.flatMap((g) => {
    const wide = widthOf(g) / Math.max(1, height);
    return heightOf(g) >= 0.5 * height && wide > 1.25 ? parted(g, Math.max(2, Math.round(wide / 0.7)), image.width) : [g];
  });
  return { glyphs: split, height, middle, width: image.width };
}

/** What a glyph's geometry alone says it is: a point or comma, a minus, or null (the classifier's to read). */
export function markOf(glyph: Glyph, line: Pick<GlyphLine, 'height' | 'middle'>): '.' | '-' | null {
  const h = heightOf(glyph) / line.height;
  const w = widthOf(glyph) / line.height;
  if (h < 0.55 && w < 0.45 && (glyph.y0 + glyph.y1) / 2 > line.middle + 0.15 * line.height) return '.';
  if (h < 0.35 && w >= 0.3 && w > 1.8 * h) return '-';
  return null;
}

/**
 * A glyph's shape: its ink's share of each cell of a GLYPH_SIZE square it is brought into (its longer
 * side filling it, centred), then its height and width against the line's digits' height and its
 * middle's offset from theirs.
 */
export function glyphFeatures(glyph: Glyph, line: GlyphLine): Float32Array {
  const out = new Float32Array(GLYPH_SIZE * GLYPH_SIZE + 3);
  const w = widthOf(glyph);
  const h = heightOf(glyph);
  const scale = GLYPH_SIZE / Math.max(w, h);
  const offX = (GLYPH_SIZE - w * scale) / 2;
  const offY = (GLYPH_SIZE - h * scale) / 2;
  const perPixel = scale * scale;
  for (const at of glyph.pixels) {
    const x = at % line.width;
    const y = (at - x) / line.width;
    const gx = Math.min(GLYPH_SIZE - 1, Math.floor((x - glyph.x0 + 0.5) * scale + offX));
    const gy = Math.min(GLYPH_SIZE - 1, Math.floor((y - glyph.y0 + 0.5) * scale + offY));
    out[gy * GLYPH_SIZE + gx]! += perPixel;
  }
  for (let i = 0; i < GLYPH_SIZE * GLYPH_SIZE; i += 1) out[i] = Math.min(1, out[i]!);
  out[GLYPH_SIZE * GLYPH_SIZE] = h / line.height;
  out[GLYPH_SIZE * GLYPH_SIZE + 1] = w / line.height;
  out[GLYPH_SIZE * GLYPH_SIZE + 2] = ((glyph.y0 + glyph.y1) / 2 - line.middle) / line.height;
  return out;
}
