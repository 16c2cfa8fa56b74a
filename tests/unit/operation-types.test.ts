import { generate } from '@graphql-codegen/cli';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import config, { OPERATION_TYPES } from '../../codegen.ts';

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'operation-types-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Codegen with this config over the given documents (the project's own, or one scratch file). */
async function generateTypes(documents = config.documents) {
  return (await generate({ ...config, documents, cwd: root, silent: true, errorsOnly: true }, false)) as { filename: string; content: string }[];
}

/** A scratch operations file, plucked as the project's are (a `gql` template in a .ts file). */
function scratchDocument(name: string, selection: string): string {
  const path = join(scratch, `${name}.operations.ts`);
  writeFileSync(path, `import { gql } from '@apollo/client';\nexport const ${name.toUpperCase()} = gql\`\n  query ${name} {\n    ${selection}\n  }\n\`;\n`);
  return path;
}

/**
 * Every GraphQL document is named, typed and checked against the Magento
 * schema. Codegen validates each document of src/ against Magento 2.4.9 + the extension SDL (a field
 * the schema lacks fails here, with the document's name), and the types the code compiles against are
 * the ones it generates now: a stale generated file (written by `npm install`'s `prepare`, not
 * tracked) fails until `npm run codegen` is run.
 */
describe('generated operation types (codegen.ts)', () => {
  it('are generated from valid documents and match the generated file', async () => {
    const files = await generateTypes();
    const generated = files.find((file) => resolve(root, file.filename) === resolve(root, OPERATION_TYPES));
    expect(generated, `codegen produced no ${OPERATION_TYPES}`).toBeDefined();
    const onDisk = readFileSync(resolve(root, OPERATION_TYPES), 'utf8');
    expect(generated!.content === onDisk, `${OPERATION_TYPES} is stale: run \`npm run codegen\``).toBe(true);
  }, 180_000);

  // The gate above cannot pass over a document that selects a field the schema lacks.
  it('refuse a document selecting a field the schema lacks, naming the field, and type the same document once it is fixed', async () => {
    const broken = scratchDocument('ScratchCart', 'cart(cart_id: "x") { id lunette_no_such_field }');
    await expect(generateTypes([broken])).rejects.toThrow(/Cannot query field "lunette_no_such_field" on type "Cart"/);
    const fixed = scratchDocument('ScratchCart', 'cart(cart_id: "x") { id total_quantity }');
    const files = await generateTypes([fixed]);
    expect(files.map((file) => file.content).join('\n')).toContain('export type ScratchCartQuery = { cart: { id: string, total_quantity: number } | null };');
  }, 180_000);

  // Codegen reads the tracked copy of Magento's schema so a clone without ../shared typechecks; the copy must
  // stay the contract the storefront is checked against (`npm run magento:check`).
  it("read Magento's schema from the tracked copy, which is the contract's own", () => {
    expect(config.schema).toContain('backend/schema/magento-os-2.4.9.graphql');
    const contract = resolve(process.env.SHARED_DIR ?? resolve(root, '..', 'shared'), 'magento', 'magento-os-2.4.9.graphql');
    if (!existsSync(contract)) throw new Error(`The Magento contract is not at ${contract}: put shared/ beside the repository or set SHARED_DIR`);
    expect(
      readFileSync(resolve(root, 'backend/schema/magento-os-2.4.9.graphql'), 'utf8') === readFileSync(contract, 'utf8'),
      'backend/schema/magento-os-2.4.9.graphql differs from the contract',
    ).toBe(true);
  });
});
