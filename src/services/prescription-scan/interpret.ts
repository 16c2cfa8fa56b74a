/**
 * Step 6 of the reader (ADR 043): the values read → the prescription form's draft, with every field
 * the reader is unsure of marked (the form asks the shopper to check each). The aim is that no wrong
 * value is left unmarked, so a field is unsure when:
 * - Tesseract's confidence in it is low, it was read twice with different values, or it stood far
 *   from the column it was given to;
 * - it is not on the rules' steps (SPH/CYL/ADD in 0.25, AXIS a whole number 1–180, PD in 0.5);
 * - its sign looks dropped (an unsigned sphere or cylinder: opticians sign every power but plano; the two eyes' SPH of
 *   opposite signs far apart, a cylinder whose sign differs from the other eye's);
 * - the rules (rules/eyewear/prescription.ts `checkPrescription`) refuse it;
 * - it is one the caller asks two readings of (`twoReadings`: an axis, a PD, a handwritten value) and
 *   the page's reading, sure of it, and a second reading of its cell or line did not both give it.
 * A paper written in plus cylinder is converted with the rules' `toMinusCylinder` (`transposed`).
 */
import {
  checkPrescription,
  emptyPrescriptionDraft,
  normaliseAxis,
  signedPower,
  toMinusCylinder,
  type Eye,
  type EyeField,
  type PrescriptionDraft,
  type PrescriptionField,
  type PrismBase,
} from '../../../rules/eyewear/prescription';
import type { PrescriptionReading } from '../../machines/prescription-scan/prescription-reading';
import { examDateYearFixed } from './exam-year';
import type { LayoutReading, ValueRead } from './read-layout';

/** Below this confidence (0…100) a read is unsure. */
export const MIN_CONFIDENCE = 70;

interface Picked {
  text: string;
  unsure: boolean;
}

/**
 * Two independent readings agree on `text`: the page's reading (sparse text over the whole page), sure
 * of it, and a second reading of the value's cell or line (single line, the column's characters only),
 * neither read off its column. On print, the cut-out read grey and binarised with both sure counts as
 * two; a handwritten value needs the page's reading and the cut-out's, both sure.
 */
export function twoReadingsAgree(reads: readonly ValueRead[], text: string, { handwritten = false }: { handwritten?: boolean } = {}): boolean {
  const agreeing = reads.filter((r) => r.text === text && r.offColumn !== true);
  const page = agreeing.some((r) => !r.reread && r.confidence >= MIN_CONFIDENCE);
  const again = agreeing.filter((r) => r.reread === true);
  const sureAgain = again.filter((r) => r.confidence >= MIN_CONFIDENCE).length;
  // Handwriting: both readings sure (a handwritten "2" both read as "1", the second unsure of it), the second in the cell
  // itself, not in the run of ink it was widened to when the cell read nothing (a guess at the box, read once).
  if (handwritten) return page && again.some((r) => r.confidence >= MIN_CONFIDENCE && r.widened !== true);
  // Print: the cut-out read grey and binarised, each sure, is two readings too (a printed axis the page's reading lost).
  return (page && again.length > 0) || sureAgain >= 2;
}

/**
 * The field's value: its first read, unsure when reads disagree or its confidence is low; for a field
 * that needs two readings, unsure unless the page's and a second reading agree (`twoReadingsAgree`).
 */
function pick(reads: readonly ValueRead[] | undefined, needsTwo = false, handwritten = false): Picked | null {
  if (!reads?.length) return null;
  const first = reads[0]!;
  const disagree = reads.some((r) => r.text !== first.text);
  // Two readings that agree stand for the first's confidence (a whitelisted cell's reading often has none).
  const doubtful = needsTwo ? !twoReadingsAgree(reads, first.text, { handwritten }) : first.confidence < MIN_CONFIDENCE;
  const lost = reads.some((r) => r.digitLost === true);
  return { text: first.text, unsure: disagree || doubtful || lost || first.ambiguous === true || first.offColumn === true };
}

const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;

interface Power {
  value: number;
  signed: boolean;
  unsure: boolean;
}

/** The hundredths a power on the 0.25 step is printed with. */
const QUARTERS = ['00', '25', '50', '75'] as const;

/**
 * A power read off the 0.25 step with one of its two decimals misread (a handwritten 5 read as 8 or 9:
 * "-1.28", "+0.79", "-1.04"): the one value on the step that differs from it in one decimal digit, or
 * null when there is none or more than one ("-0.15": 25 or 75).
 */
export function nearestStep(text: string): number | null {
  const match = /^([+-]?\d{1,2})\.(\d\d)$/.exec(text);
  if (!match || (QUARTERS as readonly string[]).includes(match[2]!)) return null;
  const decimals = match[2]!;
  const near = QUARTERS.filter((q) => (q[0] === decimals[0] ? 0 : 1) + (q[1] === decimals[1] ? 0 : 1) === 1);
  return near.length === 1 ? Number(`${match[1]}.${near[0]}`) : null;
}

/**
 * A power as read: "225" with its point lost is 2.25 (unsure); off the 0.25 step is unsure, and
 * brought to the step when one decimal digit alone was misread (`nearestStep`).
 */
function powerOf(picked: Picked | null): Power | null {
  if (!picked || picked.text === '') return null;
  const signed = /^[+-]/.test(picked.text);
  let value = Number(picked.text);
  let unsure = picked.unsure;
  if (!Number.isFinite(value)) return null;
  // "+025", "-175": the point was lost.
  if (/^[+-]?\d{3,4}$/.test(picked.text) && (Math.abs(value) >= 30 || /^[+-]?0/.test(picked.text))) {
    value /= 100;
    unsure = true;
  }
  if (!onStep(value, 0.25) || Math.abs(value) > 30) unsure = true;
  value = (!onStep(value, 0.25) && nearestStep(picked.text)) || value;
  return { value, signed: signed || value === 0, unsure };
}

/**
 * The sign an unsigned sphere lost (ADR 043, "A sphere's lost sign"): the other eye's, when that sphere
 * kept a sign and is not plano (the two eyes' spheres mostly share their sign), else minus (a printed
 * minus, a thin short stroke, is what OCR loses; a plus is larger). The sphere stays marked either way.
 */
export function lostSign(otherSphere: Pick<Power, 'value' | 'signed'> | null): 1 | -1 {
  return otherSphere && otherSphere.signed && otherSphere.value > 0 ? 1 : -1;
}

export interface InterpretOptions {
  /** Today as YYYY-MM-DD (the rules never read the clock). */
  today: string;
  /**
   * Fields sure only when two independent readings agree (`twoReadingsAgree`): one reading's misread
   * digit ("11" for "111", a handwritten "2" read "1") is a plausible value the other checks miss.
   */
  twoReadings?: ReadonlySet<PrescriptionField>;
  /** The eyes' values are handwritten (a handwriting-like form, form-boxes.ts): both of their two readings must be sure. */
  handwritten?: boolean;
}

export function interpret(layout: LayoutReading, options: InterpretOptions): PrescriptionReading {
  const draft = emptyPrescriptionDraft();
  const read = new Set<PrescriptionField>();
  const unsure = new Set<PrescriptionField>();
  const mark = (field: PrescriptionField, isUnsure: boolean) => {
    read.add(field);
    if (isUnsure) unsure.add(field);
  };

  const two = options.twoReadings ?? new Set<PrescriptionField>();
  const hand = options.handwritten === true;
  const eyes = { od: eyeValues(layout, 'od', two, hand), os: eyeValues(layout, 'os', two, hand) };
  const cyls = [eyes.od.cyl, eyes.os.cyl].filter((c): c is Power => c !== null && c.value !== 0);
  const plusCylinder = cyls.length > 0 && cyls.every((c) => c.value > 0 && c.signed);
  const mixedCylinders = cyls.some((c) => c.value > 0) && cyls.some((c) => c.value < 0);
  // A cylinder printed with a plus on a paper not read as plus cylinder: the paper's form is in doubt.
  const plusInDoubt = !plusCylinder && cyls.some((c) => c.value > 0 && c.signed);

  for (const eye of ['od', 'os'] as const) {
    const values = eyes[eye];
    const other = eyes[eye === 'od' ? 'os' : 'od'];
    const field = (name: EyeField) => `${eye}.${name}` as const;
    const sph = values.sph;
    const cyl = values.cyl;
    let sphUnsure = sph?.unsure ?? false;
    let cylUnsure = cyl?.unsure ?? false;
    let axisUnsure = values.axis?.unsure ?? false;
    // Opticians sign every power but plano: an unsigned one lost its sign, whatever the paper's other powers kept.
    if (sph && !sph.signed) sphUnsure = true;
    if (sph && other.sph && Math.sign(sph.value) * Math.sign(other.sph.value) < 0 && Math.abs(sph.value - other.sph.value) >= 2) sphUnsure = true;
    if (cyl && cyl.value !== 0 && (!cyl.signed || mixedCylinders)) cylUnsure = true;
    // An unsigned cylinder is a minus one unless the paper writes plus cylinders.
    const cylValue = cyl ? (cyl.signed ? cyl.value : plusCylinder ? Math.abs(cyl.value) : -Math.abs(cyl.value)) : 0;
    const sphValue = sph ? (sph.signed ? sph.value : lostSign(other.sph) * Math.abs(sph.value)) : null;
    let axis = values.axis?.value ?? null;
    if (cylValue !== 0 && axis === null) cylUnsure = true;
    if (cylValue === 0 && axis !== null) axisUnsure = true;
    if (axis !== null && (!Number.isInteger(axis) || axis < 0 || axis > 180)) axisUnsure = true;
    if (axis === 0) axis = 180;
    if (sphValue !== null) {
      const transposedEye =
        plusCylinder && axis !== null && cylValue > 0
          ? toMinusCylinder({ sph: sphValue, cyl: cylValue, axis: normaliseAxis(axis), add: null, prism: null })
          : null;
      draft[eye].sph = signedPower(transposedEye?.sph ?? sphValue);
      // A plus cylinder left unconverted (no axis read, or the other eye's cylinder read as minus or unsigned) leaves the
      // paper's sphere and axis, not the form's: the three are in doubt, and so are the other eye's (which form the paper is in is).
      const unconverted = (cylValue > 0 && transposedEye === null) || (cylValue !== 0 && plusInDoubt);
      mark(field('sph'), sphUnsure || (transposedEye !== null && cylUnsure) || unconverted);
      if (cyl && cylValue !== 0) {
        draft[eye].cyl = signedPower(transposedEye?.cyl ?? cylValue);
        mark(field('cyl'), cylUnsure || unconverted);
      } else if (cyl) mark(field('cyl'), cylUnsure);
      if (axis !== null && cylValue !== 0) {
        draft[eye].axis = String(transposedEye?.axis ?? axis);
        mark(field('axis'), axisUnsure || (transposedEye !== null && cylUnsure) || unconverted);
      }
    } else {
      if (cyl && cylValue !== 0) {
        draft[eye].cyl = signedPower(cylValue);
        mark(field('cyl'), true);
      }
      if (axis !== null) {
        draft[eye].axis = String(axis);
        mark(field('axis'), true);
      }
    }
    const add = values.add;
    if (add) {
      draft[eye].add = signedPower(Math.abs(add.value));
      mark(field('add'), add.unsure || add.value < 0);
    }
    if (values.prism) {
      draft[eye].prism = String(values.prism.value);
      mark(field('prism'), values.prism.unsure);
    }
    if (values.prismBase) {
      draft[eye].prismBase = values.prismBase.base;
      mark(field('prismBase'), values.prismBase.unsure);
    }
  }

  readPd(layout, draft, mark, two);
  const date = pick(layout.examDate, two.has('examDate'));
  if (date) {
    // A year with one digit misread ("2075" for "2025"): the one year the rules' window allows a digit away, marked.
    const fixed = examDateYearFixed(date.text, options.today);
    draft.examDate = fixed ?? date.text;
    mark('examDate', date.unsure || fixed !== null);
  }

  const transposed = plusCylinder && !mixedCylinders;
  // What the rules refuse is never filled silently.
  const usage = draft.od.add || draft.os.add ? 'SINGLE_VISION_READING' : 'SINGLE_VISION_DISTANCE';
  const { issues } = checkPrescription(draft, { usage, today: options.today });
  for (const field of Object.keys(issues) as PrescriptionField[]) if (read.has(field)) unsure.add(field);
  // A refused meridian or near power is reported on one field; the sphere it comes from is as suspect.
  for (const eye of ['od', 'os'] as const) if (issues[`${eye}.cyl`] || issues[`${eye}.add`]) if (read.has(`${eye}.sph`)) unsure.add(`${eye}.sph`);

  return { draft, read: [...read], unsure: [...unsure], transposed, nothingFound: read.size === 0 };
}

interface EyeValues {
  sph: Power | null;
  cyl: Power | null;
  axis: { value: number; unsure: boolean } | null;
  add: Power | null;
  prism: { value: number; unsure: boolean } | null;
  prismBase: { base: PrismBase; unsure: boolean } | null;
}

function eyeValues(layout: LayoutReading, eye: Eye, two: ReadonlySet<PrescriptionField>, handwritten: boolean): EyeValues {
  const reads = layout[eye];
  const picked = (name: EyeField) => pick(reads[name], two.has(`${eye}.${name}`), handwritten);
  const axis = picked('axis');
  const prism = picked('prism');
  const base = picked('prismBase');
  const cylPicked = picked('cyl');
  const axisValue = axis && axis.text !== '' ? Number(axis.text) : null;
  const prismValue = prism && prism.text !== '' ? Math.abs(Number(prism.text)) : null;
  return {
    sph: powerOf(picked('sph')),
    cyl: cylPicked && cylPicked.text === '' ? { value: 0, signed: true, unsure: cylPicked.unsure } : powerOf(cylPicked),
    axis: axisValue === null ? null : { value: axisValue, unsure: axis!.unsure },
    add: powerOf(picked('add')),
    prism: prismValue === null ? null : { value: prismValue, unsure: prism!.unsure || !onStep(prismValue, 0.25) },
    prismBase: base ? { base: base.text as PrismBase, unsure: base.unsure } : null,
  };
}

function readPd(
  layout: LayoutReading,
  draft: PrescriptionDraft,
  mark: (field: PrescriptionField, unsure: boolean) => void,
  two: ReadonlySet<PrescriptionField>,
): void {
  const single = pick(layout.pd, two.has('pd'));
  const right = pick(layout.pdRight, two.has('pdRight'));
  const left = pick(layout.pdLeft, two.has('pdLeft'));
  const pdUnsure = (p: Picked, min: number, max: number) => p.unsure || !onStep(Number(p.text), 0.5) || Number(p.text) < min || Number(p.text) > max;
  if (right && left) {
    draft.pdMode = 'dual';
    draft.pdRight = String(Number(right.text));
    draft.pdLeft = String(Number(left.text));
    mark('pdRight', pdUnsure(right, 20, 40));
    mark('pdLeft', pdUnsure(left, 20, 40));
  } else if (single ?? right ?? left) {
    const only = (single ?? right ?? left)!;
    draft.pdMode = 'single';
    draft.pd = String(Number(only.text));
    mark('pd', pdUnsure(only, 50, 80));
  }
}
