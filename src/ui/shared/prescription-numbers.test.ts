import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatDioptres, formatEyeSummary, formatMillimetres } from './prescription-numbers';

describe("prescription numbers in the store view's language", () => {
  it('English keeps "-2.25", "+1.50", "0.00" and "31.5"', () => {
    const intl = createIntl({ locale: 'en' });
    expect([-2.25, 1.5, 0].map((n) => formatDioptres(intl, n))).toEqual(['-2.25', '+1.50', '0.00']);
    expect([63, 31.5].map((n) => formatMillimetres(intl, n))).toEqual(['63', '31.5']);
  });

  it.each(['fr', 'de', 'es', 'nl'])('%s writes the decimal comma: "-2,25", "+1,50", "0,00", "31,5"', (locale) => {
    const intl = createIntl({ locale });
    expect([-2.25, 1.5, 0].map((n) => formatDioptres(intl, n))).toEqual(['-2,25', '+1,50', '0,00']);
    expect(formatMillimetres(intl, 31.5)).toBe('31,5');
  });

  it('one eye on one line keeps every value the lens is made with: the ADD of a progressive included (the review left it out)', () => {
    const intl = createIntl({ locale: 'de', messages: { 'eyewear.term.add': 'ADD' } });
    expect(formatEyeSummary(intl, { sph: -2, cyl: -0.5, axis: 90, add: 2 })).toBe('-2,00 -0,50 × 90 ADD +2,00');
    expect(formatEyeSummary(intl, { sph: -1.75, cyl: 0, axis: null, add: null })).toBe('-1,75');
  });
});
