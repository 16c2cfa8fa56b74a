// ADR 043, step 2: text lines made level (rotations up to 15°), the light evened out, ink binarised.
import { describe, expect, it } from 'vitest';
import { adaptiveThreshold, deskew, estimateSkew, evenLight, rotate, sharpen } from './clean-image';
import { greyImage } from './image';
import { darkPixels, fillRect, textLines } from './test-images';

describe('cleaning the page (ADR 043)', () => {
  it.each([-12, -4, 0, 7, 14])('measures a skew of %i°', (degrees) => {
    const skewed = rotate(textLines(420, 300), -degrees);
    expect(Math.abs(estimateSkew(skewed) - degrees)).toBeLessThanOrEqual(0.6);
  });

  it('levels skewed text', () => {
    const { image, degrees } = deskew(rotate(textLines(420, 300), -9));
    expect(Math.abs(degrees - 9)).toBeLessThanOrEqual(0.6);
    expect(Math.abs(estimateSkew(image))).toBeLessThanOrEqual(0.6);
  });

  it('evens out shading: paper is white in the dark corner and the ink stays dark', () => {
    const image = greyImage(240, 160);
    for (let y = 0; y < 160; y += 1) for (let x = 0; x < 240; x += 1) image.data[y * 240 + x] = 110 + Math.round((x / 240) * 130);
    fillRect(image, 20, 70, 40, 80, 40);
    fillRect(image, 200, 70, 220, 80, 80);
    const even = evenLight(image);
    expect(even.data[10 * 240 + 10]).toBeGreaterThan(235);
    expect(even.data[10 * 240 + 230]).toBeGreaterThan(235);
    expect(even.data[75 * 240 + 30]).toBeLessThan(120);
    expect(even.data[75 * 240 + 210]).toBeLessThan(120);
  });

  it('binarises ink against its neighbourhood', () => {
    const image = greyImage(100, 60, 200);
    fillRect(image, 0, 0, 50, 60, 120);
    fillRect(image, 10, 20, 20, 30, 60);
    fillRect(image, 70, 20, 80, 30, 130);
    const binary = adaptiveThreshold(image, 10, 12);
    expect(darkPixels(binary, 10, 20, 20, 30)).toBe(100);
    expect(darkPixels(binary, 70, 20, 80, 30)).toBe(100);
    // the darker half's plain paper is not ink
    expect(darkPixels(binary, 25, 40, 38, 55)).toBe(0);
  });

  it('sharpens a blurred stroke: its edges get steeper, its core darker, and white paper stays white (step 5d)', () => {
    // A stroke 4 px wide blurred into a ramp of greys, on white paper.
    const image = greyImage(60, 20);
    const profile = [255, 255, 230, 190, 150, 110, 90, 90, 90, 90, 110, 150, 190, 230, 255, 255];
    for (let y = 0; y < 20; y += 1) profile.forEach((value, i) => (image.data[y * 60 + 20 + i] = value));
    const sharp = sharpen(image, 3, 1.5);
    const at = (img: typeof image, x: number) => img.data[10 * 60 + x]!;
    expect(at(sharp, 27)).toBeLessThan(at(image, 27)); // the core darker
    expect(at(sharp, 23) - at(sharp, 25)).toBeGreaterThan(at(image, 23) - at(image, 25)); // the edge steeper
    expect(at(sharp, 22)).toBeGreaterThan(at(image, 22)); // the halo lighter
    expect(at(sharp, 5)).toBe(255);
    expect(at(sharp, 35)).toBe(255);
  });
});
