import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = join(import.meta.dirname, '..');
const FR = join(import.meta.dirname, '../../services/i18n/messages/fr');
const FOLDERS = ['alerts', 'abandoned-cart', 'payment-return', 'shared/link-page'];

/** Message ids these views use (`id: '…'` in formatMessage calls), stories and tests excluded. */
function messageIds(): Set<string> {
  const ids = new Set<string>();
  for (const folder of FOLDERS) {
    for (const name of readdirSync(join(UI, folder))) {
      if (!/\.tsx?$/.test(name) || /\.(test|stories)\.tsx?$/.test(name)) continue;
      const text = readFileSync(join(UI, folder, name), 'utf8');
      for (const m of text.matchAll(/\bid: '([a-zA-Z][\w.]+)'/g)) ids.add(m[1]!);
    }
  }
  return ids;
}

describe('French catalogue of the alert, abandoned-cart and payment-return pages', () => {
  it('every message id these pages use has a French translation, and the French files hold no stale ids', () => {
    const french = (file: string) => JSON.parse(readFileSync(join(FR, file), 'utf8')) as Record<string, string>;
    const all: Record<string, string> = Object.assign({}, ...readdirSync(FR).map(french));
    const ids = messageIds();
    expect(ids.size).toBeGreaterThan(80);
    expect([...ids].filter((id) => !(id in all))).toEqual([]);
    const mine = { ...french('alerts.json'), ...french('payment.json') };
    expect(Object.keys(mine).filter((id) => !ids.has(id))).toEqual([]);
  });
});
