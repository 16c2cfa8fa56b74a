import { generate } from '@graphql-codegen/cli';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { RESOLVER_TYPES_FILE } from '../../codegen.backend';

const root = resolve(import.meta.dirname, '..', '..');

describe('backend resolver types (codegen.backend.ts)', () => {
  it('the generated resolvers-types.ts (not tracked: `npm install` writes it) is what `npm run codegen:backend` writes now (run it when the schema or resolvers change)', async () => {
    const [output] = await generate({ ...config, cwd: root }, false);
    expect(output?.filename).toBe(RESOLVER_TYPES_FILE);
    const onDisk = readFileSync(resolve(root, RESOLVER_TYPES_FILE), 'utf8');
    // compared line by line so a stale file shows the lines that changed, not one long string
    expect(onDisk.split('\n')).toEqual(output!.content.split('\n'));
  }, 120_000);
});
