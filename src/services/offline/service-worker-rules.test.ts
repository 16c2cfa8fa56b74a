import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_ROOT_FIELDS,
  carriesCredentials,
  catalogQueryCacheKey,
  graphqlRootFields,
  isCatalogQuery,
  isHashedAsset,
  isMediaImage,
  isPrescriptionReaderAsset,
  OFFLINE_CACHE_NAMES,
  isShareableResponse,
  isShellNavigation,
  type RequestFacts,
} from './service-worker-rules';

const ORIGIN = 'https://shop.example';

function request(path: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}): RequestFacts {
  return { url: new URL(path, ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'cors', headers: new Headers(init.headers ?? {}) };
}

/** What the client sends for a query (apollo-client.ts: GET, minified document in `query`). */
const graphqlGet = (document: string, headers: Record<string, string> = { Store: 'ca', authorization: '', 'X-Magento-Cache-Id': '' }) =>
  request(`/graphql?query=${encodeURIComponent(document)}&operationName=Q&variables=%7B%7D`, { headers });

describe('graphqlRootFields', () => {
  it('reads the root fields of named, anonymous and aliased queries', () => {
    expect(graphqlRootFields('query GetCategory($id:String!){categoryList(filters:{category_uid:{eq:$id}}){uid name} storeConfig{store_code}}')).toEqual([
      'categoryList',
      'storeConfig',
    ]);
    expect(graphqlRootFields('{storeConfig{store_code}}')).toEqual(['storeConfig']);
    expect(graphqlRootFields('query R{page:route(url:"a) {b}"){type}}')).toEqual(['route']);
  });

  it('accepts the fragment definitions Apollo appends, rejects a second operation', () => {
    expect(graphqlRootFields('query P{products(search:"x"){items{...Card}}} fragment Card on ProductInterface{sku}')).toEqual(['products']);
    expect(graphqlRootFields('query P{products{total_count}} query C{cart(cart_id:"x"){id}}')).toBeNull();
  });

  it('is null for mutations, subscriptions, root spreads and directives, and broken text', () => {
    expect(graphqlRootFields('mutation M{createEmptyCart}')).toBeNull();
    expect(graphqlRootFields('subscription S{x}')).toBeNull();
    expect(graphqlRootFields('query Q{...Root}')).toBeNull();
    expect(graphqlRootFields('query Q{customer @include(if:true){email}}')).toBeNull();
    expect(graphqlRootFields('query Q{products{items')).toBeNull();
    expect(graphqlRootFields('')).toBeNull();
  });
});

describe('what the service worker caches (ADR 007)', () => {
  it('anonymous GET catalog queries are cached: route, products, categories, cms, storeConfig', () => {
    expect(isCatalogQuery(graphqlGet('query R($url:String!){route(url:$url){type}}'), ORIGIN)).toBe(true);
    expect(isCatalogQuery(graphqlGet('query P{products(filter:{}){items{sku}} storeConfig{locale}}'), ORIGIN)).toBe(true);
    expect(isCatalogQuery(graphqlGet('query C{cmsPage(identifier:"home"){title} cmsBlocks(identifiers:["x"]){items{content}}}'), ORIGIN)).toBe(true);
  });

  it('page loads inside the shop go to the shell route, backend paths do not', () => {
    expect(isShellNavigation(request('/ca/eyeglasses.html', { mode: 'navigate' }), ORIGIN)).toBe(true);
    expect(isShellNavigation(request('/', { mode: 'navigate' }), ORIGIN)).toBe(true);
    expect(isShellNavigation(request('/media/catalog/a.jpg', { mode: 'navigate' }), ORIGIN)).toBe(false);
    expect(isShellNavigation(request('/rest/V1/x', { mode: 'navigate' }), ORIGIN)).toBe(false);
    expect(isShellNavigation(request('/graphql', { mode: 'navigate' }), ORIGIN)).toBe(false);
    expect(isShellNavigation(request('/ca/', { mode: 'cors' }), ORIGIN)).toBe(false);
    expect(isShellNavigation(request('https://elsewhere.example/ca/', { mode: 'navigate' }), ORIGIN)).toBe(false);
  });

  it('hashed build files and /media/ images are cached, same origin GET only', () => {
    expect(isHashedAsset(request('/assets/product-page-Cd4U6kVo.js'), ORIGIN)).toBe(true);
    expect(isHashedAsset(request('https://cdn.example/assets/x.js'), ORIGIN)).toBe(false);
    expect(isMediaImage(request('/media/catalog/product/a.jpg?width=400'), ORIGIN)).toBe(true);
    expect(isMediaImage(request('/media/try-on/upload', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isMediaImage(request('https://cdn.example/media/a.jpg'), ORIGIN)).toBe(false);
  });
});

describe("the prescription reader's files (ADR 043)", () => {
  it('are kept in a cache of their own once fetched, so scanning works offline', () => {
    const model = request('/assets/prescription-reader-0123456789/eng.traineddata');
    expect(isPrescriptionReaderAsset(model, ORIGIN)).toBe(true);
    expect(isPrescriptionReaderAsset(request('/assets/prescription-reader-0123456789/tesseract-core-simd-lstm.wasm'), ORIGIN)).toBe(true);
    expect(OFFLINE_CACHE_NAMES.prescriptionReader).not.toBe(OFFLINE_CACHE_NAMES.assets);
  });

  it('are never taken from another origin, a POST or a signed-in request', () => {
    expect(isPrescriptionReaderAsset(request('https://cdn.example/assets/prescription-reader-0123456789/eng.traineddata'), ORIGIN)).toBe(false);
    expect(isPrescriptionReaderAsset(request('/assets/prescription-reader-0123456789/eng.traineddata', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(
      isPrescriptionReaderAsset(request('/assets/prescription-reader-0123456789/eng.traineddata', { headers: { authorization: 'Bearer x' } }), ORIGIN),
    ).toBe(false);
    expect(isPrescriptionReaderAsset(request('/assets/product-page-Cd4U6kVo.js'), ORIGIN)).toBe(false);
  });
});

describe('what the service worker never caches (ADR 007)', () => {
  it('mutations (POST), REST calls and anything but GET', () => {
    expect(isCatalogQuery(request('/graphql', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isCatalogQuery(graphqlGet('mutation M{createEmptyCart}'), ORIGIN)).toBe(false);
    for (const rule of [isCatalogQuery, isHashedAsset, isMediaImage, isShellNavigation]) {
      expect(rule(request('/rest/V1/guest-carts/x/payment-information', { method: 'POST' }), ORIGIN)).toBe(false);
      expect(rule(request('/rest/V1/guest-carts/x/totals'), ORIGIN)).toBe(false);
    }
  });

  it('every request that carries a bearer token, whatever it asks for', () => {
    const signedIn = { Store: 'ca', authorization: 'Bearer abc123' };
    expect(isCatalogQuery(graphqlGet('query P{products{total_count}}', signedIn), ORIGIN)).toBe(false);
    expect(isMediaImage(request('/media/a.jpg', { headers: signedIn }), ORIGIN)).toBe(false);
    expect(isHashedAsset(request('/assets/a.js', { headers: signedIn }), ORIGIN)).toBe(false);
    expect(isShellNavigation(request('/ca/', { mode: 'navigate', headers: signedIn }), ORIGIN)).toBe(false);
  });

  it('the empty authorization header a signed-out client sends is no credential', () => {
    expect(carriesCredentials(new Headers({ authorization: '' }))).toBe(false);
    expect(carriesCredentials(new Headers({ authorization: '  ' }))).toBe(false);
    expect(carriesCredentials(new Headers({ authorization: 'Bearer t' }))).toBe(true);
    expect(carriesCredentials(new Headers())).toBe(false);
  });

  it('personal queries even when anonymous: guest carts, customers, or a catalog read mixed with one', () => {
    expect(isCatalogQuery(graphqlGet('query Cart($id:String!){cart(cart_id:$id){id items{uid}}}'), ORIGIN)).toBe(false);
    expect(isCatalogQuery(graphqlGet('query C{customer{email}}'), ORIGIN)).toBe(false);
    expect(isCatalogQuery(graphqlGet('query M{storeConfig{locale} cart(cart_id:"x"){id}}'), ORIGIN)).toBe(false);
    expect(isCatalogQuery(request('/graphql'), ORIGIN)).toBe(false);
  });

  it('answers the server does not declare public', () => {
    const answer = (status: number, cacheControl?: string) => ({ status, headers: new Headers(cacheControl ? { 'Cache-Control': cacheControl } : {}) });
    expect(isShareableResponse(answer(200, 'public, max-age=300'))).toBe(true);
    expect(isShareableResponse(answer(200, 'no-store'))).toBe(false);
    expect(isShareableResponse(answer(200, 'public, no-store'))).toBe(false);
    expect(isShareableResponse(answer(200, 'private, max-age=60'))).toBe(false);
    expect(isShareableResponse(answer(200))).toBe(false);
    expect(isShareableResponse(answer(500, 'public'))).toBe(false);
  });
});

describe('catalogQueryCacheKey', () => {
  const query = 'query P{products{total_count}}';

  it("spec §2 store views: one store view never gets another one's cached answer (Store header in the key)", () => {
    const ca = catalogQueryCacheKey(graphqlGet(query, { Store: 'ca' }));
    const fr = catalogQueryCacheKey(graphqlGet(query, { Store: 'fr' }));
    expect(ca).not.toBe(fr);
    expect(new URL(ca).searchParams.get('sw-store')).toBe('ca');
    expect(catalogQueryCacheKey(graphqlGet(query, { Store: 'ca', 'X-Magento-Cache-Id': 'abc' }))).toBe(ca);
  });

  it('a different Content-Currency is a different answer', () => {
    const cad = catalogQueryCacheKey(graphqlGet(query, { Store: 'ca', 'Content-Currency': 'CAD' }));
    const usd = catalogQueryCacheKey(graphqlGet(query, { Store: 'ca', 'Content-Currency': 'USD' }));
    expect(cad).not.toBe(usd);
  });

  it('keeps the query itself in the key', () => {
    expect(catalogQueryCacheKey(graphqlGet(query))).not.toBe(catalogQueryCacheKey(graphqlGet('query S{storeConfig{locale}}')));
  });
});

it("the catalog root fields are exactly the backend's CACHEABLE_ROOT_FIELDS (read as text: src may not import backend)", () => {
  const source = readFileSync(new URL('../../../backend/src/backend.ts', import.meta.url), 'utf8');
  const list = /CACHEABLE_ROOT_FIELDS = new Set\(\[([^\]]*)\]\)/.exec(source)?.[1];
  expect(list, 'CACHEABLE_ROOT_FIELDS not found in backend/src/backend.ts').toBeDefined();
  const backendFields = [...list!.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  expect(new Set(backendFields)).toEqual(CATALOG_ROOT_FIELDS);
});
