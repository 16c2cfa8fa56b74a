/**
 * A lens choice as the backend receives it (the lens product's option values, recognised by their
 * skus, and the prescription it carries), checked against the same rules the lens wizard applies
 * (ADR 035; eyewear notes "lens flow"): the prescription's usage is the lens usage chosen, the index
 * is at least the one the prescription forces, the frame takes the lens (lens height for
 * progressives, a drilled lens for rimless frames, the SPH range its lenses are made in) and at most
 * one darkening coating. The price of a choice is the catalogue's price of each value chosen, so a
 * choice that passes these rules costs what the storefront showed for it.
 */
import {
  type CoatingKind,
  FRAME_ONLY,
  conflictingCoating,
  type EyePrescription,
  type FrameFacts,
  type LensIndexOption,
  type LensUsage,
  lensIndexIssue,
  MIN_PROGRESSIVE_LENS_HEIGHT,
  minimumIndexFor,
  ownSunLensIndex,
  sunCoatingIssue,
  sunLensIssue,
  suitsRimless,
  usageIssue,
  type UsageChoice,
} from './prescription';
import { checkPrescriptionPayload, prescriptionInText, type EyeValues, type PrescriptionValues } from './prescription-payload';

/** The lens usage each usage value stands for (the values' skus: the same in every store view). */
export const USAGE_OF_SKU: Readonly<Record<string, LensUsage>> = {
  'usage-distance': 'SINGLE_VISION_DISTANCE',
  'usage-reading': 'SINGLE_VISION_READING',
  'usage-progressive': 'PROGRESSIVE',
  'usage-plano': 'NON_PRESCRIPTION',
};

/** The usage value of the frame alone, without lenses (ADR 035 "Frame only"). */
export const FRAME_ONLY_SKU = 'usage-frame';

/** The lens each index value stands for. */
export const INDEX_OF_SKU: Readonly<Record<string, Omit<LensIndexOption, 'uid'>>> = {
  'index-150': { index: 1.5, material: 'standard' },
  'index-159': { index: 1.59, material: 'polycarbonate' },
  'index-161': { index: 1.61, material: 'high-index' },
  'index-167': { index: 1.67, material: 'high-index' },
  'index-174': { index: 1.74, material: 'high-index' },
  // Sunglasses' own tinted UV400 sun lenses: what a non-prescription sunglasses line is sold with, by name.
  'index-150-sun': { index: 1.5, material: 'standard', sun: true },
  'index-159-sun': { index: 1.59, material: 'polycarbonate', sun: true },
};

/** What each coating value does. */
export const COATING_OF_SKU: Readonly<Record<string, CoatingKind>> = {
  'coat-ar': 'anti-reflective',
  'coat-blue': 'blue-light',
  'coat-photo': 'photochromic',
  'coat-tint': 'sun-tint',
  'coat-polar': 'polarised',
};

export const USAGE_NAMES: Readonly<Record<LensUsage, string>> = {
  SINGLE_VISION_DISTANCE: 'single vision – distance',
  SINGLE_VISION_READING: 'single vision – reading',
  PROGRESSIVE: 'progressive',
  NON_PRESCRIPTION: 'non-prescription',
};

export const COATINGS_CONFLICT = 'Photochromic, sun-tinted and polarised lenses exclude each other: choose one of them.';
export const RIMLESS_MATERIAL = 'Rimless frames need polycarbonate, Trivex or a 1.61 index or higher: the lens is drilled to hold it.';

export const sunLensIndex = (own: number) =>
  `Sunglasses without a prescription come with their own tinted UV400 sun lenses (${own.toFixed(2)}): no other lens index can be chosen for them.`;
export const SUN_LENS_TINTED = 'Sunglasses without a prescription have tinted UV400 sun lenses already: a sun tint or photochromic lens cannot be added.';
export const SUN_LENS_OWN_ONLY = 'A tinted UV400 sun lens is the own lens of sunglasses bought without a prescription: choose a lens index for these lenses.';
export const SUN_LENS_REQUIRED = 'Prescription lenses for sunglasses need a sun tint or a polarised treatment: choose one of them.';

export const FRAME_ONLY_WITH_LENSES = 'A frame bought without lenses takes no lens index, coating or prescription: choose lenses for it, or the frame alone.';
export const LENS_INDEX_REQUIRED = 'Lenses need a lens index: choose one, or buy the frame alone.';

export const usageMismatch = (prescribed: LensUsage, chosen: LensUsage) =>
  `The prescription is for ${USAGE_NAMES[prescribed]} lenses but the lenses chosen are ${USAGE_NAMES[chosen]}: choose the lens usage of the prescription.`;
export const indexTooLow = (needed: number, chosen: number) =>
  `This prescription needs a lens index of ${needed.toFixed(2)} or more; ${chosen.toFixed(2)} lenses cannot be made for it.`;
export const progressiveLensHeight = (height: number) =>
  `Progressive lenses need a lens height of at least ${MIN_PROGRESSIVE_LENS_HEIGHT} mm; this frame's is ${height} mm.`;

/** The option values chosen for a lens (their skus) and the text of the prescription option. */
export interface LensChoiceInput {
  valueSkus: readonly string[];
  prescriptionText: string | null;
  /** False for a choice kept part-made (a wishlist item): lenses may wait for their index there. */
  complete?: boolean;
}

export interface LensChoiceCheck {
  /** The first choice: lenses of a usage, or the frame alone (null: none chosen). */
  usage: UsageChoice | null;
  /** The prescription carried as JSON, checked (null when none, or free text). */
  prescription: PrescriptionValues | null;
  problems: string[];
}

const asEye = (e: EyeValues): EyePrescription => ({ ...e, prism: null });

/** Every rule a lens choice for a frame breaks, one sentence each (none: the choice can be made). */
export function checkLensChoice(input: LensChoiceInput, frame: Partial<FrameFacts> | null, now: Date): LensChoiceCheck {
  const problems: string[] = [];
  // The frame alone is sold as the frame and nothing else (ADR 035 "Frame only"): no lens, no prescription.
  if (input.valueSkus.includes(FRAME_ONLY_SKU)) {
    if (input.valueSkus.length > 1 || input.prescriptionText !== null) problems.push(FRAME_ONLY_WITH_LENSES);
    return { usage: FRAME_ONLY, prescription: null, problems };
  }
  const usages = input.valueSkus.map((s) => USAGE_OF_SKU[s]).filter((u): u is LensUsage => u !== undefined);
  const usage = usages[0] ?? null;
  const indexes = input.valueSkus.map((s) => INDEX_OF_SKU[s]).filter((i) => i !== undefined);
  const lens = indexes[0] ?? null;
  const coatings = input.valueSkus.flatMap((s) => (COATING_OF_SKU[s] ? [{ uid: s, kind: COATING_OF_SKU[s] }] : []));
  if (usage && !lens && input.complete !== false) problems.push(LENS_INDEX_REQUIRED);
  if (coatings.some((c) => conflictingCoating(c, coatings))) problems.push(COATINGS_CONFLICT);
  if (usage) {
    const frameIssue = usageIssue(usage, frame);
    if (frameIssue) problems.push(progressiveLensHeight(Number(frameIssue.values?.height)));
  }
  // Sunglasses are sold as sunglasses: their own sun lens without a prescription, a sun lens made to measure with one.
  const sunIssue = lens ? lensIndexIssue({ uid: '', ...lens }, null, frame, usage)?.code : undefined;
  if (sunIssue === 'sunLensIndex') problems.push(sunLensIndex(ownSunLensIndex(frame)));
  else if (sunIssue === 'sunLensOwnOnly') problems.push(SUN_LENS_OWN_ONLY);
  else if (lens && frame?.rimType === 'rimless' && !suitsRimless({ uid: '', ...lens })) problems.push(RIMLESS_MATERIAL);
  if (coatings.some((c) => sunCoatingIssue(c.kind, usage, frame))) problems.push(SUN_LENS_TINTED);
  if (
    sunLensIssue(
      usage,
      coatings.map((c) => c.kind),
      frame,
    )
  )
    problems.push(SUN_LENS_REQUIRED);
  const payload = input.prescriptionText === null ? null : prescriptionInText(input.prescriptionText);
  if (!payload) return { usage, prescription: null, problems };
  const prescribed = payload.usage?.toUpperCase() ?? null;
  if (usage && prescribed !== null && prescribed in USAGE_NAMES && prescribed !== usage) {
    problems.push(usageMismatch(prescribed as LensUsage, usage));
    return { usage, prescription: null, problems };
  }
  // Without a usage of its own, the prescription is checked for the lenses chosen.
  const checked = checkPrescriptionPayload({ ...payload, usage: prescribed ?? usage }, now, frame);
  problems.push(...checked.problems);
  if (checked.problems.length) return { usage, prescription: null, problems };
  const values = checked.prescription;
  if (lens && values.usage) {
    const needed = minimumIndexFor({ usage: values.usage, od: asEye(values.od), os: asEye(values.os) });
    if (lens.index < needed - 1e-9) problems.push(indexTooLow(needed, lens.index));
  }
  return { usage, prescription: values, problems };
}
