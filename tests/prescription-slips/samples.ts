/**
 * The few slips the repository keeps (tests/prescription-slips/samples/): one per language, across the
 * three layouts and the three distortion bands, and the one the scan journey's fake camera plays, as
 * phone photos with their manifest entries. Unit tests and the scan journey use them; the whole set is
 * made with `npm run slips`.
 */
import type { SlipLanguage } from './languages';
import { makeSlips, type DistortionBand, type Slip, type SlipLayout } from './slip';
import type { SetOptions } from './slip';

interface SampleCell {
  language: SlipLanguage;
  layout: SlipLayout;
  band: DistortionBand;
  /** Which slip of the cell (default: the first with cylinders on both eyes, else the first). */
  wanted?: (slip: Slip) => boolean;
}

const bothCylinders = (slip: Slip) => slip.values.od.cyl !== 0 && slip.values.os.cyl !== 0;

/** An exam date whose day and month could be either (both 12 or under, not equal). */
const ambiguousDate = (slip: Slip) => {
  const [, month, day] = slip.values.examDate.split('-').map(Number);
  return month! <= 12 && day! <= 12 && month !== day;
};

/**
 * The sample the fake camera plays: a British ruled table, mildly distorted, whose eyes are labelled
 * R/L (or Right/Left, not the RE/LE that only European papers print) and whose exam date reads either
 * way round. Nothing on the paper says which order it writes dates in, so the reader marks the date
 * "Check this" however well it reads the photo (ADR 043): the camera journey always has a marked field
 * for the shopper to correct. Cylinders on both eyes, one PD, no ADD or prism: the wizard's distance
 * lenses take every value.
 */
export const CAMERA_SAMPLE_CELL: SampleCell = {
  language: 'en-GB',
  layout: 'ruled-table',
  band: 'medium',
  wanted: (slip) =>
    bothCylinders(slip) && slip.style.eyes[0] !== 'RE' && slip.values.pd.mode === 'single' && !slip.hasAdd && !slip.hasPrism && ambiguousDate(slip),
};

/** One per language, across the three layouts and the three bands, then the camera's. */
export const SAMPLE_CELLS: readonly SampleCell[] = [
  { language: 'en-US', layout: 'ruled-table', band: 'low' },
  { language: 'en-GB', layout: 'plain-columns', band: 'medium' },
  { language: 'fr', layout: 'handwritten-form', band: 'high' },
  { language: 'de', layout: 'ruled-table', band: 'medium' },
  { language: 'es', layout: 'plain-columns', band: 'low' },
  { language: 'nl', layout: 'handwritten-form', band: 'medium' },
  CAMERA_SAMPLE_CELL,
];

/** The first slip of the set in each sample cell that the cell wants. */
export function sampleSlips(set: readonly Slip[]): Slip[] {
  return SAMPLE_CELLS.map((cell) => {
    const inCell = set.filter((s) => s.language === cell.language && s.layout === cell.layout && s.distortion.band === cell.band);
    const slip = cell.wanted ? inCell.find(cell.wanted) : (inCell.find(bothCylinders) ?? inCell[0]);
    if (!slip) throw new Error(`no slip in ${JSON.stringify(cell)}`);
    return slip;
  });
}

export const samplesOf = (count: number, options: SetOptions) => sampleSlips(makeSlips(count, options));
