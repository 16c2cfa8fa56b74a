import { parse, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { BACKEND_MODULES } from '../modules/modules';
import { MAGENTO_QUERY_COMPLEXITY, MAGENTO_QUERY_DEPTH, queryLimitRules } from './query-limits';
import { buildBackendSchema, mergeResolvers } from './schema';

const schema = buildBackendSchema(mergeResolvers(BACKEND_MODULES.map((m) => m.resolvers)));
const refusals = (query: string | DocumentNode, variables: Record<string, unknown> = {}) =>
  validate(schema, typeof query === 'string' ? parse(query) : query, queryLimitRules(variables)).map((e) => e.message);

/** `{ categories { items { children { children { … } } } } }` nested `levels` deep under items. */
const nestedCategories = (levels: number) => `{ categories { items { ${'children { '.repeat(levels)}uid${' }'.repeat(levels)} } } }`;

describe("issue 18: Magento's query limits (depth 20, complexity 300) with Magento's words", () => {
  it('depth counts root fields at 0 and fragments where they are spread', () => {
    // categories 0, items 1, children 2..(1+levels), uid 2+levels
    expect(refusals(nestedCategories(18))).toEqual([]);
    expect(refusals(nestedCategories(19))).toEqual([`Max query depth should be ${MAGENTO_QUERY_DEPTH} but got 21.`]);
    const viaFragment = `query { categories { items { ...Deep } } } fragment Deep on CategoryTree { ${'children { '.repeat(19)}uid${' }'.repeat(19)} }`;
    expect(refusals(viaFragment)).toEqual(['Max query depth should be 20 but got 21.']);
  });

  it('complexity is one a field plus its children: 60 aliased products are refused, with the count', () => {
    const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: products(search: "a") { items { sku name url_key } }`).join(' ')} }`;
    // each alias: products 1 + items 1 + 3 scalars = 5
    expect(refusals(aliased(60))).toEqual([]); // 300: the limit itself is allowed
    expect(refusals(aliased(61))).toEqual([`Max query complexity should be ${MAGENTO_QUERY_COMPLEXITY} but got 305.`]);
  });

  it('fields left out by @skip / @include cost nothing, as the request variables decide', () => {
    const query = `query ($full: Boolean!) { ${Array.from({ length: 61 }, (_, i) => `p${i}: products(search: "a") @include(if: $full) { items { sku name url_key } }`).join(' ')} storeConfig { code } }`;
    expect(refusals(query, { full: false })).toEqual([]);
    expect(refusals(query, { full: true })).toEqual(['Max query complexity should be 300 but got 307.']);
  });

  it("every operation the storefront sends stays within Magento's limits", () => {
    const modules = import.meta.glob<Record<string, unknown>>('/src/**/*.operations.ts', { eager: true });
    const documents = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports).flatMap(([name, value]) => ((value as DocumentNode | undefined)?.kind === 'Document' ? [{ name: `${file} ${name}`, document: value as DocumentNode }] : [])),
    );
    expect(documents.length).toBeGreaterThan(60);
    const over = documents.flatMap(({ name, document }) => refusals(document, { full: true }).map((message) => `${name}: ${message}`));
    expect(over).toEqual([]);
  });
});
