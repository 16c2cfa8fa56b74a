/**
 * The set's manifest (`<dir>/manifest.json`), which the reader's benchmark reads: per slip its
 * language, layout, paper cylinder form, true values (the form's draft, minus cylinder), the fields
 * the slip prints, its two images and the photo's distortion.
 */
import type { PrescriptionDraft, PrescriptionField } from '../../rules/eyewear/prescription';
import type { SlipLanguage } from './languages';
import type { Distortion, Slip, SlipLayout } from './slip';

export interface ManifestSlip {
  id: string;
  language: SlipLanguage;
  layout: SlipLayout;
  paperCylinder: 'minus' | 'plus';
  truth: PrescriptionDraft;
  fields: PrescriptionField[];
  flat: string;
  photo: string;
  distortion: Omit<Distortion, 'desk'>;
}

export interface Manifest {
  version: 1;
  seed: number;
  today: string;
  count: number;
  slips: ManifestSlip[];
}

export const flatFile = (slip: Pick<Slip, 'id'>) => `${slip.id}-flat.png`;
export const photoFile = (slip: Pick<Slip, 'id'>) => `${slip.id}-photo.jpg`;

export function manifestEntry(slip: Slip): ManifestSlip {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { desk, ...distortion } = slip.distortion;
  return {
    id: slip.id,
    language: slip.language,
    layout: slip.layout,
    paperCylinder: slip.paperCylinder,
    truth: slip.truth,
    fields: slip.fields,
    flat: flatFile(slip),
    photo: photoFile(slip),
    distortion,
  };
}

export function manifestOf(slips: readonly Slip[], seed: number, today: string): Manifest {
  return { version: 1, seed, today, count: slips.length, slips: slips.map(manifestEntry) };
}
