/**
 * Step 1 of the reader (ADR 043): find the sheet of paper in a photo and look at it square on.
 * The paper is the largest bright region; its four corners are the extreme points of that region
 * along the two diagonals; a homography maps them onto an upright rectangle.
 */
import { greyImage, otsuThreshold, sample, scaleGrey, type GreyImage, type Point } from './image';

export interface Quad {
  topLeft: Point;
  topRight: Point;
  bottomRight: Point;
  bottomLeft: Point;
}

/** The search runs on a small copy of the photo: corners within a few pixels are enough. */
const SEARCH_SIDE = 320;
/** A bright region smaller than this share of the photo is not the paper. */
const MIN_PAGE_SHARE = 0.12;
/** A region this large fills the photo: the photo is already of the paper alone. */
const FULL_FRAME_SHARE = 0.93;

/** The paper's corners in the photo's pixels, or null when no paper stands out from a background. */
export function findPage(image: GreyImage): Quad | null {
  const factor = Math.min(1, SEARCH_SIDE / Math.max(image.width, image.height));
  const small = factor < 1 ? scaleGrey(image, factor) : image;
  const threshold = otsuThreshold(small);
  const { width, height } = small;
  const label = new Int32Array(width * height).fill(-1);
  let best: { id: number; size: number } = { id: -1, size: 0 };
  const stack: number[] = [];
  for (let start = 0; start < label.length; start += 1) {
    if (label[start] !== -1 || small.data[start]! <= threshold) continue;
    let size = 0;
    label[start] = start;
    stack.push(start);
    while (stack.length) {
      const at = stack.pop()!;
      size += 1;
      const x = at % width;
      const y = (at - x) / width;
      for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, y > 0 ? at - width : -1, y < height - 1 ? at + width : -1]) {
        if (next >= 0 && label[next] === -1 && small.data[next]! > threshold) {
          label[next] = start;
          stack.push(next);
        }
      }
    }
    if (size > best.size) best = { id: start, size };
  }
  const share = best.size / label.length;
  if (share < MIN_PAGE_SHARE || share > FULL_FRAME_SHARE) return null;
  let topLeft = { x: 0, y: 0, score: Infinity };
  let bottomRight = { x: 0, y: 0, score: -Infinity };
  let topRight = { x: 0, y: 0, score: -Infinity };
  let bottomLeft = { x: 0, y: 0, score: Infinity };
  for (let i = 0; i < label.length; i += 1) {
    if (label[i] !== best.id) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (x + y < topLeft.score) topLeft = { x, y, score: x + y };
    if (x + y > bottomRight.score) bottomRight = { x, y, score: x + y };
    if (x - y > topRight.score) topRight = { x, y, score: x - y };
    if (x - y < bottomLeft.score) bottomLeft = { x, y, score: x - y };
  }
  const scaleUp = (p: Point): Point => ({ x: (p.x + 0.5) / factor, y: (p.y + 0.5) / factor });
  const quad = { topLeft: scaleUp(topLeft), topRight: scaleUp(topRight), bottomRight: scaleUp(bottomRight), bottomLeft: scaleUp(bottomLeft) };
  // A region whose corners enclose much more than the region is not a sheet (a lamp's glare, a bright desk).
  const enclosed = quadArea(quad) * factor * factor;
  return enclosed > 0 && best.size / enclosed > 0.8 ? quad : null;
}

export function quadArea(quad: Quad): number {
  const points = [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft];
  let twice = 0;
  for (let i = 0; i < 4; i += 1) {
    const a = points[i]!;
    const b = points[(i + 1) % 4]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** 3×3 homography (row-major, h33 = 1) mapping each `from` point onto the `to` point of the same index. */
export function homography(from: readonly Point[], to: readonly Point[]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i += 1) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < 8; r += 1) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    const lead = rows[col]![col]!;
    if (Math.abs(lead) < 1e-12) throw new Error('Degenerate quadrilateral');
    for (let r = 0; r < 8; r += 1) {
      if (r === col) continue;
      const f = rows[r]![col]! / lead;
      for (let c = col; c < 9; c += 1) rows[r]![c]! -= f * rows[col]![c]!;
    }
  }
  return [...rows.map((row, i) => row[8]! / row[i]!), 1];
}

export function applyHomography(h: readonly number[], p: Point): Point {
  const w = h[6]! * p.x + h[7]! * p.y + h[8]!;
  return { x: (h[0]! * p.x + h[1]! * p.y + h[2]!) / w, y: (h[3]! * p.x + h[4]! * p.y + h[5]!) / w };
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The paper seen square on: the quad warped onto a rectangle as wide and tall as its longer sides. */
export function straightenPage(image: GreyImage, quad: Quad): GreyImage {
  const width = Math.round(Math.max(distance(quad.topLeft, quad.topRight), distance(quad.bottomLeft, quad.bottomRight)));
  const height = Math.round(Math.max(distance(quad.topLeft, quad.bottomLeft), distance(quad.topRight, quad.bottomRight)));
  const corners = [
    { x: 0, y: 0 },
    { x: width - 1, y: 0 },
    { x: width - 1, y: height - 1 },
    { x: 0, y: height - 1 },
  ];
  const toPhoto = homography(corners, [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft]);
  const out = greyImage(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = applyHomography(toPhoto, { x, y });
      out.data[y * width + x] = sample(image, p.x, p.y);
    }
  }
  return out;
}

/** The paper, straightened, or the photo as it is when no paper stands out. */
export function correctPerspective(image: GreyImage): { image: GreyImage; quad: Quad | null } {
  const quad = findPage(image);
  return quad ? { image: straightenPage(image, quad), quad } : { image, quad: null };
}
