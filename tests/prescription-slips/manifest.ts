/**
 * The set's manifest (`<dir>/manifest.json`), which the reader's benchmark reads: per slip its
 * language, layout, paper cylinder form, true values (the form's draft, minus cylinder), the fields
 * the slip prints, its two images and the photo's distortion.
 */
import type { PrescriptionDraft, PrescriptionField } from '../../rules/eyewear/prescription';
import type { SlipLanguage } from './languages';
import type { Corners } from './render';
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
  distortion: Omit<Distortion, 'desk'> & {
    /** Where the paper's corners landed in the photo (px; top left, top right, bottom right, bottom left), once drawn. */
    corners?: Corners;
  };
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

/** The set's make-up: slips per language × layout × distortion band, as text lines for the console. */
export function compositionOf(manifest: Pick<Manifest, 'slips'>): string[] {
  const bands = ['low', 'medium', 'high'] as const;
  const rows = new Map<string, number[]>();
  for (const slip of manifest.slips) {
    const key = `${slip.language.padEnd(6)} ${slip.layout.padEnd(17)}`;
    const counts = rows.get(key) ?? [0, 0, 0];
    counts[bands.indexOf(slip.distortion.band)]! += 1;
    rows.set(key, counts);
  }
  const plus = manifest.slips.filter((s) => s.paperCylinder === 'plus').length;
  return [
    `${'language layout'.padEnd(24)} ${bands.map((b) => b.padStart(6)).join(' ')}`,
    ...[...rows].map(([key, counts]) => `${key} ${counts.map((c) => String(c).padStart(6)).join(' ')}`),
    `${manifest.slips.length} slips, ${plus} printed in plus cylinder`,
  ];
}
