/**
 * Catalog answers turned into what the lens wizard and the prescription pages work with. Magento has
 * no "kind" on a custom option, so the lens options are recognised by their values: usages by their
 * wording, indexes by the number in their title (1.50…1.74), coatings as the checkbox option, and
 * the prescription as the text (area/field) option.
 */
import { FRAME_ONLY, type LensIndexOption, type RimType, type UsageChoice } from '../../../rules/eyewear/prescription';
import { ShopFailure } from '../../machines/shared/shop-failure';
import type {
  CartLensChoices,
  CoatingKind,
  CoatingOptionValue,
  FrameSummary,
  IndexOptionValue,
  LensOption,
  LensProduct,
  SavedPrescription,
  UsageOptionValue,
} from '../../machines/customise/customise.types';
import type {
  CustomiseCartLineNode,
  CustomiseFramesQuery,
  CustomiseLensProductQuery,
  CustomOptionNode,
  CustomOptionValueNode,
  LensProductNode,
  SavedPrescriptionNode,
} from './customise.operations';

/**
 * A lens usage (or the frame alone, ADR 035 "Frame only") from its value's title, in the languages
 * of the store views (the backend answers lens options in the view's words: fr, de, es, es-MX, nl).
 */
export function usageOfTitle(title: string): UsageChoice | null {
  if (
    /frame only|no lenses|monture seule|sans verres|nur (die )?fassung|ohne gläser|solo (la )?montura|solo (el )?armaz|sin (lentes|micas)|alleen (het )?montuur|zonder glazen/i.test(
      title,
    )
  )
    return FRAME_ONLY;
  if (/non[- ]?prescription|plano|no prescription|sans correction|ohne sehst|sin graduaci|zonder sterkte/i.test(title)) return 'NON_PRESCRIPTION';
  if (/progres{1,2}i[vf]|varifocal|gleitsicht|multifoca/i.test(title)) return 'PROGRESSIVE';
  if (/reading|lecture|lesen|lectura|lezen/i.test(title)) return 'SINGLE_VISION_READING';
  if (/distance|single vision|de loin|ferne|de lejos|veraf|unifocal|einstärken|monofocal|enkelvoudig/i.test(title)) return 'SINGLE_VISION_DISTANCE';
  return null;
}

/** A lens index from its value's title: the number, the material, and whether it is sunglasses' own tinted sun lens. */
export function indexOfTitle(title: string): Pick<LensIndexOption, 'index' | 'material' | 'sun'> | null {
  const match = /\b1[.,](\d{2})\b/.exec(title);
  if (!match) return null;
  const index = Number(`1.${match[1]}`);
  const material = /p[oa]l[iy]carbona+t/i.test(title) ? 'polycarbonate' : /trivex/i.test(title) ? 'trivex' : index >= 1.6 ? 'high-index' : 'standard';
  return /\bsun\b|solaire|sonnen|solar|zonne/i.test(title) ? { index, material, sun: true } : { index, material };
}

/** A coating's kind from its value's title, in the languages of the store views (its card's explanation). */
export function coatingKindOfTitle(title: string): CoatingKind | null {
  if (/anti-?r+ef+le|entspiegel|ontspiegel/i.test(title)) return 'anti-reflective';
  if (/blue|bleue|blaulicht|azul|blauwlicht/i.test(title)) return 'blue-light';
  if (/photochrom|selbsttönend|fotocrom|fotochrom|transition/i.test(title)) return 'photochromic';
  if (/polari[sz]/i.test(title)) return 'polarised';
  if (/tint|teinte|tönung|tinte/i.test(title)) return 'sun-tint';
  return null;
}

/** A frame's rim type from its rim_type label, in the languages of the store views. */
export function rimTypeOfLabel(label: string | null | undefined): RimType | null {
  const slug = (label ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-');
  if (/^(semi|demi|halbrand|halfrand)/.test(slug)) return 'semi-rimless';
  if (/^(rimless|percee|randlos|randloos|al-aire)/.test(slug)) return 'rimless';
  if (/^(full|cerclee|vollrand|aro-completo|volledig)/.test(slug)) return 'full-rim';
  return null;
}

const valuesOf = (option: CustomOptionNode): CustomOptionValueNode[] => {
  const values = 'radio_values' in option ? option.radio_values : 'checkbox_values' in option ? option.checkbox_values : null;
  return [...(values ?? [])].filter((v): v is CustomOptionValueNode => Boolean(v)).sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
};

function lensOptionsOf(options: (CustomOptionNode | null)[]): Pick<LensProduct, 'usageOption' | 'indexOption' | 'coatingOption' | 'prescriptionOption'> {
  let usageOption: LensOption<UsageOptionValue> | null = null;
  let indexOption: LensOption<IndexOptionValue> | null = null;
  let coatingOption: LensOption<CoatingOptionValue> | null = null;
  let prescriptionOption: LensProduct['prescriptionOption'] = null;
  for (const option of options) {
    if (!option) continue;
    const label = option.title ?? '';
    const values = valuesOf(option).map((v) => ({ uid: v.uid, label: v.title ?? '', price: v.price ?? 0 }));
    if (option.__typename === 'CustomizableRadioOption' || option.__typename === 'CustomizableDropDownOption') {
      const usages = values.map((v) => ({ ...v, usage: usageOfTitle(v.label) }));
      const indexes = values.map((v) => ({ ...v, ...indexOfTitle(v.label) }));
      if (!usageOption && usages.length && usages.every((v) => v.usage)) usageOption = { uid: option.uid, label, values: usages as UsageOptionValue[] };
      else if (!indexOption && indexes.length && indexes.every((v) => v.index !== undefined))
        indexOption = { uid: option.uid, label, values: indexes as IndexOptionValue[] };
    } else if (option.__typename === 'CustomizableCheckboxOption' && !coatingOption) {
      coatingOption = {
        uid: option.uid,
        label,
        values: values.map((v) => {
          const kind = coatingKindOfTitle(v.label);
          return kind ? { ...v, kind } : v;
        }),
      };
    } else if (('area_value' in option || 'field_value' in option) && !prescriptionOption) {
      // The lens product's one text option is the prescription (lens-options.json), known by its type,
      // not its title: a title is each view's own word and the merchant's to change (de "Rezept", es
      // "Graduación" since migration 106; a title matched by words lost them in the cart).
      const value = 'area_value' in option ? option.area_value : option.field_value;
      prescriptionOption = { uid: option.uid, price: value?.price ?? 0, maxCharacters: value?.max_characters ?? null };
    }
  }
  return { usageOption, indexOption, coatingOption, prescriptionOption };
}

const priceOf = (node: { price_range: LensProductNode['price_range'] }) => node.price_range.minimum_price.final_price.value ?? 0;

/** The frame of the answer, or the shop's failure when there is none (its words in the store view's language, ADR 019). */
export function lensProductOf(data: CustomiseLensProductQuery, urlKey: string): LensProduct {
  const node: LensProductNode | null | undefined = data.products?.items?.find((i) => i?.url_key === urlKey) ?? data.products?.items?.[0];
  if (!node) throw new ShopFailure('frameNotFound');
  const rimLabel = data.products?.aggregations
    ?.find((a) => a?.attribute_code === 'rim_type')
    ?.options?.find((o) => o && node.rim_type !== null && o.value === String(node.rim_type))?.label;
  return {
    sku: node.sku ?? '',
    name: node.name ?? '',
    urlKey: node.url_key ?? urlKey,
    currency: node.price_range.minimum_price.final_price.currency ?? 'USD',
    price: priceOf(node),
    imageUrl: node.small_image?.url ?? null,
    inStock: node.stock_status !== 'OUT_OF_STOCK',
    frame: {
      lensHeight: node.lens_height,
      rimType: rimTypeOfLabel(rimLabel),
      sphMin: node.lens_sph_min,
      sphMax: node.lens_sph_max,
      cylMax: node.lens_cyl_max,
      // The sunglasses category (url path `sunglasses`, the same in every store view): its frames take sun lenses.
      sunglasses: (node.categories ?? []).some((c) => c?.url_path === 'sunglasses'),
    },
    attributes: (node.configurable_options ?? []).flatMap((a) =>
      a
        ? [
            {
              uid: a.uid,
              code: a.attribute_code ?? '',
              label: a.label ?? a.attribute_code ?? '',
              values: (a.values ?? []).flatMap((v) => (v?.uid ? [{ uid: v.uid, label: v.label ?? '', valueIndex: v.value_index ?? null }] : [])),
            },
          ]
        : [],
    ),
    variants: (node.variants ?? []).flatMap((v) =>
      v?.product?.sku
        ? [
            {
              sku: v.product.sku,
              valueUids: (v.attributes ?? []).flatMap((a) => (a ? [a.uid] : [])),
              price: priceOf(v.product),
              inStock: v.product.stock_status !== 'OUT_OF_STOCK',
              imageUrl: v.product.small_image?.url ?? null,
            },
          ]
        : [],
    ),
    ...lensOptionsOf(node.options ?? []),
    taxPercents: data.storeConfig?.lunette_catalog_tax_percents ?? [],
  };
}

export function frameSummariesOf(data: CustomiseFramesQuery): FrameSummary[] {
  return (data.products?.items ?? []).flatMap((i) =>
    i?.url_key
      ? [
          {
            urlKey: i.url_key,
            name: i.name ?? i.url_key,
            price: priceOf(i),
            currency: i.price_range.minimum_price.final_price.currency ?? 'USD',
            imageUrl: i.small_image?.url ?? null,
          },
        ]
      : [],
  );
}

export function savedPrescriptionOf(node: SavedPrescriptionNode): SavedPrescription {
  const p = node.prescription;
  return {
    uid: node.uid,
    name: node.name,
    usage: p.usage,
    examDate: p.exam_date,
    expiresOn: p.expires_on,
    isExpired: p.is_expired,
    od: p.od,
    os: p.os,
    pd: p.pd,
  };
}

/** A cart line's answer read back as the wizard's choices (every option value uid, every entered text). */
export function cartLensChoicesOf(line: CustomiseCartLineNode): CartLensChoices {
  const options = (line.customizable_options ?? []).flatMap((o) => (o ? [o] : []));
  const values = options.flatMap((o) => (o.values ?? []).flatMap((v) => (v ? [{ option: o.customizable_option_uid, ...v }] : [])));
  return {
    itemUid: line.uid,
    quantity: line.quantity,
    variantSku: line.configured_variant?.sku ?? null,
    // A chosen value (radio, checkbox) has its own uid; a typed text's value uid is its option's.
    selectedOptionUids: values.filter((v) => v.customizable_option_value_uid !== v.option).map((v) => v.customizable_option_value_uid),
    enteredOptions: values
      .filter((v) => v.customizable_option_value_uid === v.option || !v.customizable_option_value_uid)
      .map((v) => ({ uid: v.option, value: v.value ?? '' })),
  };
}
