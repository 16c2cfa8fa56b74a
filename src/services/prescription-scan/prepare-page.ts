/**
 * Steps 1–3 of the reader (ADR 043) in order, on a grey photo: the paper found and straightened,
 * brought to the width Tesseract reads best at, levelled, its light evened out, binarised, and its
 * table rules removed. Pure: the browser and the benchmark's Node harness run the same code.
 */
import { adaptiveThreshold, deskew, evenLight } from './clean-image';
import { correctPerspective, type Quad } from './find-page';
import { scaleGrey, type GreyImage } from './image';
import { removeLines, type LineRemoval } from './remove-lines';

/** The paper's width for OCR: printed text of a slip is then 25–35 px tall, where Tesseract's LSTM model reads best. */
export const PAGE_WIDTH = 1400;

/** After the light is evened out, ink is darker than this; lighter greys are drawn as paper. */
export const LIGHT_GREY = 225;

export interface PreparedPage {
  /**
   * What Tesseract reads: the evened-out grey page with the rules found on its binary copy painted
   * white. Grey, not binary: Tesseract's LSTM reads grey text lines, and a threshold of a blurred
   * photo fills small letters in.
   */
  image: GreyImage;
  quad: Quad | null;
  skewDegrees: number;
  /** Where the rules removed stood: y of each horizontal one, x of each vertical one (a ruled table's grid, ruled-grid.ts). */
  rules: Pick<LineRemoval, 'rows' | 'columns' | 'columnSpans'>;
}

export function preparePage(photo: GreyImage, onStep: (step: 'finding-page' | 'cleaning') => void = () => {}): PreparedPage {
  onStep('finding-page');
  const page = correctPerspective(photo);
  onStep('cleaning');
  const sized = scaleGrey(page.image, PAGE_WIDTH / page.image.width);
  const levelled = deskew(sized);
  const even = evenLight(levelled.image);
  const binary = adaptiveThreshold(even, Math.round(PAGE_WIDTH / 50), 18);
  const { image: lineless, rows, columns, columnSpans } = removeLines(binary);
  const image = { width: even.width, height: even.height, data: new Uint8ClampedArray(even.data) };
  for (let i = 0; i < image.data.length; i += 1) {
    // Rules removed; very light greys (the paper's texture, what is left of a glare) are paper.
    if ((binary.data[i] === 0 && lineless.data[i] === 255) || image.data[i]! > LIGHT_GREY) image.data[i] = 255;
  }
  return { image, quad: page.quad, skewDegrees: levelled.degrees, rules: { rows, columns, columnSpans } };
}
