import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createBrowserStorage } from '../storage/browser-storage';
import { storeViewImplementations } from './store-view.actors';
import { GET_LOCALE } from './store-view.operations';

const offline = new ApolloLink(() => new Observable((observer) => observer.error(new TypeError('Failed to fetch'))));

function fetchStoreConfigWith(cache: InMemoryCache) {
  const client = new ApolloClient({ link: offline, cache });
  const { actors } = storeViewImplementations({ client, storage: createBrowserStorage(null), reload: () => {} });
  return toPromise(createActor(actors.fetchStoreConfig, { input: { storeCode: 'fr' } }).start());
}

describe('storeView actors (ADR 007 offline)', () => {
  it('offline, the store config this browser holds (a server-rendered page handed it over) is used', async () => {
    const cache = new InMemoryCache();
    cache.writeQuery({
      query: GET_LOCALE,
      data: {
        storeConfig: {
          store_code: 'fr',
          locale: 'fr_FR',
          default_display_currency_code: 'EUR',
          secure_base_media_url: 'https://shop.test/media/',
          shopping_cart_display_price: 2,
        },
      },
    });
    await expect(fetchStoreConfigWith(cache)).resolves.toEqual({
      storeCode: 'fr',
      locale: 'fr_FR',
      currency: 'EUR',
      secureBaseMediaUrl: 'https://shop.test/media/',
      cartPricesIncludeTax: true,
    });
  });

  it('offline with no config held, the failure stands', async () => {
    await expect(fetchStoreConfigWith(new InMemoryCache())).rejects.toThrow('Failed to fetch');
  });
});
