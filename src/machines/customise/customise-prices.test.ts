import { describe, expect, it } from 'vitest';
import { coatingPriceDifferences, indexPriceDifferences, priceBreakdownOf, priceDifferenceOf, usagePriceDifferences } from './customise-choices';
import { FIXTURE_FRAME } from './customise.fixtures';
import type { CustomiseContext } from './customise-choices';

/** Each lens card shows what it costs against the shopper's current choice of its kind. */
describe('lens wizard prices on the cards (spec §2 /customize/{urlkey?}, eyewear notes "lens flow … review with price")', () => {
  it('spec §2 /customize: with nothing chosen a card shows its own added price, "included" when it adds nothing', () => {
    expect(priceDifferenceOf(0, null)).toEqual({ kind: 'included' });
    expect(priceDifferenceOf(40.8, null)).toEqual({ kind: 'added', amount: 40.8 });
  });

  it('spec §2 /customize: against a chosen value, another card shows how much more or less the total would be, or the same price', () => {
    expect(priceDifferenceOf(122.4, 68)).toEqual({ kind: 'more', amount: 54.4 });
    expect(priceDifferenceOf(40.8, 68)).toEqual({ kind: 'less', amount: 27.2 });
    expect(priceDifferenceOf(68, 68)).toEqual({ kind: 'same' });
    // Cents stay exact (no 0.30000000000000004).
    expect(priceDifferenceOf(0.3, 0.1)).toEqual({ kind: 'more', amount: 0.2 });
  });

  it('eyewear notes "lens material and index": the index cards compare with the chosen index; the chosen card shows its own price', () => {
    const differences = indexPriceDifferences({ product: FIXTURE_FRAME, indexUid: 'i-161' });
    expect(Object.fromEntries(differences)).toEqual({
      'i-150': { kind: 'less', amount: 68 },
      'i-159': { kind: 'less', amount: 27.2 },
      'i-161': { kind: 'added', amount: 68 },
      'i-167': { kind: 'more', amount: 54.4 },
      'i-174': { kind: 'more', amount: 136 },
      'i-150-sun': { kind: 'less', amount: 68 },
      'i-159-sun': { kind: 'less', amount: 27.2 },
    });
    const none = indexPriceDifferences({ product: FIXTURE_FRAME, indexUid: null });
    expect(none.get('i-150')).toEqual({ kind: 'included' });
    expect(none.get('i-167')).toEqual({ kind: 'added', amount: 122.4 });
  });

  it('eyewear notes "usage": the lens type cards compare with the chosen usage (progressive costs more than single vision)', () => {
    const fromDistance = usagePriceDifferences({ product: FIXTURE_FRAME, usage: 'SINGLE_VISION_DISTANCE' });
    expect(fromDistance.get('u-distance')).toEqual({ kind: 'included' });
    expect(fromDistance.get('u-reading')).toEqual({ kind: 'same' });
    expect(fromDistance.get('u-progressive')).toEqual({ kind: 'more', amount: 202.64 });
    const fromProgressive = usagePriceDifferences({ product: FIXTURE_FRAME, usage: 'PROGRESSIVE' });
    expect(fromProgressive.get('u-progressive')).toEqual({ kind: 'added', amount: 202.64 });
    expect(fromProgressive.get('u-plano')).toEqual({ kind: 'less', amount: 202.64 });
  });

  it('eyewear notes "coatings": a coating adds to the others, so its card always shows its own price', () => {
    const differences = coatingPriceDifferences({ product: FIXTURE_FRAME });
    for (const value of FIXTURE_FRAME.coatingOption?.values ?? []) {
      expect(differences.get(value.uid)).toEqual(value.price === 0 ? { kind: 'included' } : { kind: 'added', amount: value.price });
    }
    expect(differences.size).toBe(FIXTURE_FRAME.coatingOption?.values.length);
  });

  it('a frame without lens options has no cards to price', () => {
    const bare = { ...FIXTURE_FRAME, usageOption: null, indexOption: null, coatingOption: null };
    expect(usagePriceDifferences({ product: bare, usage: null }).size).toBe(0);
    expect(indexPriceDifferences({ product: bare, indexUid: null }).size).toBe(0);
    expect(coatingPriceDifferences({ product: bare }).size).toBe(0);
  });
});

describe('the wizard total is the cart line price (ADR 040: the cart charges what the catalog showed)', () => {
  // de: the frame (129 USD = 118.68 €) shown 141.23 € with 19 % VAT, progressives (149 USD = 137.08 €) shown 163.13 €.
  const DE_FRAME = {
    ...FIXTURE_FRAME,
    currency: 'EUR',
    price: 141.23,
    attributes: [],
    variants: [],
    usageOption: FIXTURE_FRAME.usageOption && {
      ...FIXTURE_FRAME.usageOption,
      values: FIXTURE_FRAME.usageOption.values.map((v) => (v.usage === 'PROGRESSIVE' ? { ...v, price: 163.13 } : v)),
    },
    prescriptionOption: null,
    taxPercents: [19],
  };
  const contextOf = (product: typeof DE_FRAME) =>
    ({ product, usage: 'PROGRESSIVE', indexUid: null, coatingUids: [], variantSelection: {} }) as unknown as CustomiseContext;

  it("de: frame and progressives are one row taxed once, 255.76 € + 19 % = 304.35 € (as the cart's price_including_tax), not 141.23 + 163.13 = 304.36 €", () => {
    const breakdown = priceBreakdownOf(contextOf(DE_FRAME))!;
    expect(breakdown.lines.map((l) => l.amount)).toEqual([141.23, 163.13]);
    expect(breakdown.total).toBe(304.35);
  });

  it('a view showing prices without tax adds its parts up', () => {
    expect(priceBreakdownOf(contextOf({ ...DE_FRAME, price: 118.68, taxPercents: [] }))!.total).toBe(281.81);
  });
});
