import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loaderOf, newRequestLoaders, type BatchLoad, type RequestContext } from '../src/graphql/context';
import { AURORA, frameChoice, guestCart, PLAIN_LENSES } from './commerce-test-kit';
import { type GraphqlAnswer, startTestBackend, type TestBackend } from './test-backend';

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
  const { answer, statements } = await statementsOf(() => api.gql<{ products: { items: unknown[] } }>(LISTING, { size }));
  return { items: answer.data!.products.items.length, statements };
}

/** The SQL statements a request runs, with its answer. */
async function statementsOf<T>(request: () => Promise<GraphqlAnswer<T>>): Promise<{ answer: GraphqlAnswer<T>; statements: string[] }> {
  const query = vi.spyOn(api.backend.db, 'query');
  try {
    const answer = await request();
    expect(answer.errors).toBeUndefined();
    return { answer, statements: query.mock.calls.map(([sql]) => String(sql).replace(/\s+/g, ' ').trim()) };
  } finally {
    query.mockRestore();
  }
}

/** What the storefront's cart page asks (as `npm run bench` does): lines, their products and variants, totals. */
const CART = `query ($id: String!) {
  cart(cart_id: $id) {
    total_quantity
    items {
      uid
      product { sku name small_image { url } }
      prices { row_total { value } }
      ... on ConfigurableCartItem { configurable_options { value_label } configured_variant { sku } }
    }
    prices { grand_total { value } }
  }
}`;

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

  it('reads a cart with the same statements however many lines it holds (products, variants and prices batched)', async () => {
    const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    const cartOf = async (variants: string[][]) => {
      const id = await guestCart(api);
      for (const variant of variants) {
        const added = await api.gql<{ addProductsToCart: { user_errors: unknown[] } }>(
          'mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { user_errors { message } } }',
          { c: id, o: [...variant, ...lenses] },
        );
        expect(added.data?.addProductsToCart.user_errors).toEqual([]);
      }
      return id;
    };
    const one = await cartOf([[AURORA.BLACK, AURORA.M]]);
    const three = await cartOf([
      [AURORA.BLACK, AURORA.M],
      [AURORA.BLACK, AURORA.L],
      [AURORA.TORTOISE, AURORA.M],
    ]);
    // As a POST: a repeated guest cart GET is the kept answer after one statement (ADR 034); this counts the reads that make it.
    const read = (id: string) => statementsOf(() => api.gql<{ cart: { items: unknown[] } }>(CART, { id }));
    await read(one);
    const few = await read(one);
    const many = await read(three);
    expect(few.answer.data!.cart.items).toHaveLength(1);
    expect(many.answer.data!.cart.items).toHaveLength(3);
    expect(many.statements).toHaveLength(few.statements.length);
    expect(many.statements.filter((sql) => sql.includes('FROM catalog_product p'))).toHaveLength(2); // prices and stock; product nodes
  });
});
