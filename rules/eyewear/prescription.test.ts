import { describe, expect, it } from 'vitest';
import {
  checkPrescription,
  draftForUsage,
  draftOfPrescription,
  emptyPrescriptionDraft,
  expiryOf,
  firstAllowedIndex,
  lensCombinationIssue,
  lensIndexIssue,
  lensLimitsFor,
  minimumIndexFor,
  advisedIndexFor,
  conflictingCoating,
  indexAdviceIssue,
  recommendedIndex,
  type CoatingKind,
  nearVisionOf,
  payloadOf,
  setDraftField,
  setPdMode,
  toMinusCylinder,
  usageIssue,
  type CheckOptions,
  type EyeDraft,
  type LensIndexOption,
  type LensUsage,
  type PrescriptionDraft,
} from './prescription';

const TODAY = '2026-03-01';

function draft(overrides: { od?: Partial<EyeDraft>; os?: Partial<EyeDraft> } & Partial<Omit<PrescriptionDraft, 'od' | 'os'>> = {}): PrescriptionDraft {
  const base = emptyPrescriptionDraft();
  return {
    ...base,
    pd: '63',
    examDate: '2025-09-15',
    ...overrides,
    od: { ...base.od, sph: '-1.00', ...overrides.od },
    os: { ...base.os, sph: '-1.25', ...overrides.os },
  };
}

const check = (d: PrescriptionDraft, usage: LensUsage = 'SINGLE_VISION_DISTANCE', extra: Partial<CheckOptions> = {}) =>
  checkPrescription(d, { usage, today: TODAY, ...extra });

const INDEXES: LensIndexOption[] = [
  { uid: 'i150', index: 1.5, material: 'standard' },
  { uid: 'i159', index: 1.59, material: 'polycarbonate' },
  { uid: 'i161', index: 1.61, material: 'high-index' },
  { uid: 'i167', index: 1.67, material: 'high-index' },
  { uid: 'i174', index: 1.74, material: 'high-index' },
];

describe('prescription rules (domain/eyewear.md "Prescription rules")', () => {
  it('eyewear rules: two rows, OD (right eye) and OS (left eye), each checked on its own', () => {
    const result = check(draft({ od: { sph: '-2.30' }, os: { sph: '+1.00' } }));
    expect(result.issues['od.sph']?.code).toBe('sphStep');
    expect(result.issues['os.sph']).toBeUndefined();
    const ok = check(draft({ od: { sph: '-2.25' }, os: { sph: '+1.00' } }));
    expect(ok.prescription?.od.sph).toBe(-2.25);
    expect(ok.prescription?.os.sph).toBe(1);
  });

  it('eyewear rules: SPH "Plano", "PL" and 0 all mean 0.00', () => {
    for (const plano of ['Plano', 'PL', 'pl', '0', '0.00']) {
      const result = check(draft({ od: { sph: plano } }));
      expect(result.issues, plano).toEqual({});
      expect(result.prescription?.od.sph).toBe(0);
    }
  });

  it('eyewear rules: SPH is a signed decimal in 0.25 steps (sign required, comma decimals accepted)', () => {
    expect(check(draft({ od: { sph: '2.00' } })).issues['od.sph']?.code).toBe('signRequired');
    expect(check(draft({ od: { sph: '-2.10' } })).issues['od.sph']?.code).toBe('sphStep');
    expect(check(draft({ od: { sph: 'abc' } })).issues['od.sph']?.code).toBe('notANumber');
    expect(check(draft({ od: { sph: '' } })).issues['od.sph']?.code).toBe('required');
    expect(check(draft({ od: { sph: '−2,75' } })).prescription?.od.sph).toBe(-2.75);
  });

  it('eyewear rules: the SPH range belongs to the lens product: −20…+12 single vision, ±8 progressive, narrowed by the frame', () => {
    expect(lensLimitsFor('SINGLE_VISION_DISTANCE')).toEqual({ sphMin: -20, sphMax: 12, cylMax: 6 });
    expect(lensLimitsFor('PROGRESSIVE')).toEqual({ sphMin: -8, sphMax: 8, cylMax: 4 });
    expect(lensLimitsFor('SINGLE_VISION_DISTANCE', { sphMin: -12, sphMax: 8, cylMax: 4 })).toEqual({ sphMin: -12, sphMax: 8, cylMax: 4 });
    expect(check(draft({ od: { sph: '-20.25' } })).issues['od.sph']).toEqual({ code: 'sphRange', values: { min: '-20.00', max: '+12.00' } });
    expect(check(draft({ od: { sph: '-20.00' } })).issues).toEqual({});
    const progressive = draft({ od: { sph: '-8.25', add: '+2.00' }, os: { add: '+2.00' }, pdMode: 'dual', pdRight: '31', pdLeft: '32' });
    expect(check(progressive, 'PROGRESSIVE').issues['od.sph']?.code).toBe('sphRange');
    const frame = { sphMin: -12, sphMax: 8, cylMax: 4, lensHeight: 32, rimType: 'full-rim' as const };
    expect(check(draft({ od: { sph: '-12.50' } }), 'SINGLE_VISION_DISTANCE', { frame }).issues['od.sph']).toEqual({
      code: 'sphRange',
      values: { min: '-12.00', max: '+8.00' },
    });
  });

  it('eyewear rules: CYL is signed, 0.25 steps, ±6.00 (±4.00 for progressives)', () => {
    expect(check(draft({ od: { cyl: '-6.25', axis: '90' } })).issues['od.cyl']?.code).toBe('cylRange');
    expect(check(draft({ od: { cyl: '-6.00', axis: '90' } })).issues).toEqual({});
    expect(check(draft({ od: { cyl: '-0.30', axis: '90' } })).issues['od.cyl']?.code).toBe('cylStep');
    const progressive = draft({ od: { cyl: '-4.25', axis: '90', add: '+2.00' }, pdMode: 'dual', pdRight: '31', pdLeft: '32' });
    expect(check(progressive, 'PROGRESSIVE').issues['od.cyl']).toEqual({ code: 'cylRange', values: { limit: '4.00' } });
  });

  it('eyewear rules: plus-cylinder is converted to minus-cylinder (SPH′ = SPH + CYL, CYL′ = −CYL, AXIS′ = AXIS ± 90 within 1…180)', () => {
    expect(toMinusCylinder({ sph: -1, cyl: 0.5, axis: 30, add: null, prism: null })).toEqual({ sph: -0.5, cyl: -0.5, axis: 120, add: null, prism: null });
    expect(toMinusCylinder({ sph: 2, cyl: 1.25, axis: 150, add: null, prism: null })).toMatchObject({ sph: 3.25, cyl: -1.25, axis: 60 });
    expect(toMinusCylinder({ sph: 2, cyl: 1, axis: 90, add: null, prism: null })).toMatchObject({ axis: 180 });
    expect(toMinusCylinder({ sph: 2, cyl: -1, axis: 90, add: null, prism: null })).toMatchObject({ sph: 2, cyl: -1, axis: 90 });
    expect(check(draft({ od: { sph: '-1.00', cyl: '+0.50', axis: '30' } })).prescription?.od).toMatchObject({ sph: -0.5, cyl: -0.5, axis: 120 });
  });

  it('eyewear rules: AXIS is required exactly when CYL ≠ 0, and empty when CYL = 0', () => {
    expect(check(draft({ od: { cyl: '-0.50' } })).issues['od.axis']?.code).toBe('axisRequired');
    expect(check(draft({ od: { cyl: '', axis: '90' } })).issues['od.axis']?.code).toBe('axisNotAllowed');
    expect(check(draft({ od: { cyl: '0.00', axis: '90' } })).issues['od.axis']?.code).toBe('axisNotAllowed');
    expect(check(draft({ od: { cyl: '0' } })).prescription?.od.axis).toBeNull();
  });

  it('eyewear rules: AXIS is a whole number 1…180, and 0 means 180', () => {
    expect(check(draft({ od: { cyl: '-0.50', axis: '181' } })).issues['od.axis']?.code).toBe('axisRange');
    expect(check(draft({ od: { cyl: '-0.50', axis: '45.5' } })).issues['od.axis']?.code).toBe('axisRange');
    expect(check(draft({ od: { cyl: '-0.50', axis: '0' } })).prescription?.od.axis).toBe(180);
    expect(check(draft({ od: { cyl: '-0.50', axis: '1' } })).prescription?.od.axis).toBe(1);
  });

  it('eyewear rules: ADD is +0.75…+3.50 in 0.25 steps, required for progressive, ignored for distance', () => {
    const dual = { pdMode: 'dual' as const, pdRight: '31', pdLeft: '32' };
    expect(check(draft(dual), 'PROGRESSIVE').issues['od.add']?.code).toBe('addRequired');
    expect(check(draft({ ...dual, od: { add: '+3.75' }, os: { add: '+2.00' } }), 'PROGRESSIVE').issues['od.add']?.code).toBe('addRange');
    expect(check(draft({ ...dual, od: { add: '+0.50' }, os: { add: '+2.00' } }), 'PROGRESSIVE').issues['od.add']?.code).toBe('addRange');
    expect(check(draft({ ...dual, od: { add: '+2.10' }, os: { add: '+2.00' } }), 'PROGRESSIVE').issues['od.add']?.code).toBe('addRange');
    const distance = check(draft({ od: { add: '+9.99' } }), 'SINGLE_VISION_DISTANCE');
    expect(distance.issues).toEqual({});
    expect(distance.prescription?.od.add).toBeNull();
  });

  it('eyewear rules: one ADD may be copied to both eyes', () => {
    const result = check(draft({ od: { add: '+2.00' }, pdMode: 'dual', pdRight: '31', pdLeft: '32' }), 'PROGRESSIVE');
    expect(result.issues).toEqual({});
    expect(result.prescription?.os.add).toBe(2);
  });

  it('eyewear rules: reading glasses from a distance prescription: near SPH = SPH + ADD per eye', () => {
    expect(nearVisionOf({ sph: -1, cyl: -0.5, axis: 90, add: 2, prism: null })).toEqual({ sph: 1, cyl: -0.5, axis: 90, add: null, prism: null });
    const tooStrong = check(draft({ od: { sph: '+11.00', add: '+2.00' } }), 'SINGLE_VISION_READING');
    expect(tooStrong.issues['od.add']).toEqual({ code: 'nearSphRange', values: { power: '+13.00', min: '-20.00', max: '+12.00' } });
  });

  it('eyewear rules: PD is single 50…80 mm or dual 20…40 mm per eye, in 0.5 mm steps', () => {
    expect(check(draft({ pd: '' })).issues.pd?.code).toBe('pdRequired');
    expect(check(draft({ pd: '49.5' })).issues.pd?.code).toBe('pdSingleRange');
    expect(check(draft({ pd: '63.2' })).issues.pd?.code).toBe('pdSingleRange');
    expect(check(draft({ pd: '63.5' })).prescription?.pd).toEqual({ single: 63.5, right: null, left: null });
    const dual = check(draft({ pd: '', pdMode: 'dual', pdRight: '41', pdLeft: '' }));
    expect(dual.issues.pdRight?.code).toBe('pdEyeRange');
    expect(dual.issues.pdLeft?.code).toBe('pdRequired');
    expect(check(draft({ pd: '', pdMode: 'dual', pdRight: '31.5', pdLeft: '32' })).prescription?.pd).toEqual({ single: null, right: 31.5, left: 32 });
  });

  it('ADR 035, a prescription is one PD: in dual mode a single PD left in the draft (not shown) never travels, and switching mode clears the other', () => {
    expect(check(draft({ pd: '70', pdMode: 'dual', pdRight: '31', pdLeft: '32' }))).toMatchObject({
      issues: {},
      prescription: { pd: { single: null, right: 31, left: 32 } },
    });
    const dual = setPdMode(draft({ pd: '63' }), 'dual');
    expect(dual).toMatchObject({ pdMode: 'dual', pd: '', pdRight: '', pdLeft: '' });
    expect(setPdMode({ ...dual, pdRight: '31.5', pdLeft: '32' }, 'single')).toMatchObject({ pdMode: 'single', pd: '', pdRight: '', pdLeft: '' });
    expect(draftOfPrescription({ examDate: '2026-01-01', od: { sph: 0 }, os: { sph: 0 }, pd: { single: 63, right: 31.5, left: 32 } })).toMatchObject({
      pdMode: 'dual',
      pd: '',
      pdRight: '31.5',
      pdLeft: '32',
    });
  });

  it('eyewear rules: progressives need dual PD', () => {
    const result = check(draft({ od: { add: '+2.00' } }), 'PROGRESSIVE');
    expect(result.issues.pd?.code).toBe('pdDualForProgressive');
  });

  it('eyewear rules: prism up to 5.00 Δ with base up/down/in/out, single vision only', () => {
    expect(check(draft({ od: { prism: '5.25', prismBase: 'in' } })).issues['od.prism']?.code).toBe('prismRange');
    expect(check(draft({ od: { prism: '1.00' } })).issues['od.prismBase']?.code).toBe('prismBaseRequired');
    expect(check(draft({ od: { prism: '1.00', prismBase: 'up' } })).prescription?.od.prism).toEqual({ amount: 1, base: 'up' });
    const progressive = draft({ od: { prism: '1.00', prismBase: 'up', add: '+2.00' }, pdMode: 'dual', pdRight: '31', pdLeft: '32' });
    expect(check(progressive, 'PROGRESSIVE').issues['od.prism']?.code).toBe('prismSingleVisionOnly');
  });

  it('eyewear rules: the exam date is required and not older than two years (today injected)', () => {
    expect(check(draft({ examDate: '' })).issues.examDate?.code).toBe('examDateRequired');
    expect(check(draft({ examDate: '2025-02-30' })).issues.examDate?.code).toBe('examDateInvalid');
    expect(check(draft({ examDate: '2026-03-02' })).issues.examDate?.code).toBe('examDateFuture');
    expect(check(draft({ examDate: '2024-02-29' })).issues.examDate).toEqual({ code: 'examDateExpired', values: { oldest: '2024-03-01' } });
    expect(check(draft({ examDate: '2024-03-01' })).issues).toEqual({});
    expect(expiryOf('2025-09-15')).toBe('2027-09-15');
  });

  it('eyewear rules: contact-lens prescriptions are refused', () => {
    const result = check(draft({ kind: 'contact-lenses' }));
    expect(result.prescription).toBeNull();
    expect(result.issues.kind?.code).toBe('contactLensRefused');
  });

  it('eyewear rules: every problem is returned next to its own field, all at once', () => {
    const result = check(draft({ od: { sph: '2', cyl: '-0.50' }, os: { sph: '-30.00' }, pd: '90', examDate: '' }));
    expect(Object.keys(result.issues).sort()).toEqual(['examDate', 'od.axis', 'od.sph', 'os.sph', 'pd']);
  });

  it('eyewear notes "Lens index rules": the index advised from the strongest meridian (any to ±2.00, thin 1.60+ to ±4.00, then the forced one), and a warning below it', () => {
    const rx = (od: Partial<EyeDraft>) => check(draft({ od })).prescription;
    expect(advisedIndexFor(rx({ sph: '-2.00' }))).toBe(0);
    expect(advisedIndexFor(rx({ sph: '-2.25', cyl: '-0.75', axis: '90' }))).toBe(1.6);
    expect(advisedIndexFor(rx({ sph: '+3.00' }))).toBe(1.6);
    expect(advisedIndexFor(rx({ sph: '-4.25' }))).toBe(1.67);
    expect(recommendedIndex(INDEXES, rx({ sph: '-2.25', cyl: '-0.75', axis: '90' }), null)?.uid).toBe('i161');
    expect(recommendedIndex(INDEXES, rx({ sph: '-1.00' }), null)?.uid).toBe('i150');
    expect(recommendedIndex(INDEXES, null, null)).toBeNull();
    expect(indexAdviceIssue(INDEXES[0]!, rx({ sph: '-2.25', cyl: '-0.75', axis: '90' }))).toEqual({
      code: 'indexThickerThanAdvised',
      values: { index: '1.60', power: '-3.00' },
    });
    expect(indexAdviceIssue(INDEXES[2]!, rx({ sph: '-2.25', cyl: '-0.75', axis: '90' }))).toBeNull();
  });

  it('eyewear notes "Lens index rules": the advice names the recommended lens the product sells (1.61 where it sells 1.59 and 1.61, never 1.60)', () => {
    const rx = check(draft({ od: { sph: '-2.25', cyl: '-0.75', axis: '90' } })).prescription;
    expect(indexAdviceIssue(INDEXES[1]!, rx, INDEXES, null)).toEqual({ code: 'indexThickerThanAdvised', values: { index: '1.61', power: '-3.00' } });
    // A product selling no lens at or above the advised index: the advice names the threshold itself.
    expect(indexAdviceIssue(INDEXES[1]!, rx, INDEXES.slice(0, 2), null)).toEqual({
      code: 'indexThickerThanAdvised',
      values: { index: '1.60', power: '-3.00' },
    });
  });

  it('eyewear notes "lens flow" coatings: photochromic, sun tint and polarised exclude each other; anti-reflective and blue-light go with anything', () => {
    type Coating = { uid: string; kind?: CoatingKind };
    const photo: Coating = { uid: 'p', kind: 'photochromic' };
    const tint: Coating = { uid: 't', kind: 'sun-tint' };
    const polar: Coating = { uid: 'z', kind: 'polarised' };
    const ar: Coating = { uid: 'a', kind: 'anti-reflective' };
    expect(conflictingCoating(tint, [photo, ar])).toBe(photo);
    expect(conflictingCoating(polar, [tint])).toBe(tint);
    expect(conflictingCoating(photo, [photo, ar])).toBeNull();
    expect(conflictingCoating(ar, [photo])).toBeNull();
    expect(conflictingCoating<Coating>({ uid: 'x' }, [photo])).toBeNull();
  });

  it('eyewear rules: lens index is judged on the strongest meridian and forces 1.67 when SPH < −4, |CYL| ≥ 3 or SPH + CYL < −4', () => {
    const rx = (od: Partial<EyeDraft>) => check(draft({ od })).prescription;
    expect(minimumIndexFor(rx({ sph: '-2.00' }))).toBe(0);
    expect(minimumIndexFor(rx({ sph: '-4.25' }))).toBe(1.67);
    expect(minimumIndexFor(rx({ sph: '-1.00', cyl: '-3.00', axis: '90' }))).toBe(1.67);
    expect(minimumIndexFor(rx({ sph: '-3.00', cyl: '-1.25', axis: '90' }))).toBe(1.67);
    expect(minimumIndexFor(rx({ sph: '-3.00', cyl: '+1.25', axis: '90' }))).toBe(0);
    expect(minimumIndexFor(rx({ sph: '-9.00' }))).toBe(1.74);
    const strong = rx({ sph: '-5.00' });
    expect(lensIndexIssue(INDEXES[0]!, strong, null)).toEqual({ code: 'indexTooLow', values: { index: '1.67' } });
    expect(firstAllowedIndex(INDEXES, strong, null)?.uid).toBe('i167');
  });

  it('eyewear rules: beyond the product’s limit the combination is refused with a clear message', () => {
    const strong = check(draft({ od: { sph: '-9.00' } })).prescription;
    const offered = INDEXES.slice(0, 4);
    const issue = lensCombinationIssue(offered, strong, null);
    expect(issue).toEqual({ code: 'indexBeyondProduct', values: { index: '1.74' } });
    expect(lensCombinationIssue(INDEXES, strong, null)).toBeNull();
  });

  it('eyewear rules: progressives need a lens height of at least 30 mm', () => {
    expect(usageIssue('PROGRESSIVE', { lensHeight: 28 })).toEqual({ code: 'progressiveLensHeight', values: { min: 30, height: 28 } });
    expect(usageIssue('PROGRESSIVE', { lensHeight: 30 })).toBeNull();
    expect(usageIssue('SINGLE_VISION_DISTANCE', { lensHeight: 20 })).toBeNull();
  });

  it('eyewear rules: rimless frames need polycarbonate, Trivex or ≥ 1.61', () => {
    const rimless = { rimType: 'rimless' as const };
    expect(lensIndexIssue(INDEXES[0]!, null, rimless)?.code).toBe('rimlessMaterial');
    expect(lensIndexIssue(INDEXES[1]!, null, rimless)).toBeNull();
    expect(lensIndexIssue({ uid: 't', index: 1.53, material: 'trivex' }, null, rimless)).toBeNull();
    expect(lensIndexIssue(INDEXES[2]!, null, rimless)).toBeNull();
    expect(lensIndexIssue(INDEXES[0]!, null, { rimType: 'full-rim' })).toBeNull();
  });

  it('eyewear rules: switching usage keeps SPH, CYL, AXIS and PD, drops ADD for distance and prism for progressives', () => {
    const typed = draft({ od: { cyl: '-0.50', axis: '90', add: '+2.00', prism: '1', prismBase: 'in' }, pdMode: 'dual', pdRight: '31', pdLeft: '32' });
    const distance = draftForUsage(typed, 'SINGLE_VISION_DISTANCE');
    expect(distance.od).toMatchObject({ sph: '-1.00', cyl: '-0.50', axis: '90', add: '', prism: '1', prismBase: 'in' });
    expect(distance.pdRight).toBe('31');
    const progressive = draftForUsage(typed, 'PROGRESSIVE');
    expect(progressive.od).toMatchObject({ add: '+2.00', prism: '', prismBase: '' });
  });

  it('eyewear rules: a progressive lens asks for the PD of each eye from the start (it offered one number, then refused it)', () => {
    const empty = draftForUsage(emptyPrescriptionDraft(), 'PROGRESSIVE');
    expect(empty.pdMode).toBe('dual');
    expect(draftForUsage(emptyPrescriptionDraft(), 'SINGLE_VISION_DISTANCE').pdMode).toBe('single');
    // One PD already typed is kept for the shopper to see, and refused in words, never dropped silently.
    const typedOne = draftForUsage({ ...emptyPrescriptionDraft(), pd: '63' }, 'PROGRESSIVE');
    expect(typedOne).toMatchObject({ pdMode: 'single', pd: '63' });
  });

  it('a saved prescription becomes a draft that checks back to the same values, and travels as the backend input', () => {
    const saved = {
      examDate: '2025-09-15',
      od: { sph: -2.25, cyl: -0.5, axis: 90, add: null },
      os: { sph: -2, cyl: 0, axis: null, add: null },
      pd: { single: 63, right: null, left: null },
    };
    const back = check(draftOfPrescription(saved)).prescription!;
    expect(payloadOf(back, { withPrism: true })).toEqual({
      usage: 'SINGLE_VISION_DISTANCE',
      exam_date: '2025-09-15',
      od: { sph: -2.25, cyl: -0.5, axis: 90, add: null },
      os: { sph: -2, cyl: 0, axis: null, add: null },
      pd: { single: 63, right: null, left: null },
    });
    expect(setDraftField(emptyPrescriptionDraft(), 'os.axis', '45').os.axis).toBe('45');
    // The JSON a cart line carries may leave out empty values.
    const partial = draftOfPrescription({ examDate: '2025-09-15', od: { sph: -2.25, cyl: -0.5, axis: 90 }, os: { sph: -2 }, pd: { single: 63 } });
    expect(partial).toMatchObject({ pdMode: 'single', pd: '63', pdRight: '', pdLeft: '', os: { sph: '-2.00', cyl: '', axis: '', add: '' } });
  });
});
