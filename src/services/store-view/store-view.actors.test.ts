import { ApolloClient, ApolloLink, from, InMemoryCache, Observable } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createBrowserStorage } from '../storage/browser-storage';
import { memoryStorage } from '../storage/memory-storage.test-helpers';
import { readCartLeft, storeViewImplementations } from './store-view.actors';
import { GET_LOCALE } from './store-view.operations';
import { createShopRetryLink } from '../apollo/links';

const offline = new ApolloLink(() => new Observable((observer) => observer.error(new TypeError('Failed to fetch'))));

function fetchStoreConfigWith(cache: InMemoryCache, link: ApolloLink = offline) {
  const client = new ApolloClient({ link, cache });
  const { actors } = storeViewImplementations({ client, storage: createBrowserStorage(null), tabStorage: createBrowserStorage(null), reload: () => {} });
  return toPromise(createActor(actors.fetchStoreConfig, { input: { storeCode: 'fr' } }).start());
}

/** A cache holding the fr store config (a server-rendered page handed it over, or an earlier answer was kept). */
function cacheHoldingFrConfig() {
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
  return cache;
}

const KEPT_FR_CONFIG = { storeCode: 'fr', locale: 'fr_FR', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/', cartPricesIncludeTax: true };

describe('storeView actors (ADR 007 offline)', () => {
  it('offline, the store config this browser holds (a server-rendered page handed it over) is used', async () => {
    await expect(fetchStoreConfigWith(cacheHoldingFrConfig())).resolves.toEqual(KEPT_FR_CONFIG);
  });

  it('a phone that lost its network but says it is online asks once when it holds a config, and shows it at once', async () => {
    let sent = 0;
    const counted = new ApolloLink(() => {
      sent += 1;
      return new Observable((observer) => observer.error(new TypeError('Failed to fetch')));
    });
    const link = from([createShopRetryLink({ isOnline: () => true, isBrowser: () => true }), counted]);
    await expect(fetchStoreConfigWith(cacheHoldingFrConfig(), link)).resolves.toEqual(KEPT_FR_CONFIG);
    expect(sent).toBe(1);
  });

  it('offline with no config held, the failure stands', async () => {
    await expect(fetchStoreConfigWith(new InMemoryCache())).rejects.toThrow('Failed to fetch');
  });
});

describe('the cart a store-view switch left behind (spec §9: each store view has its own cart)', () => {
  const CODES = ['ca', 'uk', 'fr'];

  it("is kept in this tab's storage, not the shop's local storage, and read back; null removes it", () => {
    const local = memoryStorage();
    const tab = memoryStorage();
    const tabStorage = createBrowserStorage(tab);
    const { actions } = storeViewImplementations({
      client: new ApolloClient({ link: offline, cache: new InMemoryCache() }),
      storage: createBrowserStorage(local),
      tabStorage,
      reload: () => {},
    });
    actions.recordCartLeft(undefined, { storeCode: 'ca', itemCount: 2 });
    expect(local.map.size).toBe(0);
    expect(readCartLeft(tabStorage, CODES)).toEqual({ storeCode: 'ca', itemCount: 2 });
    actions.recordCartLeft(undefined, null);
    expect(tab.map.size).toBe(0);
    expect(readCartLeft(tabStorage, CODES)).toBeNull();
  });

  it('a record naming no known store view, or no items, or a corrupt one, is none', () => {
    const tab = memoryStorage();
    const tabStorage = createBrowserStorage(tab);
    for (const value of [
      { storeCode: 'xx', itemCount: 2 },
      { storeCode: 'ca', itemCount: 0 },
      { storeCode: 'ca', itemCount: 1.5 },
      { storeCode: 'ca' },
      'ca',
      null,
    ]) {
      tabStorage.setItem('cartLeft', value);
      expect(readCartLeft(tabStorage, CODES)).toBeNull();
    }
    tab.map.set('cartLeft', '{not json');
    expect(readCartLeft(tabStorage, CODES)).toBeNull();
  });
});
