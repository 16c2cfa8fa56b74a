import { describe, expect, it } from 'vitest';
import { imagesFor, isValueInStock, measurementsOf, searchWithSelection, selectedVariant, selectionOfSearch } from './configurable-selection';
import type { ProductDetail, Variant } from './product-page.operations';

const price = { minimum_price: { final_price: { value: 100, currency: 'CAD' as const }, regular_price: { value: 100, currency: 'CAD' as const } } };
const measures = { lens_width: 50, bridge_width: 19, temple_length: 140, lens_height: 33, frame_width: 130 };
// a size's widths: S narrower, L wider than the frame's own (its standard size, M)
const widthOf = (size: number) => ({ 171: 48, 172: 50, 173: 52 })[size] ?? 50;
const variant = (color: number, size: number, stock: 'IN_STOCK' | 'OUT_OF_STOCK', image: string): Variant => ({
  attributes: [
    { code: 'color', value_index: color },
    { code: 'size', value_index: size },
  ],
  product: {
    uid: `${color}-${size}`,
    sku: `S-${color}-${size}`,
    stock_status: stock,
    media_gallery: [{ url: image, label: image, position: 1, disabled: false }],
    price_range: price,
    ...measures,
    lens_width: widthOf(size),
    frame_width: 130 + 2 * (widthOf(size) - 50),
  },
});
const product: ProductDetail = {
  __typename: 'ConfigurableProduct',
  uid: 'P',
  sku: 'S',
  name: 'Frame',
  url_key: 'frame',
  url_suffix: '.html',
  meta_title: null,
  meta_description: null,
  stock_status: 'IN_STOCK',
  description: null,
  categories: [],
  media_gallery: [
    { url: 'b.png', label: 'b', position: 2, disabled: false },
    { url: 'a.png', label: 'a', position: 1, disabled: false },
    { url: 'off.png', label: 'off', position: 3, disabled: true },
  ],
  price_range: price,
  ...measures,
  configurable_options: [
    { uid: 'c', attribute_code: 'color', label: 'Color', position: 0, values: [] },
    { uid: 's', attribute_code: 'size', label: 'Size', position: 1, values: [] },
  ],
  variants: [
    variant(51, 171, 'OUT_OF_STOCK', 'tortoise.png'),
    variant(51, 172, 'IN_STOCK', 'tortoise.png'),
    variant(52, 171, 'IN_STOCK', 'crystal.png'),
    variant(51, 173, 'IN_STOCK', 'tortoise.png'),
    variant(52, 173, 'IN_STOCK', 'crystal.png'),
  ],
};

describe('configurable product choices', () => {
  it('a variant is chosen only when every option is', () => {
    expect(selectedVariant(product, { color: 51 })).toBeNull();
    expect(selectedVariant(product, { color: 51, size: 172 })?.product?.sku).toBe('S-51-172');
  });

  it('a value is out of stock when no variant with it (and the other choices) is in stock', () => {
    expect(isValueInStock(product, { color: 51 }, 'size', 171)).toBe(false);
    expect(isValueInStock(product, { color: 51 }, 'size', 172)).toBe(true);
    expect(isValueInStock(product, {}, 'size', 171)).toBe(true);
  });

  it('picking a colour switches the images to that colour; before, the whole gallery in position order', () => {
    expect(imagesFor(product, {}).map((i) => i.url)).toEqual(['a.png', 'b.png']);
    expect(imagesFor(product, { color: 52 }).map((i) => i.url)).toEqual(['crystal.png']);
  });

  it("a link's colour and size (the try-on's) are chosen on arrival; unknown options and values are left out", () => {
    expect(selectionOfSearch(product, new URLSearchParams('color=51&size=172'))).toEqual({ color: 51, size: 172 });
    expect(selectedVariant(product, selectionOfSearch(product, new URLSearchParams('color=51&size=172')))?.product?.sku).toBe('S-51-172');
    expect(selectionOfSearch(product, new URLSearchParams('color=99&size=171&frame_shape=3&utm=x'))).toEqual({ size: 171 });
    expect(selectionOfSearch(product, new URLSearchParams(''))).toEqual({});
  });

  it("the measurements follow the size chosen (the variant's own), with or without a colour", () => {
    expect(measurementsOf(product, {})).toMatchObject({ lens_width: 50, frame_width: 130 });
    expect(measurementsOf(product, { color: 51, size: 173 })).toMatchObject({ lens_width: 52, frame_width: 134 });
    // a size alone: every colour of it measures the same
    expect(measurementsOf(product, { size: 171 })).toMatchObject({ lens_width: 48, frame_width: 126 });
    // a colour alone leaves sizes that differ: the frame's own
    expect(measurementsOf(product, { color: 51 })).toMatchObject({ lens_width: 50, frame_width: 130 });
  });

  it('the way back (after signing in) carries the colour and size chosen, and reads them again', () => {
    const search = searchWithSelection(new URLSearchParams('ref=mail&size=171'), { color: 52, size: 173 });
    expect(search).toBe('?ref=mail&size=173&color=52');
    expect(selectionOfSearch(product, new URLSearchParams(search))).toEqual({ color: 52, size: 173 });
    expect(searchWithSelection(new URLSearchParams(), {})).toBe('');
  });
});
