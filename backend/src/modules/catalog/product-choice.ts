import { DEFAULT_SCOPE } from './store-scope';
import { one, type Queryable } from '../../db/database';
import { checkLensChoice } from '../../../../rules/eyewear/lens-choice';
import { prescriptionInText } from '../../../../rules/eyewear/prescription-payload';
import type { FrameFacts, RimType } from '../../../../rules/eyewear/prescription';
import {
  type ConfigurableChoice,
  choosesEveryOption,
  configurableOptionsChosen,
  configurableOptionsOfVariant,
  type CustomOption,
  customOptionsOf,
  findProductById,
  findProductBySku,
  findVariant,
  type SellableProduct,
} from './catalog-lookup';
import { decodeConfigurableValueUid } from './catalog-uids';
import lensOptions from './lens-options.json' with { type: 'json' };

/**
 * The Prescription option's titles in every store view's language (lens-options.json: "Ordonnance",
 * "Rezept"…) and the titles it had before (`formerTitles`: "Brillenpass", "Receta", ADR 018). A cart
 * or order line keeps its options under the titles of the view it was added in, so its prescription
 * is found under any of them, not under the English word only (ADR 040: lab days in the delivery
 * estimate; ADR 041: the order mail's fix link).
 */
const PRESCRIPTION_TITLES = new Set(
  (lensOptions as { type: string; title: string; titles: Record<string, string>; formerTitles?: string[] }[])
    .filter((o) => o.type === 'area')
    .flatMap((o) => [o.title, ...Object.values(o.titles), ...(o.formerTitles ?? [])])
    .map((title) => title.toLocaleLowerCase()),
);

/** Whether an option's label (in any store view's language) names the line's prescription. */
export const isPrescriptionLabel = (label: string): boolean => /prescription/i.test(label) || PRESCRIPTION_TITLES.has(label.trim().toLocaleLowerCase());

export interface SelectedOptionValue {
  uid: string;
  id: number;
  label: string;
  value: string;
  priceUsd: number;
}

/** A customizable (lens) option chosen on a cart item, kept as it was when added. */
export interface SelectedOption {
  uid: string;
  id: number;
  label: string;
  type: string;
  is_required: boolean;
  sort_order: number;
  values: SelectedOptionValue[];
}

/** A cart or wishlist item's `selected_options` as Magento answers them (`SelectedCustomizableOption`), each value priced by `priceOf`. */
export function selectedOptionNodes(options: SelectedOption[], priceOf: (v: SelectedOptionValue) => { units: string; value: number }) {
  return options.map((o) => ({
    customizable_option_uid: o.uid,
    id: o.id,
    label: o.label,
    type: o.type,
    is_required: o.is_required,
    sort_order: o.sort_order,
    values: o.values.map((v) => ({
      customizable_option_value_uid: v.uid,
      id: v.id,
      label: v.label,
      value: v.value,
      price: { type: 'FIXED', ...priceOf(v) },
    })),
  }));
}

/** What a shopper picked: `CartItemInput` / `WishlistItemInput`. */
export interface ProductChoiceInput {
  sku: string;
  parent_sku?: string | null;
  quantity?: number | null;
  selected_options?: (string | null)[] | null;
  entered_options?: ({ uid: string; value: string } | null)[] | null;
}

export interface ProductChoice {
  /** The product bought: a simple, a virtual, or the variant of a configurable product. */
  product: SellableProduct;
  parent: SellableProduct | null;
  itemType: 'simple' | 'configurable' | 'virtual';
  customizable: SelectedOption[];
  configurable: ConfigurableChoice[];
  /** Product price plus the price of every chosen lens option. */
  unitPriceUsd: number;
  /** Same product with the same options: the cart adds to the existing line instead of a new one. */
  optionsKey: string;
}

export type ChoiceError = { code: 'PRODUCT_NOT_FOUND' | 'NOT_SALABLE' | 'UNDEFINED' | 'INVALID_PARAMETER_VALUE'; message: string };
export type ChoiceResult = { choice: ProductChoice; error?: undefined } | { choice?: undefined; error: ChoiceError };

export const REQUIRED_OPTIONS_MISSING = "The product's required option(s) weren't entered. Make sure the options are entered and try again.";
export const OPTIONS_NOT_AVAILABLE = 'Some of the selected item options are not currently available.';
/** Magento's `Configurable::getSpecifyOptionMessage()`: a frame without a colour and size that name one of its variants. */
export const SPECIFY_OPTIONS = 'You need to choose options for your item.';
export const productNotFound = (sku: string): ChoiceError => ({ code: 'PRODUCT_NOT_FOUND', message: `Could not find a product with SKU "${sku}"` });

async function resolveProducts(
  q: Queryable,
  input: ProductChoiceInput,
  configurableUids: string[],
  requireOptions: boolean,
): Promise<{ product: SellableProduct; parent: SellableProduct | null } | ChoiceError> {
  const named = await findProductBySku(q, input.sku);
  if (!named) return productNotFound(input.sku);
  let parent: SellableProduct | null = null;
  if (input.parent_sku) {
    parent = await findProductBySku(q, input.parent_sku);
    if (!parent) return productNotFound(input.parent_sku);
    if (parent.typeId !== 'configurable') return { code: 'UNDEFINED', message: `The product with SKU "${input.parent_sku}" is not a configurable product.` };
  } else if (named.typeId === 'configurable') {
    parent = named;
  } else if (named.parentId !== null) {
    parent = await findProductById(q, named.parentId);
  }
  if (!parent) return { product: named, parent: null };
  if (named.id !== parent.id) {
    if (named.parentId !== parent.id) return { code: 'UNDEFINED', message: `The product with SKU "${named.sku}" is not an option of "${parent.sku}".` };
    return { product: named, parent };
  }
  if (!configurableUids.length) {
    // A wishlist may keep the frame itself, before colour and size are chosen.
    return requireOptions ? { code: 'UNDEFINED', message: SPECIFY_OPTIONS } : { product: parent, parent: null };
  }
  // A wishlist may keep the frame with part of its choice (a colour before its size): the frame and the options chosen.
  if (!requireOptions && !(await choosesEveryOption(q, parent.id, configurableUids))) return { product: parent, parent: null };
  const variant = await findVariant(q, parent.id, configurableUids);
  // A choice no variant matches (a value the frame lacks, or colour without size) is Magento's
  // Configurable::_prepareProduct refusal; AddProductsToCartError has no code for it (ADR 036).
  if (!variant) return { code: 'UNDEFINED', message: SPECIFY_OPTIONS };
  return { product: variant, parent };
}

/** What the frame's lenses can be: its lens height, rim, lens range and whether it is sunglasses (a variant takes its frame's). */
export async function frameFactsOf(q: Queryable, productId: number): Promise<Partial<FrameFacts>> {
  const row = await one<{
    lens_height: string | null;
    rim: string | null;
    sph_min: string | null;
    sph_max: string | null;
    cyl_max: string | null;
    sunglasses: boolean | null;
  }>(
    q,
    `SELECT COALESCE(p.lens_height, f.lens_height) AS lens_height, rim.value AS rim,
            COALESCE(p.sph_min, f.sph_min) AS sph_min, COALESCE(p.sph_max, f.sph_max) AS sph_max, COALESCE(p.cyl_max, f.cyl_max) AS cyl_max,
            EXISTS (SELECT 1 FROM catalog_category_product cp JOIN catalog_category c ON c.id = cp.category_id
                    WHERE cp.product_id = COALESCE(f.id, p.id) AND c.url_path = 'sunglasses') AS sunglasses
     FROM catalog_product p
     LEFT JOIN catalog_product f ON f.id = p.parent_id
     LEFT JOIN catalog_attribute_option rim ON rim.option_id = COALESCE(p.rim_type, f.rim_type)
     WHERE p.id = $1`,
    [productId],
  );
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const rims: readonly RimType[] = ['full-rim', 'semi-rimless', 'rimless'];
  return {
    lensHeight: num(row?.lens_height),
    rimType: rims.find((r) => r === row?.rim) ?? null,
    sphMin: num(row?.sph_min),
    sphMax: num(row?.sph_max),
    cylMax: num(row?.cyl_max),
    // A frame of the sunglasses category takes sun lenses (ADR 035: the frame's facts from its own data).
    sunglasses: row?.sunglasses === true,
  };
}

/**
 * The eyewear rules of a lens choice (ADR 035), from the catalogue's values and the frame's facts,
 * never from what the request says of them: the usage, index and coatings chosen, the prescription
 * entered, and the frame they are for.
 */
async function lensRulesError(q: Queryable, productId: number, options: CustomOption[], customUids: string[], texts: string[], now: Date, complete: boolean) {
  const valueSkus = options.flatMap((o) => o.values.filter((v) => customUids.includes(v.uid) && v.sku !== null).map((v) => v.sku!));
  if (!valueSkus.length && !texts.length) return null;
  // The prescription's JSON, else any text entered (a prescription to follow, a file): a frame alone takes none (ADR 035).
  const prescriptionText = texts.find((t) => prescriptionInText(t) !== null) ?? texts[0] ?? null;
  const { problems } = checkLensChoice({ valueSkus, prescriptionText, complete }, await frameFactsOf(q, productId), now);
  return problems.length ? ({ code: 'INVALID_PARAMETER_VALUE', message: problems.join(' ') } satisfies ChoiceError) : null;
}

function chooseCustomOptions(
  options: CustomOption[],
  input: ProductChoiceInput,
  customUids: string[],
  requireOptions: boolean,
): SelectedOption[] | ChoiceError {
  const chosen: SelectedOption[] = [];
  const entered = (input.entered_options ?? []).filter((e): e is { uid: string; value: string } => Boolean(e));
  const knownUids = new Set(options.flatMap((o) => [o.uid, ...o.values.map((v) => v.uid)]));
  if (customUids.some((uid) => !knownUids.has(uid)) || entered.some((e) => !options.some((o) => o.uid === e.uid))) {
    return { code: 'UNDEFINED', message: OPTIONS_NOT_AVAILABLE };
  }
  for (const [index, option] of options.entries()) {
    const base = { uid: option.uid, id: option.id, label: option.title, type: option.type, is_required: option.required, sort_order: index + 1 };
    if (option.type === 'field' || option.type === 'area') {
      const text = entered.find((e) => e.uid === option.uid)?.value.trim() ?? '';
      if (!text) {
        if (option.required && requireOptions) return { code: 'UNDEFINED', message: REQUIRED_OPTIONS_MISSING };
        continue;
      }
      if (option.maxCharacters && text.length > option.maxCharacters)
        return { code: 'UNDEFINED', message: 'The text is too long. Shorten the text and try again.' };
      chosen.push({ ...base, values: [{ uid: option.uid, id: option.id, label: '', value: text, priceUsd: option.priceUsd }] });
      continue;
    }
    const values = option.values.filter((v) => customUids.includes(v.uid));
    if (!values.length) {
      if (option.required && requireOptions) return { code: 'UNDEFINED', message: REQUIRED_OPTIONS_MISSING };
      continue;
    }
    if (option.type !== 'checkbox' && values.length > 1) return { code: 'UNDEFINED', message: OPTIONS_NOT_AVAILABLE };
    chosen.push({
      ...base,
      values: values.map((v) => ({ uid: v.uid, id: v.valueId ?? v.optionId, label: v.title, value: String(v.valueId ?? v.title), priceUsd: v.priceUsd })),
    });
  }
  return chosen;
}

/**
 * Resolves what a shopper chose (sku, or configurable parent + option uids, or variant sku with
 * parent_sku; lens options as selected or entered options) into the product bought, its options and
 * its price. Stock is not checked here: the cart checks it, a wishlist does not need to. A wishlist
 * keeps a frame before its lenses are chosen (`requireOptions: false`).
 */
export async function resolveProductChoice(
  q: Queryable,
  input: ProductChoiceInput,
  now: Date,
  { requireOptions = true, storeId = DEFAULT_SCOPE } = {},
): Promise<ChoiceResult> {
  if (!input.sku?.trim()) return { error: { code: 'UNDEFINED', message: 'Required parameter "sku" for "cart_items" is missing.' } };
  const uids = (input.selected_options ?? []).filter((u): u is string => Boolean(u));
  const configurableUids = uids.filter((uid) => decodeConfigurableValueUid(uid) !== null);
  const customUids = uids.filter((uid) => decodeConfigurableValueUid(uid) === null);
  const resolved = await resolveProducts(q, { ...input, sku: input.sku.trim() }, configurableUids, requireOptions);
  if ('code' in resolved) return { error: resolved };
  const { product, parent } = resolved;
  const options = await customOptionsOf(q, parent?.id ?? product.id, storeId);
  const customizable = chooseCustomOptions(options, input, customUids, requireOptions);
  if ('code' in customizable) return { error: customizable };
  const texts = customizable.filter((o) => o.type === 'field' || o.type === 'area').map((o) => o.values[0]?.value ?? '');
  const lensError = await lensRulesError(q, product.id, options, customUids, texts, now, requireOptions);
  if (lensError) return { error: lensError };
  const configurable = parent
    ? await configurableOptionsOfVariant(q, parent.id, product.id, storeId)
    : product.typeId === 'configurable' && configurableUids.length
      ? await configurableOptionsChosen(q, product.id, configurableUids, storeId)
      : [];
  const optionsPrice = customizable.reduce((sum, o) => sum + o.values.reduce((s, v) => s + v.priceUsd, 0), 0);
  const optionsKey = JSON.stringify([product.id, customizable.map((o) => [o.uid, o.values.map((v) => v.value)])]);
  return {
    choice: {
      product,
      parent,
      itemType: parent || product.typeId === 'configurable' ? 'configurable' : product.typeId === 'virtual' ? 'virtual' : 'simple',
      customizable,
      configurable,
      unitPriceUsd: product.priceUsd + optionsPrice,
      optionsKey,
    },
  };
}
