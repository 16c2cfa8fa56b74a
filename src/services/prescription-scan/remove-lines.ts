/**
 * Step 3 of the reader (ADR 043): take a ruled table's lines out of a binary image (0 ink, 255
 * paper) without eating the digits. A line is a run of ink much longer than any character; each of
 * its pixels is cleared only where the ink across the line is no thicker than a rule, so a stroke of
 * a digit that touches or crosses the rule stays whole.
 */
import type { GreyImage } from './image';

export interface LineRemoval {
  image: GreyImage;
  /** y of each horizontal rule found, x of each vertical one (centre of the run, in pixels). */
  rows: number[];
  columns: number[];
  /** Each vertical rule's reach: from the top of its highest run to the bottom of its lowest (a ruled table's height). */
  columnSpans: Array<{ x: number; y0: number; y1: number }>;
}

export interface LineOptions {
  /** Shortest run counted as a rule, in pixels. */
  minLength: number;
  /** Shortest vertical run counted as a rule: a form's boxes are short, a character shorter still. */
  minHeight?: number;
  /** Thickest ink across a rule that is still the rule alone. */
  maxThickness: number;
}

export function defaultLineOptions(image: GreyImage): LineOptions {
  const longSide = Math.max(image.width, image.height);
  return {
    minLength: Math.max(30, Math.round(Math.min(image.width, image.height) / 8)),
    minHeight: Math.max(30, Math.round(longSide / 28)),
    maxThickness: Math.max(4, Math.round(longSide / 150)),
  };
}

export function removeLines(image: GreyImage, options: LineOptions = defaultLineOptions(image)): LineRemoval {
  const { width, height, data } = image;
  const ink = (x: number, y: number) => data[y * width + x] === 0;
  const clear = new Uint8Array(width * height);
  // 1 in a horizontal rule's run, 2 in a vertical one's: where they cross, the pixel is both.
  const inRun = new Uint8Array(width * height);
  const rows = new Map<number, number>();
  const columns = new Map<number, number>();
  const reach = new Map<number, { y0: number; y1: number }>();
  // Horizontal rules: runs along rows; a small gap (a blurred or broken rule) does not end a run.
  const scan = (horizontal: boolean) => {
    const outer = horizontal ? height : width;
    const inner = horizontal ? width : height;
    const at = (i: number, o: number) => (horizontal ? ink(i, o) : ink(o, i));
    for (let o = 0; o < outer; o += 1) {
      let start = -1;
      let lastInk = -1;
      for (let i = 0; i <= inner; i += 1) {
        const isInk = i < inner && at(i, o);
        if (isInk) {
          if (start < 0) start = i;
          lastInk = i;
        } else if (start >= 0 && (i === inner || i - lastInk > 3)) {
          if (lastInk - start + 1 >= (horizontal ? options.minLength : (options.minHeight ?? options.minLength))) {
            (horizontal ? rows : columns).set(o, ((horizontal ? rows : columns).get(o) ?? 0) + lastInk - start + 1);
            if (!horizontal) {
              const was = reach.get(o);
              reach.set(o, { y0: Math.min(was?.y0 ?? start, start), y1: Math.max(was?.y1 ?? lastInk, lastInk) });
            }
            for (let k = start; k <= lastInk; k += 1) {
              inRun[horizontal ? o * width + k : k * width + o]! |= horizontal ? 1 : 2;
              markAcross(horizontal ? k : o, horizontal ? o : k, horizontal);
            }
          }
          start = -1;
        }
      }
    }
  };
  // Clears the pixel's stretch of ink across the rule when that stretch is rule-thin.
  const markAcross = (x: number, y: number, horizontal: boolean) => {
    if (!ink(x, y)) return;
    let before = 0;
    let after = 0;
    if (horizontal) {
      while (y - before - 1 >= 0 && ink(x, y - before - 1) && before <= options.maxThickness) before += 1;
      while (y + after + 1 < height && ink(x, y + after + 1) && after <= options.maxThickness) after += 1;
    } else {
      while (x - before - 1 >= 0 && ink(x - before - 1, y) && before <= options.maxThickness) before += 1;
      while (x + after + 1 < width && ink(x + after + 1, y) && after <= options.maxThickness) after += 1;
    }
    if (before + after + 1 > options.maxThickness) return;
    for (let k = -before; k <= after; k += 1) clear[horizontal ? (y + k) * width + x : y * width + x + k] = 1;
  };
  scan(true);
  scan(false);
  const out = { width, height, data: new Uint8ClampedArray(data) };
  for (let i = 0; i < clear.length; i += 1) if (clear[i] || inRun[i] === 3) out.data[i] = 255;
  // The crossings of two rules: ink left around a cleared crossing that no longer touches anything.
  clearCrossings(out, inRun, options.maxThickness);
  const columnSpans = groups(columns).map((group) => ({
    x: Math.round((group[0]! + group[group.length - 1]!) / 2),
    y0: Math.min(...group.map((x) => reach.get(x)!.y0)),
    y1: Math.max(...group.map((x) => reach.get(x)!.y1)),
  }));
  return { image: out, rows: centres(rows), columns: centres(columns), columnSpans };
}

/** Adjacent rows (or columns) of one thick rule, together. */
function groups(runs: Map<number, number>): number[][] {
  const positions = [...runs.keys()].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const p of positions) {
    const last = out[out.length - 1];
    if (last && p - last[last.length - 1]! <= 1) last.push(p);
    else out.push([p]);
  }
  return out;
}

/** Adjacent rows (or columns) of one thick rule reported once, at their middle. */
function centres(runs: Map<number, number>): number[] {
  return groups(runs).map((group) => Math.round((group[0]! + group[group.length - 1]!) / 2));
}

/** Clears the ink within a rule's thickness of every crossing (it is the two rules' overlap, wider than either alone). */
function clearCrossings(image: GreyImage, inRun: Uint8Array, reach: number): void {
  const { width, height } = image;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (inRun[y * width + x] !== 3) continue;
      for (let dy = -reach; dy <= reach; dy += 1)
        for (let dx = -reach; dx <= reach; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < height && xx >= 0 && xx < width && inRun[yy * width + xx]) image.data[yy * width + xx] = 255;
        }
    }
  }
}
