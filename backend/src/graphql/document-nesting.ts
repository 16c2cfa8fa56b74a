/**
 * How deep a GraphQL document nests its brackets (`{`, `[`, `(`), read before it is parsed.
 * graphql-js parses by recursion: a document nested some thousands deep (`{ a { a { … } } }`, or a
 * list value `[[[…]]]`) ran the parser out of stack, and the request answered 500. Magento's depth
 * limit (20, `query-limits.ts`) is a validation rule, read only once the document is parsed; this
 * bound comes first, and far above anything that limit lets through (ADR 037, *Malformed input*).
 */
export const MAX_DOCUMENT_NESTING = 200;

export const DOCUMENT_TOO_DEEP = `Syntax Error: the document nests its brackets more than ${MAX_DOCUMENT_NESTING} deep.`;

/** The deepest bracket nesting of `query`, not counting brackets inside strings, block strings or comments. */
export function documentNesting(query: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (c === '#') {
      while (i < query.length && query[i] !== '\n' && query[i] !== '\r') i++;
    } else if (c === '"') {
      if (query.startsWith('"""', i)) {
        let end = query.indexOf('"""', i + 3);
        while (end > 0 && query[end - 1] === '\\') end = query.indexOf('"""', end + 3); // an escaped \""" goes on
        i = end < 0 ? query.length : end + 2;
      } else {
        for (i++; i < query.length && query[i] !== '"' && query[i] !== '\n'; i++) if (query[i] === '\\') i++;
      }
    } else if (c === '{' || c === '[' || c === '(') {
      deepest = Math.max(deepest, ++depth);
    } else if (c === '}' || c === ']' || c === ')') {
      depth = Math.max(depth - 1, 0);
    }
  }
  return deepest;
}
