import { print, stripIgnoredCharacters, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as cart from '../cart/cart.operations';
import * as checkout from '../checkout/checkout.operations';
import * as route from '../route/route.operations';
import * as session from '../session/session.operations';
import * as storeView from '../store-view/store-view.operations';
import { minifyQuery } from './minify-query';

const documents = [cart, checkout, route, session, storeView].flatMap((module) =>
  Object.values(module as Record<string, unknown>).filter(
    (v): v is DocumentNode => typeof v === 'object' && v !== null && (v as DocumentNode).kind === 'Document',
  ),
);

describe('query minification (spec §7: queries as GET with the query minified)', () => {
  it("matches graphql's stripIgnoredCharacters on every document the services send", () => {
    expect(documents.length).toBeGreaterThan(10);
    for (const document of documents) {
      const printed = print(document);
      expect(minifyQuery(printed)).toBe(stripIgnoredCharacters(printed));
    }
  });

  it('keeps strings, block strings and escapes as they are, and drops comments and commas', () => {
    const source =
      'query Q($a: Int = -1) {\n  # a comment\n  f(s: "a, b  \\"c\\"", t: """x,  y""", n: [1, -2], m: $a) @include(if: true) { ... on X { id } }\n}';
    expect(minifyQuery(source)).toBe(stripIgnoredCharacters(source));
  });
});
