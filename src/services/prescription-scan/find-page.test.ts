// ADR 043, step 1: the paper found on a darker desk and seen square on.
import { describe, expect, it } from 'vitest';
import { applyHomography, correctPerspective, findPage, homography, straightenPage } from './find-page';
import { greyImage } from './image';
import { darkPixels, fillQuad, fillRect } from './test-images';

const corners = { topLeft: { x: 60, y: 40 }, topRight: { x: 250, y: 60 }, bottomRight: { x: 240, y: 230 }, bottomLeft: { x: 40, y: 200 } };

function photo() {
  const image = greyImage(300, 260, 70);
  fillQuad(image, [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft], 235);
  return image;
}

describe('finding the page (ADR 043)', () => {
  it('finds the four corners of a tilted sheet on a desk', () => {
    const quad = findPage(photo());
    expect(quad).not.toBeNull();
    for (const key of ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'] as const) {
      expect(Math.abs(quad![key].x - corners[key].x)).toBeLessThan(4);
      expect(Math.abs(quad![key].y - corners[key].y)).toBeLessThan(4);
    }
  });

  it('finds no page when the photo is all paper, or the bright part is too small', () => {
    expect(findPage(greyImage(200, 150, 240))).toBeNull();
    const speck = greyImage(200, 150, 60);
    fillRect(speck, 10, 10, 30, 30, 250);
    expect(findPage(speck)).toBeNull();
    expect(correctPerspective(speck).quad).toBeNull();
  });

  it('maps each corner onto its target with the homography', () => {
    const from = [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft];
    const to = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 80 },
      { x: 0, y: 80 },
    ];
    const h = homography(from, to);
    from.forEach((p, i) => {
      const q = applyHomography(h, p);
      expect(q.x).toBeCloseTo(to[i]!.x, 6);
      expect(q.y).toBeCloseTo(to[i]!.y, 6);
    });
  });

  it('straightens the sheet: the result is paper, with no desk left in it', () => {
    const image = photo();
    const page = straightenPage(image, findPage(image)!);
    expect(page.width).toBeGreaterThan(180);
    expect(page.height).toBeGreaterThan(150);
    // The desk (70) would read as ink; a few blurred edge pixels at most.
    expect(darkPixels(page, 0, 0, page.width, page.height, 128)).toBeLessThan(page.width * page.height * 0.03);
  });
});
