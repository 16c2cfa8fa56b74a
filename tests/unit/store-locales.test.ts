import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORE_CODES, STORE_LOCALES } from '../../src/services/store-view/store-views';

const ROOT = join(import.meta.dirname, '../..');

describe('the locale of each store view before its config answers', () => {
  it("is the locale the backend's store config states for it, for all 13 store views", () => {
    const views = JSON.parse(readFileSync(join(ROOT, 'backend/src/modules/store/store-views.json'), 'utf8')) as { code: string; locale: string }[];
    expect(Object.keys(STORE_LOCALES).sort()).toEqual([...STORE_CODES].sort());
    expect(Object.fromEntries(views.map((v) => [v.code, v.locale.replace('_', '-')]))).toEqual(STORE_LOCALES);
  });
});
