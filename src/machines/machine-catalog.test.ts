import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childMachineNames, machineCatalog } from './machine-catalog';

const MACHINES_DIR = dirname(fileURLToPath(import.meta.url));

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(path);
    return entry.name.endsWith('.machine.ts') ? [path] : [];
  });
}

describe('machine catalog (every state of every machine has a story)', () => {
  it('lists each machine once, under a unique id', () => {
    const ids = machineCatalog.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const machines = machineCatalog.map((entry) => entry.machine);
    expect(new Set(machines).size).toBe(machines.length);
  });

  it('lists every machine exported by a *.machine.ts file', () => {
    const exported = machineFiles(MACHINES_DIR).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^export const (\w+Machine)\s*=/gm)].map((match) => match[1]!),
    );
    const listed = machineCatalog.map((entry) => entry.machine.id);
    expect(exported.length).toBeGreaterThanOrEqual(machineCatalog.length);
    const missing = exported.filter((name) => !childMachineNames.includes(name) && !listed.includes(name.replace(/Machine$/, '')));
    expect(missing).toEqual([]);
  });
});
