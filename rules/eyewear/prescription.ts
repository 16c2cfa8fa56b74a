/**
 * Prescription rules of the eyewear notes (shared/domain/eyewear.md), pure: the customise wizard and
 * the prescription pages validate as the shopper types; the backend checks again.
 *
 * Problems come back per field (`od.sph`, `pd`, `examDate`…) as a code + values, so a view shows each
 * one next to its field in the shopper's language: the words live once, in the view's message table
 * (src/ui/prescriptions/rule-message.ts, `eyewear.rule.<code>`).
 */

export type LensUsage = 'SINGLE_VISION_DISTANCE' | 'SINGLE_VISION_READING' | 'PROGRESSIVE' | 'NON_PRESCRIPTION';
export const LENS_USAGES: readonly LensUsage[] = ['SINGLE_VISION_DISTANCE', 'SINGLE_VISION_READING', 'PROGRESSIVE', 'NON_PRESCRIPTION'];

/**
 * The lens flow's first choice (domain/eyewear.md "lens flow"; ADR 035 "Frame only"): lenses of a
 * usage, or the frame alone, as leading eyewear shops sell it: no prescription, no lens options, the
 * price of the frame.
 */
export const FRAME_ONLY = 'FRAME_ONLY';
export type UsageChoice = LensUsage | typeof FRAME_ONLY;

/** The lenses' usage of a first choice; none for the frame alone. */
export const lensUsageOf = (choice: UsageChoice | null): LensUsage | null => (choice === FRAME_ONLY ? null : choice);

export type Eye = 'od' | 'os';
export const EYES: readonly Eye[] = ['od', 'os'];
export type PrismBase = 'up' | 'down' | 'in' | 'out';
export const PRISM_BASES: readonly PrismBase[] = ['up', 'down', 'in', 'out'];
export type PrescriptionKind = 'glasses' | 'contact-lenses';
export type PdMode = 'single' | 'dual';
export type RimType = 'full-rim' | 'semi-rimless' | 'rimless';

/** One eye as typed: text, so nothing the shopper typed is lost while it is still wrong. */
export interface EyeDraft {
  sph: string;
  cyl: string;
  axis: string;
  add: string;
  prism: string;
  prismBase: PrismBase | '';
}

export interface PrescriptionDraft {
  kind: PrescriptionKind;
  od: EyeDraft;
  os: EyeDraft;
  pdMode: PdMode;
  pd: string;
  pdRight: string;
  pdLeft: string;
  /** YYYY-MM-DD. */
  examDate: string;
}

export type EyeField = keyof EyeDraft;
export type PrescriptionField = `${Eye}.${EyeField}` | 'kind' | 'pd' | 'pdRight' | 'pdLeft' | 'examDate';

export interface EyePrescription {
  sph: number;
  cyl: number;
  axis: number | null;
  add: number | null;
  prism: { amount: number; base: PrismBase } | null;
}

/** A checked prescription, stored in minus-cylinder form. */
export interface Prescription {
  usage: LensUsage;
  examDate: string;
  od: EyePrescription;
  os: EyePrescription;
  pd: { single: number | null; right: number | null; left: number | null };
}

export type RuleCode =
  | 'required'
  | 'notANumber'
  | 'signRequired'
  | 'sphRange'
  | 'sphStep'
  | 'cylRange'
  | 'cylStep'
  | 'meridianRange'
  | 'axisRequired'
  | 'axisNotAllowed'
  | 'axisRange'
  | 'addRequired'
  | 'addRange'
  | 'nearSphRange'
  | 'pdRequired'
  | 'pdSingleRange'
  | 'pdEyeRange'
  | 'pdMismatch'
  | 'pdDualForProgressive'
  | 'prismRange'
  | 'prismBaseRequired'
  | 'prismSingleVisionOnly'
  | 'examDateRequired'
  | 'examDateInvalid'
  | 'examDateFuture'
  | 'examDateExpired'
  | 'contactLensRefused'
  | 'progressiveLensHeight'
  | 'indexTooLow'
  | 'indexBeyondProduct'
  | 'rimlessMaterial'
  | 'indexThickerThanAdvised'
  | 'coatingConflict'
  | 'sunLensIndex'
  | 'sunLensOwnOnly'
  | 'sunLensTinted'
  | 'sunLensRequired';

export interface RuleIssue {
  code: RuleCode;
  values?: Record<string, string | number>;
}

export type PrescriptionIssues = Partial<Record<PrescriptionField, RuleIssue>>;

// --- limits -------------------------------------------------------------------------------------

export interface LensLimits {
  sphMin: number;
  sphMax: number;
  cylMax: number;
}

/** What the frame's lenses can be made for (product attributes `lens_sph_min`, `lens_sph_max`, `lens_cyl_max`). */
export interface FrameFacts {
  lensHeight: number | null;
  rimType: RimType | null;
  sphMin: number | null;
  sphMax: number | null;
  cylMax: number | null;
  /** A sunglasses frame (the sunglasses category): its lenses are sun lenses (`sunLensIssue`). */
  sunglasses?: boolean;
}

export const SINGLE_VISION_LIMITS: LensLimits = { sphMin: -20, sphMax: 12, cylMax: 6 };
export const PROGRESSIVE_LIMITS: LensLimits = { sphMin: -8, sphMax: 8, cylMax: 4 };
export const MIN_PROGRESSIVE_LENS_HEIGHT = 30;
export const MAX_PRISM = 5;
export const EXAM_VALIDITY_YEARS = 2;

/** The range a usage allows, narrowed by the frame's own lens range. */
export function lensLimitsFor(usage: LensUsage, frame?: Partial<FrameFacts> | null): LensLimits {
  const base = usage === 'PROGRESSIVE' ? PROGRESSIVE_LIMITS : SINGLE_VISION_LIMITS;
  return {
    sphMin: Math.max(base.sphMin, frame?.sphMin ?? base.sphMin),
    sphMax: Math.min(base.sphMax, frame?.sphMax ?? base.sphMax),
    cylMax: Math.min(base.cylMax, frame?.cylMax ?? base.cylMax),
  };
}

// --- parsing ------------------------------------------------------------------------------------

const NUMBER_TEXT = /^[+\-−]?\s*\d+(?:[.,]\d+)?$|^[+\-−]?\s*[.,]\d+$/;
const onStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-9;
/** `-2.25`, `+1.50`, `0.00`: how an optician writes a power. */
export const signedPower = (value: number) => `${value > 0 ? '+' : value < 0 ? '-' : ''}${Math.abs(value).toFixed(2)}`;

type Parsed = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; value: number; signed: boolean };

/** A number as typed: `+1.25`, `-1,25` (comma decimals), `−1.25` (typographic minus). */
export function parseNumberText(text: string): Parsed {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'empty' };
  if (!NUMBER_TEXT.test(trimmed)) return { kind: 'invalid' };
  const normalised = trimmed.replace('−', '-').replace(',', '.').replace(/\s+/g, '');
  return { kind: 'number', value: Number(normalised), signed: /^[+-]/.test(normalised) };
}

/** SPH as typed: "Plano", "PL" and 0 all mean 0.00. */
export function parseSph(text: string): Parsed {
  if (/^(plano|pl)$/i.test(text.trim())) return { kind: 'number', value: 0, signed: true };
  return parseNumberText(text);
}

// --- minus cylinder -----------------------------------------------------------------------------

/** Keeps an axis within 1…180 (0 means 180). */
export function normaliseAxis(axis: number): number {
  const within = ((axis % 180) + 180) % 180;
  return within === 0 ? 180 : within;
}

/** Plus-cylinder to minus-cylinder: SPH' = SPH + CYL, CYL' = −CYL, AXIS' = AXIS ± 90 within 1…180. */
export function toMinusCylinder(eye: EyePrescription): EyePrescription {
  if (eye.cyl <= 0 || eye.axis === null) return eye;
  return { ...eye, sph: round2(eye.sph + eye.cyl), cyl: round2(-eye.cyl), axis: normaliseAxis(eye.axis + 90) };
}

const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

/** Reading glasses from a distance prescription: near SPH = SPH + ADD per eye (the ADD is then used up). */
export function nearVisionOf(eye: EyePrescription): EyePrescription {
  return eye.add === null ? eye : { ...eye, sph: round2(eye.sph + eye.add), add: null };
}

// --- checking one eye ---------------------------------------------------------------------------

interface CheckContext {
  usage: LensUsage;
  limits: LensLimits;
  issues: PrescriptionIssues;
}

const fieldNames: Record<EyeField, string> = { sph: 'SPH', cyl: 'CYL', axis: 'AXIS', add: 'ADD', prism: 'Prism', prismBase: 'Prism base' };

function checkSph(eye: Eye, text: string, ctx: CheckContext): number | null {
  const parsed = parseSph(text);
  const field = `${eye}.sph` as const;
  if (parsed.kind === 'empty') return fail(ctx, field, { code: 'required', values: { field: 'SPH' } });
  if (parsed.kind === 'invalid') return fail(ctx, field, { code: 'notANumber', values: { field: 'SPH', example: '-2.25' } });
  const { value } = parsed;
  if (value !== 0 && !parsed.signed) return fail(ctx, field, { code: 'signRequired', values: { field: 'SPH', value: Math.abs(value).toFixed(2) } });
  if (!onStep(value, 0.25)) return fail(ctx, field, { code: 'sphStep' });
  if (value < ctx.limits.sphMin || value > ctx.limits.sphMax) {
    return fail(ctx, field, { code: 'sphRange', values: { min: signedPower(ctx.limits.sphMin), max: signedPower(ctx.limits.sphMax) } });
  }
  return value;
}

function checkCyl(eye: Eye, text: string, ctx: CheckContext): number | null {
  const parsed = parseNumberText(text);
  const field = `${eye}.cyl` as const;
  if (parsed.kind === 'empty') return 0;
  if (parsed.kind === 'invalid') return fail(ctx, field, { code: 'notANumber', values: { field: 'CYL', example: '-0.75' } });
  const { value } = parsed;
  if (value !== 0 && !parsed.signed) return fail(ctx, field, { code: 'signRequired', values: { field: 'CYL', value: Math.abs(value).toFixed(2) } });
  if (!onStep(value, 0.25)) return fail(ctx, field, { code: 'cylStep' });
  if (Math.abs(value) > ctx.limits.cylMax) return fail(ctx, field, { code: 'cylRange', values: { limit: ctx.limits.cylMax.toFixed(2) } });
  return value + 0;
}

function checkAxis(eye: Eye, text: string, cyl: number | null, ctx: CheckContext): number | null {
  const parsed = parseNumberText(text);
  const field = `${eye}.axis` as const;
  if (cyl === 0) {
    if (parsed.kind !== 'empty') fail(ctx, field, { code: 'axisNotAllowed' });
    return null;
  }
  if (parsed.kind === 'empty') return cyl === null ? null : fail(ctx, field, { code: 'axisRequired' });
  if (parsed.kind === 'invalid' || !Number.isInteger(parsed.value) || parsed.value < 0 || parsed.value > 180) return fail(ctx, field, { code: 'axisRange' });
  return parsed.value === 0 ? 180 : parsed.value;
}

function checkAdd(eye: Eye, text: string, ctx: CheckContext): number | null {
  // ADD is ignored for distance glasses: what was typed stays in the draft, nothing travels.
  if (ctx.usage === 'SINGLE_VISION_DISTANCE' || ctx.usage === 'NON_PRESCRIPTION') return null;
  const parsed = parseNumberText(text);
  const field = `${eye}.add` as const;
  if (parsed.kind === 'empty') return ctx.usage === 'PROGRESSIVE' ? fail(ctx, field, { code: 'addRequired' }) : null;
  if (parsed.kind === 'invalid') return fail(ctx, field, { code: 'notANumber', values: { field: 'ADD', example: '+2.00' } });
  if (parsed.value < 0.75 || parsed.value > 3.5 || !onStep(parsed.value, 0.25)) return fail(ctx, field, { code: 'addRange' });
  return parsed.value;
}

function checkPrism(eye: Eye, draft: EyeDraft, ctx: CheckContext): EyePrescription['prism'] {
  const parsed = parseNumberText(draft.prism);
  if (parsed.kind === 'empty') return null;
  const field = `${eye}.prism` as const;
  if (ctx.usage !== 'SINGLE_VISION_DISTANCE' && ctx.usage !== 'SINGLE_VISION_READING') return fail(ctx, field, { code: 'prismSingleVisionOnly' });
  if (parsed.kind === 'invalid' || parsed.value <= 0 || parsed.value > MAX_PRISM || !onStep(parsed.value, 0.25))
    return fail(ctx, field, { code: 'prismRange' });
  if (!draft.prismBase) return fail(ctx, `${eye}.prismBase`, { code: 'prismBaseRequired' });
  return { amount: parsed.value, base: draft.prismBase };
}

/** Both meridians (SPH and SPH + CYL, minus-cylinder form) must be within the lens range. */
function checkMeridian(eye: Eye, values: EyePrescription, ctx: CheckContext): void {
  const power = meridiansOf(values).find((p) => p < ctx.limits.sphMin || p > ctx.limits.sphMax);
  if (power !== undefined) {
    fail(ctx, `${eye}.cyl`, {
      code: 'meridianRange',
      values: { power: signedPower(power), min: signedPower(ctx.limits.sphMin), max: signedPower(ctx.limits.sphMax) },
    });
  }
}

/** Reading glasses made from a distance prescription: the near power must be makeable too. */
function checkNearPower(eye: Eye, values: EyePrescription, ctx: CheckContext): void {
  if (ctx.usage !== 'SINGLE_VISION_READING' || values.add === null) return;
  const near = nearVisionOf(values);
  const strongest = [near.sph, round2(near.sph + near.cyl)];
  const outside = strongest.find((p) => p < ctx.limits.sphMin || p > ctx.limits.sphMax);
  if (outside !== undefined) {
    fail(ctx, `${eye}.add`, {
      code: 'nearSphRange',
      values: { power: signedPower(outside), min: signedPower(ctx.limits.sphMin), max: signedPower(ctx.limits.sphMax) },
    });
  }
}

function checkEye(eye: Eye, draft: EyeDraft, ctx: CheckContext): EyePrescription | null {
  const before = Object.keys(ctx.issues).length;
  const sph = checkSph(eye, draft.sph, ctx);
  const cyl = checkCyl(eye, draft.cyl, ctx);
  const axis = checkAxis(eye, draft.axis, cyl, ctx);
  const add = checkAdd(eye, draft.add, ctx);
  const prism = checkPrism(eye, draft, ctx);
  if (Object.keys(ctx.issues).length > before || sph === null || cyl === null) return null;
  const values = toMinusCylinder({ sph, cyl, axis, add, prism });
  checkMeridian(eye, values, ctx);
  checkNearPower(eye, values, ctx);
  return Object.keys(ctx.issues).length > before ? null : values;
}

function fail(ctx: CheckContext, field: PrescriptionField, issue: RuleIssue): null {
  ctx.issues[field] ??= issue;
  return null;
}

// --- PD -----------------------------------------------------------------------------------------

function parsePd(text: string): number | 'invalid' | null {
  const parsed = parseNumberText(text);
  if (parsed.kind === 'empty') return null;
  if (parsed.kind === 'invalid' || parsed.value <= 0) return 'invalid';
  return parsed.value;
}

/** PD is one value or one per eye, as the mode says: the other mode's field is not shown, so it never travels (ADR 035). */
function checkPd(draft: PrescriptionDraft, ctx: CheckContext): Prescription['pd'] | null {
  const before = Object.keys(ctx.issues).length;
  const inRange = (v: number, min: number, max: number) => v >= min && v <= max && onStep(v, 0.5);
  if (draft.pdMode === 'single') {
    const single = parsePd(draft.pd);
    if (ctx.usage === 'PROGRESSIVE') fail(ctx, 'pd', { code: 'pdDualForProgressive' });
    else if (single === null) fail(ctx, 'pd', { code: 'pdRequired' });
    else if (single === 'invalid' || !inRange(single, 50, 80)) fail(ctx, 'pd', { code: 'pdSingleRange' });
    return Object.keys(ctx.issues).length > before || typeof single !== 'number' ? null : { single, right: null, left: null };
  }
  const right = parsePd(draft.pdRight);
  const left = parsePd(draft.pdLeft);
  for (const [field, value] of [
    ['pdRight', right],
    ['pdLeft', left],
  ] as const) {
    if (value === null) fail(ctx, field, { code: 'pdRequired' });
    else if (value === 'invalid' || !inRange(value, 20, 40)) fail(ctx, field, { code: 'pdEyeRange' });
  }
  if (Object.keys(ctx.issues).length > before || typeof right !== 'number' || typeof left !== 'number') return null;
  return { single: null, right, left };
}

// --- exam date ----------------------------------------------------------------------------------

/** The oldest exam date still accepted on `today` (two years back, YYYY-MM-DD). */
export function oldestExamDate(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - EXAM_VALIDITY_YEARS);
  return date.toISOString().slice(0, 10);
}

/** Expiry of a prescription: two years after the exam. */
export function expiryOf(examDate: string): string {
  const date = new Date(`${examDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + EXAM_VALIDITY_YEARS);
  return date.toISOString().slice(0, 10);
}

function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function checkExamDate(text: string, today: string, ctx: CheckContext): string | null {
  const date = text.trim();
  if (!date) return fail(ctx, 'examDate', { code: 'examDateRequired' });
  if (!isIsoDate(date)) return fail(ctx, 'examDate', { code: 'examDateInvalid' });
  if (date > today) return fail(ctx, 'examDate', { code: 'examDateFuture' });
  const oldest = oldestExamDate(today);
  if (date < oldest) return fail(ctx, 'examDate', { code: 'examDateExpired', values: { oldest } });
  return date;
}

// --- the whole prescription ---------------------------------------------------------------------

export interface PrescriptionCheck {
  issues: PrescriptionIssues;
  /** Set when there is no issue: the values in minus-cylinder form. */
  prescription: Prescription | null;
}

export interface CheckOptions {
  usage: LensUsage;
  /** Today as YYYY-MM-DD (injected: rules never read the clock). */
  today: string;
  frame?: Partial<FrameFacts> | null;
}

/** ADD is usually the same for both eyes: one value typed for one eye counts for the other. */
function withSharedAdd(draft: PrescriptionDraft): PrescriptionDraft {
  const od = draft.od.add.trim();
  const os = draft.os.add.trim();
  if (od && !os) return { ...draft, os: { ...draft.os, add: od } };
  if (os && !od) return { ...draft, od: { ...draft.od, add: os } };
  return draft;
}

/** Checks a typed prescription against every rule for a usage (and the frame's lens range). */
export function checkPrescription(input: PrescriptionDraft, options: CheckOptions): PrescriptionCheck {
  const ctx: CheckContext = { usage: options.usage, limits: lensLimitsFor(options.usage, options.frame), issues: {} };
  if (input.kind === 'contact-lenses') return { issues: { kind: { code: 'contactLensRefused' } }, prescription: null };
  const draft = withSharedAdd(input);
  const od = checkEye('od', draft.od, ctx);
  const os = checkEye('os', draft.os, ctx);
  const pd = checkPd(draft, ctx);
  const examDate = checkExamDate(draft.examDate, options.today, ctx);
  if (!od || !os || !pd || !examDate || Object.keys(ctx.issues).length) return { issues: ctx.issues, prescription: null };
  return { issues: {}, prescription: { usage: options.usage, examDate, od, os, pd } };
}

// --- drafts -------------------------------------------------------------------------------------

export const emptyEyeDraft = (): EyeDraft => ({ sph: '', cyl: '', axis: '', add: '', prism: '', prismBase: '' });

export function emptyPrescriptionDraft(): PrescriptionDraft {
  return { kind: 'glasses', od: emptyEyeDraft(), os: emptyEyeDraft(), pdMode: 'single', pd: '', pdRight: '', pdLeft: '', examDate: '' };
}

/** One eye as stored or sent: missing values (`axis`, `add`) may be null or absent. */
export interface StoredEye {
  sph: number;
  cyl?: number | null;
  axis?: number | null;
  add?: number | null;
}

/** A stored prescription as a draft (a saved one picked, or an order's, to correct). */
export function draftOfPrescription(p: {
  examDate: string;
  od: StoredEye;
  os: StoredEye;
  pd: { single?: number | null; right?: number | null; left?: number | null };
}): PrescriptionDraft {
  const eye = (e: StoredEye): EyeDraft => {
    const cyl = e.cyl ?? 0;
    return {
      sph: signedPower(e.sph),
      cyl: cyl === 0 ? '' : signedPower(cyl),
      axis: cyl === 0 || e.axis == null ? '' : String(e.axis),
      add: e.add == null ? '' : signedPower(e.add),
      prism: '',
      prismBase: '',
    };
  };
  const dual = p.pd.right != null || p.pd.left != null;
  const mm = (v: number | null | undefined) => (v == null ? '' : String(v));
  return {
    kind: 'glasses',
    od: eye(p.od),
    os: eye(p.os),
    pdMode: dual ? 'dual' : 'single',
    pd: dual ? '' : mm(p.pd.single),
    pdRight: mm(p.pd.right),
    pdLeft: mm(p.pd.left),
    examDate: p.examDate,
  };
}

/**
 * What still applies after switching usage: SPH, CYL, AXIS and PD stay; ADD is dropped for distance
 * and non-prescription lenses; prism is dropped for progressives (single vision only).
 */
export function draftForUsage(draft: PrescriptionDraft, usage: LensUsage): PrescriptionDraft {
  const dropAdd = usage === 'SINGLE_VISION_DISTANCE' || usage === 'NON_PRESCRIPTION';
  const dropPrism = usage === 'PROGRESSIVE' || usage === 'NON_PRESCRIPTION';
  const eye = (e: EyeDraft): EyeDraft => ({ ...e, ...(dropAdd ? { add: '' } : {}), ...(dropPrism ? { prism: '', prismBase: '' } : {}) });
  // Progressive lenses are centred on each pupil: they take a PD per eye, so the form starts there
  // rather than offering one number it then refuses. A single PD already typed is kept (and refused
  // in words) rather than thrown away.
  const pdFirstAsked = usage === 'PROGRESSIVE' && draft.pdMode === 'single' && draft.pd.trim() === '' ? setPdMode(draft, 'dual') : draft;
  return { ...pdFirstAsked, od: eye(draft.od), os: eye(draft.os) };
}

/** Sets one field of a draft by its name (`od.sph`, `pd`…). */
export function setDraftField(draft: PrescriptionDraft, field: PrescriptionField, value: string): PrescriptionDraft {
  const [first, second] = field.split('.') as [string, EyeField | undefined];
  if (second && (first === 'od' || first === 'os')) return { ...draft, [first]: { ...draft[first], [second]: value } };
  if (field === 'kind') return { ...draft, kind: value === 'contact-lenses' ? 'contact-lenses' : 'glasses' };
  if (field === 'pd' || field === 'pdRight' || field === 'pdLeft' || field === 'examDate') return { ...draft, [field]: value };
  return draft;
}

/** Switches single/dual PD: the new mode's values replace the other's, which are cleared (one PD, ADR 035). */
export function setPdMode(draft: PrescriptionDraft, mode: PdMode): PrescriptionDraft {
  if (mode === draft.pdMode) return draft;
  return mode === 'dual' ? { ...draft, pdMode: mode, pd: '' } : { ...draft, pdMode: mode, pdRight: '', pdLeft: '' };
}

export const fieldLabel = (field: EyeField) => fieldNames[field];

// --- lens index, frame rules --------------------------------------------------------------------

export type LensMaterial = 'standard' | 'polycarbonate' | 'trivex' | 'high-index';

export interface LensIndexOption {
  uid: string;
  index: number;
  material: LensMaterial;
  /** Sunglasses' own tinted UV400 sun lens (rules "sunglasses"): the lens of sunglasses bought without a prescription, and of nothing else. */
  sun?: boolean;
}

/** Per eye: the two meridians (SPH and SPH + CYL), minus-cylinder form. */
export function meridiansOf(eye: EyePrescription): [number, number] {
  return [eye.sph, round2(eye.sph + eye.cyl)];
}

/**
 * The thinnest lens a prescription forces, judged on the strongest meridian of each eye: 1.67 when
 * SPH < −4.00, |CYL| ≥ 3.00 or SPH + CYL < −4.00 (or a plus meridian above +4.00); 1.74 beyond
 * −8.00 / +6.00. Weaker prescriptions take any index.
 */
export function minimumIndexFor(prescription: Pick<Prescription, 'od' | 'os' | 'usage'> | null): number {
  if (!prescription) return 0;
  const eyes = [prescription.od, prescription.os].map((e) => (prescription.usage === 'SINGLE_VISION_READING' ? nearVisionOf(e) : e));
  const meridians = eyes.flatMap(meridiansOf);
  const weakest = Math.min(...meridians);
  const strongestPlus = Math.max(...meridians);
  if (weakest < -8 || strongestPlus > 6) return 1.74;
  if (eyes.some((e) => e.sph < -4 || Math.abs(e.cyl) >= 3 || e.sph + e.cyl < -4) || strongestPlus > 4) return 1.67;
  return 0;
}

/** Rimless frames need polycarbonate, Trivex or an index of 1.61 or more (the lens is drilled). */
export function suitsRimless(option: LensIndexOption): boolean {
  return option.material === 'polycarbonate' || option.material === 'trivex' || option.index >= 1.61 - 1e-9;
}

/** Why a lens index cannot be chosen for this prescription and frame, or null when it can. */
export function lensIndexIssue(
  option: LensIndexOption,
  prescription: Prescription | null,
  frame: Partial<FrameFacts> | null,
  usage: LensUsage | null = null,
): RuleIssue | null {
  if (frame?.sunglasses && usage === 'NON_PRESCRIPTION') return isOwnSunLens(option, frame) ? null : { code: 'sunLensIndex' };
  if (option.sun) return { code: 'sunLensOwnOnly' };
  const minimum = minimumIndexFor(prescription);
  if (option.index < minimum - 1e-9) return { code: 'indexTooLow', values: { index: minimum.toFixed(2) } };
  if (frame?.rimType === 'rimless' && !suitsRimless(option)) return { code: 'rimlessMaterial' };
  return null;
}

/** Refusal of the whole combination: the prescription needs a thinner lens than the frame offers. */
export function lensCombinationIssue(
  options: readonly LensIndexOption[],
  prescription: Prescription | null,
  frame: Partial<FrameFacts> | null,
  usage: LensUsage | null = null,
): RuleIssue | null {
  if (options.some((o) => lensIndexIssue(o, prescription, frame, usage) === null)) return null;
  const minimum = minimumIndexFor(prescription);
  if (minimum > 0) return { code: 'indexBeyondProduct', values: { index: minimum.toFixed(2) } };
  return frame?.rimType === 'rimless' ? { code: 'rimlessMaterial' } : null;
}

/** The least expensive index that is allowed: the forced upgrade when the current one no longer fits. */
export function firstAllowedIndex<T extends LensIndexOption>(
  options: readonly T[],
  prescription: Prescription | null,
  frame: Partial<FrameFacts> | null,
  usage: LensUsage | null = null,
): T | null {
  return options.find((o) => lensIndexIssue(o, prescription, frame, usage) === null) ?? null;
}

/**
 * The index advised for a prescription's strength, as the index cards explain them: the
 * strongest meridian of either eye up to ±2.00 takes any lens, up to ±4.00 a thin one (1.60 and
 * up), beyond it the index the rules force (`minimumIndexFor`: 1.67, 1.74). Advice, not a rule: a
 * thicker lens stays allowed, with a warning.
 */
export function advisedIndexFor(prescription: Pick<Prescription, 'od' | 'os' | 'usage'> | null): number {
  if (!prescription) return 0;
  const forced = minimumIndexFor(prescription);
  if (forced > 0) return forced;
  const eyes = [prescription.od, prescription.os].map((e) => (prescription.usage === 'SINGLE_VISION_READING' ? nearVisionOf(e) : e));
  const strongest = Math.max(...eyes.flatMap(meridiansOf).map(Math.abs));
  return strongest > 2 ? 1.6 : 0;
}

/** The strongest meridian of either eye, signed ("-3.00"): what the advice is about. */
export function strongestPowerOf(prescription: Pick<Prescription, 'od' | 'os' | 'usage'>): string {
  const eyes = [prescription.od, prescription.os].map((e) => (prescription.usage === 'SINGLE_VISION_READING' ? nearVisionOf(e) : e));
  const meridians = eyes.flatMap(meridiansOf);
  const strongest = meridians.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
  return signedPower(strongest);
}

/** The cheapest allowed index at or above the advised one: the card marked "Recommended for your prescription". */
export function recommendedIndex<T extends LensIndexOption>(
  options: readonly T[],
  prescription: Prescription | null,
  frame: Partial<FrameFacts> | null,
): T | null {
  if (!prescription) return null;
  const advised = advisedIndexFor(prescription);
  return options.find((o) => o.index >= advised - 1e-9 && lensIndexIssue(o, prescription, frame) === null) ?? null;
}

/**
 * A warning (not a refusal) when the chosen index is allowed but thicker than advised for the
 * prescription. The advice names the index of the card marked "Recommended" among the product's own
 * options (a shop selling 1.59 and 1.61 recommends 1.61, never an index it does not sell); the advised
 * threshold is named only when no offered lens reaches it.
 */
export function indexAdviceIssue(
  option: LensIndexOption,
  prescription: Prescription | null,
  options: readonly LensIndexOption[] = [],
  frame: Partial<FrameFacts> | null = null,
): RuleIssue | null {
  if (!prescription) return null;
  const advised = advisedIndexFor(prescription);
  if (option.index >= advised - 1e-9) return null;
  const recommended = recommendedIndex(options, prescription, frame)?.index ?? advised;
  return { code: 'indexThickerThanAdvised', values: { index: recommended.toFixed(2), power: strongestPowerOf(prescription) } };
}

// --- coatings --------------------------------------------------------------------------------------

/** What a coating does (recognised from its title: Magento has no kind on a custom option value). */
export type CoatingKind = 'anti-reflective' | 'blue-light' | 'photochromic' | 'sun-tint' | 'polarised';

/**
 * Coatings that darken the lens, each its own way: photochromic lenses darken in the sun and clear
 * indoors, a sun tint is permanent, polarised lenses are sunglasses lenses with their own tint. A
 * lens takes one of them at most; anti-reflective and blue-light go with anything.
 */
export const DARKENING_COATINGS: readonly CoatingKind[] = ['photochromic', 'sun-tint', 'polarised'];

/** The chosen coating that rules this one out (a second darkening coating), or null when it can be added. */
export function conflictingCoating<T extends { uid: string; kind?: CoatingKind | undefined }>(value: T, chosen: readonly T[]): T | null {
  const darkens = (c: T) => c.kind !== undefined && DARKENING_COATINGS.includes(c.kind);
  if (!darkens(value)) return null;
  return chosen.find((c) => c.uid !== value.uid && darkens(c)) ?? null;
}

// --- sunglasses -----------------------------------------------------------------------------------

/**
 * Sunglasses are sold as sunglasses (domain/eyewear.md "lens flow"; the sunglasses category:
 * "UV400 sun lenses, polarised on request, with or without a prescription"). Without a
 * prescription the lens is the frame's own tinted UV400 sun lens: no thinner clear index to buy
 * (`lensIndexIssue`), no second tint or photochromic on it, polarised the one upgrade. With a
 * prescription the lens is made to measure and must be a sun lens: a sun tint or polarised.
 */
export const SUN_LENS_COATINGS: readonly CoatingKind[] = ['sun-tint', 'polarised'];

/** The index of a sunglasses frame's own sun lens: 1.50, or polycarbonate where the frame is drilled (rimless). */
export const ownSunLensIndex = (frame: Partial<FrameFacts> | null): number => (frame?.rimType === 'rimless' ? 1.59 : 1.5);

/** Whether a lens is this sunglasses frame's own sun lens: a sun lens of the frame's own index. */
export const isOwnSunLens = (option: LensIndexOption, frame: Partial<FrameFacts> | null): boolean =>
  option.sun === true && Math.abs(option.index - ownSunLensIndex(frame)) < 1e-9;

/**
 * Whether the lens step offers a lens at all: a sun lens only to sunglasses bought without a
 * prescription, and then only their own one (a clear lens stays shown, refused with the reason).
 */
export function offersLens(option: LensIndexOption, frame: Partial<FrameFacts> | null, usage: LensUsage | null): boolean {
  if (!option.sun) return true;
  return Boolean(frame?.sunglasses) && usage === 'NON_PRESCRIPTION' && isOwnSunLens(option, frame);
}

/** Why a coating cannot go on this frame's lens for this usage (a non-prescription sun lens is tinted already), or null. */
export function sunCoatingIssue(kind: CoatingKind | undefined, usage: LensUsage | null, frame: Partial<FrameFacts> | null): RuleIssue | null {
  if (!frame?.sunglasses || usage !== 'NON_PRESCRIPTION') return null;
  return kind === 'sun-tint' || kind === 'photochromic' ? { code: 'sunLensTinted' } : null;
}

/** Refusal of a sunglasses lens: a prescription lens for sunglasses without a sun tint or polarised treatment. */
export function sunLensIssue(usage: LensUsage | null, coatings: readonly (CoatingKind | undefined)[], frame: Partial<FrameFacts> | null): RuleIssue | null {
  if (!frame?.sunglasses || usage === null || usage === 'NON_PRESCRIPTION') return null;
  return coatings.some((c) => c !== undefined && SUN_LENS_COATINGS.includes(c)) ? null : { code: 'sunLensRequired' };
}

/** Frame rule for a usage: progressives need a tall enough lens. */
export function usageIssue(usage: LensUsage, frame: Partial<FrameFacts> | null): RuleIssue | null {
  if (usage !== 'PROGRESSIVE' || frame?.lensHeight === null || frame?.lensHeight === undefined) return null;
  return frame.lensHeight < MIN_PROGRESSIVE_LENS_HEIGHT
    ? { code: 'progressiveLensHeight', values: { min: MIN_PROGRESSIVE_LENS_HEIGHT, height: frame.lensHeight } }
    : null;
}

// --- travelling forms ---------------------------------------------------------------------------

/** The prescription as the backend reads it (`LunettePrescriptionInput`, also the cart option's JSON). */
export interface PrescriptionPayload {
  usage: LensUsage;
  exam_date: string;
  od: { sph: number; cyl: number; axis: number | null; add: number | null; prism?: number; prism_base?: PrismBase };
  os: { sph: number; cyl: number; axis: number | null; add: number | null; prism?: number; prism_base?: PrismBase };
  pd: { single: number | null; right: number | null; left: number | null };
}

export function payloadOf(p: Prescription, { withPrism }: { withPrism: boolean }): PrescriptionPayload {
  const eye = (e: EyePrescription) => ({
    sph: e.sph,
    cyl: e.cyl,
    axis: e.cyl === 0 ? null : e.axis,
    add: e.add,
    ...(withPrism && e.prism ? { prism: e.prism.amount, prism_base: e.prism.base } : {}),
  });
  return { usage: p.usage, exam_date: p.examDate, od: eye(p.od), os: eye(p.os), pd: p.pd };
}
