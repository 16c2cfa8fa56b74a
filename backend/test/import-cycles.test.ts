import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each file's relative imports (type-only imports included: a cycle of types is still a knot to read). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((i) => i.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => [resolve(dirname(file), `${name}.ts`), resolve(dirname(file), name, 'index.ts')].find((candidate) => known.has(candidate)))
        .filter((target): target is string => Boolean(target));
      return [file, targets];
    }),
  );
}

/** Every cycle found by a depth-first walk, as the files around it. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('backend/src imports', () => {
  it('has no import cycles (what `npx madge --circular --extensions ts backend/src` checks)', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const cycles = cyclesOf(importGraph(files)).map((cycle) => cycle.map((file) => relative(src, file)).join(' → '));
    expect(cycles).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']], ['d.ts', ['a.ts']]]);
    expect(cyclesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
