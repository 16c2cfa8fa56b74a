/**
 * Step 2 of the reader (ADR 043): straighten the text lines and even out the light.
 * - Skew: the angle (within ±15°) at which the dark pixels' row profile is the most peaked: text
 *   lines then fall into few rows, the gaps between them into empty ones (projection profile).
 * - Light: the paper's brightness is estimated as a smooth local maximum (text is thin and dark) and
 *   every pixel divided by it, which removes shading and most of a glare's gradient; then each pixel
 *   is compared with its neighbourhood's mean (adaptive threshold).
 */
import { greyImage, sample, scaleGrey, type GreyImage } from './image';

export const MAX_SKEW_DEGREES = 15;

/** Integral image (summed-area table) with one extra row and column of zeros. */
function integral(image: GreyImage): Float64Array {
  const { width, height, data } = image;
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += data[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  return sums;
}

function boxMean(sums: Float64Array, width: number, height: number, x: number, y: number, radius: number): number {
  const x0 = Math.max(0, x - radius);
  const y0 = Math.max(0, y - radius);
  const x1 = Math.min(width, x + radius + 1);
  const y1 = Math.min(height, y + radius + 1);
  const w = width + 1;
  return (sums[y1 * w + x1]! - sums[y0 * w + x1]! - sums[y1 * w + x0]! + sums[y0 * w + x0]!) / ((x1 - x0) * (y1 - y0));
}

/**
 * Pixels darker than their neighbourhood's mean by `offset`: 0 (ink) or 255 (paper). The window is
 * `radius` pixels each side.
 */
export function adaptiveThreshold(image: GreyImage, radius: number, offset = 12): GreyImage {
  const { width, height, data } = image;
  const sums = integral(image);
  const out = greyImage(width, height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      out.data[i] = data[i]! < boxMean(sums, width, height, x, y, radius) - offset ? 0 : 255;
    }
  }
  return out;
}

/** The skew of the text lines in degrees (positive: the lines go down to the right). */
export function estimateSkew(image: GreyImage): number {
  const factor = Math.min(1, 700 / image.width);
  const small = factor < 1 ? scaleGrey(image, factor) : image;
  const ink = adaptiveThreshold(small, Math.max(8, Math.round(small.width / 40)), 15);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < ink.height; y += 1) {
    for (let x = 0; x < ink.width; x += 1) {
      if (ink.data[y * ink.width + x] === 0) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return 0;
  const diagonal = Math.ceil(Math.hypot(ink.width, ink.height));
  const bins = new Float64Array(diagonal * 2 + 2);
  const score = (degrees: number) => {
    const radians = (degrees * Math.PI) / 180;
    const sin = Math.sin(radians);
    const cos = Math.cos(radians);
    bins.fill(0);
    for (let i = 0; i < xs.length; i += 1) bins[Math.round(ys[i]! * cos - xs[i]! * sin) + diagonal]! += 1;
    let total = 0;
    for (const count of bins) total += count * count;
    return total;
  };
  let best = 0;
  let bestScore = -1;
  for (let d = -MAX_SKEW_DEGREES; d <= MAX_SKEW_DEGREES; d += 0.5) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.4; d <= coarse + 0.4; d += 0.1) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Math.round(best * 10) / 10;
}

/** The image turned by `degrees` around its centre (counter-clockwise for positive), on a canvas that holds it all, white around. */
export function rotate(image: GreyImage, degrees: number): GreyImage {
  if (degrees === 0) return image;
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const width = Math.ceil(Math.abs(image.width * cos) + Math.abs(image.height * sin));
  const height = Math.ceil(Math.abs(image.width * sin) + Math.abs(image.height * cos));
  const out = greyImage(width, height);
  const cx = (image.width - 1) / 2;
  const cy = (image.height - 1) / 2;
  const ox = (width - 1) / 2;
  const oy = (height - 1) / 2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = x - ox;
      const dy = y - oy;
      out.data[y * width + x] = sample(image, cx + dx * cos - dy * sin, cy + dx * sin + dy * cos);
    }
  }
  return out;
}

/** The text made level: rotated against its measured skew. */
export function deskew(image: GreyImage): { image: GreyImage; degrees: number } {
  const degrees = estimateSkew(image);
  return { image: Math.abs(degrees) < 0.3 ? image : rotate(image, degrees), degrees };
}

/**
 * Brightness evened out: each pixel divided by the paper's local brightness (a local maximum over
 * blocks, smoothed), so the paper is white (255) everywhere and ink keeps its contrast.
 */
export function evenLight(image: GreyImage): GreyImage {
  const block = Math.max(8, Math.round(Math.max(image.width, image.height) / 60));
  const bw = Math.ceil(image.width / block);
  const bh = Math.ceil(image.height / block);
  const maxima = greyImage(bw, bh, 0);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const b = Math.floor(y / block) * bw + Math.floor(x / block);
      const v = image.data[y * image.width + x]!;
      if (v > maxima.data[b]!) maxima.data[b] = v;
    }
  }
  // The brightest of each block's neighbours (text larger than a block), then a blur.
  const dilated = greyImage(bw, bh, 0);
  for (let y = 0; y < bh; y += 1) {
    for (let x = 0; x < bw; x += 1) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy >= 0 && yy < bh && xx >= 0 && xx < bw) m = Math.max(m, maxima.data[yy * bw + xx]!);
        }
      dilated.data[y * bw + x] = m;
    }
  }
  const sums = integral(dilated);
  const smooth = greyImage(bw, bh, 0);
  for (let y = 0; y < bh; y += 1) for (let x = 0; x < bw; x += 1) smooth.data[y * bw + x] = boxMean(sums, bw, bh, x, y, 1);
  const out = greyImage(image.width, image.height);
  for (let y = 0; y < image.height; y += 1) {
    const by = Math.min(bh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    for (let x = 0; x < image.width; x += 1) {
      const background = Math.max(24, sample(smooth, Math.min(bw - 1, Math.max(0, (x + 0.5) / block - 0.5)), by));
      out.data[y * image.width + x] = (image.data[y * image.width + x]! * 255) / background;
    }
  }
  return out;
}

/** How far a blurred page's edges are pushed (unsharp mask): each pixel plus this much of its difference from its neighbourhood's mean. */
export const SHARPEN_AMOUNT = 1.5;
/** The neighbourhood's radius for sharpening, in pixels of the page brought to the OCR's width (a stroke is 2–4 px wide). */
export const SHARPEN_RADIUS = 3;

/**
 * The page sharpened (unsharp mask): each pixel moved away from its neighbourhood's mean by `amount`
 * times its difference from it, so a blurred photo's soft strokes get hard edges again. Pure white
 * (paper, or a rule painted out) stays white. Used for a second look at a page whose first reading
 * found little (second-look.ts).
 */
export function sharpen(image: GreyImage, radius = SHARPEN_RADIUS, amount = SHARPEN_AMOUNT): GreyImage {
  const { width, height, data } = image;
  const sums = integral(image);
  const out = greyImage(width, height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const value = data[i]!;
      out.data[i] = value === 255 ? 255 : value + amount * (value - boxMean(sums, width, height, x, y, radius));
    }
  return out;
}
