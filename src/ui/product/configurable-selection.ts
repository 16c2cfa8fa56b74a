import type { ConfigurableOption, MediaEntry, ProductDetail, Variant } from './product-page.operations';

/** The shopper's choice per configurable attribute code (`color` → 51). */
export type Selection = Record<string, number>;

const valueOf = (variant: Variant, code: string) => variant.attributes?.find((a) => a?.code === code)?.value_index ?? null;

export function optionsOf(product: ProductDetail): ConfigurableOption[] {
  return (product.configurable_options ?? []).flatMap((o) => (o?.attribute_code ? [o] : [])).sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
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
