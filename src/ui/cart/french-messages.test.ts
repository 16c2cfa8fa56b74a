import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = join(import.meta.dirname, '..');
const FR = join(import.meta.dirname, '../../services/i18n/messages/fr');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|stories)\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('French catalogue of the cart, checkout and account views', () => {
  it('every message id they use has a French translation', () => {
    // The French catalogue is every fr/*.json merged (services/i18n/messages.ts): a cart line may show eyewear wording.
    const french: Record<string, string> = Object.assign(
      {},
      ...readdirSync(FR).map((f) => JSON.parse(readFileSync(join(FR, f), 'utf8')) as Record<string, string>),
    );
    const ids = new Set<string>();
    for (const file of ['cart', 'checkout', 'account'].flatMap((area) => sources(join(UI, area)))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\bid(?:: |=)['"]([a-z]+\.[\w.]+)['"]/g)) ids.add(m[1]!);
    }
    expect(ids.size).toBeGreaterThan(150);
    expect([...ids].filter((id) => !(id in french))).toEqual([]);
  });
});
