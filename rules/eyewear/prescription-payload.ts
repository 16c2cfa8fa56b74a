/**
 * A prescription as it travels (`LunettePrescriptionInput`, the cart's "Prescription" option JSON),
 * checked by the backend with the same limits as the storefront's form (`prescription.ts`): the
 * usage's ranges narrowed by the frame's own lens range (eyewear notes, "prescription"). Pure: the
 * problems come back as English sentences, the backend turns them into its errors (ADR 035).
 */
import { EXAM_VALIDITY_YEARS, type FrameFacts, type LensUsage, LENS_USAGES, lensLimitsFor, normaliseAxis, signedPower } from './prescription';

export interface EyeValues {
  sph: number;
  cyl: number;
  axis: number | null;
  add: number | null;
}

/** A checked prescription as the backend keeps it (minus-cylinder form). */
export interface PrescriptionValues {
  usage: LensUsage | null;
  exam_date: string;
  od: EyeValues;
  os: EyeValues;
  pd: { single: number | null; right: number | null; left: number | null };
}

type EyeInput = { sph?: number | string | null; cyl?: number | null; axis?: number | null; add?: number | null } | null;

export interface PrescriptionInput {
  usage?: string | null;
  exam_date?: string | null;
  od?: EyeInput;
  os?: EyeInput;
  pd?: { single?: number | null; right?: number | null; left?: number | null } | null;
}

const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;
const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

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
export function eyeInMinusCylinder(eye: EyeValues): EyeValues {
  if (eye.cyl <= 0 || eye.axis === null) return eye;
  return { ...eye, sph: round2(eye.sph + eye.cyl), cyl: round2(-eye.cyl), axis: normaliseAxis(eye.axis + 90) };
}

function checkEye(label: string, input: EyeInput | undefined, usage: LensUsage | null, frame: Partial<FrameFacts> | null, errors: string[]): EyeValues {
  const progressive = usage === 'PROGRESSIVE';
  const limits = lensLimitsFor(usage ?? 'SINGLE_VISION_DISTANCE', frame);
  const sph = sphOf(input?.sph);
  const cyl = input?.cyl ?? 0;
  let axis = input?.axis ?? null;
  const add = input?.add ?? null;
  if (sph === null) errors.push(`${label} SPH is required.`);
  else if (!Number.isFinite(sph) || sph < limits.sphMin || sph > limits.sphMax || !onStep(sph, 0.25)) {
    errors.push(`${label} SPH must be between ${signedPower(limits.sphMin)} and ${signedPower(limits.sphMax)} in steps of 0.25.`);
  }
  if (!Number.isFinite(cyl) || Math.abs(cyl) > limits.cylMax || !onStep(cyl, 0.25))
    errors.push(`${label} CYL must be between -${limits.cylMax.toFixed(2)} and +${limits.cylMax.toFixed(2)} in steps of 0.25.`);
  if (axis === 0) axis = 180;
  if (cyl !== 0 && axis === null) errors.push(`${label} AXIS is required when CYL is not 0.`);
  if (cyl === 0 && axis !== null) errors.push(`${label} AXIS must be empty when CYL is 0.`);
  if (axis !== null && (!Number.isInteger(axis) || axis < 1 || axis > 180)) errors.push(`${label} AXIS must be a whole number from 1 to 180.`);
  if (add !== null && (add < 0.75 || add > 3.5 || !onStep(add, 0.25))) errors.push(`${label} ADD must be between +0.75 and +3.50 in steps of 0.25.`);
  if (progressive && add === null) errors.push(`${label} ADD is required for progressive lenses.`);
  return { sph: sph ?? 0, cyl, axis: cyl === 0 ? null : axis, add };
}

/**
 * PD is one value or one per eye. Both may be typed when they agree (the single one within 1 mm of
 * right + left); the one kept is the one per eye, so every view shows the same PD.
 */
function checkPd(pd: PrescriptionInput['pd'], usage: LensUsage | null, errors: string[]): PrescriptionValues['pd'] {
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
  return dual ? { single: null, right, left } : { single, right: null, left: null };
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

export interface PayloadCheck {
  /** The values in minus-cylinder form (meaningful only when there is no problem). */
  prescription: PrescriptionValues;
  /** Every problem, one sentence each. */
  problems: string[];
}

/** Checks a travelling prescription for its usage (and the frame's lens range when it is known). */
export function checkPrescriptionPayload(input: PrescriptionInput, now: Date, frame: Partial<FrameFacts> | null = null): PayloadCheck {
  const problems: string[] = [];
  const usageText = input.usage?.toUpperCase() ?? null;
  if (usageText !== null && !LENS_USAGES.includes(usageText as LensUsage)) problems.push(`Unknown lens usage "${input.usage}".`);
  const usage = (usageText as LensUsage | null) ?? null;
  const od = checkEye('OD (right eye)', input.od, usage, frame, problems);
  const os = checkEye('OS (left eye)', input.os, usage, frame, problems);
  const pd = checkPd(input.pd, usage, problems);
  const exam_date = checkExamDate(input.exam_date, now, problems);
  return { prescription: { usage, exam_date, od: eyeInMinusCylinder(od), os: eyeInMinusCylinder(os), pd }, problems };
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
