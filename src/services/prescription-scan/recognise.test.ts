// ADR 043, step 4: Tesseract's nested answer flattened into words with boxes, confidences and lines.
import { describe, expect, it } from 'vitest';
import { OCR_PARAMETERS, wordsOf } from './recognise';

const word = (text: string, x0: number, confidence = 90) => ({ text, confidence, bbox: { x0, y0: 10, x1: x0 + 20, y1: 30 } });

describe('recognising words (ADR 043)', () => {
  it('flattens blocks, paragraphs and lines into words, numbering the lines and dropping empty words', () => {
    const words = wordsOf([
      { paragraphs: [{ lines: [{ words: [word('OD', 0), word(' ', 30)] }, { words: [word('-2.25', 40, 61)] }] }] },
      { paragraphs: [{ lines: [{ words: [word('180', 80)] }] }] },
    ]);
    expect(words).toEqual([
      { text: 'OD', confidence: 90, x0: 0, y0: 10, x1: 20, y1: 30, line: 0 },
      { text: '-2.25', confidence: 61, x0: 40, y0: 10, x1: 60, y1: 30, line: 1 },
      { text: '180', confidence: 90, x0: 80, y0: 10, x1: 100, y1: 30, line: 2 },
    ]);
  });

  it('reads the page as sparse text, so the cells of a table whose rules were removed are each found', () => {
    expect(OCR_PARAMETERS.tessedit_pageseg_mode).toBe('11');
  });
});
