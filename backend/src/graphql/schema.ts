import { addResolversToSchema } from '@graphql-tools/schema';
import { filterSchema, pruneSchema } from '@graphql-tools/utils';
import { buildSchema, extendSchema, parse, isObjectType, type GraphQLSchema } from 'graphql';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Resolvers } from '../module';

/** backend/schema/ from the sources; the compiled server (dist/.server/main.js) has its copy beside it. */
const compiledSchemaDir = fileURLToPath(new URL('./schema/', import.meta.url));
const schemaDir = existsSync(compiledSchemaDir) ? compiledSchemaDir : fileURLToPath(new URL('../../schema/', import.meta.url));

/** Magento Open Source 2.4.9's schema (a copy of the contract) and the shop module's extension. */
export const MAGENTO_SDL_PATH = `${schemaDir}magento-os-2.4.9.graphql`;
export const EXTENSION_SDL_PATH = `${schemaDir}extension.graphql`;

/**
 * The served schema is Magento's own, cut down to the root fields this backend resolves and the
 * types they reach. Nothing is re-typed by hand, so the contract checker finds no difference.
 */
export function buildBackendSchema(resolvers: Resolvers): GraphQLSchema {
  // Without source locations: a served type's AST node would otherwise hold the whole Magento SDL's
  // token list (19k tokens, 3 MB of the idle heap) for error positions no schema error needs.
  // Magento's SDL is the contract's copy, checked valid by its own test (schema.test.ts), not again
  // at each start (a third of a second of a server's start). The extension is validated as it is applied.
  let contract = buildSchema(readFileSync(MAGENTO_SDL_PATH, 'utf8'), { noLocation: true, assumeValidSDL: true });
  const extension = readFileSync(EXTENSION_SDL_PATH, 'utf8');
  if (extension.replace(/#.*$/gm, '').trim()) contract = extendSchema(contract, parse(extension, { noLocation: true }));

  const resolved = (typeName: string, fieldName: string) => {
    const typeResolvers = resolvers[typeName] as Record<string, unknown> | undefined;
    return Boolean(typeResolvers && fieldName in typeResolvers);
  };
  const served = pruneSchema(
    filterSchema({
      schema: contract,
      rootFieldFilter: (operation, fieldName) => resolved(operation, fieldName),
    }),
  );
  // Resolvers of types that the served schema does not reach are dropped rather than rejected.
  const reachable: Resolvers = {};
  for (const [typeName, typeResolvers] of Object.entries(resolvers)) {
    const type = served.getType(typeName);
    if (!type) continue;
    if (isObjectType(type)) {
      const fields = type.getFields();
      reachable[typeName] = Object.fromEntries(
        Object.entries(typeResolvers as Record<string, unknown>).filter(([name]) => name.startsWith('__') || name in fields),
      );
    } else {
      reachable[typeName] = typeResolvers;
    }
  }
  return addResolversToSchema({ schema: served, resolvers: reachable, inheritResolversFromInterfaces: true });
}

/** Deep-merges module resolver maps (type by type, field by field); a field defined twice is an error. */
export function mergeResolvers(maps: readonly Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const target = (merged[typeName] ??= {});
      for (const [field, resolver] of Object.entries(fields as Record<string, unknown>)) {
        if (field in target) throw new Error(`Resolver ${typeName}.${field} is defined by two modules`);
        target[field] = resolver;
      }
    }
  }
  return merged as Resolvers;
}
