/**
 * The images the prescription reader's steps pass to each other: one byte a pixel (grey, 0 black …
 * 255 white) or four (RGBA, as a canvas gives them), plain arrays so every step is a pure function
 * that vitest runs in Node (ADR 043).
 */

export interface GreyImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface Point {
  x: number;
  y: number;
}

export function greyImage(width: number, height: number, fill = 255): GreyImage {
  return { width, height, data: new Uint8ClampedArray(width * height).fill(fill) };
}

/** Luma (ITU-R BT.601) of an RGBA image. */
export function toGrey(image: RgbaImage): GreyImage {
  const out = greyImage(image.width, image.height, 0);
  const { data } = image;
  for (let i = 0, j = 0; j < out.data.length; i += 4, j += 1) {
    out.data[j] = (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000;
  }
  return out;
}

/** The grey value at a fractional position (bilinear), white outside the image. */
export function sample(image: GreyImage, x: number, y: number): number {
  const { width, height, data } = image;
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return 255;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = x - x0;
  const fy = y - y0;
  const top = data[y0 * width + x0]! * (1 - fx) + data[y0 * width + x1]! * fx;
  const bottom = data[y1 * width + x0]! * (1 - fx) + data[y1 * width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Resized by `factor` (area average when shrinking, bilinear when growing). */
export function scaleGrey(image: GreyImage, factor: number): GreyImage {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const out = greyImage(width, height, 0);
  if (factor >= 1) {
    for (let y = 0; y < height; y += 1) {
      const sy = Math.min(image.height - 1, (y + 0.5) / factor - 0.5);
      for (let x = 0; x < width; x += 1)
        out.data[y * width + x] = sample(image, Math.min(image.width - 1, Math.max(0, (x + 0.5) / factor - 0.5)), Math.max(0, sy));
    }
    return out;
  }
  const sums = new Float64Array(width * height);
  const counts = new Uint32Array(width * height);
  for (let y = 0; y < image.height; y += 1) {
    const ty = Math.min(height - 1, Math.floor(y * factor));
    for (let x = 0; x < image.width; x += 1) {
      const t = ty * width + Math.min(width - 1, Math.floor(x * factor));
      sums[t]! += image.data[y * image.width + x]!;
      counts[t]! += 1;
    }
  }
  for (let i = 0; i < out.data.length; i += 1) out.data[i] = counts[i] ? sums[i]! / counts[i]! : 255;
  return out;
}

/** Otsu's threshold: the grey level that best splits the histogram in two. */
export function otsuThreshold(image: GreyImage): number {
  const histogram = new Float64Array(256);
  for (const value of image.data) histogram[value]! += 1;
  const total = image.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i += 1) sumAll += i * histogram[i]!;
  let sumBelow = 0;
  let countBelow = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t += 1) {
    countBelow += histogram[t]!;
    if (countBelow === 0) continue;
    const countAbove = total - countBelow;
    if (countAbove === 0) break;
    sumBelow += t * histogram[t]!;
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sumAll - sumBelow) / countAbove;
    const between = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The image as a binary PGM file (P5), which Tesseract's image reader (Leptonica) takes as it is. */
export function encodePgm(image: GreyImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const file = new Uint8Array(header.length + image.data.length);
  file.set(header, 0);
  file.set(image.data, header.length);
  return file;
}
