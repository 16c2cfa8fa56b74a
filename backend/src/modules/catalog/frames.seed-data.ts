/**
 * The eyewear catalog, derived from fixed tables by index arithmetic (no randomness), so every
 * fresh database holds the same frames, variants, stock and prices. The plain tables (colours, lens
 * options) are data files beside this one.
 */
import colours from './colours.json' with { type: 'json' };
import lensOptions from './lens-options.json' with { type: 'json' };
import type { Translations } from '../../shared/store-locales';

export const ATTRIBUTE_IDS = {
  color: 93,
  size: 144,
  frame_shape: 200,
  frame_material: 201,
  rim_type: 202,
  face_width: 203,
  lens_width: 204,
  bridge_width: 205,
  temple_length: 206,
  lens_height: 207,
  frame_width: 208,
} as const;

export type SelectAttribute = 'color' | 'size' | 'frame_shape' | 'frame_material' | 'rim_type' | 'face_width';
export type RangeAttribute = 'lens_width' | 'bridge_width' | 'temple_length' | 'lens_height' | 'frame_width';

export const ATTRIBUTE_LABELS: Record<SelectAttribute | RangeAttribute, string> = {
  color: 'Color',
  size: 'Size',
  frame_shape: 'Frame shape',
  frame_material: 'Frame material',
  rim_type: 'Rim type',
  face_width: 'Face width',
  lens_width: 'Lens width (mm)',
  bridge_width: 'Bridge width (mm)',
  temple_length: 'Temple length (mm)',
  lens_height: 'Lens height (mm)',
  frame_width: 'Frame width (mm)',
};

export interface ColourSeed {
  optionId: number;
  value: string;
  label: string;
  code: string;
  hex: string;
  /** The label in other languages (store-scoped option labels). */
  labels: Translations<string>;
}

export const COLOURS: ColourSeed[] = colours;
const ACETATE_COLOURS = ['black', 'tortoise', 'crystal', 'navy', 'rose', 'olive-green', 'burgundy', 'honey'];
const METAL_COLOURS = ['gold', 'silver', 'gunmetal', 'black', 'rose'];

export const SIZES = [
  { optionId: 171, value: 'S', label: 'S', lensDelta: -2 },
  { optionId: 172, value: 'M', label: 'M', lensDelta: 0 },
  { optionId: 173, value: 'L', label: 'L', lensDelta: 2 },
];

export const SHAPES = ['cat-eye', 'round', 'square', 'rectangle', 'aviator', 'oval', 'browline', 'geometric'] as const;
export type FrameShape = (typeof SHAPES)[number];
export const MATERIALS = ['acetate', 'metal', 'titanium', 'TR90', 'mixed'] as const;
export type FrameMaterial = (typeof MATERIALS)[number];
export const RIM_TYPES = ['full-rim', 'semi-rimless', 'rimless'] as const;
export type RimType = (typeof RIM_TYPES)[number];
export const FACE_WIDTHS = ['narrow', 'medium', 'wide'] as const;

/** Option ids of the other select attributes (as Magento's eav_attribute_option ids). */
export const OPTION_IDS = {
  frame_shape: Object.fromEntries(SHAPES.map((s, i) => [s, 300 + i])) as Record<FrameShape, number>,
  frame_material: Object.fromEntries(MATERIALS.map((m, i) => [m, 310 + i])) as Record<FrameMaterial, number>,
  rim_type: Object.fromEntries(RIM_TYPES.map((r, i) => [r, 320 + i])) as Record<RimType, number>,
  face_width: Object.fromEntries(FACE_WIDTHS.map((f, i) => [f, 330 + i])) as Record<(typeof FACE_WIDTHS)[number], number>,
};

const LABELS: Record<string, string> = {
  'cat-eye': 'Cat-eye',
  round: 'Round',
  square: 'Square',
  rectangle: 'Rectangle',
  aviator: 'Aviator',
  oval: 'Oval',
  browline: 'Browline',
  geometric: 'Geometric',
  acetate: 'Acetate',
  metal: 'Metal',
  titanium: 'Titanium',
  TR90: 'TR90',
  mixed: 'Mixed (acetate and metal)',
  'full-rim': 'Full-rim',
  'semi-rimless': 'Semi-rimless',
  rimless: 'Rimless',
  narrow: 'Narrow',
  medium: 'Medium',
  wide: 'Wide',
};
export const labelOf = (value: string) => LABELS[value] ?? value;
/** A shape as a frame's name says it: its label with each word capitalised ("Cat-Eye"). */
const shapeWord = (shape: FrameShape) => labelOf(shape).replace(/-(\w)/g, (_, letter: string) => `-${letter.toUpperCase()}`);

const FIRST_NAMES = [
  'Aurora',
  'Milo',
  'Harper',
  'Theo',
  'Juno',
  'Felix',
  'Iris',
  'Otto',
  'Nova',
  'Hugo',
  'Stella',
  'Arlo',
  'Vera',
  'Jasper',
  'Lena',
  'Rufus',
  'Margot',
  'Silas',
  'Cleo',
  'Emil',
  'Ada',
  'Bruno',
  'Greta',
  'Leon',
  'Mira',
  'Oscar',
  'Pia',
  'Quincy',
  'Rosa',
  'Soren',
  'Tess',
  'Ulric',
  'Wren',
  'Xavi',
  'Yara',
  'Zeno',
  'Beatrix',
  'Caspar',
  'Dalia',
  'Elio',
  'Flora',
  'Gideon',
  'Hazel',
  'Ivo',
  'Josie',
  'Kai',
  'Lotte',
  'Nico',
];

export type Audience = 'women' | 'men' | 'kids';

export interface FrameSeed {
  index: number;
  sku: string;
  name: string;
  urlKey: string;
  shape: FrameShape;
  material: FrameMaterial;
  rim: RimType;
  lensWidth: number;
  bridgeWidth: number;
  templeLength: number;
  lensHeight: number;
  frameWidth: number;
  faceWidth: (typeof FACE_WIDTHS)[number];
  isSunglasses: boolean;
  audience: Audience | null;
  isBlueLight: boolean;
  priceUsd: number;
  specialPriceUsd: number | null;
  colours: ColourSeed[];
  /** qty per [colour][size]. */
  stock: number[][];
  sph: [min: number, max: number];
  cylMax: number;
}

const FRAME_COUNT = 48;
const BASE_PRICES = [129, 95, 149, 115, 169, 189, 109, 139, 159, 199, 119, 179];
export const WHOLLY_OUT_OF_STOCK_INDEX = FRAME_COUNT - 1;

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const colour = (value: string) => COLOURS.find((c) => c.value === value) as ColourSeed;

function materialOf(index: number, shape: FrameShape): FrameMaterial {
  if (shape === 'aviator') return (index >> 3) % 2 ? 'titanium' : 'metal';
  if (shape === 'browline') return 'mixed';
  return MATERIALS[(index * 3 + (index >> 3)) % MATERIALS.length] as FrameMaterial;
}

function rimOf(index: number, shape: FrameShape, material: FrameMaterial): RimType {
  if (shape === 'browline') return 'semi-rimless';
  if (material === 'acetate' || material === 'TR90' || material === 'mixed') return 'full-rim';
  return RIM_TYPES[index % RIM_TYPES.length] as RimType;
}

function stockOf(index: number, colourCount: number): number[][] {
  return Array.from({ length: colourCount }, (_, c) =>
    SIZES.map((_, s) => {
      if (index === WHOLLY_OUT_OF_STOCK_INDEX) return 0;
      // The frame tests and the commerce module rely on it being in stock; the end-to-end suite places
      // about sixty orders of it (both widths, retries, hosted payments left pending), more than 21.
      if (index === 0) return 120 + c * 3 + s;
      if (index === 1 && c === 0 && s === 0) return 0; // LN1002-TRT-S
      if ((index * 7 + c * 5 + s * 3) % 11 === 0) return 0;
      return 1 + ((index * 13 + c * 7 + s * 5) % 37);
    }),
  );
}

function frameAt(index: number): FrameSeed {
  const shape = SHAPES[index % SHAPES.length] as FrameShape;
  const material = materialOf(index, shape);
  const rim = rimOf(index, shape, material);
  const isSunglasses = index >= 36;
  const audience: Audience | null = isSunglasses ? null : ((['women', 'men', 'women', 'men', 'kids'] as const)[index % 5] ?? null);
  const kidsDelta = audience === 'kids' ? -6 : 0;
  const lensWidth = 46 + ((index * 5) % 10) + kidsDelta;
  const bridgeWidth = 16 + ((index * 3) % 7) - (audience === 'kids' ? 2 : 0);
  const lensHeight = shape === 'aviator' ? 46 + (index % 5) : 26 + ((index * 7) % 18) + (audience === 'kids' ? -2 : 0);
  const frameWidth = 2 * lensWidth + bridgeWidth + 12;
  const name = `${FIRST_NAMES[index]} ${shapeWord(shape)}`;
  const palette = material === 'metal' || material === 'titanium' ? METAL_COLOURS : ACETATE_COLOURS;
  const colourCount = 2 + (index % 2);
  const colours = [0, 1, 3].slice(0, colourCount).map((offset) => colour(palette[(index + offset) % palette.length] as string));
  const price = (BASE_PRICES[index % BASE_PRICES.length] as number) + (material === 'titanium' ? 40 : 0) + (isSunglasses ? 20 : 0);
  const sph: [number, number] = rim === 'rimless' ? [-8, 6] : rim === 'semi-rimless' ? [-10, 6] : [-12, 8];
  return {
    index,
    sku: `LN${1001 + index}`,
    name,
    urlKey: slug(name),
    shape,
    material,
    rim,
    lensWidth,
    bridgeWidth,
    templeLength: audience === 'kids' ? 125 : 135 + 5 * (index % 3),
    lensHeight,
    frameWidth,
    faceWidth: frameWidth < 132 ? 'narrow' : frameWidth < 140 ? 'medium' : 'wide',
    isSunglasses,
    audience,
    isBlueLight: !isSunglasses && index % 4 === 1,
    priceUsd: price,
    specialPriceUsd: index % 6 === 4 ? Math.round(price * 80) / 100 : null,
    colours,
    stock: stockOf(index, colourCount),
    sph,
    cylMax: rim === 'rimless' ? 3 : 4,
  };
}

export const FRAMES: FrameSeed[] = Array.from({ length: FRAME_COUNT }, (_, i) => frameAt(i));

/** Progressive lenses need a tall enough lens (eyewear notes: at least 28–30 mm). */
export const isProgressiveReady = (f: FrameSeed) => !f.isSunglasses && f.audience !== 'kids' && f.lensHeight >= 30;

export const variantSku = (f: FrameSeed, c: ColourSeed, size: string) => `${f.sku}-${c.code}-${size}`;

/** `/a/u/aurora-cat-eye-black-front.png`: Magento's media path, dispersed by the first two letters. */
export function mediaFileOf(urlKey: string, c: ColourSeed, view: 'front' | 'angled' | 'tryon'): string {
  const name = `${urlKey}-${c.value}-${view}.png`;
  return `/${name[0]}/${name[1]}/${name}`;
}

export interface LensOptionSeed {
  title: string;
  type: 'radio' | 'checkbox' | 'area';
  required: boolean;
  maxCharacters?: number;
  /** The title in other languages (store-scoped option titles). */
  titles: Translations<string>;
  values: { title: string; priceUsd: number; sku: string; titles: Translations<string> }[];
}

/** The lens flow (eyewear notes): usage → index → coatings, and the prescription as JSON text (lens-options.json). */
export const LENS_OPTIONS = lensOptions as LensOptionSeed[];

export interface CategorySeed {
  id: number;
  parentId: number | null;
  name: string;
  urlKey: string | null;
  position: number;
  description: string | null;
  includeInMenu: boolean;
  image: string | null;
}

export const CATEGORIES: CategorySeed[] = [
  { id: 1, parentId: null, name: 'Root Catalog', urlKey: null, position: 0, description: null, includeInMenu: false, image: null },
  { id: 2, parentId: 1, name: 'Default Category', urlKey: null, position: 1, description: null, includeInMenu: true, image: null },
  {
    id: 3,
    parentId: 2,
    name: 'Eyeglasses',
    urlKey: 'eyeglasses',
    position: 1,
    description: '<p>Prescription-ready frames in acetate, metal and titanium, fitted with the lenses you choose.</p>',
    includeInMenu: true,
    image: 'eyeglasses.png',
  },
  {
    id: 4,
    parentId: 3,
    name: 'Women',
    urlKey: 'women',
    position: 1,
    description: '<p>Cat-eye, round and oval frames with a confident line.</p>',
    includeInMenu: true,
    image: 'women.png',
  },
  {
    id: 5,
    parentId: 3,
    name: 'Men',
    urlKey: 'men',
    position: 2,
    description: '<p>Square, rectangle and browline frames built to last.</p>',
    includeInMenu: true,
    image: 'men.png',
  },
  {
    id: 6,
    parentId: 3,
    name: 'Kids',
    urlKey: 'kids',
    position: 3,
    description: '<p>Smaller, flexible frames with short temples for growing faces.</p>',
    includeInMenu: true,
    image: 'kids.png',
  },
  {
    id: 7,
    parentId: 2,
    name: 'Sunglasses',
    urlKey: 'sunglasses',
    position: 2,
    description: '<p>UV400 sun lenses, polarised on request, with or without a prescription.</p>',
    includeInMenu: true,
    image: 'sunglasses.png',
  },
  {
    id: 8,
    parentId: 2,
    name: 'Blue-light',
    urlKey: 'blue-light-glasses',
    position: 3,
    description: '<p>Frames we recommend with a blue-light filter for long screen days.</p>',
    includeInMenu: true,
    image: 'blue-light-glasses.png',
  },
  {
    id: 9,
    parentId: 2,
    name: 'Progressive-ready',
    urlKey: 'progressive-ready',
    position: 4,
    description: '<p>Frames with a lens height of 30 mm or more: room for every progressive zone.</p>',
    includeInMenu: true,
    image: 'progressive-ready.png',
  },
  {
    id: 10,
    parentId: 2,
    name: 'Sale',
    urlKey: 'sale',
    position: 5,
    description: '<p>Frames at a reduced price, while stock lasts.</p>',
    includeInMenu: true,
    image: 'sale.png',
  },
];

export const CATEGORY_IDS = { eyeglasses: 3, women: 4, men: 5, kids: 6, sunglasses: 7, blueLight: 8, progressive: 9, sale: 10 } as const;

/** Leaf categories a frame is assigned to (anchor categories show their children's products). */
export function categoriesOf(f: FrameSeed): number[] {
  const ids: number[] = [];
  if (f.isSunglasses) ids.push(CATEGORY_IDS.sunglasses);
  else if (f.audience) ids.push(CATEGORY_IDS[f.audience]);
  if (f.isBlueLight) ids.push(CATEGORY_IDS.blueLight);
  if (isProgressiveReady(f)) ids.push(CATEGORY_IDS.progressive);
  if (f.specialPriceUsd !== null) ids.push(CATEGORY_IDS.sale);
  return ids;
}
