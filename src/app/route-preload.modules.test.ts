import { ApolloClient, ApolloLink, InMemoryCache, type NormalizedCacheObject } from '@apollo/client';
import { expect, it, vi } from 'vitest';
import { preloadFirstPage } from './route-preload';

// Which of the pages' data modules have been loaded (this file imports none of them itself).
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../ui/product/product-page.operations', async (original) => {
  loaded.add('product operations');
  return original();
});
vi.mock('../ui/catalog/listing-preload', async (original) => {
  loaded.add('listing');
  return original();
});
vi.mock('../ui/catalog/category-page.operations', async (original) => {
  loaded.add('category operations');
  return original();
});

// The home test runs first: a module, once loaded, is not loaded again.
it('the home page loads none of the catalog data modules', async () => {
  const client = new ApolloClient<NormalizedCacheObject>({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  vi.spyOn(client, 'query').mockReturnValue(new Promise(() => undefined));
  preloadFirstPage('/', client, 'shop.test', { doc: null });
  await new Promise((done) => setTimeout(done, 50));
  expect([...loaded]).toEqual([]);
});

it('spec §2 Fallback: a catalog URL loads the product and category data modules while its route query is still out', async () => {
  const client = new ApolloClient<NormalizedCacheObject>({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  // The route query never answers: whatever loads, loads alongside it.
  const query = vi.spyOn(client, 'query').mockReturnValue(new Promise(() => undefined));
  preloadFirstPage('/aurora-cat-eye.html', client, 'shop.test', { doc: null });
  await vi.waitFor(() => expect([...loaded].sort()).toEqual(['category operations', 'listing', 'product operations']), { timeout: 10_000 });
  expect(query).toHaveBeenCalledTimes(1);
});
