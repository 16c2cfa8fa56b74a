import { addTypenameToDocument } from '@apollo/client/utilities';
import { parse, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BACKEND_MODULES } from '../modules/modules';
import { MAGENTO_QUERY_COMPLEXITY, MAGENTO_QUERY_DEPTH, queryLimitRules } from './query-limits';
import { buildBackendSchema, mergeResolvers } from './schema';

const schema = buildBackendSchema(mergeResolvers(BACKEND_MODULES.map((m) => m.resolvers)));
const refusals = (query: string | DocumentNode) => validate(schema, typeof query === 'string' ? parse(query) : query, queryLimitRules()).map((e) => e.message);

/** `{ categories { items { children { children { … } } } } }` nested `levels` deep under items. */
const nestedCategories = (levels: number) => `{ categories { items { ${'children { '.repeat(levels)}uid${' }'.repeat(levels)} } } }`;

describe("Magento's query limits (depth 20, complexity 300) with Magento's words", () => {
  it("depth counts as graphql-php's QueryDepth: fields with a selection only, root ones at 0, fragments where spread", () => {
    expect(refusals('{ products(search: "a") { items { sku } } }')).toEqual([]);
    // categories 0, items 1, children 2..(1+levels); the leaf uid does not count
    expect(refusals(nestedCategories(19))).toEqual([]);
    expect(refusals(nestedCategories(20))).toEqual([`Max query depth should be ${MAGENTO_QUERY_DEPTH} but got 21.`]);
    const viaFragment = `query { categories { items { ...Deep } } } fragment Deep on CategoryTree { ${'children { '.repeat(20)}uid${' }'.repeat(20)} }`;
    expect(refusals(viaFragment)).toEqual(['Max query depth should be 20 but got 21.']);
  });

  it('fragments are counted once each: nested fragments spread ten times at every level are counted at once, and a cycle does not overflow', () => {
    const levels = 18;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i === 0
        ? 'fragment F0 on CategoryTree { uid }'
        : `fragment F${i} on CategoryTree { ${Array.from({ length: 10 }, (_, k) => `a${k}: children { ...F${i - 1} }`).join(' ')} }`,
    ).join(' ');
    const started = performance.now();
    const messages = refusals(`{ categories { items { ...F${levels - 1} } } } ${fragments}`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(messages.some((m) => m.startsWith('Max query complexity should be 300 but got'))).toBe(true);
    expect(() => refusals('{ categories { items { ...A } } } fragment A on CategoryTree { children { ...A } }')).not.toThrow();
  });

  it('complexity is one a field plus its children: 60 aliased products are refused, with the count', () => {
    const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: products(search: "a") { items { sku name url_key } }`).join(' ')} }`;
    // each alias: products 1 + items 1 + 3 scalars = 5
    expect(refusals(aliased(60))).toEqual([]); // 300: the limit itself is allowed
    expect(refusals(aliased(61))).toEqual([`Max query complexity should be ${MAGENTO_QUERY_COMPLEXITY} but got 305.`]);
  });

  it('a literal @include(if: false) costs nothing; a condition a variable decides counts as selected (validation is cached per document)', () => {
    const products = (condition: string) =>
      Array.from({ length: 61 }, (_, i) => `p${i}: products(search: "a") @include(if: ${condition}) { items { sku name url_key } }`).join(' ');
    expect(refusals(`{ ${products('false')} storeConfig { code } }`)).toEqual([]);
    expect(refusals(`query ($full: Boolean!) { ${products('$full')} storeConfig { code } }`)).toEqual(['Max query complexity should be 300 but got 307.']);
  });

  it("every operation the storefront sends stays within Magento's limits", () => {
    const modules = import.meta.glob<Record<string, unknown>>('/src/**/*.operations.ts', { eager: true });
    const documents = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports).flatMap(([name, value]) =>
        (value as DocumentNode | undefined)?.kind === 'Document' ? [{ name: `${file} ${name}`, document: value as DocumentNode }] : [],
      ),
    );
    expect(documents.length).toBeGreaterThan(60);
    // As Apollo sends them: with __typename in every selection, which Magento counts.
    const over = documents.flatMap(({ name, document }) => refusals(addTypenameToDocument(document)).map((message) => `${name}: ${message}`));
    expect(over).toEqual([]);
  });
});
