import { ApolloClient, ApolloLink, InMemoryCache, NetworkStatus, Observable, type NormalizedCacheObject } from '@apollo/client';
import { print } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { routeMachine } from '../machines/route/route.machine';
import { startInShopSystem } from '../machines/shared/shop-system.test-helpers';
import { createShopCache } from '../services/apollo/cache';
import { routeImplementations } from '../services/route/route.actors';
import { GET_CATEGORY } from '../ui/catalog/category-page.operations';
import { GET_PRODUCT_FILTERS, GET_PRODUCT_LISTING } from '../ui/catalog/product-listing.operations';
import { GET_PRODUCT_DETAIL } from '../ui/product/product-page.operations';
import { RESOLVE_ROUTE } from '../services/route/route.operations';
import { firstPagePreloadOf, preloadFirstPage } from './route-preload';

describe('firstPagePreloadOf', () => {
  it('spec §2: the store root is the home page and search.html the search page', () => {
    expect(firstPagePreloadOf('/')).toBe('home');
    expect(firstPagePreloadOf('/search.html')).toBe('search');
  });

  it('spec §2 Fallback: a catalog URL (.html suffix) outside the route table goes to the resolver', () => {
    expect(firstPagePreloadOf('/aurora-cat-eye.html')).toBe('resolver');
    expect(firstPagePreloadOf('/eyeglasses/women.html')).toBe('resolver');
  });

  it('spec §2: routes of the table, even with an .html suffix, preload nothing', () => {
    expect(firstPagePreloadOf('/paypal/action/return.html')).toBe('none');
    expect(firstPagePreloadOf('/cart')).toBe('none');
    expect(firstPagePreloadOf('/checkout')).toBe('none');
  });
});

/** A client whose queries the tests answer (its link sends nothing). */
const offlineClient = () => new ApolloClient<NormalizedCacheObject>({ cache: new InMemoryCache(), link: ApolloLink.empty() });

/** What `client.query` resolves with. */
const answer = (data: unknown) => ({ data, loading: false, networkStatus: NetworkStatus.ready });

/** The route of the Aurora cat-eye frame's product page. */
const AURORA_ROUTE = {
  route: { __typename: 'ConfigurableProduct', type: 'PRODUCT', relative_url: 'aurora-cat-eye.html', redirect_code: 0, url_key: 'aurora-cat-eye' },
};

describe('preloadFirstPage', () => {
  it('spec §2 Fallback: resolves the route and loads the product into the cache the page reads cache-first', async () => {
    const cache = new InMemoryCache();
    const client = new ApolloClient<NormalizedCacheObject>({ cache, link: ApolloLink.empty() });
    const query = vi.spyOn(client, 'query').mockImplementation(async (options) => {
      if (options.query === RESOLVE_ROUTE) {
        return answer(AURORA_ROUTE);
      }
      return answer(null);
    });
    preloadFirstPage('/aurora-cat-eye.html', client, 'shop.test');
    await vi.waitFor(() => expect(query).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(query.mock.calls[0]?.[0]).toMatchObject({ query: RESOLVE_ROUTE, variables: { url: '/aurora-cat-eye.html' } });
    expect(query.mock.calls[1]?.[0]).toMatchObject({ query: GET_PRODUCT_DETAIL, variables: { urlKey: 'aurora-cat-eye' } });
  });

  it('a failed route query is left to the page: nothing is thrown or left unhandled', async () => {
    const client = offlineClient();
    const query = vi.spyOn(client, 'query').mockRejectedValue(new Error('Failed to fetch'));
    expect(() => preloadFirstPage('/aurora-cat-eye.html', client, 'shop.test')).not.toThrow();
    await vi.waitFor(() => expect(query).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  });

  it('spec §9: once the product is known, its first gallery image is preloaded for the product page', async () => {
    const client = offlineClient();
    const product = {
      url_key: 'aurora-cat-eye',
      media_gallery: [
        { url: 'https://shop.test/media/catalog/product/side.png', position: 2, disabled: false, label: null },
        { url: 'https://shop.test/media/catalog/product/front.png', position: 1, disabled: false, label: null },
      ],
    };
    vi.spyOn(client, 'query').mockImplementation(async (options) => {
      if (options.query === RESOLVE_ROUTE) {
        return answer(AURORA_ROUTE);
      }
      return answer({ products: { items: [product] } });
    });
    const links: string[] = [];
    const doc = fakeDocument(links);
    preloadFirstPage('/aurora-cat-eye.html', client, 'shop.test', { doc });
    await vi.waitFor(() => expect(links).toHaveLength(1), { timeout: 10_000 });
    expect(links[0]).toContain('/media/catalog/product/front.png?');
  });

  it('spec §2 Category: the listing and its filters are requested with the category, with the URL’s filters, sort and page', async () => {
    const client = offlineClient();
    const query = vi.spyOn(client, 'query').mockImplementation(async (options) => {
      if (options.query === RESOLVE_ROUTE) {
        return answer({ route: { __typename: 'CategoryTree', type: 'CATEGORY', relative_url: 'eyeglasses.html', redirect_code: 0, uid: 'Mw==' } });
      }
      if (options.query === GET_PRODUCT_LISTING) {
        return answer({ products: { items: [null, { small_image: { url: 'https://shop.test/media/catalog/product/milo.png' } }] } });
      }
      return answer(null);
    });
    const links: string[] = [];
    preloadFirstPage('/eyeglasses.html', client, 'shop.test', { urlSearch: '?sort=price_ASC&page=2', doc: fakeDocument(links) });
    await vi.waitFor(() => expect(links).toHaveLength(1), { timeout: 10_000 });
    expect(links[0]).toContain('/media/catalog/product/milo.png?');
    const sent = (document: unknown) => query.mock.calls.find(([options]) => options.query === document)?.[0].variables;
    expect(sent(GET_CATEGORY)).toEqual({ uid: 'Mw==' });
    expect(sent(GET_PRODUCT_FILTERS)).toEqual({ search: null, filter: { category_uid: { eq: 'Mw==' } } });
    expect(sent(GET_PRODUCT_LISTING)).toEqual({ search: null, filter: { category_uid: { eq: 'Mw==' } }, sort: { price: 'ASC' }, pageSize: 6, currentPage: 2 });
  });

  it('spec §2 Search: the search page’s listing is requested with the trimmed query, and nothing for an empty one', async () => {
    const client = offlineClient();
    const query = vi.spyOn(client, 'query').mockResolvedValue(answer({ products: { items: [] } }));
    preloadFirstPage('/search.html', client, 'shop.test', { urlSearch: '?query=%20round%20', doc: null });
    await vi.waitFor(() => expect(query).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(query.mock.calls.find(([options]) => options.query === GET_PRODUCT_LISTING)?.[0].variables).toMatchObject({
      search: 'round',
      filter: {},
      currentPage: 1,
    });

    query.mockClear();
    preloadFirstPage('/search.html', client, 'shop.test', { urlSearch: '?query=', doc: null });
    await new Promise((done) => setTimeout(done, 0));
    expect(query).not.toHaveBeenCalled();
  });
});

describe('the first page preload and the route machine', () => {
  it('spec §2 Fallback: they send the one `route` document: one request, one cache entry, and the machine finds the page', async () => {
    const routeRequests: string[] = [];
    const link = new ApolloLink((operation) => {
      const isRoute = print(operation.query).includes('route(url:');
      if (isRoute) routeRequests.push(`${operation.operationName} ${String(operation.variables.url)}`);
      const data = isRoute
        ? {
            route: {
              __typename: 'ConfigurableProduct',
              type: 'PRODUCT',
              relative_url: 'aurora-cat-eye.html',
              redirect_code: 0,
              uid: 'MQ==',
              url_key: 'aurora-cat-eye',
            },
          }
        : { products: { __typename: 'Products', items: [] } };
      return new Observable((observer) => {
        const timer = setTimeout(() => {
          observer.next({ data });
          observer.complete();
        }, 20);
        return () => clearTimeout(timer);
      });
    });
    const client = new ApolloClient<NormalizedCacheObject>({ cache: createShopCache(), link });
    preloadFirstPage('/aurora-cat-eye.html', client, 'shop.test', { doc: null });
    // The view mounts while the preload's request is still out (joins it), and again later (reads the cache).
    // Each route machine runs beside the shop's 'app' (a stand-in): it sets the page-loading flag there.
    const route = startInShopSystem(routeMachine.provide(routeImplementations({ client, assign: () => {} })), { shopHosts: ['shop.test'] }).actor;
    route.send({ type: 'route.resolve', pathname: '/aurora-cat-eye.html' });
    await waitFor(route, (s) => s.matches('loaded'));
    expect(route.getSnapshot().context.page).toEqual({ type: 'PRODUCT', urlKey: 'aurora-cat-eye', uid: 'MQ==' });
    const later = startInShopSystem(routeMachine.provide(routeImplementations({ client, assign: () => {} })), { shopHosts: ['shop.test'] }).actor;
    later.send({ type: 'route.resolve', pathname: '/aurora-cat-eye.html' });
    await waitFor(later, (s) => s.matches('loaded'));
    expect(routeRequests).toEqual(['ResolveURL /aurora-cat-eye.html']);
  });
});

/** Just enough of a document for preloadCatalogImage: records each preloaded image's href. */
function fakeDocument(hrefs: string[]): Document {
  const head = {
    querySelectorAll: () => [],
    append: (link: { href: string }) => void hrefs.push(link.href),
  };
  const createElement = () => ({ setAttribute: () => undefined, href: '', rel: '', as: '' });
  return { head, createElement } as unknown as Document;
}
