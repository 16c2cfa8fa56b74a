import { type BatchLoad, loaderOf, type RequestContext } from '../../graphql/context';
import { type CustomOption, displayRateOf, displayTaxRatesOf, finalPriceOf, moneyIn, roundToCents, VARIANT_ATTRIBUTE_COLUMNS } from './catalog-lookup';
import { withTaxes } from '../store/country-settings';
import { configurableOptionUid, configurableValueUid, decodeConfigurableValueUid, encodeUid } from './catalog-uids';
import {
  type AttributeOptionRow,
  loadAttributeOptions,
  loadChildren,
  loadMedia,
  loadOptions,
  loadSuperAttributes,
  loadVariantStock,
  type MediaRow,
} from './catalog.loaders';
import { type ProductLineRow, productLineRowsByIds, type ProductRow, productRowsByIds, type ProductTexts, productTextsByIds } from './product.queries';

export const PRODUCT_URL_SUFFIX = '.html';

const TYPENAMES = { simple: 'SimpleProduct', configurable: 'ConfigurableProduct', virtual: 'VirtualProduct' } as const;

export const num = (v: string | null) => (v === null ? null : Number(v));
const isoDate = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

const productTextsOfIds: BatchLoad<number, ProductTexts | null> = async (ctx, ids) => {
  const rows = await productTextsByIds(ctx.db, ctx.store.id, [...ids]);
  return ids.map((id) => rows.get(id) ?? null);
};

/** The product's texts: from its row when it has them, else one query for every line product of the request that is asked for them. */
function textsOf(row: ProductRow | ProductLineRow) {
  if ('description' in row) return row;
  return async (ctx: RequestContext) =>
    (await loaderOf(ctx, productTextsOfIds).load(row.id)) ?? {
      description: '',
      short_description: '',
      meta_title: null,
      meta_description: null,
      meta_keyword: null,
    };
}

/**
 * The ProductInterface object for a row: scalar fields now, the rest through field resolvers (which
 * read `_row`, not a schema field). A row without its texts (a line's product) reads them when asked.
 */
export function productNodeOf(row: ProductRow | ProductLineRow) {
  const texts = textsOf(row);
  const text = <T>(pick: (t: ProductTexts) => T): T | ((_args: unknown, ctx: RequestContext) => Promise<T>) =>
    typeof texts === 'function' ? async (_args: unknown, ctx: RequestContext) => pick(await texts(ctx)) : pick(texts);
  return {
    _row: row,
    __typename: TYPENAMES[row.type_id],
    id: row.id,
    uid: encodeUid(row.id),
    sku: row.sku,
    name: row.name,
    type_id: row.type_id,
    attribute_set_id: 4,
    url_key: row.url_key,
    url_path: null,
    url_suffix: PRODUCT_URL_SUFFIX,
    canonical_url: `${row.url_key}${PRODUCT_URL_SUFFIX}`,
    relative_url: `${row.url_key}${PRODUCT_URL_SUFFIX}`,
    url_rewrites: row.visibility === 1 ? [] : [{ url: `${row.url_key}${PRODUCT_URL_SUFFIX}`, parameters: [] }],
    redirect_code: 0,
    type: 'PRODUCT',
    description: text((t) => ({ html: t.description })),
    short_description: text((t) => ({ html: t.short_description })),
    meta_title: text((t) => t.meta_title ?? row.name),
    meta_description: text((t) => t.meta_description),
    meta_keyword: text((t) => t.meta_keyword),
    stock_status: row.stock_status,
    only_x_left_in_stock: row.type_id === 'simple' && row.qty > 0 && row.qty <= 3 ? row.qty : null,
    quantity: null,
    min_sale_qty: 1,
    max_sale_qty: 10000,
    weight: num(row.weight),
    created_at: isoDate(row.created_at),
    updated_at: isoDate(row.updated_at),
    new_from_date: null,
    new_to_date: null,
    special_from_date: null,
    special_to_date: null,
    country_of_manufacture: 'IT',
    gift_message_available: false,
    options_container: 'container2',
    rating_summary: 0,
    review_count: 0,
    reviews: { items: [], page_info: { current_page: 1, page_size: 20, total_pages: 0 } },
    manufacturer: null,
    swatch_image: null,
    price_tiers: [],
    tier_price: null,
    tier_prices: [],
    product_links: [],
    related_products: [],
    upsell_products: [],
    crosssell_products: [],
    websites: [{ id: 1, code: 'base', name: 'Main Website', default_group_id: '1', is_default: true, sort_order: 0 }],
    custom_attributesV2: { items: [], errors: [] },
    color: row.color,
    size: row.size,
    frame_shape: row.frame_shape,
    frame_material: row.frame_material,
    rim_type: row.rim_type,
    face_width: row.face_width,
    lens_width: num(row.lens_width),
    bridge_width: num(row.bridge_width),
    temple_length: num(row.temple_length),
    lens_height: num(row.lens_height),
    frame_width: num(row.frame_width),
    lens_sph_min: num(row.sph_min),
    lens_sph_max: num(row.sph_max),
    lens_cyl_max: num(row.cyl_max),
  };
}

/** The parent of the product types' field resolvers (codegen mapper of SimpleProduct, ConfigurableProduct, VirtualProduct). */
export type ProductNode = ReturnType<typeof productNodeOf>;

const productRowsOfIds: BatchLoad<number, ProductRow | null> = async (ctx, ids) => {
  const rows = await productRowsByIds(ctx.db, ctx.store.id, [...ids]);
  return ids.map((id) => rows.get(id) ?? null);
};

/**
 * Product nodes for ids, in the order asked (unknown ids are left out). Through the request's
 * loader: the products and configured variants of every cart, wishlist or order line are one query.
 */
export async function productNodesByIds(ctx: RequestContext, ids: number[]): Promise<ProductNode[]> {
  const loader = loaderOf(ctx, productRowsOfIds);
  const rows = await Promise.all(ids.map((id) => loader.load(id)));
  return rows.flatMap((row) => (row ? [productNodeOf(row)] : []));
}

const productLineRowsOfIds: BatchLoad<number, ProductLineRow | null> = async (ctx, ids) => {
  const rows = await productLineRowsByIds(ctx.db, ctx.store.id, [...ids]);
  return ids.map((id) => rows.get(id) ?? null);
};

/**
 * The object a GraphQL field of type ProductInterface should return for this product id (with
 * `__typename`), so cart items, wishlist items and orders render products exactly like `products`.
 * The row is read without its long texts (a line shows a name, a picture, a price), which are read
 * only when a query asks for them (the cart GET).
 */
export async function productNodeById(ctx: RequestContext, id: number): Promise<ProductNode | null> {
  const row = await loaderOf(ctx, productLineRowsOfIds).load(id);
  return row ? productNodeOf(row) : null;
}

// --- field resolvers ---

export const productImageUrl = (ctx: RequestContext, file: string) => `${ctx.origin}/media/catalog/product${file}`;

export function imageOf(ctx: RequestContext, media: MediaRow[], type: string, fallbackLabel: string) {
  const row = media.find((m) => m.types.includes(type)) ?? media.find((m) => m.view === 'front');
  if (!row) return { url: `${ctx.origin}/media/catalog/product/placeholder/${type}.png`, label: fallbackLabel, position: null, disabled: false, types: [] };
  return { url: productImageUrl(ctx, row.file), label: row.label ?? fallbackLabel, position: row.position, disabled: row.disabled, types: row.types };
}

/** A catalog price as the store view shows it (with VAT where the view shows prices including tax: ADR 040). */
export const moneyOfUsd = moneyIn;

export async function productPriceOf(ctx: RequestContext, regularUsd: number, finalUsd: number) {
  const regular = await moneyOfUsd(ctx, regularUsd);
  const final = await moneyOfUsd(ctx, finalUsd);
  const amountOff = roundToCents(regular.value - final.value);
  return {
    regular_price: regular,
    final_price: final,
    discount: { amount_off: amountOff, percent_off: regular.value ? roundToCents((amountOff / regular.value) * 100) : 0 },
    fixed_product_taxes: [],
  };
}

/** [regular, final] USD prices of a product; a configurable one takes its in-stock variants' range. */
export async function priceBoundsOf(ctx: RequestContext, row: ProductLineRow): Promise<{ min: [number, number]; max: [number, number] }> {
  const own: [number, number] = [Number(row.price), finalPriceOf(Number(row.price), num(row.special_price))];
  if (row.type_id !== 'configurable') return { min: own, max: own };
  const children = await loadVariantStock(ctx, row.id);
  const inStock = children.filter((c) => c.stock_status === 'IN_STOCK');
  const priced = (inStock.length ? inStock : children).map((c): [number, number] => [Number(c.price), finalPriceOf(Number(c.price), num(c.special_price))]);
  if (!priced.length) return { min: own, max: own };
  const byFinal = [...priced].sort((a, b) => a[1] - b[1]);
  return { min: byFinal[0] as [number, number], max: byFinal[byFinal.length - 1] as [number, number] };
}

function customOptionNode(o: CustomOption, productSku: string) {
  const base = { uid: o.uid, option_id: o.id, title: o.title, required: o.required, sort_order: o.id };
  switch (o.type) {
    case 'radio':
    case 'checkbox':
    case 'drop_down': {
      const value = o.values.map((v, index) => ({
        uid: v.uid,
        option_type_id: v.valueId,
        title: v.title,
        price: v.priceUsd,
        price_type: 'FIXED' as const,
        sku: null,
        sort_order: index + 1,
      }));
      if (o.type === 'radio') return { ...base, __typename: 'CustomizableRadioOption' as const, value };
      if (o.type === 'checkbox') return { ...base, __typename: 'CustomizableCheckboxOption' as const, value };
      return { ...base, __typename: 'CustomizableDropDownOption' as const, value };
    }
    case 'field':
    case 'area':
      return {
        ...base,
        __typename: o.type === 'field' ? ('CustomizableFieldOption' as const) : ('CustomizableAreaOption' as const),
        product_sku: productSku,
        value: { uid: o.uid, price: o.priceUsd, price_type: 'FIXED' as const, sku: null, max_characters: o.maxCharacters },
      };
  }
}

export async function customOptionsInCurrency(ctx: RequestContext, row: ProductLineRow) {
  const [rate, taxes] = await Promise.all([displayRateOf(ctx), displayTaxRatesOf(ctx)]);
  const inCurrency = (usd: number) => withTaxes(roundToCents(usd * rate), taxes);
  return (await loadOptions(ctx, row.id)).map((o) =>
    customOptionNode({ ...o, priceUsd: inCurrency(o.priceUsd), values: o.values.map((v) => ({ ...v, priceUsd: inCurrency(v.priceUsd) })) }, row.sku),
  );
}

export async function configurableOptionsOf(ctx: RequestContext, row: ProductLineRow) {
  const [attributes, children, options] = await Promise.all([loadSuperAttributes(ctx, row.id), loadVariantStock(ctx, row.id), loadAttributeOptions(ctx)]);
  return attributes.map((a) => {
    const column = VARIANT_ATTRIBUTE_COLUMNS[a.attribute_id];
    const used = new Set(children.map((c) => (column ? c[column] : null)).filter((v): v is number => v !== null));
    const values = [...used]
      .map((id) => options.get(id))
      .filter((o): o is AttributeOptionRow => Boolean(o))
      .sort((x, y) => x.position - y.position);
    return {
      id: a.id,
      uid: configurableOptionUid(a.attribute_id),
      attribute_id: String(a.attribute_id),
      attribute_id_v2: a.attribute_id,
      attribute_uid: encodeUid(a.attribute_id),
      attribute_code: a.attribute_code,
      label: a.label,
      position: a.position,
      product_id: row.id,
      use_default: false,
      values: values.map((o) => ({
        uid: configurableValueUid(a.attribute_id, o.option_id),
        value_index: o.option_id,
        label: o.label,
        default_label: o.default_label,
        store_label: o.label,
        use_default_value: true,
        swatch_data: swatchDataOf(o),
      })),
    };
  });
}

function swatchDataOf(o: AttributeOptionRow) {
  if (o.swatch_type === 'color') return { __typename: 'ColorSwatchData' as const, value: o.swatch_value };
  if (o.swatch_type === 'text') return { __typename: 'TextSwatchData' as const, value: o.swatch_value ?? o.label };
  return null;
}

export async function variantsOf(ctx: RequestContext, row: ProductLineRow) {
  const [attributes, children, options] = await Promise.all([loadSuperAttributes(ctx, row.id), loadChildren(ctx, row.id), loadAttributeOptions(ctx)]);
  return children.map((child) => ({
    product: productNodeOf(child),
    attributes: attributes.flatMap((a) => {
      const column = VARIANT_ATTRIBUTE_COLUMNS[a.attribute_id];
      const valueIndex = column ? child[column] : null;
      if (valueIndex === null || valueIndex === undefined) return [];
      return [
        { uid: configurableValueUid(a.attribute_id, valueIndex), code: a.attribute_code, value_index: valueIndex, label: options.get(valueIndex)?.label ?? '' },
      ];
    }),
  }));
}

/** Magento's `configurable_product_options_selection`: what is still available once some values are chosen. */
export async function optionsSelectionOf(ctx: RequestContext, row: ProductLineRow, uids: string[]) {
  const chosen = new Map<number, number>();
  for (const uid of uids) {
    const v = decodeConfigurableValueUid(uid);
    if (v) chosen.set(v.attributeId, v.valueIndex);
  }
  const [attributes, children, options] = await Promise.all([loadSuperAttributes(ctx, row.id), loadChildren(ctx, row.id), loadAttributeOptions(ctx)]);
  const matches = (child: ProductRow, except?: number) =>
    [...chosen].every(([attributeId, valueIndex]) => {
      const column = VARIANT_ATTRIBUTE_COLUMNS[attributeId];
      return attributeId === except || (column !== undefined && child[column] === valueIndex);
    });
  const available = children.filter((c) => c.stock_status === 'IN_STOCK');
  const exact = chosen.size === attributes.length ? children.find((c) => matches(c)) : undefined;
  const media = await loadMedia(ctx, exact?.id ?? row.id);
  return {
    configurable_options: attributes.map((a) => {
      const column = VARIANT_ATTRIBUTE_COLUMNS[a.attribute_id];
      const values = [...new Set(children.map((c) => (column ? c[column] : null)).filter((v): v is number => v !== null))];
      return {
        attribute_code: a.attribute_code,
        label: a.label,
        uid: configurableOptionUid(a.attribute_id),
        values: values.map((valueIndex) => {
          const o = options.get(valueIndex);
          return {
            uid: configurableValueUid(a.attribute_id, valueIndex),
            label: o?.label ?? '',
            is_use_default: true,
            is_available: available.some((c) => column !== undefined && c[column] === valueIndex && matches(c, a.attribute_id)),
            swatch: o ? swatchDataOf(o) : null,
          };
        }),
      };
    }),
    options_available_for_selection: attributes.map((a) => {
      const column = VARIANT_ATTRIBUTE_COLUMNS[a.attribute_id];
      const values = new Set(available.filter((c) => matches(c, a.attribute_id)).map((c) => (column ? c[column] : null)));
      return {
        attribute_code: a.attribute_code,
        option_value_uids: [...values].filter((v): v is number => v !== null).map((v) => configurableValueUid(a.attribute_id, v)),
      };
    }),
    variant: exact ? productNodeOf(exact) : null,
    media_gallery: galleryOf(ctx, media),
  };
}

export function galleryOf(ctx: RequestContext, media: MediaRow[]) {
  return media
    .filter((m) => !m.disabled)
    .map((m) => ({
      __typename: 'ProductImage' as const,
      url: productImageUrl(ctx, m.file),
      label: m.label,
      position: m.position,
      disabled: m.disabled,
      types: m.types,
    }));
}
