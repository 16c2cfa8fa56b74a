// Magento's API-functional tests for the catalog's search, filters, sort and pages, and for routes
// (dev/tests/api-functional/testsuite/Magento/GraphQl/{Catalog,UrlRewrite}) replayed against the
// embedded backend with the shop's seeded catalog standing in for Magento's fixtures (ADR 036).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogWritten } from '../../src/shared/catalog-writes';
import { startCommerceBackend, type CommerceTestBackend } from '../commerce-test-kit';
import { refusal } from './magento-fixtures';

let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
}, 240_000);
afterAll(() => api.close());

type Item = { sku: string; name: string; url_key: string; price_range: { minimum_price: { final_price: { value: number } } } };
type Aggregation = { attribute_code: string; label: string; count: number; options: { label: string; value: string; count: number }[] };
type Filter = { name: string; request_var: string; filter_items_count: number; filter_items: { label: string; value_string: string; items_count: number }[] };
type Products = {
  total_count: number;
  items: Item[];
  page_info: { current_page: number; page_size: number; total_pages: number };
  aggregations: Aggregation[];
  filters: Filter[];
  sort_fields: { default: string; options: { value: string; label: string }[] };
};

const PRODUCTS = `query ($search: String, $filter: ProductAttributeFilterInput, $sort: ProductAttributeSortInput, $pageSize: Int, $currentPage: Int) {
  products(search: $search, filter: $filter, sort: $sort, pageSize: $pageSize, currentPage: $currentPage) {
    total_count
    items { sku name url_key price_range { minimum_price { final_price { value } } } }
    page_info { current_page page_size total_pages }
    aggregations { attribute_code label count options { label value count } }
    filters { name request_var filter_items_count filter_items { label value_string items_count } }
    sort_fields { default options { value label } }
  } }`;

/** The `products` answer for these arguments; an error fails the test with its words. */
async function products(variables: Record<string, unknown>): Promise<Products> {
  const res = await api.gql<{ products: Products }>(PRODUCTS, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.products;
}
const skus = (p: Products) => p.items.map((i) => i.sku);
const prices = (p: Products) => p.items.map((i) => i.price_range.minimum_price.final_price.value);
const priceOf = async (sku: string) => prices(await products({ filter: { sku: { eq: sku } } }))[0]!;
/** The option value of a frame attribute (`frame_shape`…), read from the layered navigation as a storefront does. */
async function optionValue(code: string, label: string): Promise<string> {
  const all = await products({ filter: { category_id: { eq: '2' } }, pageSize: 1 });
  return all.aggregations.find((a) => a.attribute_code === code)!.options.find((o) => o.label === label)!.value;
}

describe('Magento\\GraphQl\\Catalog\\ProductSearchTest', () => {
  it('testFilterForNonExistingCategory', async () => {
    const res = await products({ filter: { category_id: { eq: '99999999' } } });
    expect(res.total_count).toBe(0);
    expect(res.filters).toEqual([]);
  });

  it('testFilterLn (two frames by sku, names descending, their layers)', async () => {
    const res = await products({ filter: { sku: { in: ['LN1001', 'LN1002'] } }, pageSize: 4, currentPage: 1, sort: { name: 'DESC' } });
    expect(skus(res)).toEqual(['LN1002', 'LN1001']); // Milo Round, Aurora Cat-Eye
    const byName = new Map(res.filters.map((f) => [f.name, f]));
    expect(byName.get('Price')?.request_var).toBe('price');
    expect(byName.get('Category')).toBeDefined();
    expect(byName.get('Frame shape')?.request_var).toBe('frame_shape');
    for (const f of res.filters) expect(f.filter_items_count, f.name).toBe(f.filter_items.length);
    // two frames of two shapes: one of each
    expect(byName.get('Frame shape')!.filter_items.map((i) => i.items_count)).toEqual([1, 1]);
  });

  it('testLayeredNavigationForConfigurableProducts (frames filtered by their variants’ colour)', async () => {
    const black = await optionValue('color', 'Black');
    const tortoise = await optionValue('color', 'Tortoise');
    const res = await products({ filter: { color: { in: [black, tortoise] } }, pageSize: 3, currentPage: 1 });
    expect(res.total_count).toBeGreaterThan(3);
    expect(res.page_info).toEqual({ current_page: 1, page_size: 3, total_pages: Math.ceil(res.total_count / 3) });
    const colour = res.aggregations.find((a) => a.attribute_code === 'color')!;
    const counted = new Map(colour.options.map((o) => [o.value, o.count]));
    expect(counted.get(black)).toBe((await products({ filter: { color: { eq: black } } })).total_count);
    expect(counted.get(tortoise)).toBe((await products({ filter: { color: { eq: tortoise } } })).total_count);
  });

  it('testFilterProductsByDropDownCustomAttribute', async () => {
    const catEye = await optionValue('frame_shape', 'Cat-eye');
    const res = await products({ filter: { frame_shape: { eq: catEye } }, pageSize: 3, currentPage: 1 });
    expect(res.total_count).toBe(6);
    expect(res.items).toHaveLength(3);
    expect(res.items.every((i) => i.name.endsWith('Cat-Eye'))).toBe(true);
    expect(res.filters.length).toBeGreaterThan(0);
    const shape = res.aggregations.find((a) => a.attribute_code === 'frame_shape')!;
    expect(shape).toMatchObject({ label: 'Frame shape', count: 1, options: [{ label: 'Cat-eye', value: catEye, count: 6 }] });
  });

  it('testSearchAndFilterByCustomAttribute', async () => {
    const aviator = await optionValue('frame_shape', 'Aviator');
    const res = await products({ search: 'titanium', filter: { frame_shape: { in: [aviator] } }, pageSize: 3, currentPage: 1 });
    expect(res.total_count).toBeGreaterThan(0);
    expect(res.items.every((i) => i.name.endsWith('Aviator'))).toBe(true);
    expect(res.aggregations.slice(0, 2).map((a) => a.label)).toEqual(['Price', 'Category']);
    expect(res.aggregations.find((a) => a.attribute_code === 'frame_shape')!.options).toEqual([{ label: 'Aviator', value: aviator, count: res.total_count }]);
  });

  it('testFilterByCategoryIdAndCustomAttribute (Eyeglasses and cat-eye; its categories counted)', async () => {
    const catEye = await optionValue('frame_shape', 'Cat-eye');
    const res = await products({ filter: { category_id: { eq: '3' }, frame_shape: { eq: catEye } }, pageSize: 3, currentPage: 1 });
    expect(res.total_count).toBeGreaterThan(0);
    expect(res.items.every((i) => i.name.endsWith('Cat-Eye'))).toBe(true);
    const categories = res.aggregations.find((a) => a.attribute_code === 'category_uid')!;
    expect(categories.label).toBe('Category');
    for (const [id, name] of [
      ['4', 'Women'],
      ['5', 'Men'],
      ['6', 'Kids'],
    ] as const) {
      const inIt = (await products({ filter: { category_id: { eq: id }, frame_shape: { eq: catEye } } })).total_count;
      expect(categories.options.find((o) => o.label === name)?.count ?? 0, name).toBe(inIt);
    }
  });

  it('testFilterBySingleProductUrlKey', async () => {
    const res = await products({ filter: { url_key: { eq: 'aurora-cat-eye' } }, pageSize: 3, currentPage: 1 });
    expect(res.total_count).toBe(1);
    expect(res.items[0]).toMatchObject({ sku: 'LN1001', name: 'Aurora Cat-Eye', url_key: 'aurora-cat-eye' });
    expect(res.aggregations.slice(0, 2).map((a) => a.label)).toEqual(['Price', 'Category']);
    // A frame no longer shown on its own (Magento disables it; here: not visible) is not found by its url key.
    await api.backend.db.query('UPDATE catalog_product SET visibility = 1 WHERE sku = $1', ['LN1001']);
    catalogWritten(['cat_p']);
    try {
      const hidden = await products({ filter: { url_key: { eq: 'aurora-cat-eye' } }, pageSize: 3, currentPage: 1 });
      expect(hidden.total_count).toBe(0);
      expect(hidden.items).toEqual([]);
      expect(hidden.aggregations).toEqual([]);
    } finally {
      await api.backend.db.query('UPDATE catalog_product SET visibility = 4 WHERE sku = $1', ['LN1001']);
      catalogWritten(['cat_p']);
    }
  });

  it('testFilterByMultipleProductUrlKeys', async () => {
    const res = await products({ filter: { url_key: { in: ['aurora-cat-eye', 'milo-round', 'juno-aviator'] } }, pageSize: 3, currentPage: 1 });
    expect(res.total_count).toBe(3);
    expect(res.items.map((i) => i.url_key).sort()).toEqual(['aurora-cat-eye', 'juno-aviator', 'milo-round']);
  });

  it('testFilterWithinSpecificPriceRangeSortedByNameDesc', async () => {
    const [juno, vera] = [await priceOf('LN1005'), await priceOf('LN1013')];
    const res = await products({
      filter: {
        price: { from: String(Math.floor(Math.min(juno, vera))), to: String(Math.ceil(Math.max(juno, vera)) + 1) },
        sku: { in: ['LN1005', 'LN1013'] },
        name: { match: 'Aviator' },
      },
      pageSize: 4,
      currentPage: 1,
      sort: { name: 'DESC' },
    });
    expect(skus(res)).toEqual(['LN1013', 'LN1005']); // Vera Aviator, Juno Aviator
    expect(res.page_info.page_size).toBe(4);
  });

  it('testSortByPosition (a category’s own order, and its reverse)', async () => {
    const asc = await products({ filter: { category_id: { eq: '7' } }, sort: { position: 'ASC' }, pageSize: 50 });
    const desc = await products({ filter: { category_id: { eq: '7' } }, sort: { position: 'DESC' }, pageSize: 50 });
    const unsorted = await products({ filter: { category_id: { eq: '7' } }, pageSize: 50 });
    expect(asc.total_count).toBe(12);
    expect(skus(unsorted)).toEqual(skus(asc)); // position is the default sort of a category
    expect(skus(desc)).toEqual([...skus(asc)].reverse());
  });

  it('testSearchWithFilterWithPageSizeEqualTotalCount', async () => {
    const found = await products({ search: 'aviator', filter: { price: { from: '1' } }, pageSize: 50 });
    const res = await api.gql(PRODUCTS, {
      search: 'aviator',
      filter: { price: { from: '1' } },
      pageSize: found.total_count,
      currentPage: 2,
      sort: { price: 'DESC' },
    });
    expect(refusal(res)).toEqual({ message: 'currentPage value 2 specified is greater than the 1 page(s) available.', category: 'graphql-input' });
  });

  it('testFilterByMultipleFilterFieldsSortedByMultipleSortFields', async () => {
    const res = await products({
      filter: { price: { to: '100000' }, sku: { in: ['LN1005', 'LN1013'] }, name: { match: 'Aviator' } },
      pageSize: 4,
      currentPage: 1,
      sort: { price: 'ASC', name: 'ASC' },
    });
    expect(res.total_count).toBe(2);
    expect(prices(res)).toEqual([...prices(res)].sort((a, b) => a - b));
    expect(res.page_info).toMatchObject({ page_size: 4, current_page: 1 });
    expect(res.sort_fields.default).toBe('position');
    expect(res.sort_fields.options[0]).toEqual({ value: 'position', label: 'Position' });
  });

  it('testFilterProductsForExactMatchingName', async () => {
    const res = await products({ filter: { name: { match: 'browline' } }, pageSize: 2, currentPage: 1, sort: { name: 'ASC' } });
    expect(res.total_count).toBe(6);
    expect(res.page_info).toMatchObject({ page_size: 2, current_page: 1 });
    const names = res.items.map((i) => i.name);
    expect(names).toHaveLength(2);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names.every((n) => n.endsWith('Browline'))).toBe(true);
    expect(res.aggregations.slice(0, 2).map((a) => a.attribute_code)).toEqual(['price', 'category_uid']);
  });

  it('testFilteringForProductsFromMultipleCategories', async () => {
    const union = new Set<string>();
    for (const id of ['7', '8', '10']) for (const sku of skus(await products({ filter: { category_id: { eq: id } }, pageSize: 50 }))) union.add(sku);
    const res = await products({ filter: { category_id: { in: ['7', '8', '10'] } }, pageSize: 50 });
    expect(res.total_count).toBe(union.size);
    expect(new Set(skus(res))).toEqual(union);
  });

  it('testFilterProductsBySingleCategoryId', async () => {
    const res = await api.gql<{ products: { total_count: number; items: { sku: string; type_id: string; categories: { id: number; name: string }[] }[] } }>(
      '{ products(filter: { category_id: { eq: "7" } }, pageSize: 2) { total_count items { sku type_id categories { id name } } } }',
    );
    expect(res.data!.products.total_count).toBe(12);
    expect(res.data!.products.items).toHaveLength(2);
    for (const item of res.data!.products.items) {
      expect(item.type_id).toBe('configurable');
      expect(item.categories).toContainEqual({ id: 7, name: 'Sunglasses' });
    }
  });

  it('testSearchAndSortByRelevance', async () => {
    const res = await products({ search: 'aviator', sort: { relevance: 'DESC' }, pageSize: 5, currentPage: 1 });
    expect(res.total_count).toBe(6);
    expect(res.items).toHaveLength(5);
    expect(res.items.every((i) => i.name.endsWith('Aviator'))).toBe(true);
    expect(res.aggregations.find((a) => a.label === 'Category')!.options.length).toBeGreaterThan(0);
  });

  it('testFilterByExactSkuAndSortByPriceDesc (no page asked: the first 20)', async () => {
    const res = await products({ filter: { sku: { eq: 'LN1001' } }, sort: { price: 'DESC' } });
    expect(res.total_count).toBe(1);
    expect(skus(res)).toEqual(['LN1001']);
    expect(res.page_info).toMatchObject({ page_size: 20, current_page: 1 });
  });

  it('testProductBasicFullTextSearchQuery', async () => {
    const all = await products({ search: 'aviator', pageSize: 50 });
    const ceiling = [...prices(all)].sort((a, b) => a - b)[3]! + 0.01;
    const res = await products({ search: 'aviator', filter: { price: { to: String(ceiling) } }, sort: { price: 'DESC', name: 'ASC' }, pageSize: 50 });
    expect(res.total_count).toBe(prices(all).filter((p) => p < ceiling).length);
    expect(res.total_count).toBeLessThan(all.total_count);
    expect(prices(res)).toEqual([...prices(res)].sort((a, b) => b - a));
    expect(res.items.every((i) => i.name.endsWith('Aviator'))).toBe(true);
  });

  it('testFilterWithinASpecificPriceRangeSortedByPriceDESC (a range, by price; Category and Price layers)', async () => {
    const aurora = await priceOf('LN1001');
    const [from, to] = [Math.floor(aurora) - 20, Math.ceil(aurora) + 20];
    const res = await products({ filter: { price: { from: String(from), to: String(to) } }, pageSize: 4, currentPage: 1, sort: { price: 'ASC' } });
    expect(res.total_count).toBeGreaterThan(0);
    expect(prices(res)).toEqual([...prices(res)].sort((a, b) => a - b));
    for (const p of prices(res)) expect(p >= from && p < to, String(p)).toBe(true);
    expect(res.filters.map((f) => f.name)).toEqual(expect.arrayContaining(['Category', 'Price']));
  });

  it('testQueryFilterNoMatchingItems', async () => {
    const res = await products({
      filter: { price: { from: '100000' }, description: { match: 'Description' } },
      pageSize: 2,
      currentPage: 1,
      sort: { position: 'ASC' },
    });
    expect(res.total_count).toBe(0);
    expect(res.items).toEqual([]);
  });

  it('testQueryPageOutOfBoundException', async () => {
    const res = await api.gql(PRODUCTS, { filter: { sku: { eq: 'LN1001' } }, pageSize: 2, currentPage: 2, sort: { name: 'ASC' } });
    expect(refusal(res)).toEqual({ message: 'currentPage value 2 specified is greater than the 1 page(s) available.', category: 'graphql-input' });
  });

  it('testQueryWithNoSearchOrFilterArgumentException', async () => {
    expect(refusal(await api.gql('{ products(pageSize: 1) { items { sku } } }'))).toEqual({
      message: "'search' or 'filter' input argument is required.",
      category: 'graphql-input',
    });
  });

  it('testInvalidCurrentPage', async () => {
    expect(refusal(await api.gql(PRODUCTS, { filter: { sku: { eq: 'LN1001' } }, pageSize: 4, currentPage: 0 }))).toEqual({
      message: 'currentPage value must be greater than 0.',
      category: 'graphql-input',
    });
  });

  it('testInvalidPageSize', async () => {
    expect(refusal(await api.gql(PRODUCTS, { filter: { sku: { eq: 'LN1002' } }, pageSize: 0, currentPage: 1 }))).toEqual({
      message: 'pageSize value must be greater than 0.',
      category: 'graphql-input',
    });
  });
});

// --- routes ---

type Route = { relative_url: string; type: string | null; redirect_code: number } | null;
const ROUTE = 'query ($url: String!) { route(url: $url) { relative_url type redirect_code } }';
/** `route` as the storefront asks it: a GET, answered from the answer cache when it can be (ADR 016). */
async function route(url: string): Promise<Route> {
  const res = await api.gqlGet<{ route: Route }>(ROUTE, { url });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.route;
}

/** `Magento/UrlRewrite/_files/url_rewrite_not_existing_entity.php`: a rewrite to a product that does not exist. */
async function urlRewriteNotExistingEntity(): Promise<string> {
  const path = 'non-exist-entity.html';
  await api.backend.db.query(
    `INSERT INTO url_rewrite (id, request_path, target_path, entity_type, entity_id, redirect_type)
     SELECT max(id) + 1, $1, 'catalog/product/view/id/99999', 'product', 99999, 0 FROM url_rewrite ON CONFLICT (request_path) DO NOTHING`,
    [path],
  );
  return path;
}

describe('Magento\\GraphQl\\UrlRewrite\\RouteTest', () => {
  it('testNonExistentEntityUrlRewrite', async () => {
    const path = await urlRewriteNotExistingEntity();
    expect(refusal(await api.gql(ROUTE, { url: path }))).toEqual({
      message: 'No such entity found with matching URL key: non-exist-entity.html',
      category: 'graphql-no-such-entity',
    });
  });

  // Magento renames the rewrite through its resource model, which cleans the entity's cache tags; the
  // shop has no rewrite admin, so the test writes the row and names the entity's tag as that save would.
  const entities = [
    {
      path: 'aurora-cat-eye.html',
      tag: async () => `cat_p_${(await api.backend.db.query<{ id: number }>("SELECT id FROM catalog_product WHERE sku = 'LN1001'")).rows[0]!.id}`,
    },
    { path: 'sunglasses.html', tag: async () => 'cat_c_7' },
    { path: 'about-us', tag: async () => 'cms_p_about-us' },
  ];
  it('testUrlRewriteCleansCacheOnChange (a product, a category, a CMS page)', async () => {
    for (const { path, tag } of entities) {
      expect((await route(path))?.relative_url, path).toBe(path);
      await api.backend.db.query('UPDATE url_rewrite SET request_path = $2 WHERE request_path = $1', [path, `test${path}`]);
      catalogWritten([await tag()]);
      try {
        expect(await route(path), path).toBeNull();
      } finally {
        await api.backend.db.query('UPDATE url_rewrite SET request_path = $1 WHERE request_path = $2', [path, `test${path}`]);
        catalogWritten([await tag()]);
      }
      const restored = await api.gql<{ route: Route }>(ROUTE, { url: path });
      expect(restored.data!.route?.relative_url, path).toBe(path);
    }
  });
});

describe('Magento\\GraphQl\\UrlRewrite\\UrlResolverTest', () => {
  it('testNonExistentEntityUrlRewrite', async () => {
    const path = await urlRewriteNotExistingEntity();
    expect(refusal(await api.gql('query ($url: String!) { urlResolver(url: $url) { id relative_url type } }', { url: path }))).toEqual({
      message: 'No such entity found with matching URL key: non-exist-entity.html',
      category: 'graphql-no-such-entity',
    });
  });
});
