// ADR 043: the reader's steps pass plain grey images; these helpers are shared by every step.
import { describe, expect, it } from 'vitest';
import { encodePgm, greyImage, otsuThreshold, sample, scaleGrey, toGrey } from './image';
import { fillRect } from './test-images';

describe('reader images (ADR 043)', () => {
  it('turns RGBA into luma', () => {
    const rgba = { width: 2, height: 1, data: new Uint8ClampedArray([255, 255, 255, 255, 255, 0, 0, 255]) };
    expect([...toGrey(rgba).data]).toEqual([255, 76]);
  });

  it('samples between pixels and reads white outside', () => {
    const image = { width: 2, height: 1, data: new Uint8ClampedArray([0, 200]) };
    expect(sample(image, 0.5, 0)).toBe(100);
    expect(sample(image, -1, 0)).toBe(255);
  });

  it('shrinks by averaging and grows by interpolating', () => {
    const image = greyImage(4, 4);
    fillRect(image, 0, 0, 2, 4, 0);
    const half = scaleGrey(image, 0.5);
    expect(half.width).toBe(2);
    expect([...half.data]).toEqual([0, 255, 0, 255]);
    expect(scaleGrey(image, 2).width).toBe(8);
  });

  it("splits ink from paper with Otsu's threshold", () => {
    const image = greyImage(10, 10, 220);
    fillRect(image, 0, 0, 10, 3, 30);
    const t = otsuThreshold(image);
    expect(t).toBeGreaterThanOrEqual(30);
    expect(t).toBeLessThan(220);
  });

  it('encodes a binary PGM Tesseract can read', () => {
    const file = encodePgm({ width: 3, height: 2, data: new Uint8ClampedArray([1, 2, 3, 4, 5, 6]) });
    const header = 'P5\n3 2\n255\n';
    expect(new TextDecoder().decode(file.subarray(0, header.length))).toBe(header);
    expect([...file.subarray(header.length)]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
