import { describe, expect, it } from 'vitest';
import { createBrowserStorage } from './browser-storage';
import { memoryStorage } from './memory-storage.test-helpers';

describe('browser storage', () => {
  it('spec §4 User session: stored items with a ttl are removed when read after expiry', () => {
    const backing = memoryStorage();
    let now = 1_000_000;
    const storage = createBrowserStorage(backing, () => now);
    storage.setItem('signin_token', 'abc', 3600);
    now += 3600 * 1000;
    expect(storage.getItem('signin_token')).toBe('abc');
    now += 1;
    expect(storage.getItem('signin_token')).toBeUndefined();
    expect(backing.map.has('signin_token')).toBe(false);
  });

  it('keeps the record shape { value, timeStored, ttl } (spec §3 Sign-in record)', () => {
    const backing = memoryStorage();
    const storage = createBrowserStorage(backing, () => 42);
    storage.setItem('signin_token', 'tok', 3600);
    expect(JSON.parse(backing.map.get('signin_token')!)).toEqual({ value: 'tok', timeStored: 42, ttl: 3600 });
    expect(storage.getRecord('signin_token')).toEqual({ value: 'tok', timeStored: 42, ttl: 3600 });
  });

  it('ignores and removes a corrupt or foreign value, never throwing', () => {
    const backing = memoryStorage();
    const storage = createBrowserStorage(backing);
    backing.map.set('a', '{not json');
    backing.map.set('b', '"plain string"');
    backing.map.set('c', JSON.stringify({ value: 1, timeStored: 'yesterday' }));
    expect(storage.getItem('a')).toBeUndefined();
    expect(storage.getItem('b')).toBeUndefined();
    expect(storage.getItem('c')).toBeUndefined();
    expect(backing.map.size).toBe(0);
  });

  it('survives a storage that throws (private mode, quota exceeded)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const storage = createBrowserStorage(throwing);
    expect(() => storage.setItem('k', 1)).not.toThrow();
    expect(storage.getItem('k')).toBeUndefined();
    expect(() => storage.removeItem('k')).not.toThrow();
  });

  it('works with no storage at all', () => {
    const storage = createBrowserStorage(null);
    storage.setItem('k', 1);
    expect(storage.getItem('k')).toBeUndefined();
  });
});

describe('browser storage records', () => {
  it('spec §3 Sign-in record: setRecord keeps the given timeStored and ttl', () => {
    const map = new Map<string, string>();
    const storage = createBrowserStorage(
      { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) },
      () => 5_000,
    );
    storage.setRecord('signin_token', { value: 'tok', timeStored: 1_000, ttl: 3600 });
    expect(JSON.parse(map.get('signin_token')!)).toEqual({ value: 'tok', timeStored: 1_000, ttl: 3600 });
    storage.setRecord('plain', { value: 1, timeStored: 2 });
    expect(JSON.parse(map.get('plain')!)).toEqual({ value: 1, timeStored: 2 });
  });
});

describe('reading an expired record on purpose', () => {
  it('spec §4 User session: the session can read an expired sign-in record to sign out with it', () => {
    const map = new Map<string, string>();
    let now = 0;
    const storage = createBrowserStorage(
      { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) },
      () => now,
    );
    storage.setItem('signin_token', 'tok', 10);
    now = 60_000;
    expect(storage.getRecord('signin_token', { includeExpired: true })).toEqual({ value: 'tok', timeStored: 0, ttl: 10 });
    expect(map.has('signin_token')).toBe(true);
    expect(storage.getRecord('signin_token')).toBeUndefined();
    expect(map.has('signin_token')).toBe(false);
  });
});
