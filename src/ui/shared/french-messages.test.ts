import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = join(import.meta.dirname, '..');
const FR = join(import.meta.dirname, '../../services/i18n/messages/fr');
const AREAS = ['app', 'shell', 'shared', 'home', 'catalog', 'product', 'search', 'cms'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Message ids of the browsing views: `id: '…'` in defineMessages/formatMessage, `id="…"` in JSX. */
function messageIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of AREAS.flatMap((a) => sources(join(UI, a)))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bid(?:: |=)['"]([a-zA-Z][\w.]+)['"]/g)) if (m[1]!.includes('.')) ids.add(m[1]!);
  }
  return ids;
}

describe('French catalogue of the browsing views', () => {
  it('every message id the views use has a French translation', () => {
    const french: Record<string, string> = Object.assign(
      {},
      ...readdirSync(FR).map((f) => JSON.parse(readFileSync(join(FR, f), 'utf8')) as Record<string, string>),
    );
    const ids = messageIds();
    expect(ids.size).toBeGreaterThan(80);
    const missing = [...ids].filter((id) => !(id in french));
    expect(missing).toEqual([]);
  });
});
