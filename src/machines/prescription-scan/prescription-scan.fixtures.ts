/** Readings as the reader answers them, for the scan machine's tests and the stories. */
import { emptyPrescriptionDraft, type PrescriptionDraft } from '../../../rules/eyewear/prescription';
import type { PrescriptionReading } from './prescription-reading';

const draft = (values: { od: Partial<PrescriptionDraft['od']>; os: Partial<PrescriptionDraft['os']> } & Partial<Omit<PrescriptionDraft, 'od' | 'os'>>) => {
  const empty = emptyPrescriptionDraft();
  return { ...empty, ...values, od: { ...empty.od, ...values.od }, os: { ...empty.os, ...values.os } };
};

/** A ruled slip read whole: the left eye's cylinder unsure (its sign was faint). */
export const FIXTURE_READING: PrescriptionReading = {
  draft: draft({ od: { sph: '-2.25', cyl: '-0.50', axis: '90' }, os: { sph: '-2.00', cyl: '-0.75', axis: '180' }, pd: '63', examDate: '2025-09-15' }),
  read: ['od.sph', 'od.cyl', 'od.axis', 'os.sph', 'os.cyl', 'os.axis', 'pd', 'examDate'],
  unsure: ['os.cyl'],
  transposed: false,
  nothingFound: false,
};

/** A reading with a value the rules refuse (an axis of 190: a misread 180 or 100). */
export const FIXTURE_READING_REFUSED: PrescriptionReading = {
  ...FIXTURE_READING,
  draft: { ...FIXTURE_READING.draft, os: { ...FIXTURE_READING.draft.os, axis: '190' } },
  unsure: [],
};

/** No prescription on the photo. */
export const FIXTURE_NOTHING_FOUND: PrescriptionReading = {
  draft: emptyPrescriptionDraft(),
  read: [],
  unsure: [],
  transposed: false,
  nothingFound: true,
};
