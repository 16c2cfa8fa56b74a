/**
 * The few slips the repository keeps (tests/prescription-slips/samples/): one per language, across the
 * three layouts and the three distortion bands, as phone photos with their manifest entries. Unit
 * tests and the scan journey's fake camera use them; the whole set is made with `npm run slips`.
 */
import type { SlipLanguage } from './languages';
import { makeSlips, type DistortionBand, type Slip, type SlipLayout } from './slip';
import type { SetOptions } from './slip';

export const SAMPLE_CELLS: readonly { language: SlipLanguage; layout: SlipLayout; band: DistortionBand }[] = [
  { language: 'en-US', layout: 'ruled-table', band: 'low' },
  { language: 'en-GB', layout: 'plain-columns', band: 'medium' },
  { language: 'fr', layout: 'handwritten-form', band: 'high' },
  { language: 'de', layout: 'ruled-table', band: 'medium' },
  { language: 'es', layout: 'plain-columns', band: 'low' },
  { language: 'nl', layout: 'handwritten-form', band: 'medium' },
];

/** The sample the fake camera plays: a printed table with cylinders on both eyes and an ADD, mildly distorted. */
export const CAMERA_SAMPLE_CELL = SAMPLE_CELLS[0]!;

const wanted = (slip: Slip) => slip.values.od.cyl !== 0 && slip.values.os.cyl !== 0;

/** The first slip of the set in each sample cell (preferring one with cylinders on both eyes). */
export function sampleSlips(set: readonly Slip[]): Slip[] {
  return SAMPLE_CELLS.map((cell) => {
    const inCell = set.filter((s) => s.language === cell.language && s.layout === cell.layout && s.distortion.band === cell.band);
    const slip = inCell.find(wanted) ?? inCell[0];
    if (!slip) throw new Error(`no slip in ${JSON.stringify(cell)}`);
    return slip;
  });
}

export const samplesOf = (count: number, options: SetOptions) => sampleSlips(makeSlips(count, options));
