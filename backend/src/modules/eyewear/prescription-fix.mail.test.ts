import { describe, expect, it } from 'vitest';
import { lineTitleOf, prescriptionLines, PRESCRIPTION_CORRECTED_BODY, sayIn } from './prescription-fix.mail';

/**
 * ADR 041: the "prescription corrected" mail gives every field of the new prescription — ADD
 * included, the PD as one value or one per eye, never both — in the order's store view language.
 */
const progressive = {
  usage: 'PROGRESSIVE' as const,
  exam_date: '2026-02-01',
  od: { sph: -1.25, cyl: -0.5, axis: 90, add: 2.25 },
  os: { sph: 0, cyl: 0, axis: null, add: 2.25 },
  pd: { single: null, right: 31.5, left: 32 },
};

describe('the prescription-corrected mail (ADR 041)', () => {
  it('writes each eye with SPH, CYL, AXIS and ADD, and a per-eye PD without any single PD', () => {
    expect(prescriptionLines('en_CA', progressive)).toEqual([
      'OD (right eye): SPH -1.25, CYL -0.50, AXIS 90, ADD +2.25',
      'OS (left eye): SPH 0.00, CYL 0.00, AXIS —, ADD +2.25',
      'PD: 31.5 / 32 mm',
      'Eye exam: 2026-02-01',
    ]);
    expect(prescriptionLines('en_CA', { ...progressive, usage: 'SINGLE_VISION_DISTANCE', pd: { single: 63, right: null, left: null } })[2]).toBe('PD: 63 mm');
  });

  it("is in the store view's language (fr, de), the frame's name and the order number as they are", () => {
    expect(prescriptionLines('fr_FR', progressive)).toEqual([
      'OD (œil droit) : SPH -1.25, CYL -0.50, AXE 90, ADD +2.25',
      'OG (œil gauche) : SPH 0.00, CYL 0.00, AXE —, ADD +2.25',
      'EP : 31.5 / 32 mm',
      'Examen de la vue : 2026-02-01',
    ]);
    const line = {
      name: 'Milo Round',
      selected_options: [
        { label: 'Color', value: 'Tortoise' },
        { label: 'Lens type', value: 'Progressive' },
      ],
    };
    expect(sayIn('de_DE', PRESCRIPTION_CORRECTED_BODY, lineTitleOf(line), '000000012')).toBe(
      'Das Rezept für Milo Round (Tortoise, Progressive) in Ihrer Bestellung Nr. 000000012 ist korrigiert. Unser Optiker fertigt die Gläser mit diesen Werten:',
    );
  });
});
