/**
 * Browser storage with a ttl (spec §4 "Stored browser items with a ttl are removed when read after
 * expiry", §9 keys). Values are JSON records `{ value, timeStored, ttl }`; a corrupt or foreign value
 * is ignored (and removed), never a crash; a storage that throws (private mode, quota) is survived.
 */
export interface StoredRecord<T> {
  value: T;
  /** ms timestamp */
  timeStored: number;
  /** seconds; absent means no expiry */
  ttl?: number;
}

export interface BrowserStorage {
  getItem<T>(key: string): T | undefined;
  /** The record; `includeExpired` reads an expired one without removing it (the session signs out with it). */
  getRecord<T>(key: string, options?: { includeExpired?: boolean }): StoredRecord<T> | undefined;
  setItem<T>(key: string, value: T, ttl?: number): void;
  /** Writes a record as given (its own timeStored), e.g. the session's sign-in record. */
  setRecord<T>(key: string, record: StoredRecord<T>): void;
  removeItem(key: string): void;
}

export function createBrowserStorage(
  backing: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
  now: () => number = () => Date.now(),
  prefix = '',
): BrowserStorage {
  const safely = <T>(work: () => T, fallback: T): T => {
    try {
      return work();
    } catch {
      return fallback;
    }
  };
  const isExpired = (record: StoredRecord<unknown>) => typeof record.ttl === 'number' && now() - record.timeStored > record.ttl * 1000;

  const getRecord = <T>(key: string, options: { includeExpired?: boolean } = {}): StoredRecord<T> | undefined => {
    if (!backing) return undefined;
    const raw = safely(() => backing.getItem(prefix + key), null);
    if (raw === null) return undefined;
    const record = safely(() => JSON.parse(raw) as unknown, undefined);
    if (isStoredRecord(record) && options.includeExpired) return record as StoredRecord<T>;
    if (!isStoredRecord(record) || isExpired(record)) {
      safely(() => backing.removeItem(prefix + key), undefined);
      return undefined;
    }
    return record as StoredRecord<T>;
  };

  return {
    getRecord,
    getItem: <T>(key: string) => getRecord<T>(key)?.value,
    setItem: (key, value, ttl) => {
      if (!backing) return;
      const record: StoredRecord<unknown> = { value, timeStored: now(), ...(ttl === undefined ? {} : { ttl }) };
      safely(() => backing.setItem(prefix + key, JSON.stringify(record)), undefined);
    },
    setRecord: (key, record) => {
      if (!backing) return;
      const { value, timeStored, ttl } = record;
      safely(() => backing.setItem(prefix + key, JSON.stringify({ value, timeStored, ...(typeof ttl === 'number' ? { ttl } : {}) })), undefined);
    },
    removeItem: (key) => {
      if (backing) safely(() => backing.removeItem(prefix + key), undefined);
    },
  };
}

function isStoredRecord(x: unknown): x is StoredRecord<unknown> {
  if (typeof x !== 'object' || x === null || !('value' in x) || !('timeStored' in x)) return false;
  const r = x as { timeStored: unknown; ttl?: unknown };
  return typeof r.timeStored === 'number' && (r.ttl === undefined || typeof r.ttl === 'number');
}

/** The page's localStorage, or null where the browser refuses it. */
export function pageLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The page's sessionStorage (this tab's own), or null where the browser refuses it. */
export function pageSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
