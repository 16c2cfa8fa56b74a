import type { DefinitionNode, DocumentNode } from 'graphql';

/**
 * What a gql-tagged document becomes in a production build (scripts/vite-precompile-graphql.ts): its own
 * definitions, parsed at build time, plus those of the fragments it interpolates — each definition
 * once, as graphql-tag would merge them. The browser then needs no GraphQL parser.
 */
export function compiledDocument(definitions: readonly DefinitionNode[], interpolated: readonly DocumentNode[]): DocumentNode {
  const seen = new Set<string>();
  const merged: DefinitionNode[] = [];
  for (const definition of [...definitions, ...interpolated.flatMap((document) => document.definitions)]) {
    const key = `${definition.kind}:${'name' in definition && definition.name ? definition.name.value : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(definition);
  }
  return { kind: 'Document' as DocumentNode['kind'], definitions: merged };
}
