import { inputError } from '../../graphql/errors';

/**
 * Prescription rules of the eyewear notes (domain/eyewear.md), checked again on the server: the
 * storefront validates as the shopper types, the backend refuses what slips through.
 */
export type LensUsage = 'SINGLE_VISION_DISTANCE' | 'SINGLE_VISION_READING' | 'PROGRESSIVE' | 'NON_PRESCRIPTION';

export interface EyeValues {
  sph: number;
  cyl: number;
  axis: number | null;
  add: number | null;
}

export interface Prescription {
  usage: LensUsage | null;
  exam_date: string;
  od: EyeValues;
  os: EyeValues;
  pd: { single: number | null; right: number | null; left: number | null };
}

export interface PrescriptionInput {
  usage?: string | null;
  exam_date?: string | null;
  od?: { sph?: number | string | null; cyl?: number | null; axis?: number | null; add?: number | null } | null;
  os?: { sph?: number | string | null; cyl?: number | null; axis?: number | null; add?: number | null } | null;
  pd?: { single?: number | null; right?: number | null; left?: number | null } | null;
}

export const EXAM_VALIDITY_YEARS = 2;
const USAGES: readonly LensUsage[] = ['SINGLE_VISION_DISTANCE', 'SINGLE_VISION_READING', 'PROGRESSIVE', 'NON_PRESCRIPTION'];

const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;
const signed = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)}`;

/** "Plano", "PL" and 0 all mean 0.00. */
function sphOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    if (/^(plano|pl)$/i.test(value.trim())) return 0;
    const n = Number(value);
    return Number.isFinite(n) ? n : Number.NaN;
  }
  return value;
}

/** Store minus-cylinder: SPH' = SPH + CYL, CYL' = −CYL, AXIS' = AXIS ± 90 within 1…180. */
export function toMinusCylinder(eye: EyeValues): EyeValues {
  if (eye.cyl <= 0 || eye.axis === null) return eye;
  const axis = eye.axis > 90 ? eye.axis - 90 : eye.axis + 90;
  return { ...eye, sph: eye.sph + eye.cyl, cyl: -eye.cyl, axis };
}

function checkEye(label: string, input: PrescriptionInput['od'], usage: LensUsage | null, errors: string[]): EyeValues {
  const progressive = usage === 'PROGRESSIVE';
  const [sphMin, sphMax] = progressive ? [-8, 8] : [-20, 12];
  const cylLimit = progressive ? 4 : 6;
  const sph = sphOf(input?.sph);
  const cyl = input?.cyl ?? 0;
  let axis = input?.axis ?? null;
  const add = input?.add ?? null;
  if (sph === null) errors.push(`${label} SPH is required.`);
  else if (!Number.isFinite(sph) || sph < sphMin || sph > sphMax || !onStep(sph, 0.25)) {
    errors.push(`${label} SPH must be between ${signed(sphMin)} and ${signed(sphMax)} in steps of 0.25.`);
  }
  if (!Number.isFinite(cyl) || Math.abs(cyl) > cylLimit || !onStep(cyl, 0.25))
    errors.push(`${label} CYL must be between -${cylLimit.toFixed(2)} and +${cylLimit.toFixed(2)} in steps of 0.25.`);
  if (axis === 0) axis = 180;
  if (cyl !== 0 && axis === null) errors.push(`${label} AXIS is required when CYL is not 0.`);
  if (cyl === 0 && axis !== null) errors.push(`${label} AXIS must be empty when CYL is 0.`);
  if (axis !== null && (!Number.isInteger(axis) || axis < 1 || axis > 180)) errors.push(`${label} AXIS must be a whole number from 1 to 180.`);
  if (add !== null && (add < 0.75 || add > 3.5 || !onStep(add, 0.25))) errors.push(`${label} ADD must be between +0.75 and +3.50 in steps of 0.25.`);
  if (progressive && add === null) errors.push(`${label} ADD is required for progressive lenses.`);
  return { sph: sph ?? 0, cyl, axis: cyl === 0 ? null : axis, add };
}

function checkPd(pd: PrescriptionInput['pd'], usage: LensUsage | null, errors: string[]): Prescription['pd'] {
  const single = pd?.single ?? null;
  const right = pd?.right ?? null;
  const left = pd?.left ?? null;
  const dual = right !== null || left !== null;
  if (single === null && !dual) errors.push('PD is required: one value (50 to 80 mm) or one per eye (20 to 40 mm each).');
  if (single !== null && (single < 50 || single > 80 || !onStep(single, 0.5))) errors.push('PD must be between 50 and 80 mm in steps of 0.5 mm.');
  if (dual) {
    for (const [eye, value] of [
      ['Right', right],
      ['Left', left],
    ] as const) {
      if (value === null) errors.push(`${eye} PD is required when the PD is given per eye.`);
      else if (value < 20 || value > 40 || !onStep(value, 0.5)) errors.push(`${eye} PD must be between 20 and 40 mm in steps of 0.5 mm.`);
    }
    if (single !== null && right !== null && left !== null && Math.abs(single - (right + left)) > 1) {
      errors.push('The single PD should equal the right PD plus the left PD.');
    }
  }
  if (usage === 'PROGRESSIVE' && !dual) errors.push('Progressive lenses need the PD of each eye (dual PD).');
  return { single, right, left };
}

function checkExamDate(value: string | null | undefined, now: Date, errors: string[]): string {
  const date = value?.trim() ?? '';
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    errors.push('The exam date must be a date like 2026-01-31.');
    return date;
  }
  const oldest = new Date(now);
  oldest.setUTCFullYear(oldest.getUTCFullYear() - EXAM_VALIDITY_YEARS);
  if (parsed.getTime() > now.getTime()) errors.push('The exam date cannot be in the future.');
  else if (parsed.getTime() < oldest.getTime() - 86_400_000) errors.push('The prescription is older than two years: a new eye exam is needed.');
  return date;
}

/** Validates a prescription; throws one input error listing every problem. Answers it in minus-cylinder form. */
export function validatePrescription(input: PrescriptionInput, now: Date): Prescription {
  const errors: string[] = [];
  const usageText = input.usage?.toUpperCase() ?? null;
  if (usageText !== null && !USAGES.includes(usageText as LensUsage)) errors.push(`Unknown lens usage "${input.usage}".`);
  const usage = (usageText as LensUsage | null) ?? null;
  const od = checkEye('OD (right eye)', input.od, usage, errors);
  const os = checkEye('OS (left eye)', input.os, usage, errors);
  const pd = checkPd(input.pd, usage, errors);
  const exam_date = checkExamDate(input.exam_date, now, errors);
  if (errors.length) throw inputError(errors.join(' '));
  return { usage, exam_date, od: toMinusCylinder(od), os: toMinusCylinder(os), pd };
}

/** Expiry of a prescription: two years after the exam. */
export function expiryOf(examDate: string): string {
  const date = new Date(`${examDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + EXAM_VALIDITY_YEARS);
  return date.toISOString().slice(0, 10);
}

/**
 * The prescription JSON a cart item's "Prescription" option carries, when it is one: an object with
 * `od`/`os`. Anything else (free text, "send it later") is left to the shop's staff.
 */
export function prescriptionInText(text: string): PrescriptionInput | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && ('od' in parsed || 'os' in parsed)) return parsed as PrescriptionInput;
  } catch {
    return null;
  }
  return null;
}

/**
 * Issue 16, eyewear notes "lens flow" coatings: photochromic lenses darken in the sun, a sun tint is
 * permanent and polarised lenses carry their own tint, so a lens takes one of them at most (the
 * storefront's `conflictingCoating` says the same on the cards). Recognised by the values' skus.
 */
export const DARKENING_COATING_SKUS: readonly string[] = ['coat-photo', 'coat-tint', 'coat-polar'];
export const COATINGS_CONFLICT = 'Photochromic, sun-tinted and polarised lenses exclude each other: choose one of them.';

/** Whether the chosen option values hold more than one darkening coating. */
export function coatingsConflict(values: readonly { sku: string | null }[]): boolean {
  return values.filter((v) => v.sku !== null && DARKENING_COATING_SKUS.includes(v.sku)).length > 1;
}
