import { describe, expect, it } from 'vitest';
import { lensOptionLinesOf, lineAsItemToAdd, prescriptionSummaryOf, uploadedPrescriptionSummaryOf } from './cart-line';
import { auroraLine } from '../shared/stories/cart-story-data';

const lens = [
  {
    customizable_option_uid: 'Y3VzdG9tLW9wdGlvbi8x',
    label: 'Lens type',
    type: 'radio',
    values: [{ customizable_option_value_uid: 'Y3VzdG9tLW9wdGlvbi8xLzQ=', label: 'Non-prescription', value: '4' }],
  },
  {
    customizable_option_uid: 'Y3VzdG9tLW9wdGlvbi8z',
    label: 'Lens coatings',
    type: 'checkbox',
    values: [{ customizable_option_value_uid: 'Y3VzdG9tLW9wdGlvbi8zLzEw', label: 'Anti-reflective', value: '10' }, null],
  },
  {
    customizable_option_uid: 'Y3VzdG9tLW9wdGlvbi80',
    label: 'Prescription',
    type: 'area',
    values: [{ customizable_option_value_uid: 'Y3VzdG9tLW9wdGlvbi80', label: '', value: 'Prescription to follow' }],
  },
];

describe('cart line re-add', () => {
  it('spec §4 Cart: a guest re-adding a line after recovery keeps its colour, size, lens choices and typed prescription', () => {
    expect(lineAsItemToAdd({ ...auroraLine, customizable_options: lens }, 3)).toEqual({
      sku: 'LN1001',
      quantity: 3,
      selectedOptions: ['Y29uZmlndXJhYmxlLzkzLzUw', 'Y29uZmlndXJhYmxlLzE0NC8xNzI=', 'Y3VzdG9tLW9wdGlvbi8xLzQ=', 'Y3VzdG9tLW9wdGlvbi8zLzEw'],
      enteredOptions: [{ uid: 'Y3VzdG9tLW9wdGlvbi80', value: 'Prescription to follow' }],
    });
  });

  it('a plain line is re-added by its sku alone', () => {
    expect(lineAsItemToAdd({ ...auroraLine, configurable_options: null }, 1)).toEqual({ sku: 'LN1001', quantity: 1 });
  });
});

describe('prescription summary of a lens option', () => {
  const rx = JSON.stringify({
    usage: 'PROGRESSIVE',
    exam_date: '2026-01-10',
    od: { sph: -1.5, cyl: -0.75, axis: 90, add: 2 },
    os: { sph: 0, cyl: 0, axis: null, add: 2 },
    pd: { single: null, right: 31.5, left: 32 },
  });

  it('eyewear notes "Prescription rules": each eye in signed dioptres, CYL and AXIS "—" for a spherical eye, PD per eye', () => {
    expect(prescriptionSummaryOf(rx)).toEqual({
      od: { sph: '-1.50', cyl: '-0.75', axis: '90', add: '+2.00', pd: '31.5' },
      os: { sph: '0.00', cyl: '—', axis: '—', add: '+2.00', pd: '32' },
      pd: null,
      examDate: '2026-01-10',
    });
  });

  it('a single PD and no ADD (distance lenses)', () => {
    const summary = prescriptionSummaryOf(JSON.stringify({ od: { sph: 1.25, cyl: 0 }, os: { sph: -2, cyl: -0.5, axis: 180 }, pd: { single: 63 } }));
    expect(summary).toMatchObject({ od: { sph: '+1.25', add: null, pd: null }, os: { cyl: '-0.50', axis: '180' }, pd: '63', examDate: null });
  });

  it('any other text is not a prescription and is shown as written', () => {
    expect(prescriptionSummaryOf('Prescription to follow: the shopper will send it later.')).toBeNull();
    expect(prescriptionSummaryOf('{"note":"x"}')).toBeNull();
    expect(prescriptionSummaryOf('42')).toBeNull();
  });

  it('eyewear notes "uploaded as JPG/PNG/PDF": an uploaded prescription reads as its file name and the reference opening it', () => {
    const text = 'Uploaded prescription: Ordonnance (mars).pdf (application/pdf, 48213 bytes, ref Q7x2Ab.9f3e0c)';
    expect(uploadedPrescriptionSummaryOf(text)).toEqual({ fileName: 'Ordonnance (mars).pdf', reference: 'Q7x2Ab.9f3e0c' });
    expect(prescriptionSummaryOf(text)).toBeNull();
    // Without a reference there is no file to open: the text is shown as written.
    expect(uploadedPrescriptionSummaryOf('Prescription to follow as a file: rx.pdf (application/pdf, 2048 bytes)')).toBeNull();
    expect(uploadedPrescriptionSummaryOf('Uploaded prescription: rx.pdf (application/pdf, 1 bytes, ref ../../etc)')).toBeNull();
  });

  it('lens option lines show a chosen value by its label and typed text as typed', () => {
    expect(lensOptionLinesOf(lens)).toEqual([
      { label: 'Lens type', value: 'Non-prescription' },
      { label: 'Lens coatings', value: 'Anti-reflective' },
      { label: 'Prescription', value: 'Prescription to follow' },
    ]);
  });
});
