import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../backend/src/backend';
import { serverGraphqlFetch } from './backend-graphql';

describe('serverGraphqlFetch (the server asks GraphQL itself)', () => {
  let backend: Backend;
  beforeAll(async () => {
    backend = await createBackend({ cacheDir: '.data/test-cache/backend-graphql' });
  });
  afterAll(() => backend.close());

  it('answers a GET query in-process, with the store header and media on the page origin', async () => {
    const fetchOn = serverGraphqlFetch(backend, null)('http://shop.test:8123');
    const query = encodeURIComponent('{ storeConfig { store_code base_media_url } }');
    const response = await fetchOn(`/graphql?query=${query}`, { headers: { Store: 'fr' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { storeConfig: { store_code: string; base_media_url: string } } };
    expect(body.data.storeConfig.store_code).toBe('fr');
    expect(body.data.storeConfig.base_media_url.startsWith('http://shop.test:8123/media/')).toBe(true);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers a POST query in-process', async () => {
    const fetchOn = serverGraphqlFetch(backend, null)('http://shop.test');
    const response = await fetchOn('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', Store: 'ca' },
      body: JSON.stringify({ query: 'query Route($url: String!) { route(url: $url) { type } }', variables: { url: 'no-such-page.html' } }),
    });
    expect(await response.json()).toEqual({ data: { route: null } });
  });

  it('needs a backend or a Magento URL', () => {
    expect(() => serverGraphqlFetch(null, null)).toThrow(/MAGENTO_BACKEND_URL/);
  });
});
