/**
 * The persisted cache (spec §4 "Switching store view keeps a separate persisted cache per store
 * code", §8 log messages, §9 limits), on apollo3-cache-persist. Restored before the first render;
 * a broken stored value is purged and logged, never a crash.
 */
import type { InMemoryCache, NormalizedCacheObject } from '@apollo/client';
import { CachePersistor } from 'apollo3-cache-persist';
import type { CacheWriter } from './cache';

export const PERSISTED_CACHE_KEY_PREFIX = 'apollo-cache-persist';
/** Spec §9: beyond this many characters the stored cache is purged and persistence paused. */
export const PERSISTED_CACHE_MAX_SIZE = 1048576;
export const PERSISTED_CACHE_DEBOUNCE_MS = 1000;
export const PERSIST_ERROR = 'Error persisting cache';
export const RESTORE_ERROR = 'Error restoring cache';
export const PURGE_ERROR = 'Error purging cache storage';

export const persistedCacheKey = (storeCode: string) => `${PERSISTED_CACHE_KEY_PREFIX}-${storeCode}`;

type TextStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
export type PersistLog = (message: string, error: unknown) => void;

const consoleLog: PersistLog = (message, error) => console.error('[apollo-cache-persist]', message, error);

export interface CachePersistence extends CacheWriter {
  /** Reads the stored cache into memory; resolves (never rejects) whether or not that worked. */
  restore(): Promise<void>;
  purge(): Promise<void>;
  /** Stops persisting (tests, or a page that is going away). */
  remove(): void;
  /** True once the stored cache outgrew the limit: persistence is paused. */
  isPaused(): boolean;
}

/**
 * The library rethrows a failed write from its write trigger, where nobody can catch it; the
 * storage therefore never throws: a failed write (quota, private mode) is logged with the spec's
 * message and the stale value removed, so the next restore cannot bring back an older cache.
 */
function neverThrowingStorage(storage: TextStorage, log: PersistLog) {
  return {
    getItem: (key: string) => storage.getItem(key),
    removeItem: (key: string) => storage.removeItem(key),
    setItem: (key: string, value: string | null) => {
      try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, value);
      } catch (error) {
        log(PERSIST_ERROR, error);
        try {
          storage.removeItem(key);
        } catch {
          // nothing more to do: the next write tries again
        }
      }
    },
  };
}

export function createCachePersistence(options: {
  cache: InMemoryCache;
  storage: TextStorage;
  storeCode: string;
  log?: PersistLog;
  maxSize?: number;
}): CachePersistence {
  const log = options.log ?? consoleLog;
  const persistor = new CachePersistor<NormalizedCacheObject>({
    cache: options.cache,
    storage: neverThrowingStorage(options.storage, log),
    key: persistedCacheKey(options.storeCode),
    maxSize: options.maxSize ?? PERSISTED_CACHE_MAX_SIZE,
    debounce: PERSISTED_CACHE_DEBOUNCE_MS,
    trigger: 'write',
  });
  // No write may reach storage before the stored cache is read back.
  persistor.pause();
  const purge = async () => {
    await persistor.purge().catch(() => undefined);
  };
  return {
    restore: async () => {
      try {
        await persistor.restore();
      } catch {
        // Logged by the library as 'Error restoring cache'; the broken value must not come back.
        await purge();
      } finally {
        persistor.resume();
      }
    },
    persist: () => persistor.persist(),
    purge,
    remove: () => persistor.remove(),
    isPaused: () => persistor.persistor.paused,
  };
}

/**
 * Writes are debounced ({@link PERSISTED_CACHE_DEBOUNCE_MS}): a page left sooner than that (a full
 * load of another page, a closed tab) would lose its newest answers, so leaving the page writes the
 * cache at once. Returns the listener's removal.
 */
export function persistOnPageHide(target: Pick<Window, 'addEventListener' | 'removeEventListener'>, persistence: CacheWriter): () => void {
  const write = () => {
    void persistence.persist().catch(() => undefined);
  };
  target.addEventListener('pagehide', write);
  return () => target.removeEventListener('pagehide', write);
}
