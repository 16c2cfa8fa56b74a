import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackend, type Backend } from '../backend';
import { decrementStock } from '../modules/catalog/catalog-lookup';
import { catalogWritten } from '../shared/catalog-writes';
import { AnswerCache } from './answer-cache';

const LISTING =
  '{products(filter:{category_uid:{eq:"Mw=="}},pageSize:3){total_count items{uid sku stock_status price_range{minimum_price{final_price{value currency}}}}}}';
const CMS = '{cmsPage(identifier:"home"){identifier title}}';

describe('the catalog answer cache (ADR 016)', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await createBackend({ cacheDir: '.data/test-cache/answer-cache', publicOrigin: 'http://shop.test' });
  });
  afterAll(() => backend.close());

  const get = (query: string, headers: Record<string, string> = {}) =>
    backend.graphqlFetch(new Request(`http://shop.test/graphql?query=${encodeURIComponent(query)}`, { headers: { Store: 'ca', ...headers } }));

  it('answers a repeated anonymous catalog GET from the cache, with the same body and headers as the first answer', async () => {
    backend.answerCache!.purge(['FPC']);
    const first = await get(LISTING);
    const second = await get(LISTING);
    expect(first.headers.get('x-magento-cache-debug')).toBe('MISS');
    expect(second.headers.get('x-magento-cache-debug')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
    for (const name of ['content-type', 'cache-control', 'vary', 'x-magento-cache-id', 'x-magento-tags'])
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it("sends Magento's X-Magento-Tags: the products shown, their type and FPC", async () => {
    backend.answerCache!.purge(['FPC']);
    const answer = await get(LISTING);
    const tags = answer.headers.get('x-magento-tags')!.split(',');
    const body = (await answer.json()) as { data: { products: { items: { uid: string }[] } } };
    expect(tags).toContain('cat_p');
    expect(tags).toContain('FPC');
    for (const item of body.data.products.items) expect(tags).toContain(`cat_p_${Buffer.from(item.uid, 'base64').toString()}`);
    expect((await get(CMS)).headers.get('x-magento-tags')).toBe('cms_p,cms_p_home,FPC');
  });

  it('a stock write purges the product answers that show it (and only answers with its tags)', async () => {
    backend.answerCache!.purge(['FPC']);
    const before = (await (await get(LISTING)).json()) as { data: { products: { items: { uid: string }[] } } };
    await get(CMS);
    expect((await get(LISTING)).headers.get('x-magento-cache-debug')).toBe('HIT');
    const parentId = Number(Buffer.from(before.data.products.items[0]!.uid, 'base64').toString());
    const variant = await backend.db.query<{ id: number }>('SELECT id FROM catalog_product WHERE parent_id = $1 ORDER BY id LIMIT 1', [parentId]);
    await decrementStock(backend.db, variant.rows[0]!.id, 1);
    expect((await get(LISTING)).headers.get('x-magento-cache-debug')).toBe('MISS');
    expect((await get(CMS)).headers.get('x-magento-cache-debug')).toBe('HIT');
    catalogWritten(['cms_p_home']);
    expect((await get(CMS)).headers.get('x-magento-cache-debug')).toBe('MISS');
  });

  it('keys answers by Store and Content-Currency: each store view and currency has its own', async () => {
    backend.answerCache!.purge(['FPC']);
    const ca = await get(LISTING);
    const fr = await get(LISTING, { Store: 'fr' });
    expect(fr.headers.get('x-magento-cache-debug')).toBe('MISS');
    const caBody = await ca.text();
    expect(await fr.text()).not.toBe(caBody);
    const usd = await get(LISTING, { 'Content-Currency': 'USD' });
    expect(usd.headers.get('x-magento-cache-debug')).toBe('MISS');
    expect((await get(LISTING, { Store: 'fr' })).headers.get('x-magento-cache-debug')).toBe('HIT');
    expect(await (await get(LISTING)).text()).toBe(caBody);
  });

  it('never keeps or serves an answer to a request with an Authorization header', async () => {
    backend.answerCache!.purge(['FPC']);
    await get(LISTING);
    const size = backend.answerCache!.size;
    for (const authorization of ['Bearer someone', 'Bearer someone']) {
      const answer = await get(LISTING, { Authorization: authorization });
      expect(answer.headers.get('x-magento-cache-debug')).toBeNull();
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    const other = '{products(search:"round",pageSize:2){total_count}}';
    await get(other, { Authorization: 'Bearer someone' });
    expect((await get(other)).headers.get('x-magento-cache-debug')).toBe('MISS');
    expect(backend.answerCache!.size).toBe(size + 1);
  });

  it('never keeps a customer or cart field, a POST, or an answer with errors', async () => {
    backend.answerCache!.purge(['FPC']);
    const mixed = '{storeConfig{store_code} cart(cart_id:"nope"){id}}';
    await get(mixed);
    expect((await get(mixed)).headers.get('x-magento-cache-debug')).toBeNull();
    const post = () =>
      backend.graphqlFetch(
        new Request('http://shop.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', Store: 'ca' },
          body: JSON.stringify({ query: LISTING }),
        }),
      );
    await post();
    expect((await post()).headers.get('x-magento-cache-debug')).toBeNull();
    const missing = '{cmsPage(identifier:"no-such-page"){title}}';
    await get(missing);
    expect((await get(missing)).headers.get('x-magento-cache-debug')).not.toBe('HIT');
    expect(backend.answerCache!.size).toBe(0);
  });
});

describe('what every request reads, kept in memory', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await createBackend({ cacheDir: '.data/test-cache/answer-cache-memory', answerCache: false });
  });
  afterAll(() => backend.close());

  /** The SQL one POST (never cached) of `query` runs. */
  async function statementsOf(query: string): Promise<string[]> {
    const spy = vi.spyOn(backend.db, 'query');
    try {
      const answer = await backend.graphqlFetch(
        new Request('http://shop.test/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', Store: 'fr' },
          body: JSON.stringify({ query }),
        }),
      );
      expect(((await answer.json()) as { errors?: unknown }).errors).toBeUndefined();
      return spy.mock.calls.map(([sql]) => String(sql));
    } finally {
      spy.mockRestore();
    }
  }

  it('reads store views, rates and the category tree once, and again after a write that changes them', async () => {
    const query = '{storeConfig{store_code} categoryList(filters:{}){uid name children{uid name}}}';
    await statementsOf(query);
    const again = await statementsOf(query);
    expect(again.filter((sql) => /FROM store_view|FROM currency_rate/.test(sql))).toEqual([]);
    const treeReads = (sqls: string[]) =>
      sqls.filter((sql) => /FROM catalog_category\b/.test(sql) && /is_active ORDER BY level, position, id/.test(sql)).length;
    expect(treeReads(again)).toBe(0);
    catalogWritten(['cat_c_3', 'store']);
    const afterWrite = await statementsOf(query);
    expect(treeReads(afterWrite)).toBe(1);
    expect(afterWrite.some((sql) => sql.includes('FROM store_view'))).toBe(true);
  });
});

describe('AnswerCache', () => {
  const answer = (tags: string[]) => ({ body: Buffer.from('{}'), headers: [] as [string, string][], tags });

  it('forgets answers past their time and the least recently used past its size', () => {
    let now = 0;
    const cache = new AnswerCache({ ttlMs: 1000, maxEntries: 2, now: () => now });
    cache.set('a', answer(['x']), 0);
    cache.set('b', answer(['y']), 0);
    expect(cache.get('a')).not.toBeNull();
    cache.set('c', answer(['z']), 0);
    expect(cache.get('b')).toBeNull();
    now = 1000;
    expect(cache.get('a')).toBeNull();
  });

  it('refuses an answer computed across a purge (it may show what the write changed)', () => {
    const cache = new AnswerCache();
    const began = cache.generation;
    cache.purge(['cat_p_1']);
    expect(cache.set('a', answer(['cat_p_2']), began)).toBe(false);
    expect(cache.set('a', answer(['cat_p_2']), cache.generation)).toBe(true);
    expect(cache.purge(['cat_p_3'])).toBe(0);
    expect(cache.purge(['cat_p_2'])).toBe(1);
  });

  it('tells each purge to its listeners (ADR 025: the rendered pages made from the answers go too)', () => {
    const cache = new AnswerCache();
    const told: string[][] = [];
    const stop = cache.onPurge((tags) => told.push([...tags]));
    cache.purge(['cat_p_1']);
    stop();
    cache.purge(['FPC']);
    expect(told).toEqual([['cat_p_1']]);
  });
});
