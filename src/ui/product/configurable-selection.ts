import type { ConfigurableOption, MediaEntry, ProductDetail, Variant } from './product-page.operations';

/** The shopper's choice per configurable attribute code (`color` → 51). */
export type Selection = Record<string, number>;

const valueOf = (variant: Variant, code: string) => variant.attributes?.find((a) => a?.code === code)?.value_index ?? null;

export function optionsOf(product: ProductDetail): ConfigurableOption[] {
  return (product.configurable_options ?? []).flatMap((o) => (o?.attribute_code ? [o] : [])).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

/**
 * The colour and size a link chose (`?color=49&size=52`, as the try-on links here): only
 * the product's own options, with a value some variant has.
 */
export function selectionOfSearch(product: ProductDetail, search: URLSearchParams): Selection {
  const selection: Selection = {};
  for (const option of optionsOf(product)) {
    const code = option.attribute_code!;
    const value = Number(search.get(code));
    if (search.has(code) && Number.isInteger(value) && variantsOf(product).some((v) => valueOf(v, code) === value)) selection[code] = value;
  }
  return selection;
}

/** A page's query with the colour and size chosen (`?color=49&size=52`), so a way back (sign-in) finds them again. */
export function searchWithSelection(search: URLSearchParams, selection: Selection): string {
  const next = new URLSearchParams(search);
  for (const [code, value] of Object.entries(selection)) next.set(code, String(value));
  const query = next.toString();
  return query ? `?${query}` : '';
}

const variantsOf = (product: ProductDetail): Variant[] => (product.variants ?? []).flatMap((v) => (v?.product ? [v] : []));

/** Variants agreeing with every chosen value. */
export function matchingVariants(product: ProductDetail, selection: Selection): Variant[] {
  return variantsOf(product).filter((v) => Object.entries(selection).every(([code, value]) => valueOf(v, code) === value));
}

/** The variant of a complete selection (every option chosen), else null. */
export function selectedVariant(product: ProductDetail, selection: Selection): Variant | null {
  const options = optionsOf(product);
  if (!options.length || options.some((o) => selection[o.attribute_code!] === undefined)) return null;
  return matchingVariants(product, selection)[0] ?? null;
}

/** Whether choosing `value` for `code` (keeping the other choices) leads to a variant in stock. */
export function isValueInStock(product: ProductDetail, selection: Selection, code: string, value: number): boolean {
  return matchingVariants(product, { ...selection, [code]: value }).some((v) => v.product?.stock_status === 'IN_STOCK');
}

/** Gallery entries in position order, without disabled ones. */
export function galleryOf(entries: readonly (MediaEntry | null)[] | null | undefined): (MediaEntry & { url: string })[] {
  return (entries ?? [])
    .flatMap((e) => (e?.url && !e.disabled ? [e as MediaEntry & { url: string }] : []))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

/**
 * The images to show: once a colour (or any option that changes images) is chosen, a matching
 * variant's own images; before that the frame's whole gallery.
 */
export function imagesFor(product: ProductDetail, selection: Selection): (MediaEntry & { url: string })[] {
  if (Object.keys(selection).length) {
    const variantImages = galleryOf(matchingVariants(product, selection)[0]?.product?.media_gallery);
    if (variantImages.length) return variantImages;
  }
  return galleryOf(product.media_gallery);
}

/** A frame's measurements (Magento attributes of the frame and of each variant). */
export type MeasuredFrame = Pick<NonNullable<Variant['product']>, 'lens_width' | 'bridge_width' | 'temple_length' | 'lens_height' | 'frame_width'>;
const MEASURED: (keyof MeasuredFrame)[] = ['lens_width', 'bridge_width', 'temple_length', 'lens_height', 'frame_width'];

/**
 * The measurements to show follow the choice. The chosen variant's own; with a partial
 * choice (a size, no colour yet) the variants it leaves, when they all measure the same (a size's
 * widths do not change with its colour); else the frame's own (its standard size).
 */
export function measurementsOf(product: ProductDetail, selection: Selection): MeasuredFrame {
  const variant = selectedVariant(product, selection)?.product;
  if (variant) return variant;
  if (Object.keys(selection).length) {
    const matching = matchingVariants(product, selection).flatMap((v) => (v.product ? [v.product] : []));
    const first = matching[0];
    if (first && matching.every((v) => MEASURED.every((m) => v[m] === first[m]))) return first;
  }
  return product;
}
