// ADR 043, step 3: a ruled table's rules removed, the digits touching them kept.
import { describe, expect, it } from 'vitest';
import { greyImage } from './image';
import { removeLines } from './remove-lines';
import { darkPixels, fillRect } from './test-images';

function table() {
  const image = greyImage(300, 200);
  fillRect(image, 10, 100, 290, 103, 0); // horizontal rule, 3 px
  fillRect(image, 150, 10, 153, 190, 0); // vertical rule
  fillRect(image, 40, 80, 46, 120, 0); // a digit's stroke crossing the horizontal rule
  fillRect(image, 60, 70, 90, 90, 0); // a digit sitting above it
  return image;
}

describe('removing table rules (ADR 043)', () => {
  it('clears both rules and reports where they were', () => {
    const { image, rows, columns } = removeLines(table(), { minLength: 60, maxThickness: 4 });
    expect(rows).toEqual([101]);
    expect(columns).toEqual([151]);
    expect(darkPixels(image, 100, 99, 140, 104)).toBe(0);
    expect(darkPixels(image, 149, 20, 154, 60)).toBe(0);
    // the crossing of the two rules is gone too
    expect(darkPixels(image, 146, 96, 158, 108)).toBe(0);
  });

  it("reports each vertical rule's reach, from its top to its bottom", () => {
    const image = table();
    fillRect(image, 240, 30, 244, 170, 0); // a second vertical rule, 4 px thick
    expect(removeLines(image, { minLength: 60, maxThickness: 4 }).columnSpans).toEqual([
      { x: 151, y0: 10, y1: 189 },
      { x: 242, y0: 30, y1: 169 },
    ]);
  });

  it('keeps the stroke that crosses a rule whole, and the digit beside it', () => {
    const { image } = removeLines(table(), { minLength: 60, maxThickness: 4 });
    expect(darkPixels(image, 40, 80, 46, 120)).toBe(6 * 40);
    expect(darkPixels(image, 60, 70, 90, 90)).toBe(30 * 20);
  });

  it("removes a form box's short sides when vertical rules may be short", () => {
    const image = greyImage(200, 120);
    fillRect(image, 20, 20, 180, 22, 0);
    fillRect(image, 20, 80, 180, 82, 0);
    fillRect(image, 20, 20, 22, 82, 0);
    fillRect(image, 178, 20, 180, 82, 0);
    fillRect(image, 90, 40, 100, 60, 0); // the handwritten digit inside
    const { image: out } = removeLines(image, { minLength: 100, minHeight: 40, maxThickness: 4 });
    expect(darkPixels(out, 0, 0, 200, 120)).toBe(10 * 20);
  });

  it('leaves text with no long runs untouched', () => {
    const image = greyImage(120, 40);
    fillRect(image, 10, 10, 30, 30, 0);
    fillRect(image, 40, 10, 60, 30, 0);
    expect(removeLines(image, { minLength: 60, maxThickness: 4 }).image.data).toEqual(image.data);
  });
});
