// ADR 043, step 6: values → the form's draft; every field the reader is unsure of is marked, and a
// value the rules refuse (rules/eyewear/prescription.ts) is never filled silently.
import { describe, expect, it } from 'vitest';
import { interpret, MIN_CONFIDENCE, nearestStep } from './interpret';
import type { LayoutReading, ValueRead } from './read-layout';

const sure = (text: string): ValueRead[] => [{ text, confidence: 95 }];
const TODAY = '2026-12-02';

function layout(parts: Partial<LayoutReading>): LayoutReading {
  return { od: {}, os: {}, pd: [], pdRight: [], pdLeft: [], examDate: [], foundTable: true, ...parts };
}

describe('interpreting the values read (ADR 043)', () => {
  it('fills a clean minus-cylinder prescription with nothing to check', () => {
    const reading = interpret(
      layout({
        od: { sph: sure('-2.25'), cyl: sure('-0.75'), axis: sure('180') },
        os: { sph: sure('-1.50'), cyl: sure('') },
        pd: sure('63'),
        examDate: sure('2026-03-14'),
      }),
      { today: TODAY },
    );
    expect(reading.draft.od).toMatchObject({ sph: '-2.25', cyl: '-0.75', axis: '180' });
    expect(reading.draft.os).toMatchObject({ sph: '-1.50', cyl: '', axis: '' });
    expect(reading.draft).toMatchObject({ pdMode: 'single', pd: '63', examDate: '2026-03-14' });
    expect(reading.unsure).toEqual([]);
    expect(reading.transposed).toBe(false);
    expect(reading.nothingFound).toBe(false);
    expect(reading.read).toEqual(expect.arrayContaining(['od.sph', 'od.cyl', 'od.axis', 'os.sph', 'pd', 'examDate']));
  });

  it('converts a plus-cylinder paper to minus cylinder as the rules do', () => {
    const reading = interpret(
      layout({ od: { sph: sure('-3.00'), cyl: sure('+1.00'), axis: sure('90') }, os: { sph: sure('+0.50'), cyl: sure('+0.75'), axis: sure('170') } }),
      { today: TODAY },
    );
    expect(reading.transposed).toBe(true);
    expect(reading.draft.od).toMatchObject({ sph: '-2.00', cyl: '-1.00', axis: '180' });
    expect(reading.draft.os).toMatchObject({ sph: '+1.25', cyl: '-0.75', axis: '80' });
  });

  it('marks the sphere of a plus-cylinder eye whose axis was not read (it could not be converted)', () => {
    const reading = interpret(layout({ od: { sph: sure('-3.00'), cyl: sure('+1.25') }, os: { sph: sure('-3.00'), cyl: sure('+1.00'), axis: sure('20') } }), {
      today: TODAY,
    });
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.cyl']));
    expect(reading.draft.os).toMatchObject({ sph: '-2.00', cyl: '-1.00', axis: '110' });
  });

  it('marks a sign that looks dropped: an unsigned power on a paper that signs the others', () => {
    const reading = interpret(layout({ od: { sph: sure('2.25'), cyl: sure('-0.50'), axis: sure('10') }, os: { sph: sure('-2.00') } }), { today: TODAY });
    expect(reading.unsure).toContain('od.sph');
  });

  it('marks an unsigned sphere even when no power on the paper kept its sign (OCR drops a minus as easily as a plus)', () => {
    const reading = interpret(layout({ od: { sph: sure('0.25'), cyl: sure('1.00') }, os: { sph: sure('0.75'), cyl: sure('1.75'), axis: sure('164') } }), {
      today: TODAY,
    });
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'os.sph', 'od.cyl', 'os.cyl']));
  });

  it("gives an unsigned sphere the other eye's sign, else minus, still marked", () => {
    const minus = interpret(layout({ od: { sph: sure('2.75') }, os: { sph: sure('2.75') } }), { today: TODAY });
    expect([minus.draft.od.sph, minus.draft.os.sph]).toEqual(['-2.75', '-2.75']);
    expect(minus.unsure).toEqual(expect.arrayContaining(['od.sph', 'os.sph']));
    const plus = interpret(layout({ od: { sph: sure('1.25') }, os: { sph: sure('+1.50') } }), { today: TODAY });
    expect(plus.draft.od.sph).toBe('+1.25');
    expect(plus.unsure).toContain('od.sph');
    const besidePlano = interpret(layout({ od: { sph: sure('0.75') }, os: { sph: sure('0.00') } }), { today: TODAY });
    expect(besidePlano.draft.od.sph).toBe('-0.75');
  });

  it('leaves an unsigned plano sphere unmarked (zero has no sign)', () => {
    const reading = interpret(layout({ od: { sph: sure('0') }, os: { sph: sure('-0.50') } }), { today: TODAY });
    expect(reading.unsure).toEqual([]);
  });

  it('marks the two eyes’ spheres of opposite signs far apart', () => {
    const reading = interpret(layout({ od: { sph: sure('+3.00') }, os: { sph: sure('-3.25') } }), { today: TODAY });
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'os.sph']));
  });

  it('marks values off the rules’ steps, a point lost, low confidence and disagreeing reads', () => {
    const reading = interpret(
      layout({
        od: { sph: sure('-1.30'), cyl: sure('-0.75'), axis: sure('181') },
        os: { sph: sure('-175'), add: [{ text: '+2.00', confidence: MIN_CONFIDENCE - 1 }] },
        pd: [
          { text: '63', confidence: 95 },
          { text: '68', confidence: 95 },
        ],
      }),
      { today: TODAY },
    );
    expect(reading.draft.os.sph).toBe('-1.75');
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.axis', 'os.sph', 'os.add', 'pd']));
  });

  it('brings a power whose one decimal digit was misread to the step, marked; leaves it when two steps are as near', () => {
    expect(nearestStep('-1.28')).toBe(-1.25);
    expect(nearestStep('+0.79')).toBe(0.75);
    expect(nearestStep('-1.04')).toBe(-1);
    expect(nearestStep('-0.15')).toBeNull(); // 25 or 75
    expect(nearestStep('-1.30')).toBeNull(); // 00 or 50
    expect(nearestStep('-1.98')).toBeNull();
    expect(nearestStep('-1.25')).toBeNull();
    const reading = interpret(layout({ od: { sph: sure('-1.28'), add: sure('+1.78') }, os: { sph: sure('-0.15'), add: sure('+1.75') } }), {
      today: TODAY,
    });
    expect(reading.draft.od).toMatchObject({ sph: '-1.25', add: '+1.75' });
    expect(reading.draft.os.sph).toBe('-0.15');
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.add', 'os.sph']));
  });

  it('marks a value read far from its column', () => {
    const reading = interpret(layout({ od: { sph: [{ text: '-1.00', confidence: 95, offColumn: true }] }, os: { sph: sure('-1.00') } }), { today: TODAY });
    expect(reading.unsure).toEqual(['od.sph']);
  });

  it('marks what the rules refuse: an exam too old, a PD out of range', () => {
    const reading = interpret(layout({ od: { sph: sure('-1.00') }, os: { sph: sure('-1.00') }, pd: sure('95'), examDate: sure('2019-01-01') }), {
      today: TODAY,
    });
    expect(reading.draft.examDate).toBe('2019-01-01');
    expect(reading.unsure).toEqual(expect.arrayContaining(['pd', 'examDate']));
    expect(reading.unsure).not.toContain('od.sph');
  });

  it('reads a PD per eye in dual mode', () => {
    const reading = interpret(layout({ pdRight: sure('31.5'), pdLeft: sure('32') }), { today: TODAY });
    expect(reading.draft).toMatchObject({ pdMode: 'dual', pdRight: '31.5', pdLeft: '32', pd: '' });
  });

  it("marks a plus-cylinder eye left unconverted (the other eye's cylinder read as minus or unsigned): its sphere, cylinder and axis", () => {
    for (const other of ['-1.25', '13.10']) {
      const reading = interpret(
        layout({ od: { sph: sure('+1.00'), cyl: sure(other), axis: sure('20') }, os: { sph: sure('-1.50'), cyl: sure('+0.50'), axis: sure('73') } }),
        {
          today: TODAY,
        },
      );
      expect(reading.transposed).toBe(false);
      expect(reading.draft.os).toMatchObject({ sph: '-1.50', cyl: '+0.50', axis: '73' });
      expect(reading.unsure).toEqual(expect.arrayContaining(['os.sph', 'os.cyl', 'os.axis']));
      // The other eye's values are the paper's too, whichever form it is in.
      expect(reading.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.cyl', 'od.axis']));
    }
  });

  it('keeps a field that needs two readings sure only when the page and its cell, read again, agree', () => {
    const page = (text: string, confidence = 95): ValueRead => ({ text, confidence });
    const cell = (text: string, confidence = 40): ValueRead => ({ text, confidence, reread: true });
    const twoReadings = new Set(['od.axis', 'os.axis', 'pd'] as const);
    const reading = interpret(
      layout({
        // The page's "11" for "111" and no second reading; the cell's "18" twice (grey, binarised) with the page unsure of it; a PD both agree on.
        od: { sph: sure('-1.00'), cyl: sure('-0.75'), axis: [page('11')] },
        os: { sph: sure('-1.00'), cyl: sure('-0.75'), axis: [cell('18', 79), cell('18', 76), page('18', MIN_CONFIDENCE - 8)] },
        pd: [cell('63'), page('63')],
      }),
      // A handwriting-like form's: the page's reading is not sure of the axis, the cut-out's two are one reading.
      { today: TODAY, twoReadings, handwritten: true },
    );
    expect(reading.unsure).toEqual(expect.arrayContaining(['od.axis', 'os.axis']));
    expect(reading.unsure).not.toContain('pd');
    expect(reading.unsure).not.toContain('od.sph');
    // On print, the cut-out read grey and binarised, both sure, is two readings; not on a handwritten form, nor unsure.
    const cutOutOnly = (handwritten: boolean, confidence = 90) =>
      interpret(layout({ od: { sph: sure('-1.00'), cyl: sure('-0.75'), axis: [cell('51', confidence), cell('51', confidence)] } }), {
        today: TODAY,
        twoReadings,
        handwritten,
      }).unsure;
    expect(cutOutOnly(false)).not.toContain('od.axis');
    expect(cutOutOnly(false, MIN_CONFIDENCE - 1)).toContain('od.axis');
    expect(cutOutOnly(true)).toContain('od.axis');
    // A handwritten value: the page's reading and the cut-out's both sure ("-1.00" read twice for "-2.00", the second unsure).
    const handwritten = (confidence: number) =>
      interpret(layout({ od: { sph: sure('-1.00'), cyl: [cell('-1.00', confidence), page('-1.00', 84)], axis: [cell('66', 90), page('66')] } }), {
        today: TODAY,
        twoReadings: new Set(['od.cyl', 'od.axis'] as const),
        handwritten: true,
      }).unsure;
    expect(handwritten(67)).toEqual(['od.cyl']);
    expect(handwritten(MIN_CONFIDENCE)).toEqual([]);
    // The cut-out's reading in the run of ink the cell was widened to (the cell itself read nothing) does not confirm it.
    const widened = interpret(
      layout({ od: { sph: sure('-1.00'), cyl: [{ ...cell('-1.00', 71), widened: true }, page('-1.00', 84)], axis: [cell('66', 90), page('66')] } }),
      { today: TODAY, twoReadings: new Set(['od.cyl', 'od.axis'] as const), handwritten: true },
    );
    expect(widened.unsure).toEqual(['od.cyl']);
    // Without the option, one sure reading is enough.
    expect(interpret(layout({ od: { sph: sure('-1.00'), cyl: sure('-0.75'), axis: [page('11')] } }), { today: TODAY }).unsure).toEqual([]);
  });

  it('marks a value read over more ink than its digits take (a digit lost)', () => {
    const reading = interpret(layout({ od: { sph: sure('-1.00'), cyl: sure('-0.75'), axis: [{ text: '11', confidence: 89, digitLost: true }] } }), {
      today: TODAY,
    });
    expect(reading.unsure).toEqual(['od.axis']);
  });

  it('says nothing was found when no value was read', () => {
    const reading = interpret(layout({ foundTable: false }), { today: TODAY });
    expect(reading.nothingFound).toBe(true);
    expect(reading.read).toEqual([]);
  });
});
