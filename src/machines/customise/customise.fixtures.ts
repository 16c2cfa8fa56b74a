/**
 * A frame with the seeded lens options (backend catalog seed: usage, index, coatings, prescription),
 * for the machine's tests and the stories. Prices in CAD.
 */
import type { FrameAttribute, LensOption, LensOptionValue, LensProduct, SavedPrescription } from './customise.types';

/** A configurable attribute of the frame: uid `attr-<code>`, values as [uid, label]. */
function frameAttribute(code: string, label: string, values: [uid: string, label: string][]): FrameAttribute {
  return { uid: `attr-${code}`, code, label, values: values.map(([uid, valueLabel]) => ({ uid, label: valueLabel })) };
}

/** A lens custom option of the frame: uid `opt-<code>`, its priced values. */
function lensOption<TValue extends LensOptionValue>(code: string, label: string, values: TValue[]): LensOption<TValue> {
  return { uid: `opt-${code}`, label, values };
}

export const FIXTURE_FRAME: LensProduct = {
  sku: 'LN1001',
  name: 'Aurora Cat-Eye',
  urlKey: 'aurora-cat-eye',
  currency: 'CAD',
  price: 175,
  imageUrl: null,
  frame: { lensHeight: 33, rimType: 'full-rim', sphMin: -12, sphMax: 8, cylMax: 4 },
  attributes: [
    frameAttribute('color', 'Colour', [
      ['c-black', 'Black'],
      ['c-tortoise', 'Tortoise'],
    ]),
    frameAttribute('size', 'Size', [
      ['s-m', 'M'],
      ['s-l', 'L'],
    ]),
  ],
  variants: [
    { sku: 'LN1001-BLK-M', valueUids: ['c-black', 's-m'], price: 175, inStock: true },
    { sku: 'LN1001-BLK-L', valueUids: ['c-black', 's-l'], price: 175, inStock: true },
    { sku: 'LN1001-TRT-M', valueUids: ['c-tortoise', 's-m'], price: 175, inStock: true },
    { sku: 'LN1001-TRT-L', valueUids: ['c-tortoise', 's-l'], price: 175, inStock: false },
  ],
  usageOption: lensOption('usage', 'Lens type', [
    { uid: 'u-distance', label: 'Single vision – distance', price: 0, usage: 'SINGLE_VISION_DISTANCE' },
    { uid: 'u-reading', label: 'Single vision – reading', price: 0, usage: 'SINGLE_VISION_READING' },
    { uid: 'u-progressive', label: 'Progressive', price: 202.64, usage: 'PROGRESSIVE' },
    { uid: 'u-plano', label: 'Non-prescription', price: 0, usage: 'NON_PRESCRIPTION' },
    { uid: 'u-frame', label: 'Frame only – no lenses', price: 0, usage: 'FRAME_ONLY' },
  ]),
  indexOption: lensOption('index', 'Lens index', [
    { uid: 'i-150', label: '1.50 Standard', price: 0, index: 1.5, material: 'standard' },
    { uid: 'i-159', label: '1.59 Polycarbonate', price: 40.8, index: 1.59, material: 'polycarbonate' },
    { uid: 'i-161', label: '1.61 Thin', price: 68, index: 1.61, material: 'high-index' },
    { uid: 'i-167', label: '1.67 Extra thin', price: 122.4, index: 1.67, material: 'high-index' },
    { uid: 'i-174', label: '1.74 Ultra thin', price: 204, index: 1.74, material: 'high-index' },
    // Sunglasses' own sun lenses: offered only to sunglasses bought without a prescription.
    { uid: 'i-150-sun', label: '1.50 Tinted UV400 sun lens', price: 0, index: 1.5, material: 'standard', sun: true },
    { uid: 'i-159-sun', label: '1.59 Tinted UV400 sun lens, polycarbonate', price: 40.8, index: 1.59, material: 'polycarbonate', sun: true },
  ]),
  coatingOption: lensOption('coatings', 'Lens coatings', [
    { uid: 'k-ar', label: 'Anti-reflective', price: 34, kind: 'anti-reflective' },
    { uid: 'k-blue', label: 'Blue-light filter', price: 47.6, kind: 'blue-light' },
    { uid: 'k-photo', label: 'Photochromic', price: 107.44, kind: 'photochromic' },
    { uid: 'k-tint', label: 'Sun tint', price: 40.8, kind: 'sun-tint' },
    { uid: 'k-polar', label: 'Polarised', price: 94.86, kind: 'polarised' },
  ]),
  prescriptionOption: { uid: 'opt-rx', price: 0, maxCharacters: 4000 },
};

/** A rimless, low frame: no progressives, no 1.50 lenses. */
export const FIXTURE_RIMLESS_FRAME: LensProduct = {
  ...FIXTURE_FRAME,
  sku: 'LN1003',
  name: 'Harper Rimless',
  urlKey: 'harper-rimless',
  frame: { lensHeight: 26, rimType: 'rimless', sphMin: -8, sphMax: 6, cylMax: 3 },
  attributes: [frameAttribute('color', 'Colour', [['c-gold', 'Gold']])],
  variants: [{ sku: 'LN1003-GLD-M', valueUids: ['c-gold'], price: 159, inStock: true }],
};

/** A sunglasses frame (the sunglasses category): sun lenses, with or without a prescription. */
export const FIXTURE_SUNGLASSES_FRAME: LensProduct = {
  ...FIXTURE_FRAME,
  sku: 'LN1037',
  name: 'Beatrix Aviator',
  urlKey: 'beatrix-aviator',
  frame: { lensHeight: 47, rimType: 'full-rim', sphMin: -12, sphMax: 8, cylMax: 4, sunglasses: true },
};

export const FIXTURE_SAVED_PRESCRIPTIONS: SavedPrescription[] = [
  {
    uid: 'rx-1',
    name: 'Distance glasses 2025',
    usage: 'SINGLE_VISION_DISTANCE',
    examDate: '2025-09-15',
    expiresOn: '2027-09-15',
    isExpired: false,
    od: { sph: -2.25, cyl: -0.5, axis: 90, add: null },
    os: { sph: -2, cyl: 0, axis: null, add: null },
    pd: { single: 63, right: null, left: null },
  },
  {
    uid: 'rx-2',
    name: 'Old reading glasses',
    usage: 'SINGLE_VISION_READING',
    examDate: '2022-05-01',
    expiresOn: '2024-05-01',
    isExpired: true,
    od: { sph: 1, cyl: 0, axis: null, add: 2 },
    os: { sph: 1, cyl: 0, axis: null, add: 2 },
    pd: { single: 62, right: null, left: null },
  },
];

/** Magento's value_index of each colour and size value (how the product page names them in the wizard's URL). */
const VALUE_INDEXES: Record<string, number> = { 'c-black': 49, 'c-tortoise': 50, 's-m': 61, 's-l': 62 };

const AURORA_MEDIA = '/media/catalog/product/a/u/aurora-cat-eye';

/** The frame as the product page hands it over, with value indexes and a picture per variant. */
export const FIXTURE_FRAME_WITH_VALUE_INDEXES: LensProduct = {
  ...FIXTURE_FRAME,
  // The embedded backend's own pictures, so the static Storybook has them (ADR 021).
  imageUrl: `${AURORA_MEDIA}-black-angled.png`,
  attributes: FIXTURE_FRAME.attributes.map((attribute) => ({
    ...attribute,
    values: attribute.values.map((value) => ({ ...value, valueIndex: VALUE_INDEXES[value.uid] })),
  })),
  variants: FIXTURE_FRAME.variants.map((v) => ({ ...v, imageUrl: `${AURORA_MEDIA}-${v.sku.includes('-TRT-') ? 'tortoise' : 'black'}-front.png` })),
};

/** A typed progressive prescription with dual PD, as the wizard sends it in the cart line's entered option. */
export const FIXTURE_PROGRESSIVE_PRESCRIPTION_JSON = JSON.stringify({
  usage: 'PROGRESSIVE',
  exam_date: '2025-09-15',
  od: { sph: -1, cyl: 0, axis: null, add: 2 },
  os: { sph: -1.5, cyl: -0.75, axis: 10, add: 2 },
  pd: { single: null, right: 31, left: 32 },
});
