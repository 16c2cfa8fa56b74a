import { describe, expect, it } from 'vitest';
import { documentNesting, MAX_DOCUMENT_NESTING } from './document-nesting';

describe('documentNesting (ADR 037: a document the parser cannot recurse through is refused before it is parsed)', () => {
  it('counts selections, arguments and list values, not brackets inside strings, block strings or comments', () => {
    expect(documentNesting('{ products(filter: { sku: { in: ["a"] } }) { items { sku } } }')).toBe(5);
    expect(documentNesting('{ a(s: "{{{{[[[(((") b(s: """ {{{ \\""" [[[ """) # {{{{{{\n }')).toBe(2);
    expect(documentNesting('query { a }')).toBe(1);
  });

  it('reads a document nested far past the bound without running out of stack', () => {
    const deep = `${'{ a '.repeat(100_000)}${'}'.repeat(100_000)}`;
    expect(documentNesting(deep)).toBe(100_000);
    expect(documentNesting(deep)).toBeGreaterThan(MAX_DOCUMENT_NESTING);
  });
});
