/** Small synthetic images for the reader's unit tests (ADR 043): paper, ink bars, a desk around. */
import { greyImage, type GreyImage } from './image';
import type { LayoutReading } from './read-layout';

/** A layout reading with nothing found, but the parts given. */
export const layoutReading = (parts: Partial<LayoutReading> = {}): LayoutReading => ({
  od: {},
  os: {},
  pd: [],
  pdRight: [],
  pdLeft: [],
  examDate: [],
  foundTable: false,
  ...parts,
});

export function fillRect(image: GreyImage, x0: number, y0: number, x1: number, y1: number, value: number): void {
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y += 1)
    for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x += 1) image.data[y * image.width + x] = value;
}

/** A quadrilateral filled with `value` (points in order, convex), by testing each pixel against its edges. */
export function fillQuad(image: GreyImage, points: readonly { x: number; y: number }[], value: number): void {
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      let inside = true;
      for (let i = 0; i < points.length && inside; i += 1) {
        const a = points[i]!;
        const b = points[(i + 1) % points.length]!;
        if ((b.x - a.x) * (y + 0.5 - a.y) - (b.y - a.y) * (x + 0.5 - a.x) < 0) inside = false;
      }
      if (inside) image.data[y * image.width + x] = value;
    }
  }
}

/** "Text": rows of short dark bars on white, like words on lines. */
export function textLines(width: number, height: number, lineGap = 24, barHeight = 8): GreyImage {
  const image = greyImage(width, height);
  for (let y = lineGap; y + barHeight < height - lineGap / 2; y += lineGap)
    for (let x = 20; x + 30 < width - 20; x += 45) fillRect(image, x, y, x + 30, y + barHeight, 20);
  return image;
}

export function darkPixels(image: GreyImage, x0 = 0, y0 = 0, x1 = image.width, y1 = image.height, below = 128): number {
  let count = 0;
  for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) if (image.data[y * image.width + x]! < below) count += 1;
  return count;
}
