import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loaderOf, newRequestLoaders, type BatchLoad, type RequestContext } from '../src/graphql/context';
import { startTestBackend, type TestBackend } from './test-backend';

let api: TestBackend;

beforeAll(async () => {
  api = await startTestBackend();
});
afterAll(() => api.close());

/** A listing that reads, for every product, what lives in other tables: images, categories, lens options, colours and sizes. */
const LISTING = `query ($size: Int!) {
  products(filter: { category_uid: { eq: "Mw==" } }, pageSize: $size, sort: { name: ASC }) {
    items {
      sku
      image { url }
      small_image { url }
      media_gallery { url }
      price_range { minimum_price { final_price { value } } }
      categories { uid name breadcrumbs { category_name } }
      ... on CustomizableProductInterface { options { uid title } }
      ... on ConfigurableProduct {
        configurable_options { attribute_code values { label swatch_data { value } } }
        variants { product { sku image { url } } attributes { code label } }
      }
    }
  }
}`;

/** The SQL statements one `products` listing of `size` items runs. */
async function statementsFor(size: number): Promise<{ items: number; statements: string[] }> {
  const query = vi.spyOn(api.backend.db, 'query');
  try {
    const res = await api.gql<{ products: { items: unknown[] } }>(LISTING, { size });
    expect(res.errors).toBeUndefined();
    return { items: res.data!.products.items.length, statements: query.mock.calls.map(([sql]) => String(sql).replace(/\s+/g, ' ').trim()) };
  } finally {
    query.mockRestore();
  }
}

describe('batched loading (DataLoader per request)', () => {
  it('reads a list of products with one query per field, however long the list (no N+1)', async () => {
    await statementsFor(1); // store views and exchange rates are then in memory (ADR 016): both runs below read the same
    const few = await statementsFor(2);
    const many = await statementsFor(8);
    expect(many.items).toBeGreaterThan(few.items);
    expect(many.statements.length).toBe(few.statements.length);
    const media = many.statements.filter((sql) => sql.includes('FROM catalog_product_media'));
    const options = many.statements.filter((sql) => sql.includes('FROM catalog_product_option '));
    // products and their variants: one query each, never one per product
    expect(media.length).toBeLessThanOrEqual(2);
    expect(options).toHaveLength(1);
  });

  it('batches the keys asked for in one tick, caches them for the request, and starts afresh with the next request', async () => {
    const calls: number[][] = [];
    const double: BatchLoad<number, number> = async (_ctx, keys) => {
      calls.push([...keys]);
      return keys.map((k) => k * 2);
    };
    const request = () => ({ loaders: newRequestLoaders() }) as RequestContext;
    const first = request();
    expect(await Promise.all([1, 2, 2, 3].map((k) => loaderOf(first, double).load(k)))).toEqual([2, 4, 4, 6]);
    expect(await loaderOf(first, double).load(3)).toBe(6);
    expect(calls).toEqual([[1, 2, 3]]);
    await loaderOf(request(), double).load(3);
    expect(calls).toEqual([[1, 2, 3], [3]]);
  });
});
