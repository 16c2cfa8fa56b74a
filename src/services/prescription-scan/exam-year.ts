/**
 * The exam date's year where OCR lost or misread it (ADR 043, step 6, "The exam date's year"): a
 * handwritten year is what the model misreads most ("2026" read as "ZOZG", "2826", "2075"), while the
 * rules accept an exam date only within EXAM_VALIDITY_YEARS before today and never after it
 * (rules/eyewear/prescription.ts). So a day and month read whose year is lost take the latest year
 * that puts the exam in that window, and a year with one digit misread the one year of the window a
 * digit away from it. Both are guesses: the date stays marked for the shopper to check. Pure.
 */
import { oldestExamDate } from '../../../rules/eyewear/prescription';
import type { DateOrder } from './read-layout';

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const isDate = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** The years, latest first, in which this day and month make an exam date the rules accept on `today`. */
export function examYears(month: number, day: number, today: string): number[] {
  const oldest = oldestExamDate(today);
  const latest = Number(today.slice(0, 4));
  return [latest, latest - 1, latest - 2].filter((year) => {
    const text = iso(year, month, day);
    return isDate(text) && text <= today && text >= oldest;
  });
}

/** An exam date (YYYY-MM-DD) outside the rules' window whose year is one digit from exactly one year that brings it in; else null. */
export function examDateYearFixed(text: string, today: string): string | null {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text);
  if (!match || (text <= today && text >= oldestExamDate(today))) return null;
  const [year, month, day] = [match[1]!, Number(match[2]), Number(match[3])];
  const near = examYears(month, day, today).filter((y) => [...String(y)].filter((digit, i) => digit !== year[i]).length === 1);
  return near.length === 1 ? iso(near[0]!, month, day) : null;
}

/**
 * A date line read as a day and a month whose year was lost ("30-07-", "09/08/", "30-07-10"): the
 * date in the latest year the rules' window allows, in the paper's order; null when the text is not
 * a day and a month or no year of the window fits.
 */
export function dateWithoutYear(text: string, order: DateOrder, today: string): { text: string; ambiguous: boolean } | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})(?:[/.-]\d{0,3})?$/.exec(text.trim());
  if (!match) return null;
  const [a, b] = [Number(match[1]), Number(match[2])];
  let [day, month] = order === 'dmy' ? [a, b] : [b, a];
  if (month > 12 && day <= 12) [day, month] = [month, day];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const year = examYears(month, day, today)[0];
  return year === undefined ? null : { text: iso(year, month, day), ambiguous: a <= 12 && b <= 12 && a !== b };
}
