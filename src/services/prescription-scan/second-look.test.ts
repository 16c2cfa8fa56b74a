// ADR 043, step 5d ("A second look at a page read poorly"): a page whose first reading found little is
// read again sharpened; the two readings merged without losing the first's values or leaving a value
// only the second gave unmarked.
import { describe, expect, it } from 'vitest';
import { emptyPrescriptionDraft, type PrescriptionField } from '../../../rules/eyewear/prescription';
import type { PrescriptionReading } from '../../machines/prescription-scan/prescription-reading';
import { mergeReadings, needsSecondLook } from './second-look';

const today = '2026-12-01';

function reading(
  values: Partial<Record<PrescriptionField, string>>,
  unsure: PrescriptionField[] = [],
  extra: Partial<PrescriptionReading> = {},
): PrescriptionReading {
  const draft = emptyPrescriptionDraft();
  for (const [field, value] of Object.entries(values) as [PrescriptionField, string][]) {
    const [a, b] = field.split('.');
    if (b) (draft as unknown as Record<string, Record<string, string>>)[a!]![b] = value;
    else (draft as unknown as Record<string, string>)[a!] = value;
  }
  if (values.pdRight || values.pdLeft) draft.pdMode = 'dual';
  const read = Object.keys(values) as PrescriptionField[];
  return { draft, read, unsure, transposed: false, nothingFound: read.length === 0, ...extra };
}

describe('a second look at a page read poorly (ADR 043, step 5d)', () => {
  it('is taken when the first reading filled fewer than five fields', () => {
    expect(needsSecondLook(reading({}))).toBe(true);
    expect(needsSecondLook(reading({ 'od.sph': '-1.00', 'os.sph': '-1.25', pd: '63', examDate: '2026-05-04' }))).toBe(true);
    expect(needsSecondLook(reading({ 'od.sph': '-1.00', 'os.sph': '-1.25', 'od.cyl': '-0.50', 'od.axis': '90', pd: '63' }, ['od.sph']))).toBe(false);
  });

  it('counts only the fields every slip prints: two ADDs do not make a page read poorly read well', () => {
    expect(needsSecondLook(reading({ 'od.sph': '-1.00', 'os.sph': '-1.25', pd: '63', 'od.add': '+2.00', 'os.add': '+2.00' }))).toBe(true);
  });

  it('fills what only the second reading read, marked', () => {
    const merged = mergeReadings(reading({}), reading({ 'od.sph': '-2.25', 'os.sph': '-2.00', pd: '64' }), { today });
    expect(merged.draft.od.sph).toBe('-2.25');
    expect(merged.draft.os.sph).toBe('-2.00');
    expect(merged.draft.pd).toBe('64');
    expect(merged.read).toEqual(expect.arrayContaining(['od.sph', 'os.sph', 'pd']));
    expect(merged.unsure).toEqual(expect.arrayContaining(['od.sph', 'os.sph', 'pd']));
    expect(merged.nothingFound).toBe(false);
  });

  it("keeps the first reading's value, marked when the second read another", () => {
    const merged = mergeReadings(reading({ 'od.sph': '-2.25', 'os.sph': '-2.00' }), reading({ 'od.sph': '-2.75', 'os.sph': '-2.00' }), { today });
    expect(merged.draft.od.sph).toBe('-2.25');
    expect(merged.unsure).toContain('od.sph');
    expect(merged.unsure).not.toContain('os.sph');
  });

  it("marks an eye's sphere, cylinder and axis when they come from both readings (a plus cylinder is converted from one reading's three)", () => {
    const merged = mergeReadings(reading({ 'od.sph': '+1.00', 'os.sph': '+1.00' }), reading({ 'od.cyl': '-1.00', 'od.axis': '90' }), { today });
    expect(merged.draft.od.cyl).toBe('-1.00');
    expect(merged.unsure).toEqual(expect.arrayContaining(['od.sph', 'od.cyl', 'od.axis']));
    expect(merged.unsure).not.toContain('os.sph');
  });

  it('leaves out a value only the second reading gave that the rules refuse', () => {
    const merged = mergeReadings(reading({ 'od.sph': '-1.25', 'os.sph': '-1.00' }), reading({ 'od.cyl': '-4.30', 'od.axis': '90' }), { today });
    expect(merged.draft.od.cyl).toBe('');
    expect(merged.read).not.toContain('od.cyl');
  });

  it("takes the second reading's PD only when the first read none (one PD mode, not a mix)", () => {
    const first = reading({ 'od.sph': '-1.25', 'os.sph': '-1.00', pd: '63' });
    const merged = mergeReadings(first, reading({ pdRight: '31', pdLeft: '32' }), { today });
    expect(merged.draft.pdMode).toBe('single');
    expect(merged.draft.pd).toBe('63');
    expect(merged.read).not.toContain('pdRight');
    const dual = mergeReadings(reading({ 'od.sph': '-1.25' }), reading({ pdRight: '31', pdLeft: '32' }), { today });
    expect(dual.draft.pdMode).toBe('dual');
    expect([dual.draft.pdRight, dual.draft.pdLeft]).toEqual(['31', '32']);
    expect(dual.unsure).toEqual(expect.arrayContaining(['pdRight', 'pdLeft']));
  });
});
