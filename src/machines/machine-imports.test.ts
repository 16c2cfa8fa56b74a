import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MACHINES_DIR = dirname(fileURLToPath(import.meta.url));
/** The eyewear rules' one home, pure like the machines and shared with the backend (ADR 035). */
const RULES_DIR = resolve(MACHINES_DIR, '..', '..', 'rules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function importedModules(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/\b(?:import|export)\s[^'"]*?\sfrom\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...source.matchAll(/\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return specifiers.map((match) => match[1]!);
}

/** Machines import xstate, other machine files by relative path inside src/machines, and the eyewear rules (ADR 001, ADR 035). */
function isAllowed(specifier: string, file: string): boolean {
  if (specifier === 'xstate' || specifier.startsWith('xstate/')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = resolve(dirname(file), specifier);
  return !relative(MACHINES_DIR, target).startsWith('..') || !relative(RULES_DIR, target).startsWith('..');
}

describe('machine layer imports (ADR 001)', () => {
  const files = sourceFiles(MACHINES_DIR);

  it('finds the machine files', () => {
    expect(files.some((file) => file.endsWith('cart.machine.ts'))).toBe(true);
  });

  it('the import scanner sees every kind of import', () => {
    const source = `import { a } from 'react';\nimport type { B } from "../../services/x";\nexport { c } from './c';\nimport 'side-effect';\nconst d = import('dyn');`;
    expect(importedModules(source)).toEqual(['react', '../../services/x', './c', 'side-effect', 'dyn']);
    expect(isAllowed('../../services/x', join(MACHINES_DIR, 'cart', 'cart.machine.ts'))).toBe(false);
    expect(isAllowed('../session/session.machine', join(MACHINES_DIR, 'cart', 'cart.machine.ts'))).toBe(true);
  });

  it.each(files.map((file) => [relative(MACHINES_DIR, file), file]))('%s imports only xstate and other machine files', (_name, file) => {
    const forbidden = importedModules(readFileSync(file, 'utf8')).filter((specifier) => !isAllowed(specifier, file));
    expect(forbidden).toEqual([]);
  });
});
