/**
 * One prescription slip, decided before anything is drawn: the values the optician measured, how the
 * paper prints them (language, layout, plus or minus cylinder, number and date style) and how the
 * phone photo of it is taken (distortion). Pure and seeded: the same set seed and slip number always
 * give the same slip.
 *
 * The truth is what the prescription form should end up holding (rules/eyewear/prescription.ts): a
 * `PrescriptionDraft` in minus-cylinder form, powers as `signedPower` writes them. A slip printed in
 * plus-cylinder form keeps its paper values apart and its truth is `toMinusCylinder` of them.
 */
import {
  emptyPrescriptionDraft,
  normaliseAxis,
  signedPower,
  toMinusCylinder,
  type EyePrescription,
  type PrescriptionDraft,
  type PrescriptionField,
  type PrismBase,
} from '../../rules/eyewear/prescription';
import { LANGUAGES, SLIP_LANGUAGES, type SlipLanguage } from './languages';
import { createRandom, slipSeed, type Random } from './prng';

export type SlipLayout = 'ruled-table' | 'plain-columns' | 'handwritten-form';
export const SLIP_LAYOUTS: readonly SlipLayout[] = ['ruled-table', 'plain-columns', 'handwritten-form'];
export type DistortionBand = 'low' | 'medium' | 'high';
export const DISTORTION_BANDS: readonly DistortionBand[] = ['low', 'medium', 'high'];

export type PdValues = { mode: 'single'; single: number } | { mode: 'dual'; right: number; left: number };

/** What the optician measured, minus-cylinder form. */
export interface SlipValues {
  od: EyePrescription;
  os: EyePrescription;
  pd: PdValues;
  /** YYYY-MM-DD. */
  examDate: string;
}

/** How the phone photo is taken; strengths grow with `severity` (0…1). */
export interface Distortion {
  band: DistortionBand;
  severity: number;
  /** In-plane rotation of the paper, degrees (− anticlockwise). */
  rotationDeg: number;
  /** The larger of the two tilts, degrees: how strong the perspective is. */
  perspective: number;
  tiltXDeg: number;
  tiltYDeg: number;
  blurPx: number;
  /** Opacity of the dark side of the shading gradient (0…1). */
  shading: number;
  shadingAngleDeg: number;
  /** Opacity of the glare spot's centre (0…1); 0 for none. */
  glare: number;
  /** Glare centre, as fractions of the photo's width and height. */
  glareAt: [number, number];
  jpegQuality: number;
  /** Share of the photo's shorter fitting side the paper takes. */
  paperFill: number;
  /** Where the paper sits off-centre, as fractions of the free margin (−1…1). */
  offset: [number, number];
  desk: string;
}

/** How the paper writes numbers, dates and the words around the table. */
export interface PrintStyle {
  eyes: readonly [string, string];
  sph: string;
  cyl: string;
  axis: string;
  add: string;
  prism: string;
  base: string;
  pd: string;
  pdPerEye: string;
  plano: string;
  noCyl: string;
  decimal: ',' | '.';
  /** ASCII hyphen or the typographic minus. */
  minus: '-' | '−';
  axisDegree: boolean;
  axisPadded: boolean;
  pdUnit: boolean;
  /** A PD per eye as a column of the table (else a line under it). */
  pdInTable: boolean;
  datePlace: 'top' | 'bottom';
  baseWords: Record<PrismBase, string>;
  title: string;
  examDateLabel: string;
  patientLabel: string;
  patientName: string;
  birthDateLabel: string;
  /** Printed only on some slips: a second date the reader must not take for the exam date. */
  birthDate: string | null;
  signatureLabel: string;
  signer: string;
  footer: string;
  clinic: string;
  street: string;
  city: string;
  phone: string;
  note: string | null;
  printFont: string;
  handFont: string;
  ink: string;
}

export interface Slip {
  id: string;
  index: number;
  language: SlipLanguage;
  layout: SlipLayout;
  paperCylinder: 'minus' | 'plus';
  /** The values as measured (minus cylinder). */
  values: SlipValues;
  /** The eyes as the paper prints them (plus cylinder on a plus-cylinder slip). */
  paper: { od: EyePrescription; os: EyePrescription };
  truth: PrescriptionDraft;
  fields: PrescriptionField[];
  hasAdd: boolean;
  hasPrism: boolean;
  style: PrintStyle;
  distortion: Distortion;
}

export interface SetOptions {
  seed: number;
  /** The day the set is made for (YYYY-MM-DD): exam dates fall within the two years before it. */
  today: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100 + 0;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Slip `index`'s language, layout and distortion band: every 54 slips hold each of the 6 × 3 × 3
 * combinations once, and the first 18 already hold every language, layout and band.
 */
export function slipCell(index: number): { language: SlipLanguage; layout: SlipLayout; band: DistortionBand } {
  const within = index % 54;
  const language = within % 6;
  const layout = Math.floor(within / 6) % 3;
  const round = Math.floor(within / 18);
  return {
    language: SLIP_LANGUAGES[language]!,
    layout: SLIP_LAYOUTS[layout]!,
    band: DISTORTION_BANDS[(round + language + layout) % 3]!,
  };
}

function sphere(random: Random): number {
  if (random.chance(0.06)) return 0;
  if (random.chance(0.8)) return random.stepped(-4, 2, 0.25);
  return random.chance(0.5) ? random.stepped(-10, -4.25, 0.25) : random.stepped(2.25, 6, 0.25);
}

function cylinder(random: Random): number {
  return random.chance(0.75) ? random.stepped(-2, -0.25, 0.25) : random.stepped(-4, -2.25, 0.25);
}

/** The measured values: SPH −10…+6 (mostly −4…+2), CYL 0…−4 (a third of slips none), ADD on about 40 %. */
export function makeValues(random: Random, today: string): { values: SlipValues; hasAdd: boolean; hasPrism: boolean } {
  const hasAdd = random.chance(0.4);
  const noCylinder = random.chance(1 / 3);
  const odSph = sphere(random);
  const osSph = random.chance(0.12) ? sphere(random) : clamp(round2(odSph + random.stepped(-0.75, 0.75, 0.25)), -10, 6);
  const eye = (sph: number): EyePrescription => {
    const cyl = noCylinder || random.chance(0.15) ? 0 : cylinder(random);
    return { sph, cyl, axis: cyl === 0 ? null : random.int(1, 180), add: null, prism: null };
  };
  const od = eye(hasAdd ? clamp(odSph, -8, 6) : odSph);
  const os = eye(hasAdd ? clamp(osSph, -8, 6) : osSph);
  if (hasAdd) {
    od.add = random.stepped(0.75, 3, 0.25);
    os.add = random.chance(0.9) ? od.add : clamp(round2(od.add + random.pick([-0.25, 0.25])), 0.75, 3);
  }
  // prism for single vision only (the rules refuse it on progressives): a few distance slips
  const hasPrism = !hasAdd && random.chance(0.08);
  if (hasPrism) {
    const base = random.pick<PrismBase>(['up', 'down', 'in', 'out']);
    const amount = random.stepped(0.5, 3, 0.25);
    od.prism = { amount, base };
    if (random.chance(0.6)) os.prism = { amount, base: base === 'up' ? 'down' : base === 'down' ? 'up' : base };
  }
  const dual = random.chance(hasAdd ? 0.7 : 0.25);
  let pd: PdValues;
  if (dual) {
    const right = random.stepped(26.5, 38, 0.5);
    pd = { mode: 'dual', right, left: clamp(round2(right + random.stepped(-1.5, 1.5, 0.5)), 26.5, 38) };
  } else {
    pd = { mode: 'single', single: random.chance(0.7) ? random.int(54, 74) : random.stepped(54, 74, 0.5) };
  }
  const exam = new Date(`${today}T00:00:00Z`);
  exam.setUTCDate(exam.getUTCDate() - random.int(3, 700));
  return { values: { od, os, pd, examDate: exam.toISOString().slice(0, 10) }, hasAdd, hasPrism };
}

/** The same eye in plus-cylinder form (what some opticians print): SPH + CYL, −CYL, AXIS ± 90. */
export function toPlusCylinder(eye: EyePrescription): EyePrescription {
  if (eye.cyl >= 0 || eye.axis === null) return eye;
  return { ...eye, sph: round2(eye.sph + eye.cyl), cyl: round2(-eye.cyl), axis: normaliseAxis(eye.axis + 90) };
}

/** The draft the form should hold once the slip is read. */
export function truthOf(paper: { od: EyePrescription; os: EyePrescription }, values: SlipValues): PrescriptionDraft {
  const eye = (printed: EyePrescription) => {
    const e = toMinusCylinder(printed);
    return {
      sph: signedPower(e.sph),
      cyl: e.cyl === 0 ? '' : signedPower(e.cyl),
      axis: e.cyl === 0 || e.axis === null ? '' : String(e.axis),
      add: e.add === null ? '' : signedPower(e.add),
      prism: e.prism ? e.prism.amount.toFixed(2) : '',
      prismBase: e.prism ? e.prism.base : ('' as const),
    };
  };
  const draft = emptyPrescriptionDraft();
  return {
    ...draft,
    od: eye(paper.od),
    os: eye(paper.os),
    pdMode: values.pd.mode,
    pd: values.pd.mode === 'single' ? String(values.pd.single) : '',
    pdRight: values.pd.mode === 'dual' ? String(values.pd.right) : '',
    pdLeft: values.pd.mode === 'dual' ? String(values.pd.left) : '',
    examDate: values.examDate,
  };
}

/** The fields the slip prints (an eye without cylinder still has its CYL and AXIS cells, blank or "sph"). */
export function fieldsOf(values: SlipValues, hasAdd: boolean, hasPrism: boolean): PrescriptionField[] {
  const fields: PrescriptionField[] = [];
  for (const eye of ['od', 'os'] as const) {
    fields.push(`${eye}.sph`, `${eye}.cyl`, `${eye}.axis`);
    if (hasAdd) fields.push(`${eye}.add`);
    if (hasPrism) fields.push(`${eye}.prism`, `${eye}.prismBase`);
  }
  fields.push(...(values.pd.mode === 'single' ? (['pd'] as const) : (['pdRight', 'pdLeft'] as const)), 'examDate');
  return fields;
}

const PRINT_FONTS = ['Liberation Sans', 'DejaVu Sans', 'Liberation Serif', 'Nimbus Sans', 'URW Gothic', 'Nimbus Roman', 'DejaVu Sans Mono'];
/** Handwriting-like fonts (Debian: fonts-dkg-handwriting, fonts-humor-sans, fonts-femkeklaver, fonts-breip, fonts-comic-neue). */
export const HAND_FONTS = ['DkgHandwriting', 'Humor Sans', 'femkeklaver', 'Breip', 'Comic Neue'];
const INKS = ['#1b2f8a', '#16206b', '#222222', '#0d3b7a', '#2a2a55'];
const DESKS = [
  'linear-gradient(160deg, #4a3526, #2e2018)',
  'linear-gradient(120deg, #3b3f45, #1f2226)',
  'repeating-linear-gradient(95deg, #5a3d27 0 18px, #4e3422 18px 41px, #553a25 41px 60px)',
  'linear-gradient(200deg, #2f3b33, #18201b)',
  'radial-gradient(circle at 30% 40%, #55504a, #2a2724)',
];
const PATIENTS = ['A. Jensen', 'M. Rossi', 'K. Novak', 'L. Moreau', 'S. Müller', 'J. de Vries', 'C. García', 'R. Taylor'];

function printStyle(random: Random, language: SlipLanguage, layout: SlipLayout, values: SlipValues, today: string): PrintStyle {
  const words = LANGUAGES[language];
  const decimal = words.decimal.length > 1 && random.chance(0.2) ? words.decimal[1]! : words.decimal[0]!;
  const birth = new Date(`${today}T00:00:00Z`);
  birth.setUTCDate(birth.getUTCDate() - random.int(18 * 365, 80 * 365));
  return {
    eyes: random.pick(words.eyes),
    sph: random.pick(words.sph),
    cyl: random.pick(words.cyl),
    axis: random.pick(words.axis),
    add: random.pick(words.add),
    prism: random.pick(words.prism),
    base: random.pick(words.base),
    pd: random.pick(words.pd),
    pdPerEye: random.pick(words.pdPerEye),
    plano: random.pick(words.plano).replace(/[.,]/, decimal),
    noCyl: random.pick(words.noCyl),
    decimal,
    minus: random.chance(0.15) ? '−' : '-',
    axisDegree: random.chance(0.2),
    axisPadded: random.chance(0.1),
    pdUnit: random.chance(0.3),
    pdInTable: values.pd.mode === 'dual' && layout !== 'handwritten-form' && random.chance(0.5),
    datePlace: random.chance(0.5) ? 'top' : 'bottom',
    baseWords: {
      up: random.pick(words.baseWords.up),
      down: random.pick(words.baseWords.down),
      in: random.pick(words.baseWords.in),
      out: random.pick(words.baseWords.out),
    },
    title: random.pick(words.title),
    examDateLabel: random.pick(words.examDate),
    patientLabel: random.pick(words.patient),
    patientName: random.pick(PATIENTS),
    birthDateLabel: random.pick(words.birthDate),
    birthDate: random.chance(0.2) ? birth.toISOString().slice(0, 10) : null,
    signatureLabel: random.pick(words.signature),
    signer: random.pick(words.names),
    footer: random.pick(words.footer),
    clinic: random.pick(words.clinics),
    street: random.pick(words.streets),
    city: random.pick(words.cities),
    phone: `${random.int(100, 999)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
    note: random.chance(0.4) ? random.pick(words.notes) : null,
    printFont: layout === 'plain-columns' && random.chance(0.35) ? 'DejaVu Sans Mono' : random.pick(PRINT_FONTS.slice(0, 6)),
    handFont: random.pick(HAND_FONTS),
    ink: random.pick(INKS),
  };
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** The photo's distortion: each strength grows with the band's severity, so the bench can compare bands. */
export function makeDistortion(random: Random, band: DistortionBand): Distortion {
  const severity = round2((DISTORTION_BANDS.indexOf(band) + random.next()) / 3);
  const sign = () => (random.chance(0.5) ? -1 : 1);
  const tiltXDeg = round2(sign() * severity * 20 * random.between(0.3, 1));
  const tiltYDeg = round2(sign() * severity * 20 * random.between(0.2, 0.9));
  return {
    band,
    severity,
    rotationDeg: round2(sign() * severity * 15 * random.between(0.5, 1)),
    perspective: round2(Math.max(Math.abs(tiltXDeg), Math.abs(tiltYDeg))),
    tiltXDeg,
    tiltYDeg,
    blurPx: round2(roundTo(severity * 1.5 * random.between(0.4, 1), 0.05)),
    shading: round2(0.05 + severity * 0.5 * random.between(0.5, 1)),
    shadingAngleDeg: random.int(0, 359),
    glare: round2(severity * 0.75 * random.between(0.3, 1)),
    glareAt: [round2(random.between(0.3, 0.7)), round2(random.between(0.3, 0.7))],
    jpegQuality: Math.round(clamp(80 - severity * 25 * random.between(0.6, 1), 55, 80)),
    paperFill: round2(random.between(0.74, 0.9)),
    offset: [round2(random.between(-0.8, 0.8)), round2(random.between(-0.8, 0.8))],
    desk: random.pick(DESKS),
  };
}

/** Slip number `index` (0-based) of the set: id `s0001` for index 0. */
export function makeSlip(index: number, options: SetOptions): Slip {
  const random = createRandom(slipSeed(options.seed, index));
  const { language, layout, band } = slipCell(index);
  const { values, hasAdd, hasPrism } = makeValues(random, options.today);
  const hasCylinder = values.od.cyl !== 0 || values.os.cyl !== 0;
  const paperCylinder = hasCylinder && random.chance(0.22) ? 'plus' : 'minus';
  const paper = paperCylinder === 'plus' ? { od: toPlusCylinder(values.od), os: toPlusCylinder(values.os) } : { od: values.od, os: values.os };
  const style = printStyle(random, language, layout, values, options.today);
  return {
    id: `s${String(index + 1).padStart(4, '0')}`,
    index,
    language,
    layout,
    paperCylinder,
    values,
    paper,
    truth: truthOf(paper, values),
    fields: fieldsOf(values, hasAdd, hasPrism),
    hasAdd,
    hasPrism,
    style,
    distortion: makeDistortion(random, band),
  };
}

export function makeSlips(count: number, options: SetOptions): Slip[] {
  return Array.from({ length: count }, (_, index) => makeSlip(index, options));
}
