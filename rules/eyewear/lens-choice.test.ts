import { describe, expect, it } from 'vitest';
import { checkLensChoice, FRAME_ONLY_SKU, FRAME_ONLY_WITH_LENSES, LENS_INDEX_REQUIRED, SUN_LENS_OWN_ONLY, sunLensIndex } from './lens-choice';
import { FRAME_ONLY, firstAllowedIndex, lensIndexIssue, lensUsageOf, offersLens, type FrameFacts, type LensIndexOption } from './prescription';

const NOW = new Date('2026-03-01T12:00:00Z');
const EYEGLASSES: Partial<FrameFacts> = { rimType: 'full-rim', lensHeight: 34, sunglasses: false };
const SUNGLASSES: Partial<FrameFacts> = { rimType: 'full-rim', lensHeight: 46, sunglasses: true };
const RIMLESS_SUNGLASSES: Partial<FrameFacts> = { ...SUNGLASSES, rimType: 'rimless' };
const RX = JSON.stringify({ usage: 'SINGLE_VISION_DISTANCE', exam_date: '2026-02-01', od: { sph: -1 }, os: { sph: -1 }, pd: { single: 63 } });

const check = (valueSkus: string[], frame: Partial<FrameFacts>, prescriptionText: string | null = null) =>
  checkLensChoice({ valueSkus, prescriptionText }, frame, NOW).problems;

describe('a frame alone, without lenses (ADR 035 "Frame only"; domain/eyewear.md "lens flow", "What leading eyewear shops offer")', () => {
  it('the frame alone is a choice of its own, of eyeglasses and sunglasses alike: no lens, no prescription', () => {
    expect(checkLensChoice({ valueSkus: [FRAME_ONLY_SKU], prescriptionText: null }, EYEGLASSES, NOW)).toEqual({
      usage: FRAME_ONLY,
      prescription: null,
      problems: [],
    });
    expect(check([FRAME_ONLY_SKU], SUNGLASSES)).toEqual([]);
    expect(lensUsageOf(FRAME_ONLY)).toBeNull();
    expect(lensUsageOf('PROGRESSIVE')).toBe('PROGRESSIVE');
  });

  it('the frame alone with a lens index, a coating, a prescription or any text for the optician is refused', () => {
    expect(check([FRAME_ONLY_SKU, 'index-167'], EYEGLASSES)).toEqual([FRAME_ONLY_WITH_LENSES]);
    expect(check([FRAME_ONLY_SKU, 'coat-ar'], EYEGLASSES)).toEqual([FRAME_ONLY_WITH_LENSES]);
    expect(check([FRAME_ONLY_SKU], EYEGLASSES, RX)).toEqual([FRAME_ONLY_WITH_LENSES]);
    expect(check([FRAME_ONLY_SKU], EYEGLASSES, 'Prescription to follow: the shopper will send it later.')).toEqual([FRAME_ONLY_WITH_LENSES]);
  });

  it('lenses need a lens index (it is no longer required of every line, only of lenses)', () => {
    expect(check(['usage-plano'], EYEGLASSES)).toEqual([LENS_INDEX_REQUIRED]);
    expect(check(['usage-plano', 'index-150'], EYEGLASSES)).toEqual([]);
    // A wishlist keeps a choice part-made, as it keeps a colour before its size.
    expect(checkLensChoice({ valueSkus: ['usage-plano'], prescriptionText: null, complete: false }, EYEGLASSES, NOW).problems).toEqual([]);
  });
});

describe('sunglasses\' own sun lens is named as sold (rules "sunglasses"; ADR 035 "Sunglasses")', () => {
  const sun150: LensIndexOption = { uid: 's150', index: 1.5, material: 'standard', sun: true };
  const sun159: LensIndexOption = { uid: 's159', index: 1.59, material: 'polycarbonate', sun: true };
  const clear150: LensIndexOption = { uid: 'c150', index: 1.5, material: 'standard' };
  const clear159: LensIndexOption = { uid: 'c159', index: 1.59, material: 'polycarbonate' };

  it('non-prescription sunglasses take their own tinted UV400 sun lens, not the clear lens of the same index (the line said "1.50 Standard")', () => {
    expect(check(['usage-plano', 'index-150-sun'], SUNGLASSES)).toEqual([]);
    expect(check(['usage-plano', 'index-150'], SUNGLASSES)).toEqual([sunLensIndex(1.5)]);
    expect(check(['usage-plano', 'index-159-sun'], SUNGLASSES)).toEqual([sunLensIndex(1.5)]);
    expect(check(['usage-plano', 'index-159-sun'], RIMLESS_SUNGLASSES)).toEqual([]);
    expect(lensIndexIssue(clear150, null, SUNGLASSES, 'NON_PRESCRIPTION')?.code).toBe('sunLensIndex');
    expect(firstAllowedIndex([clear150, clear159, sun150, sun159], null, SUNGLASSES, 'NON_PRESCRIPTION')).toBe(sun150);
    expect(firstAllowedIndex([clear150, clear159, sun150, sun159], null, RIMLESS_SUNGLASSES, 'NON_PRESCRIPTION')).toBe(sun159);
  });

  it('the sun lens is sold with nothing else: not on eyeglasses, not as a prescription lens of sunglasses', () => {
    expect(check(['usage-plano', 'index-150-sun'], EYEGLASSES)).toEqual([SUN_LENS_OWN_ONLY]);
    expect(check(['usage-distance', 'index-150-sun', 'coat-tint'], SUNGLASSES, RX)).toEqual([SUN_LENS_OWN_ONLY]);
    expect(lensIndexIssue(sun150, null, EYEGLASSES, 'NON_PRESCRIPTION')?.code).toBe('sunLensOwnOnly');
    expect(firstAllowedIndex([sun150, clear150], null, EYEGLASSES, 'NON_PRESCRIPTION')).toBe(clear150);
  });

  it("the lens step offers a sun lens only as non-prescription sunglasses' own one; clear lenses are always shown", () => {
    expect(offersLens(sun150, SUNGLASSES, 'NON_PRESCRIPTION')).toBe(true);
    expect(offersLens(sun159, SUNGLASSES, 'NON_PRESCRIPTION')).toBe(false);
    expect(offersLens(sun159, RIMLESS_SUNGLASSES, 'NON_PRESCRIPTION')).toBe(true);
    expect(offersLens(sun150, SUNGLASSES, 'SINGLE_VISION_DISTANCE')).toBe(false);
    expect(offersLens(sun150, EYEGLASSES, 'NON_PRESCRIPTION')).toBe(false);
    expect(offersLens(clear150, SUNGLASSES, 'NON_PRESCRIPTION')).toBe(true);
  });
});
