import { gql, type TypedDocumentNode } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../storage/memory-storage.test-helpers';
import { createShopCache } from './cache';
import { createCachePersistence, PERSIST_ERROR, persistedCacheKey, PERSISTED_CACHE_MAX_SIZE, persistOnPageHide } from './cache-persistence';

const CONFIG: TypedDocumentNode<{ storeConfig: { __typename?: string; store_code: string; locale: string } }> = gql`
  query getLocale {
    storeConfig {
      store_code
      locale
    }
  }
`;

const writeConfig = (cache: ReturnType<typeof createShopCache>, locale = 'fr_FR') =>
  cache.writeQuery({ query: CONFIG, data: { storeConfig: { __typename: 'StoreConfig', store_code: 'fr', locale } } });

describe('persisted cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('spec §4/§9: one persisted cache per store view, under apollo-cache-persist plus the store code', async () => {
    const storage = memoryStorage();
    const fr = createShopCache();
    const persistence = createCachePersistence({ cache: fr, storage, storeCode: 'fr' });
    await persistence.restore();
    writeConfig(fr);
    await persistence.persist();
    expect(persistedCacheKey('fr')).toBe('apollo-cache-persist-fr');
    expect([...storage.map.keys()]).toEqual(['apollo-cache-persist-fr']);
    // another store view does not see it
    const de = createShopCache();
    await createCachePersistence({ cache: de, storage, storeCode: 'de' }).restore();
    expect(de.extract()).toEqual({});
    // the same store view does
    const frAgain = createShopCache();
    await createCachePersistence({ cache: frAgain, storage, storeCode: 'fr' }).restore();
    expect(frAgain.readQuery({ query: CONFIG })?.storeConfig.locale).toBe('fr_FR');
  });

  it('spec §9: writes are persisted after a 1000 ms debounce', async () => {
    const storage = memoryStorage();
    const cache = createShopCache();
    const persistence = createCachePersistence({ cache, storage, storeCode: 'ca' });
    await persistence.restore();
    writeConfig(cache, 'en_CA');
    await vi.advanceTimersByTimeAsync(999);
    expect(storage.map.size).toBe(0);
    writeConfig(cache, 'fr_CA');
    await vi.advanceTimersByTimeAsync(999);
    expect(storage.map.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(storage.map.get('apollo-cache-persist-ca')).toContain('fr_CA');
  });

  it('nothing is written before the stored cache has been restored', async () => {
    const storage = memoryStorage();
    storage.map.set(
      'apollo-cache-persist-ca',
      JSON.stringify({ 'StoreConfig:{"store_code":"ca"}': { __typename: 'StoreConfig', store_code: 'ca', locale: 'en_CA' } }),
    );
    const cache = createShopCache();
    const persistence = createCachePersistence({ cache, storage, storeCode: 'ca' });
    writeConfig(cache);
    await vi.advanceTimersByTimeAsync(2000);
    expect(storage.map.get('apollo-cache-persist-ca')).toContain('en_CA');
    await persistence.restore();
  });

  it("spec §8: a broken stored value is logged as 'Error restoring cache', purged, and never crashes the page", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryStorage();
    storage.map.set('apollo-cache-persist-ca', '{"truncated');
    const cache = createShopCache();
    const persistence = createCachePersistence({ cache, storage, storeCode: 'ca' });
    await expect(persistence.restore()).resolves.toBeUndefined();
    expect(errors.mock.calls.some((call) => call.includes('Error restoring cache'))).toBe(true);
    expect(storage.map.has('apollo-cache-persist-ca')).toBe(false);
    // persistence goes on after the failed restore
    writeConfig(cache);
    await vi.advanceTimersByTimeAsync(1000);
    expect(storage.map.has('apollo-cache-persist-ca')).toBe(true);
  });

  it("spec §8: a storage that refuses to purge is logged as 'Error purging cache storage'", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = {
      ...memoryStorage(),
      getItem: () => '{"broken',
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const persistence = createCachePersistence({ cache: createShopCache(), storage, storeCode: 'ca' });
    await expect(persistence.restore()).resolves.toBeUndefined();
    expect(errors.mock.calls.some((call) => call.includes('Error purging cache storage'))).toBe(true);
  });

  it("spec §8: a failed write is logged as 'Error persisting cache' and never throws", async () => {
    const log = vi.fn();
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const cache = createShopCache();
    const persistence = createCachePersistence({ cache, storage, storeCode: 'ca', log });
    await persistence.restore();
    writeConfig(cache);
    await expect(persistence.persist()).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith(PERSIST_ERROR, expect.any(Error));
  });

  it('spec §9: beyond 1048576 characters the stored cache is purged and persistence paused', async () => {
    const storage = memoryStorage();
    const cache = createShopCache();
    const persistence = createCachePersistence({ cache, storage, storeCode: 'ca' });
    await persistence.restore();
    writeConfig(cache);
    await persistence.persist();
    expect(storage.map.has('apollo-cache-persist-ca')).toBe(true);
    cache.writeQuery({ query: CONFIG, data: { storeConfig: { __typename: 'StoreConfig', store_code: 'ca', locale: 'x'.repeat(PERSISTED_CACHE_MAX_SIZE) } } });
    await persistence.persist();
    expect(storage.map.has('apollo-cache-persist-ca')).toBe(false);
    expect(persistence.isPaused()).toBe(true);
    writeConfig(cache);
    await persistence.persist();
    expect(storage.map.has('apollo-cache-persist-ca')).toBe(false);
  });

  it('spec §4 persisted cache: an answer that arrives less than the debounce before the page is left is still stored (pagehide writes at once)', async () => {
    const storage = memoryStorage();
    const cache = createShopCache();
    const persistence = createCachePersistence({ cache, storage, storeCode: 'fr' });
    await persistence.restore();
    const page = new EventTarget();
    const stop = persistOnPageHide(page as unknown as Window, persistence);
    writeConfig(cache, 'fr_CA');
    // the debounced write has not happened yet
    expect(storage.map.has('apollo-cache-persist-fr')).toBe(false);
    page.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(storage.map.get('apollo-cache-persist-fr')).toContain('fr_CA');
    stop();
    storage.map.clear();
    page.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(storage.map.size).toBe(0);
  });
});
