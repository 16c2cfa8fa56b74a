import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRequestLoaders, type RequestContext } from '../src/graphql/context';
import { findStoreView } from '../src/modules/store/store-views';
import {
  configurableOptionsOfVariant,
  customOptionsOf,
  decrementStock,
  findProductById,
  findProductBySku,
  findVariant,
  moneyIn,
} from '../src/modules/catalog/catalog-lookup';
import { productNodeById } from '../src/modules/catalog/product-nodes';
import { startTestBackend, type TestBackend } from './test-backend';

let api: TestBackend;
beforeAll(async () => {
  api = await startTestBackend();
});
afterAll(() => api.close());

const BLACK = 'Y29uZmlndXJhYmxlLzkzLzUw';
const TORTOISE = 'Y29uZmlndXJhYmxlLzkzLzUx';
const SIZE_M = 'Y29uZmlndXJhYmxlLzE0NC8xNzI=';
const SIZE_L = 'Y29uZmlndXJhYmxlLzE0NC8xNzM=';

async function data<T>(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<T> {
  const res = await api.gql<T>(query, variables, headers);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}
async function errorOf(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await api.gql(query, variables, headers);
  expect(res.errors, 'an error was expected').toBeDefined();
  return res.errors![0]!;
}
async function contextFor(storeCode: string): Promise<RequestContext> {
  const store = await findStoreView(api.backend.db, storeCode);
  return {
    db: api.backend.db,
    config: { cacheDir: '/tmp', isDevelopment: false },
    store: store!,
    origin: 'http://shop.test',
    bearerToken: null,
    contentCurrency: null,
    loaders: newRequestLoaders(),
  };
}

type Item = {
  sku: string;
  name: string;
  price_range: { minimum_price: { final_price: { value: number; currency: string }; regular_price: { value: number } } };
};
type ProductsAnswer = {
  products: {
    total_count: number;
    items: Item[];
    page_info: { current_page: number; page_size: number; total_pages: number };
    aggregations?: { attribute_code: string; count: number; options: { label: string; value: string; count: number }[] }[];
  };
};
interface FrameAnswer {
  description: { html: string };
  price_range: { minimum_price: unknown };
  image: { url: string };
  media_gallery: { position: number }[];
  media_gallery_entries: unknown[];
  tryon_image: { url: string };
  frame_width: number;
  lens_width: number;
  bridge_width: number;
  categories: { url_path: string }[];
  configurable_options: { attribute_code: string; uid: string; values: unknown[] }[];
  variants: unknown[];
  options: { __typename: string; radio?: { title: string; price: number }[]; area?: unknown }[];
}
interface CategoryAnswer {
  breadcrumbs: unknown;
  image: string;
  children: { name: string; position: number; product_count: number; children: { name: string }[] }[];
}
const PRODUCTS = `query ($search: String, $filter: ProductAttributeFilterInput, $sort: ProductAttributeSortInput, $pageSize: Int, $currentPage: Int) {
  products(search: $search, filter: $filter, sort: $sort, pageSize: $pageSize, currentPage: $currentPage) {
    total_count page_info { current_page page_size total_pages }
    items { sku name price_range { minimum_price { final_price { value currency } regular_price { value } } } }
  }
}`;

describe('catalog lookup API (for carts and orders)', () => {
  it('finds the documented seed products by sku, with stock and USD prices', async () => {
    for (const sku of ['LN1001-BLK-M', 'LN1001-BLK-L', 'LN1001-TRT-M']) {
      const p = await findProductBySku(api.backend.db, sku);
      expect(p).toMatchObject({ sku, typeId: 'simple', parentSku: 'LN1001', stockStatus: 'IN_STOCK', priceUsd: 129, regularPriceUsd: 129 });
      expect(p!.qty).toBeGreaterThan(0);
      expect(await findProductById(api.backend.db, p!.id)).toEqual(p);
    }
    expect(await findProductBySku(api.backend.db, 'LN1002-TRT-S')).toMatchObject({ stockStatus: 'OUT_OF_STOCK', qty: 0 });
    expect(await findProductBySku(api.backend.db, 'LN1001')).toMatchObject({ typeId: 'configurable', parentId: null, uid: 'MQ==' });
    expect(await findProductBySku(api.backend.db, 'NOPE')).toBeNull();
    const sale = await findProductBySku(api.backend.db, 'LN1005');
    expect(sale!.priceUsd).toBeCloseTo(sale!.regularPriceUsd * 0.8, 2);
  });

  it('finds the variant for selected option value uids, and refuses an incomplete choice', async () => {
    const parent = (await findProductBySku(api.backend.db, 'LN1001'))!;
    expect((await findVariant(api.backend.db, parent.id, [TORTOISE, SIZE_M]))!.sku).toBe('LN1001-TRT-M');
    expect((await findVariant(api.backend.db, parent.id, [SIZE_L, BLACK, 'Y3VzdG9tLW9wdGlvbi8xLzE=']))!.sku).toBe('LN1001-BLK-L');
    expect(await findVariant(api.backend.db, parent.id, [BLACK])).toBeNull();
    expect(await findVariant(api.backend.db, parent.id, ['not-a-uid', SIZE_M])).toBeNull();
  });

  it("gives a variant its parent's lens options, priced in USD", async () => {
    const variant = (await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!;
    const options = await customOptionsOf(api.backend.db, variant.id);
    expect(options.map((o) => [o.title, o.type, o.required])).toEqual([
      ['Lens type', 'radio', true],
      // Not required of the frame alone: lenses need one, by the eyewear rules (ADR 035 "Frame only").
      ['Lens index', 'radio', false],
      ['Lens coatings', 'checkbox', false],
      ['Prescription', 'area', false],
    ]);
    expect(options[0]!.values.find((v) => v.title === 'Progressive')!.priceUsd).toBe(149);
    expect(options[3]).toMatchObject({ maxCharacters: 4000, priceUsd: 0 });
    expect(options[3]!.values).toEqual([{ uid: options[3]!.uid, optionId: options[3]!.id, valueId: null, title: 'Prescription', priceUsd: 0, sku: null }]);
  });

  it("lists the configurable options chosen for a variant, with Magento's cart item uids", async () => {
    const parent = (await findProductBySku(api.backend.db, 'LN1001'))!;
    const variant = (await findProductBySku(api.backend.db, 'LN1001-TRT-M'))!;
    expect(await configurableOptionsOfVariant(api.backend.db, parent.id, variant.id)).toEqual([
      {
        id: 93,
        configurable_product_option_uid: Buffer.from(`configurable/${parent.id}/93`).toString('base64'),
        option_label: 'Color',
        configurable_product_option_value_uid: TORTOISE,
        value_label: 'Tortoise',
        value_id: 51,
      },
      {
        id: 144,
        configurable_product_option_uid: Buffer.from(`configurable/${parent.id}/144`).toString('base64'),
        option_label: 'Size',
        configurable_product_option_value_uid: SIZE_M,
        value_label: 'M',
        value_id: 172,
      },
    ]);
  });

  it('converts money into the store view currency, rounded to cents, with the tax the view shows', async () => {
    // uk shows prices with its 20 % VAT (ADR 040): 129 USD = 101.91 £ + 20.38 £.
    expect(await moneyIn(await contextFor('uk'), 129)).toEqual({ value: 122.29, currency: 'GBP' });
    expect(await moneyIn(await contextFor('ca'), 10.005)).toEqual({ value: 13.71, currency: 'CAD' });
    expect(await moneyIn(await contextFor('us'), 129)).toEqual({ value: 129, currency: 'USD' });
  });

  it('builds the same product node `products` answers', async () => {
    const variant = (await findProductBySku(api.backend.db, 'LN1001-BLK-M'))!;
    const node = await productNodeById(await contextFor('ca'), variant.id);
    expect(node).toMatchObject({ __typename: 'SimpleProduct', sku: 'LN1001-BLK-M', uid: variant.uid, stock_status: 'IN_STOCK' });
    expect(await productNodeById(await contextFor('ca'), 999999)).toBeNull();
  });

  it("takes stock off, refuses more than is left with Magento's message, and goes out of stock at 0", async () => {
    const variant = (await findProductBySku(api.backend.db, 'LN1004-NVY-L'))!;
    await expect(decrementStock(api.backend.db, variant.id, variant.qty + 1)).rejects.toThrow('The requested qty is not available');
    await decrementStock(api.backend.db, variant.id, variant.qty);
    expect(await findProductById(api.backend.db, variant.id)).toMatchObject({ qty: 0, stockStatus: 'OUT_OF_STOCK' });
    await expect(decrementStock(api.backend.db, variant.id, 1)).rejects.toThrow('The requested qty is not available');
  });
});

describe('products', () => {
  it('spec §3: a configurable frame carries options, variants, prices, images, categories and lens options', async () => {
    const { products } = await data<{ products: { items: Record<string, unknown>[] } }>(`{
      products(filter: { url_key: { eq: "aurora-cat-eye" } }) { items {
        __typename uid sku name url_key url_suffix canonical_url stock_status type_id
        description { html } short_description { html } meta_title
        price_range { minimum_price { regular_price { value currency } final_price { value currency } discount { amount_off percent_off } } maximum_price { final_price { value } } }
        price_tiers { quantity }
        image { url label } small_image { url label } thumbnail { url }
        media_gallery { url label position disabled __typename }
        media_gallery_entries { position file types label disabled uid }
        categories { uid name url_path breadcrumbs { category_uid category_name } }
        related_products { sku } upsell_products { sku }
        frame_shape frame_material rim_type face_width lens_width bridge_width temple_length lens_height frame_width lens_sph_min lens_sph_max
        tryon_image { url label }
        ... on ConfigurableProduct {
          configurable_options { uid attribute_code label values { uid value_index label swatch_data { value } } }
          variants { attributes { uid code value_index label } product { uid sku stock_status price_range { minimum_price { final_price { value } } } small_image { url } } }
        }
        ... on CustomizableProductInterface { options { uid title required sort_order __typename
          ... on CustomizableRadioOption { radio: value { uid title price price_type option_type_id } }
          ... on CustomizableCheckboxOption { checkbox: value { uid title price } }
          ... on CustomizableAreaOption { area: value { uid max_characters price } } } }
      } }
    }`);
    const p = products.items[0] as unknown as FrameAnswer;
    expect(p).toMatchObject({
      __typename: 'ConfigurableProduct',
      uid: 'MQ==',
      sku: 'LN1001',
      name: 'Aurora Cat-Eye',
      url_suffix: '.html',
      canonical_url: 'aurora-cat-eye.html',
      stock_status: 'IN_STOCK',
      price_tiers: [],
      related_products: [],
      upsell_products: [],
    });
    expect(p.description.html).toContain('<p>The Aurora Cat-Eye');
    expect(p.price_range.minimum_price).toEqual({
      regular_price: { value: 176.73, currency: 'CAD' },
      final_price: { value: 176.73, currency: 'CAD' },
      discount: { amount_off: 0, percent_off: 0 },
    });
    expect(p.image.url).toMatch(/\/media\/catalog\/product\/a\/u\/aurora-cat-eye-black-front\.png$/);
    expect(p.media_gallery.map((m: { position: number }) => m.position)).toEqual([1, 2, 4, 5]);
    expect(p.media_gallery_entries[0]).toMatchObject({
      position: 1,
      file: '/a/u/aurora-cat-eye-black-front.png',
      types: ['image', 'small_image', 'thumbnail'],
      disabled: false,
    });
    expect(p.tryon_image.url).toMatch(/aurora-cat-eye-black-tryon\.png$/);
    expect(p.frame_width).toBe(2 * p.lens_width + p.bridge_width + 12);
    expect(p.categories.map((c: { url_path: string }) => c.url_path)).toContain('eyeglasses/women');
    expect(p.configurable_options.map((o: { attribute_code: string; uid: string }) => [o.attribute_code, o.uid])).toEqual([
      ['color', 'Y29uZmlndXJhYmxlLzkz'],
      ['size', 'Y29uZmlndXJhYmxlLzE0NA=='],
    ]);
    expect(p.configurable_options[0]!.values[0]).toEqual({ uid: BLACK, value_index: 50, label: 'Black', swatch_data: { value: '#1b1b1f' } });
    expect(p.variants).toHaveLength(6);
    expect(p.variants[4]).toMatchObject({
      attributes: [
        { uid: TORTOISE, code: 'color', value_index: 51, label: 'Tortoise' },
        { uid: SIZE_M, code: 'size', value_index: 172, label: 'M' },
      ],
      product: { sku: 'LN1001-TRT-M' },
    });
    expect(p.options.map((o: { __typename: string }) => o.__typename)).toEqual([
      'CustomizableRadioOption',
      'CustomizableRadioOption',
      'CustomizableCheckboxOption',
      'CustomizableAreaOption',
    ]);
    expect(p.options[0]!.radio!.find((v) => v.title === 'Progressive')!.price).toBe(204.13);
    expect(p.options[3]!.area).toMatchObject({ max_characters: 4000, price: 0 });
  });

  it("spec §1: the same frame is priced in each store view's currency (ca CAD, uk GBP with its VAT, ADR 040)", async () => {
    const filter = { sku: { eq: 'LN1001' } };
    const ca = await data<ProductsAnswer>(PRODUCTS, { filter }, { Store: 'ca' });
    const uk = await data<ProductsAnswer>(PRODUCTS, { filter }, { Store: 'uk' });
    expect(ca.products.items[0]!.price_range.minimum_price.final_price).toEqual({ value: 176.73, currency: 'CAD' });
    expect(uk.products.items[0]!.price_range.minimum_price.final_price).toEqual({ value: 122.29, currency: 'GBP' });
  });

  it("shows a sale frame's regular and special price with its discount", async () => {
    const res = await data<{ products: { items: { special_price: number; price_range: { minimum_price: Record<string, unknown> } }[] } }>(
      '{ products(filter: { sku: { eq: "LN1005" } }) { items { special_price price_range { minimum_price { regular_price { value } final_price { value } discount { percent_off } } } } } }',
      {},
      { Store: 'us' },
    );
    const min = res.products.items[0]!.price_range.minimum_price as {
      regular_price: { value: number };
      final_price: { value: number };
      discount: { percent_off: number };
    };
    expect(min.final_price.value).toBeCloseTo(min.regular_price.value * 0.8, 2);
    expect(min.discount.percent_off).toBe(20);
    expect(res.products.items[0]!.special_price).toBe(min.final_price.value);
  });

  it('searches name, sku and description, most relevant first', async () => {
    const byName = await data<ProductsAnswer>(PRODUCTS, { search: 'aurora' });
    expect(byName.products.items.map((i) => i.sku)).toEqual(['LN1001']);
    const bySku = await data<ProductsAnswer>(PRODUCTS, { search: 'LN1017' });
    expect(bySku.products.items[0]!.sku).toBe('LN1017');
    const byWords = await data<ProductsAnswer>(PRODUCTS, { search: 'titanium aviator', pageSize: 50 });
    expect(byWords.products.total_count).toBeGreaterThan(0);
    expect(byWords.products.items.every((i) => i.name.endsWith('Aviator'))).toBe(true);
    const none = await data<{ products: { total_count: number; suggestions: { search: string }[] } }>(
      '{ products(search: "auroar") { total_count suggestions { search } } }',
    );
    expect(none.products).toEqual({ total_count: 0, suggestions: [{ search: 'Aurora Cat-Eye' }] });
  });

  it('filters by category (id, uid, url path), price range and eyewear attributes', async () => {
    const women = await data<ProductsAnswer>(PRODUCTS, { filter: { category_uid: { eq: 'NA==' } }, pageSize: 100 });
    const byId = await data<ProductsAnswer>(PRODUCTS, { filter: { category_id: { eq: '4' } }, pageSize: 100 });
    const byPath = await data<ProductsAnswer>(PRODUCTS, { filter: { category_url_path: { eq: 'eyeglasses/women' } }, pageSize: 100 });
    expect(women.products.total_count).toBeGreaterThan(5);
    expect(byId.products.items).toEqual(women.products.items);
    expect(byPath.products.items).toEqual(women.products.items);
    // the anchor category Eyeglasses shows its subcategories' frames
    const eyeglasses = await data<ProductsAnswer>(PRODUCTS, { filter: { category_id: { eq: '3' } }, pageSize: 100 });
    expect(eyeglasses.products.total_count).toBe(36);

    const cheap = await data<ProductsAnswer>(PRODUCTS, { filter: { price: { from: '100', to: '150' } }, pageSize: 100 }, { Store: 'us' });
    expect(cheap.products.total_count).toBeGreaterThan(0);
    for (const i of cheap.products.items) expect(i.price_range.minimum_price.final_price.value).toBeGreaterThanOrEqual(100);
    for (const i of cheap.products.items) expect(i.price_range.minimum_price.final_price.value).toBeLessThan(150);

    const catEye = await data<ProductsAnswer>(PRODUCTS, { filter: { frame_shape: { eq: '300' } }, pageSize: 100 });
    expect(catEye.products.items.every((i) => i.name.endsWith('Cat-Eye'))).toBe(true);
    expect(catEye.products.total_count).toBe(6);
    const tortoiseOrGold = await data<ProductsAnswer>(PRODUCTS, { filter: { color: { in: ['51', '54'] }, frame_shape: { eq: '300' } }, pageSize: 100 });
    expect(tortoiseOrGold.products.items.map((i) => i.sku)).toContain('LN1001');
    const wide = await data<{ products: { items: { lens_width: number }[] } }>(
      '{ products(filter: { lens_width: { from: "54" } }, pageSize: 100) { items { lens_width } } }',
    );
    // a frame matches when one of its sizes does: the L size is 2 mm wider than the frame's M
    for (const i of wide.products.items) expect(i.lens_width + 2).toBeGreaterThanOrEqual(54);
    const byName = await data<ProductsAnswer>(PRODUCTS, { filter: { name: { match: 'browline' } }, pageSize: 100 });
    expect(byName.products.total_count).toBe(6);
  });

  it('sorts by name, price and position', async () => {
    const filter = { category_id: { eq: '7' } };
    const byName = await data<ProductsAnswer>(PRODUCTS, { filter, sort: { name: 'ASC' }, pageSize: 50 });
    const names = byName.products.items.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const byPrice = await data<ProductsAnswer>(PRODUCTS, { filter, sort: { price: 'DESC' }, pageSize: 50 });
    const prices = byPrice.products.items.map((i) => i.price_range.minimum_price.final_price.value);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const byPosition = await data<ProductsAnswer>(PRODUCTS, { filter, pageSize: 50 });
    expect(byPosition.products.items.map((i) => i.sku)).toEqual([...byPosition.products.items.map((i) => i.sku)].sort());
  });

  it("spec §9: pages through results six at a time, with Magento's paging errors", async () => {
    const filter = { category_id: { eq: '7' } };
    const page2 = await data<ProductsAnswer>(PRODUCTS, { filter, pageSize: 6, currentPage: 2 });
    expect(page2.products.page_info).toEqual({ current_page: 2, page_size: 6, total_pages: 2 });
    expect(page2.products.items).toHaveLength(6);
    expect((await errorOf(PRODUCTS, { filter, pageSize: 6, currentPage: 5 })).message).toBe(
      'currentPage value 5 specified is greater than the 2 page(s) available.',
    );
    expect((await errorOf(PRODUCTS, { filter, pageSize: 0 })).message).toBe('pageSize value must be greater than 0.');
    expect((await errorOf(PRODUCTS, { filter, currentPage: 0 })).message).toBe('currentPage value must be greater than 0.');
    expect((await errorOf(PRODUCTS, {})).message).toBe("'search' or 'filter' input argument is required.");
    // nothing found is an empty page, not an error
    const none = await data<ProductsAnswer>(PRODUCTS, { filter: { sku: { eq: 'NOPE' } }, currentPage: 3 });
    expect(none.products).toMatchObject({ total_count: 0, items: [] });
  });

  it('answers layered navigation aggregations whose counts match the filtered results', async () => {
    const query = `query ($filter: ProductAttributeFilterInput) { products(filter: $filter, pageSize: 100) { total_count aggregations { attribute_code label count options { label value count } } } }`;
    const all = await data<ProductsAnswer>(query, { filter: { category_id: { eq: '3' } } }, { Store: 'us' });
    const codes = all.products.aggregations!.map((a) => a.attribute_code);
    expect(codes).toEqual(
      expect.arrayContaining(['price', 'category_uid', 'color', 'size', 'frame_shape', 'frame_material', 'rim_type', 'face_width', 'lens_width']),
    );
    const color = all.products.aggregations!.find((a) => a.attribute_code === 'color')!;
    const black = color.options.find((o) => o.label === 'Black')!;
    const onlyBlack = await data<ProductsAnswer>(query, { filter: { category_id: { eq: '3' }, color: { eq: black.value } } }, { Store: 'us' });
    expect(onlyBlack.products.total_count).toBe(black.count);
    const price = all.products.aggregations!.find((a) => a.attribute_code === 'price')!;
    expect(price.options.reduce((n, o) => n + o.count, 0)).toBe(all.products.total_count);
    const bucket = price.options[0]!;
    const [from, to] = bucket.value.split('_');
    const inBucket = await data<ProductsAnswer>(query, { filter: { category_id: { eq: '3' }, price: { from, to } } }, { Store: 'us' });
    expect(inBucket.products.total_count).toBe(bucket.count);
    const categories = all.products.aggregations!.find((a) => a.attribute_code === 'category_uid')!;
    expect(categories.options.map((o) => o.label)).toEqual(['Women', 'Men', 'Kids']);
    const direct = await data<{ products: { aggregations: { attribute_code: string; options: { label: string }[] }[] } }>(
      '{ products(filter: { sku: { in: ["LN1001", "LN1002"] } }) { aggregations(filter: { category: { includeDirectChildrenOnly: true } }) { attribute_code options { label } } } }',
    );
    expect(direct.products.aggregations.find((a) => a.attribute_code === 'category_uid')!.options.map((o) => o.label)).toEqual([
      'Eyeglasses',
      'Blue-light',
      'Progressive-ready',
    ]);
  });
});

describe('categories', () => {
  const TREE = `query ($filters: CategoryFilterInput, $pageSize: Int, $currentPage: Int) { categories(filters: $filters, pageSize: $pageSize, currentPage: $currentPage) {
    total_count page_info { current_page total_pages }
    items { uid id name level path position url_key url_path product_count children_count include_in_menu image
      breadcrumbs { category_uid category_name category_level category_url_path }
      children { uid name position url_path product_count children { name } } } } }`;

  it('spec §3 Catalog: the root category (2) holds the tree with positions, counts and base64 uids', async () => {
    const { categories } = await data<{ categories: { items: CategoryAnswer[] } }>(TREE);
    const root = categories.items[0]!;
    expect(root).toMatchObject({ uid: 'Mg==', id: 2, name: 'Default Category', level: 1, breadcrumbs: null, children_count: '8' });
    expect(root.children.map((c: { name: string; position: number }) => [c.name, c.position])).toEqual([
      ['Eyeglasses', 1],
      ['Sunglasses', 2],
      ['Blue-light', 3],
      ['Progressive-ready', 4],
      ['Sale', 5],
    ]);
    expect(root.children[0]!.children.map((c: { name: string }) => c.name)).toEqual(['Women', 'Men', 'Kids']);
    expect(root.children[0]!.product_count).toBe(36);
  });

  it('filters by url_path with breadcrumbs and an image, and pages like products', async () => {
    const { categories } = await data<{ categories: { items: CategoryAnswer[] } }>(TREE, { filters: { url_path: { eq: 'eyeglasses/women' } } });
    expect(categories.items[0]).toMatchObject({ uid: 'NA==', name: 'Women', url_key: 'women', path: '1/2/3/4', level: 3, children_count: '0' });
    expect(categories.items[0]!.breadcrumbs).toEqual([
      { category_uid: 'Mw==', category_name: 'Eyeglasses', category_level: 2, category_url_path: 'eyeglasses' },
    ]);
    expect(categories.items[0]!.image).toMatch(/\/media\/catalog\/category\/women\.png$/);
    const children = await data<{ categories: { total_count: number; items: { name: string }[] } }>(TREE, {
      filters: { parent_category_uid: { eq: 'Mg==' } },
      pageSize: 2,
      currentPage: 3,
    });
    expect(children.categories.total_count).toBe(5);
    expect(children.categories.items.map((c) => c.name)).toEqual(['Sale']);
    expect((await errorOf(TREE, { filters: { parent_id: { eq: '2' } }, pageSize: 2, currentPage: 4 })).message).toBe(
      'currentPage value 4 specified is greater than the 3 page(s) available.',
    );
    const none = await data<{ categories: { total_count: number; items: unknown[] } }>(TREE, { filters: { ids: { eq: '999' } } });
    expect(none.categories).toMatchObject({ total_count: 0, items: [] });
  });

  it("answers the deprecated categoryList and a category's own products", async () => {
    const res = await data<{
      categoryList: { name: string; products: { total_count: number; items: { sku: string }[]; page_info: { total_pages: number } } }[];
    }>(
      '{ categoryList(filters: { ids: { eq: "7" } }) { name products(pageSize: 6, sort: { price: ASC }) { total_count page_info { total_pages } items { sku } } } }',
    );
    expect(res.categoryList[0]).toMatchObject({ name: 'Sunglasses', products: { total_count: 12, page_info: { total_pages: 2 } } });
    expect(res.categoryList[0]!.products.items).toHaveLength(6);
  });
});

describe('route and urlResolver', () => {
  const ROUTE = `query ($url: String!) { route(url: $url) { __typename type redirect_code relative_url
    ... on CategoryTree { uid name } ... on CmsPage { identifier title } ... on ProductInterface { uid sku name } } }`;

  it('spec §2 Fallback: resolves a category, a product, a product under its category and a CMS page', async () => {
    expect((await data<{ route: unknown }>(ROUTE, { url: '/eyeglasses/women.html' })).route).toEqual({
      __typename: 'CategoryTree',
      type: 'CATEGORY',
      redirect_code: 0,
      relative_url: 'eyeglasses/women.html',
      uid: 'NA==',
      name: 'Women',
    });
    expect((await data<{ route: unknown }>(ROUTE, { url: 'aurora-cat-eye.html' })).route).toEqual({
      __typename: 'ConfigurableProduct',
      type: 'PRODUCT',
      redirect_code: 0,
      relative_url: 'aurora-cat-eye.html',
      uid: 'MQ==',
      sku: 'LN1001',
      name: 'Aurora Cat-Eye',
    });
    expect((await data<{ route: { sku: string } }>(ROUTE, { url: 'eyeglasses/women/aurora-cat-eye.html?utm=x' })).route.sku).toBe('LN1001');
    expect((await data<{ route: unknown }>(ROUTE, { url: '/about-us' })).route).toEqual({
      __typename: 'CmsPage',
      type: 'CMS_PAGE',
      redirect_code: 0,
      relative_url: 'about-us',
      identifier: 'about-us',
      title: 'About us',
    });
    expect((await data<{ route: { identifier: string } }>(ROUTE, { url: '/' })).route.identifier).toBe('home');
  });

  it('spec §2: answers redirects (301, 302, and a full http URL) with the target relative_url', async () => {
    expect((await data<{ route: unknown }>(ROUTE, { url: 'aurora-cateye.html' })).route).toMatchObject({
      __typename: 'ConfigurableProduct',
      redirect_code: 301,
      relative_url: 'aurora-cat-eye.html',
      sku: 'LN1001',
    });
    expect((await data<{ route: unknown }>(ROUTE, { url: 'summer-sale.html' })).route).toMatchObject({
      __typename: 'CategoryTree',
      redirect_code: 302,
      relative_url: 'sale.html',
    });
    expect((await data<{ route: unknown }>(ROUTE, { url: 'lens-guide' })).route).toEqual({
      __typename: 'RoutableUrl',
      type: null,
      redirect_code: 302,
      relative_url: 'https://www.lunette-eyewear.example/journal/lens-guide',
    });
  });

  it('spec §2: answers null for an unknown url (not found)', async () => {
    expect((await data<{ route: unknown }>(ROUTE, { url: 'no-such-page.html' })).route).toBeNull();
  });

  it('keeps the deprecated urlResolver working', async () => {
    const res = await data<{ urlResolver: unknown; unknown: unknown }>(
      '{ urlResolver(url: "glasses.html") { id entity_uid relative_url redirectCode type } unknown: urlResolver(url: "nope.html") { id } }',
    );
    expect(res.urlResolver).toEqual({ id: 3, entity_uid: 'Mw==', relative_url: 'eyeglasses.html', redirectCode: 301, type: 'CATEGORY' });
    expect(res.unknown).toBeNull();
  });
});

describe('CMS', () => {
  it('answers the home page and the other shop pages', async () => {
    const res = await data<{ cmsPage: { identifier: string; title: string; content: string; url_key: string } }>(
      '{ cmsPage(identifier: "home") { identifier title content url_key meta_title } }',
    );
    expect(res.cmsPage.content).toContain('href="/eyeglasses.html"');
    expect(res.cmsPage.content).toMatch(/try-on/i);
    for (const identifier of ['about-us', 'shipping-returns', 'privacy-policy-cookie-restriction-mode', 'no-route']) {
      const page = await data<{ cmsPage: { identifier: string; content: string } }>('query ($i: String) { cmsPage(identifier: $i) { identifier content } }', {
        i: identifier,
      });
      expect(page.cmsPage.content.length).toBeGreaterThan(50);
    }
  });

  it("refuses an unknown page or block with Magento's messages", async () => {
    const page = await errorOf('{ cmsPage(identifier: "x") { title } }');
    expect(page.message).toBe('The CMS page with the "x" ID doesn\'t exist.');
    expect(page.extensions?.category).toBe('graphql-no-such-entity');
    expect((await errorOf('{ cmsBlocks(identifiers: ["footer-links", "nope"]) { items { identifier } } }')).message).toBe(
      'The CMS block with the "nope" ID doesn\'t exist.',
    );
  });

  it('answers CMS blocks in the order asked', async () => {
    const res = await data<{ cmsBlocks: { items: { identifier: string; content: string }[] } }>(
      '{ cmsBlocks(identifiers: ["lens-promo", "footer-links"]) { items { identifier title content } } }',
    );
    expect(res.cmsBlocks.items.map((b) => b.identifier)).toEqual(['lens-promo', 'footer-links']);
  });
});

describe('countries', () => {
  it("spec §5: lists the store views' countries, with every Canadian province and US state", async () => {
    const res = await data<{ countries: { id: string; available_regions: { id: number; code: string; name: string }[] | null }[] }>(
      '{ countries { id two_letter_abbreviation available_regions { id code name } } }',
    );
    expect(res.countries.map((c) => c.id)).toEqual(expect.arrayContaining(['AU', 'CA', 'CH', 'DE', 'ES', 'FR', 'GB', 'HK', 'MX', 'NL', 'US']));
    const ca = res.countries.find((c) => c.id === 'CA')!;
    expect(ca.available_regions).toHaveLength(13);
    expect(ca.available_regions).toContainEqual({ id: 74, code: 'ON', name: 'Ontario' });
    expect(ca.available_regions).toContainEqual({ id: 76, code: 'QC', name: 'Quebec' });
    expect(res.countries.find((c) => c.id === 'US')!.available_regions).toContainEqual({ id: 12, code: 'CA', name: 'California' });
    expect(res.countries.find((c) => c.id === 'GB')!.available_regions).toBeNull();
  });

  it('answers one country with its names and abbreviations, and refuses an unknown one', async () => {
    const res = await data<{ country: Record<string, unknown> }>(
      '{ country(id: "DE") { id full_name_english full_name_locale two_letter_abbreviation three_letter_abbreviation available_regions { id code } } }',
      {},
      { Store: 'de' },
    );
    expect(res.country).toMatchObject({
      id: 'DE',
      full_name_english: 'Germany',
      full_name_locale: 'Deutschland',
      two_letter_abbreviation: 'DE',
      three_letter_abbreviation: 'DEU',
    });
    expect(res.country.available_regions).toContainEqual({ id: 81, code: 'BY' });
    expect((await errorOf('{ country(id: "ZZ") { id } }')).message).toBe("The country isn't available.");
  });
});

describe('contract', () => {
  it('serves a faithful subset of Magento 2.4.9 plus the extension SDL (check-backend-schema.mjs reports 0 differences)', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    // The contract lives beside the repository (../shared), or where SHARED_DIR says (as for `npm run magento:check`).
    const checker = resolve(process.env.SHARED_DIR ?? resolve(root, '..', 'shared'), 'magento', 'check-backend-schema.mjs');
    if (!existsSync(checker)) throw new Error(`The Magento contract checker is not at ${checker}: put shared/ beside the repository or set SHARED_DIR`);
    // asynchronous: the checker introspects this very process's server
    const result = await promisify(execFile)(process.execPath, [checker, '--extend', 'backend/schema/extension.graphql', '--url', `${api.url}/graphql`], {
      cwd: root,
      encoding: 'utf8',
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
    expect(result.stdout).toMatch(/ 0 differences/);
  });
});
