/**
 * Every `var(--name)` a stylesheet of the shop uses is defined somewhere in the shop's styles (the
 * theme's tokens, or a rule that sets it): an undefined one makes its declaration invalid at
 * computed time, and the property falls back to its initial value without a word (a list's
 * `padding-inline-start: var(--space-5)` became 0, its markers drawn on the alert's border).
 * A `var(--name, fallback)` is allowed to name a property nothing defines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
const sourceFiles = filesUnder('src');
const sheets = sourceFiles.filter((path) => path.endsWith('.css')).map((path) => ({ path, text: readFileSync(path, 'utf8') }));
const defined = new Set(sheets.flatMap(({ text }) => [...text.matchAll(/(--[\w-]+)\s*:/g)].map(([, name]) => name)));
// Set from code (a view's inline style), not from a stylesheet.
const setInCode = new Set(
  sourceFiles
    .filter((path) => path.endsWith('.tsx'))
    .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/['"](--[\w-]+)['"]\s*[:\]]/g)].map(([, name]) => name)),
);

describe('CSS custom properties', () => {
  it('finds the stylesheets and the theme tokens it checks against', () => {
    expect(sheets.length).toBeGreaterThan(20);
    expect(defined).toContain('--space-4');
  });

  it('every var() without a fallback names a property the shop defines', () => {
    const undefinedUses = sheets.flatMap(({ path, text }) =>
      [...text.matchAll(/var\(\s*(--[\w-]+)\s*\)/g)]
        .map(([, name]) => name)
        .filter((name) => !defined.has(name) && !setInCode.has(name))
        .map((name) => `${path}: ${name}`),
    );
    expect(undefinedUses).toEqual([]);
  });
});
