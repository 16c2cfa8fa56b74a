import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const backendRoot = resolve(import.meta.dirname, '..', '..');

/**
 * A short hash of everything that shapes a seeded database (the backend's sources and schema), so
 * that tools keeping a seeded database around (contract-test template, Storybook) seed anew when
 * the backend changes instead of serving stale data.
 */
export function backendSourceVersion(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|graphql|json)$/.test(name) && !name.endsWith('.test.ts')) hash.update(name).update(readFileSync(path));
    }
  };
  walk(join(backendRoot, 'src'));
  walk(join(backendRoot, 'schema'));
  return hash.digest('hex').slice(0, 16);
}
