// ADR 043, step 5c ("A second reading of the PD and the exam date"): the PD and the exam date outside
// the table, found by their labels, are cut out after the label and read again; what the second
// reading gives never hides a doubt the page's reading had.
import { describe, expect, it } from 'vitest';
import { greyImage } from './image';
import { interpret, MIN_CONFIDENCE } from './interpret';
import { dateLineValue, linesToReread, pdLineValue, valueBox, withLineReads } from './label-lines';
import { readLayout } from './read-layout';
import { readPage } from './read-page';
import type { OcrWord } from './recognise';
import { fillRect, layoutReading } from './test-images';

const TODAY = '2026-12-02';
const word = (text: string, x0: number, y0: number, confidence = 95): OcrWord => ({
  text,
  confidence,
  x0,
  y0,
  x1: x0 + text.length * 14,
  y1: y0 + 28,
  line: 0,
});
const layout = layoutReading;

/** A page with a "PD:" label at (20, 300) and a value's ink after it, and the next line's ink below. */
function pdPage() {
  const page = greyImage(1000, 600);
  fillRect(page, 20, 300, 60, 328, 20); // the label
  fillRect(page, 90, 302, 150, 328, 20); // the value
  fillRect(page, 20, 340, 400, 368, 20); // the next line
  return page;
}

describe('a second reading of the PD and the exam date (ADR 043)', () => {
  it("says where a PD's and an exam date's values stand after their labels", () => {
    const reading = readLayout([
      word('Patient:', 20, 100),
      word('A.', 150, 100),
      word('Jensen', 190, 100),
      word('DOB:', 300, 100),
      word('01/02/1980', 370, 100),
      word('Date', 600, 100),
      word('of', 670, 100),
      word('exam:', 710, 100, 90),
      word('PD', 20, 300),
      word('R/L:', 60, 300),
    ]);
    expect(reading.lines?.examDate).toEqual({ x0: 780, y0: 100, y1: 128 });
    expect(reading.lines?.pd).toMatchObject({ x0: 116, y0: 300, y1: 328, perEye: true });
    // The birth date's line ends where the exam date's label begins.
    const meta = readLayout([word('Datum:', 20, 100), word('Geburtsdatum:', 400, 100), word('01.02.1980', 600, 100)]);
    expect(meta.lines?.examDate).toEqual({ x0: 104, x1: 400, y0: 100, y1: 128 });
  });

  it("cuts out the value's ink after the label, not the next line's", () => {
    const page = pdPage();
    const box = valueBox(page, { x0: 60, y0: 300, y1: 328 })!;
    expect(box.x0).toBeGreaterThanOrEqual(62);
    expect(box.x0).toBeLessThan(90);
    expect(box.x1).toBeGreaterThan(150);
    expect(box.x1).toBeLessThan(170);
    expect(box.y1).toBeLessThan(340);
    expect(box.y0).toBeLessThanOrEqual(300);
    // Nothing after the label: nothing to read.
    expect(valueBox(greyImage(1000, 600), { x0: 60, y0: 300, y1: 328 })).toBeNull();
  });

  it('reads again only the lines whose value was missed or marked', () => {
    const page = pdPage();
    const lines = { pd: { x0: 60, y0: 300, y1: 328 } };
    const missed = layout({ lines });
    expect(linesToReread(page, missed, interpret(missed, { today: TODAY })).map((l) => l.field)).toEqual(['pd']);
    const sure = layout({ lines, pd: [{ text: '64', confidence: 95 }] });
    expect(linesToReread(page, sure, interpret(sure, { today: TODAY }))).toEqual([]);
    const marked = layout({ lines, pd: [{ text: '64', confidence: 40 }] });
    expect(linesToReread(page, marked, interpret(marked, { today: TODAY })).map((l) => l.field)).toEqual(['pd']);
  });

  it('reads a PD line as one PD, or two on a line whose label names the eyes', () => {
    const words = (...texts: string[]) => texts.map((text) => ({ text, confidence: 90 }));
    expect(pdLineValue(words('64', 'mm'), false)).toEqual({ pd: { text: '64', confidence: 90, reread: true } });
    expect(pdLineValue(words('31,5/32'), true)).toEqual({
      right: { text: '31.5', confidence: 90, reread: true },
      left: { text: '32', confidence: 90, reread: true },
    });
    // "315" for "31,5": the comma put back, the value marked.
    const lost = pdLineValue(words('315/315'), true)!;
    expect(lost.right?.text).toBe('31.5');
    expect(lost.right!.confidence).toBeLessThan(MIN_CONFIDENCE);
    // One value where the label names two eyes, a stray digit: not a PD line's reading.
    expect(pdLineValue(words('37'), true)).toBeNull();
    expect(pdLineValue(words('3/38'), true)).toBeNull();
  });

  it('reads a date line in the order the paper writes dates, marking one whose separators or digits were lost', () => {
    const words = (...texts: string[]) => texts.map((text) => ({ text, confidence: 90 }));
    expect(dateLineValue(words('17/07/2025'), { order: 'dmy', sure: true })).toEqual({ text: '2025-07-17', confidence: 90, reread: true });
    expect(dateLineValue(words('04/05/2025'), { order: 'dmy', sure: false })).toMatchObject({ text: '2025-05-04', ambiguous: true });
    expect(dateLineValue(words('25092025'), { order: 'dmy', sure: true })!.confidence).toBeLessThan(MIN_CONFIDENCE);
    // A handwritten "18/11/2026" read as "18/1/2026".
    expect(dateLineValue(words('18/1/2026'), { order: 'dmy', sure: true })!.confidence).toBeLessThan(MIN_CONFIDENCE);
    expect(dateLineValue(words('16//'), { order: 'dmy', sure: true })).toBeNull();
  });

  it("gives a missed field the second reading alone, and keeps the page's reading first where it read one", () => {
    const second = { text: '2025-07-17', confidence: 90, reread: true };
    expect(withLineReads(layout({}), { examDate: second }).examDate).toEqual([second]);
    const page = { text: '2028-07-17', confidence: 50 };
    const joined = withLineReads(layout({ examDate: [page] }), { examDate: second });
    expect(joined.examDate).toEqual([page, second]);
    expect(interpret(joined, { today: TODAY }).unsure).toContain('examDate');
  });

  it('fills a PD the page missed from the line read again, grey when the binarised line reads as nothing', async () => {
    const page = pdPage();
    // The page's reading found the label, not its value ("§7").
    const words = [word('PD:', 20, 300), word('§7', 90, 300, 60)];
    const calls: boolean[] = [];
    const reading = await readPage(
      page,
      words,
      async (image) => {
        // The grey cut-out holds mid greys; the binarised one only black and white.
        const grey = image.data.some((v) => v > 0 && v < 255);
        calls.push(grey);
        return grey ? [word('57', 20, 20, 88)] : [];
      },
      { today: TODAY },
    );
    expect(calls).toEqual([false, true]);
    expect(reading.draft.pd).toBe('57');
    // One reading of a PD is not two that agree ("Two readings of a value before it is sure"): the shopper checks it.
    expect(reading.unsure).toContain('pd');
  });
});
