import { generate } from '@graphql-codegen/cli';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { OPERATION_TYPES } from '../../codegen.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * DESIGN.md §6 rule 5: every GraphQL document is named, typed and checked against the Magento
 * schema. Codegen validates each document of src/ against Magento 2.4.9 + the extension SDL (a field
 * the schema lacks fails here, with the document's name), and the types the code compiles against are
 * the ones it generates now: a stale generated file (written by `npm install`'s `prepare`, not
 * tracked) fails until `npm run codegen` is run.
 */
describe('generated operation types (codegen.ts)', () => {
  it('are generated from valid documents and match the generated file', async () => {
    const files = (await generate({ ...config, cwd: root, silent: true, errorsOnly: true }, false)) as { filename: string; content: string }[];
    const generated = files.find((file) => resolve(root, file.filename) === resolve(root, OPERATION_TYPES));
    expect(generated, `codegen produced no ${OPERATION_TYPES}`).toBeDefined();
    const onDisk = readFileSync(resolve(root, OPERATION_TYPES), 'utf8');
    expect(generated!.content === onDisk, `${OPERATION_TYPES} is stale: run \`npm run codegen\``).toBe(true);
  }, 180_000);
});
