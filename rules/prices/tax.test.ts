import { describe, expect, it } from 'vitest';
import { lineWithTaxes, withoutTaxes, withTaxes } from './tax';

/** The percents the catalog prices of the store views showing prices with tax include (ADR 040). */
const VIEW_PERCENTS: Record<string, number[]> = { fr: [20], de: [19], eu: [21], es: [21], nl: [21], uk: [20], ch: [8.1], au: [10], mx: [16] };

describe('one rule for a price with tax (ADR 040: the cart charges what the catalog showed)', () => {
  it('a unit is taxed once, rounded to cents: 118.68 € + 19 % = 141.23 €; 137.08 € + 19 % = 163.13 €', () => {
    expect(withTaxes(118.68, [19])).toBe(141.23);
    expect(withTaxes(137.08, [19])).toBe(163.13);
    expect(withTaxes(118.68, [])).toBe(118.68);
  });

  it('every amount shown with tax gives back the one amount before tax it was made from, in every view', () => {
    const wrong: string[] = [];
    for (const [view, percents] of Object.entries(VIEW_PERCENTS)) {
      for (let cents = 0; cents <= 200_000; cents += 7) {
        const amount = cents / 100;
        if (withoutTaxes(withTaxes(amount, percents), percents) !== amount) wrong.push(`${view} ${amount}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('de: a frame with progressive lenses is one cart row taxed once (255.76 € + 19 % = 304.35 €), not its parts with tax added up (304.36 €)', () => {
    // 129 USD = 118.68 € shown 141.23 €; progressives 149 USD = 137.08 € shown 163.13 €.
    expect(141.23 + 163.13).toBeCloseTo(304.36, 2);
    expect(lineWithTaxes([141.23, 163.13], [19])).toBe(304.35);
    expect(lineWithTaxes([141.23, 163.13, 0], [19])).toBe(304.35);
    // Without taxes shown, the line is its parts added up.
    expect(lineWithTaxes([118.68, 137.08], [])).toBe(255.76);
  });
});
