import { ApolloClient, ApolloLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { GET_PRODUCT_DETAIL } from '../ui/product/product-page.operations';
import { RESOLVE_ROUTE } from '../ui/app/route-resolver.operations';
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

describe('preloadFirstPage', () => {
  it('spec §2 Fallback: resolves the route and loads the product into the cache the page reads cache-first', async () => {
    const cache = new InMemoryCache();
    const client = new ApolloClient<NormalizedCacheObject>({ cache, link: ApolloLink.empty() });
    const query = vi.spyOn(client, 'query').mockImplementation(async (options) => {
      if (options.query === RESOLVE_ROUTE) {
        return { data: { route: { __typename: 'ConfigurableProduct', type: 'PRODUCT', relative_url: 'aurora-cat-eye.html', redirect_code: 0, url_key: 'aurora-cat-eye' } }, loading: false, networkStatus: 7 };
      }
      return { data: null, loading: false, networkStatus: 7 };
    });
    preloadFirstPage('/aurora-cat-eye.html', client, 'shop.test');
    await vi.waitFor(() => expect(query).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(query.mock.calls[0]?.[0]).toMatchObject({ query: RESOLVE_ROUTE, variables: { url: '/aurora-cat-eye.html' } });
    expect(query.mock.calls[1]?.[0]).toMatchObject({ query: GET_PRODUCT_DETAIL, variables: { urlKey: 'aurora-cat-eye' } });
  });

  it('a failed route query is left to the page: nothing is thrown or left unhandled', async () => {
    const client = new ApolloClient<NormalizedCacheObject>({ cache: new InMemoryCache(), link: ApolloLink.empty() });
    const query = vi.spyOn(client, 'query').mockRejectedValue(new Error('Failed to fetch'));
    expect(() => preloadFirstPage('/aurora-cat-eye.html', client, 'shop.test')).not.toThrow();
    await vi.waitFor(() => expect(query).toHaveBeenCalledTimes(1), { timeout: 10_000 });
  });
});
