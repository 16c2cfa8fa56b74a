import { print } from 'graphql';
import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { compiledDocument } from '../src/services/apollo/compiled-document';
import { compileGqlTemplates } from './vite-precompile-graphql';

describe('GraphQL precompilation (production builds ship no GraphQL parser)', () => {
  it('turns gql templates into compiled documents that print like graphql-tag documents', () => {
    const out = compileGqlTemplates(
      'const F = gql`fragment F on Cart { id }`;\nconst Q = gql`query Q($id: String!) { cart(cart_id: $id) { ...F } } ${F}`;',
      '/src/a.ts',
    );
    expect(out).toMatch(/^import \{ compiledDocument as __compiledDocument \}/);
    expect(out).toContain('__compiledDocument([{"kind":"FragmentDefinition"');
    expect(out).toContain(', [F])');
    const F = gql`
      fragment F on Cart {
        id
      }
    `;
    const fromTag = gql`
      query Q($id: String!) {
        cart(cart_id: $id) {
          ...F
        }
      }
      ${F}
    `;
    const compiled = compiledDocument(JSON.parse(/__compiledDocument\((\[.*\]), \[F\]\)/.exec(out)![1]!), [
      compiledDocument(JSON.parse(/__compiledDocument\((\[.*?\]), \[\]\)/.exec(out)![1]!), []),
    ]);
    expect(print(compiled)).toBe(print(fromTag));
  });

  it('keeps each definition once when fragments are interpolated twice', () => {
    const F = gql`
      fragment F on Cart {
        id
      }
    `;
    const G = compiledDocument(
      [
        ...gql`
          fragment G on Cart {
            email
          }
        `.definitions,
      ],
      [F],
    );
    const doc = compiledDocument(
      [
        ...gql`
          query Q {
            cart(cart_id: "x") {
              ...F
              ...G
            }
          }
        `.definitions,
      ],
      [F, G],
    );
    expect(doc.definitions.map((d) => ('name' in d && d.name ? d.name.value : ''))).toEqual(['Q', 'F', 'G']);
  });

  it('fails the build on an interpolation that is not a fragment name, or on invalid GraphQL', () => {
    expect(() => compileGqlTemplates('const Q = gql`query { a } ${make()}`;', '/src/b.ts')).toThrow(/b\.ts:1:\d+: a gql interpolation must be/);
    expect(() => compileGqlTemplates('const Q = gql`query {`;', '/src/c.ts')).toThrow(/c\.ts:1: Syntax Error/);
  });
});
