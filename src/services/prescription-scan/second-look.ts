/**
 * Step 5d of the reader (ADR 043, "A second look at a page read poorly"): a blurred photo's page
 * read by OCR may lose its whole table (no header, no rows), and the cells' and lines' second
 * readings (steps 5b, 5c) then have nowhere to look. When the first reading of a page found little,
 * the page is sharpened (clean-image.ts `sharpen`), read by OCR again and read as a prescription
 * again; the two readings are merged so that the first reading's values are never lost:
 * - a field only the second reading filled takes its value, marked (one reading of a page whose
 *   first reading was poor);
 * - a field both filled keeps the first reading's value, marked when the two differ;
 * - an eye whose powers come from both readings has its sphere, cylinder and axis marked (a plus
 *   cylinder's conversion needs the three from one reading);
 * - the rules (`checkPrescription`) mark what they refuse in the merged draft.
 * Pure: the OCR and the reading of the sharpened page are the caller's (read-prescription.ts).
 */
import { checkPrescription, type Eye, type PrescriptionField } from '../../../rules/eyewear/prescription';
import type { PrescriptionReading } from '../../machines/prescription-scan/prescription-reading';

/**
 * Fewer fields read than this calls for a second look: every slip prints at least eight (both eyes'
 * SPH, CYL and AXIS, a PD and the exam date).
 */
export const SECOND_LOOK_BELOW = 5;

/** Fields only some slips print: a first reading that filled them and little else still read too little. */
const NOT_ON_EVERY_SLIP = /\.(add|prism|prismBase)$/;

/**
 * The first reading found too little to trust it alone: fewer than SECOND_LOOK_BELOW of the fields
 * every slip prints filled (an ADD read in a column put back, table-cells.ts `lostAdd`, does not make
 * a page read poorly a page read well).
 */
export function needsSecondLook(reading: PrescriptionReading): boolean {
  return reading.read.filter((field) => !NOT_ON_EVERY_SLIP.test(field)).length < SECOND_LOOK_BELOW;
}

type Draft = PrescriptionReading['draft'];

function valueOf(draft: Draft, field: PrescriptionField): string {
  const [a, b] = field.split('.') as [string, string | undefined];
  const holder = draft as unknown as Record<string, unknown>;
  return String((b === undefined ? holder[a] : (holder[a] as Record<string, unknown>)[b]) ?? '');
}

function setValue(draft: Draft, field: PrescriptionField, value: string): void {
  const [a, b] = field.split('.') as [string, string | undefined];
  const holder = draft as unknown as Record<string, Record<string, unknown> | unknown>;
  if (b === undefined) holder[a] = value;
  else (holder[a] as Record<string, unknown>)[b] = value;
}

const POWERS = ['sph', 'cyl', 'axis'] as const;
const PD_FIELDS: readonly PrescriptionField[] = ['pd', 'pdRight', 'pdLeft'];

function issuesOf(draft: Draft, today: string): Partial<Record<PrescriptionField, unknown>> {
  const usage = draft.od.add || draft.os.add ? 'SINGLE_VISION_READING' : 'SINGLE_VISION_DISTANCE';
  return checkPrescription(draft, { usage, today }).issues;
}

export function mergeReadings(first: PrescriptionReading, second: PrescriptionReading, { today }: { today: string }): PrescriptionReading {
  const draft: Draft = structuredClone(first.draft);
  const read = new Set(first.read);
  const unsure = new Set(first.unsure);
  const fromSecond = new Set<PrescriptionField>();
  // The PD is one mode or the other: the second reading's PD only when the first read none.
  const firstHasPd = PD_FIELDS.some((field) => read.has(field));
  for (const field of second.read) {
    if (PD_FIELDS.includes(field) && firstHasPd) {
      if (read.has(field) && valueOf(second.draft, field) !== valueOf(first.draft, field)) unsure.add(field);
      continue;
    }
    if (read.has(field)) {
      if (valueOf(second.draft, field) !== valueOf(first.draft, field)) unsure.add(field);
      continue;
    }
    if (PD_FIELDS.includes(field)) draft.pdMode = second.draft.pdMode;
    setValue(draft, field, valueOf(second.draft, field));
    read.add(field);
    unsure.add(field);
    fromSecond.add(field);
  }
  for (const eye of ['od', 'os'] as const satisfies readonly Eye[]) {
    const fields = POWERS.map((name) => `${eye}.${name}` as const).filter((field) => read.has(field));
    const mixed = fields.some((field) => fromSecond.has(field)) && fields.some((field) => !fromSecond.has(field));
    if (mixed) for (const field of fields) unsure.add(field);
  }
  // A value only the second reading gives that the rules refuse ("-4.30") is left out: it would only be typed over.
  const refused = issuesOf(draft, today);
  for (const field of fromSecond)
    if (refused[field]) {
      setValue(draft, field, '');
      read.delete(field);
      unsure.delete(field);
      fromSecond.delete(field);
    }
  // What the rules refuse in the merged draft is never filled silently.
  const issues = issuesOf(draft, today);
  for (const field of Object.keys(issues) as PrescriptionField[]) if (read.has(field)) unsure.add(field);
  for (const eye of ['od', 'os'] as const) if ((issues[`${eye}.cyl`] || issues[`${eye}.add`]) && read.has(`${eye}.sph`)) unsure.add(`${eye}.sph`);
  return {
    draft,
    read: [...read],
    unsure: [...unsure],
    transposed: first.transposed || (second.transposed && [...fromSecond].some((field) => /\.(sph|cyl|axis)$/.test(field))),
    nothingFound: read.size === 0,
  };
}
