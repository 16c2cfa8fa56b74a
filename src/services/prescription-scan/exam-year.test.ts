// ADR 043, step 6 ("The exam date's year"): a year OCR lost or misread is taken from the rules'
// window (an exam within two years before today, never after), and the date stays marked.
import { describe, expect, it } from 'vitest';
import { dateWithoutYear, examDateYearFixed, examYears } from './exam-year';
import { interpret } from './interpret';
import { dateLineValue } from './label-lines';
import { MIN_CONFIDENCE } from './interpret';
import type { LayoutReading } from './read-layout';

const TODAY = '2026-12-03';
const word = (text: string) => ({ text, confidence: 90, x0: 0, y0: 0, x1: 10, y1: 10 });

describe("the exam date's year (ADR 043)", () => {
  it('lists the years the rules accept for a day and month, latest first', () => {
    expect(examYears(7, 30, TODAY)).toEqual([2026, 2025]);
    expect(examYears(12, 24, TODAY)).toEqual([2025, 2024]);
    expect(examYears(2, 29, TODAY)).toEqual([]);
  });

  it('fixes a year with one digit misread when exactly one year of the window is a digit away', () => {
    expect(examDateYearFixed('2075-11-05', TODAY)).toBe('2025-11-05');
    expect(examDateYearFixed('2826-06-18', TODAY)).toBe('2026-06-18');
    expect(examDateYearFixed('2028-07-17', TODAY)).toBeNull(); // 2025 or 2026
    expect(examDateYearFixed('2025-11-05', TODAY)).toBeNull(); // already in the window
    expect(examDateYearFixed('1998-03-13', TODAY)).toBeNull();
  });

  it('dates a day and month whose year was lost in the latest year the window allows', () => {
    expect(dateWithoutYear('30-07-', 'dmy', TODAY)).toEqual({ text: '2026-07-30', ambiguous: false });
    expect(dateWithoutYear('30-07-10', 'dmy', TODAY)).toEqual({ text: '2026-07-30', ambiguous: false });
    expect(dateWithoutYear('12/24/', 'mdy', TODAY)).toEqual({ text: '2025-12-24', ambiguous: false });
    expect(dateWithoutYear('8/1', 'dmy', TODAY)).toEqual({ text: '2026-01-08', ambiguous: true });
    expect(dateWithoutYear('30-07-2026', 'dmy', TODAY)).toBeNull();
    expect(dateWithoutYear('//', 'dmy', TODAY)).toBeNull();
  });

  it('reads a date line whose year was lost under the marking threshold, and only with today', () => {
    const read = dateLineValue([word('30-07-')], { order: 'dmy', sure: true, today: TODAY });
    expect(read).toMatchObject({ text: '2026-07-30' });
    expect(read!.confidence).toBeLessThan(MIN_CONFIDENCE);
    expect(dateLineValue([word('30-07-')], { order: 'dmy', sure: true })).toBeNull();
  });

  it('marks the exam date whose year interpret fixed', () => {
    const layout: LayoutReading = { od: {}, os: {}, pd: [], pdRight: [], pdLeft: [], examDate: [{ text: '2075-11-05', confidence: 95 }], foundTable: true };
    const reading = interpret(layout, { today: TODAY });
    expect(reading.draft.examDate).toBe('2025-11-05');
    expect(reading.unsure).toContain('examDate');
  });
});
