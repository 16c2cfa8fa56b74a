import { buildSchema, type GraphQLObjectType } from 'graphql';
import { readFileSync } from 'node:fs';
import type { Resolvers } from '../module';
import { buildBackendSchema, MAGENTO_SDL_PATH } from './schema';

export interface OperationCoverage {
  /** Root fields Magento 2.4.9 declares (Query or Mutation). */
  declared: string[];
  /** Those the served schema answers. */
  served: string[];
  /** Those it leaves out (absent from the served schema, as on a Magento without the module). */
  missing: string[];
  /** Of `served`, those Magento marks deprecated (`createEmptyCart`, `urlResolver`…): served for older clients. */
  deprecated: string[];
  /** Root fields the served schema answers that Magento does not declare: the shop's own module (extension SDL). */
  shopOwn: string[];
}

/**
 * Which of Magento 2.4.9's queries and mutations the backend serves (ADR 036), read from the schema
 * the backend actually serves (`buildBackendSchema`: what a client can call), never kept by hand. The
 * shop's own operations (`lunette…`, declared by the extension SDL) are counted apart: they answer,
 * but they are not Magento's, so they never count towards the "served of declared" figures.
 */
export function operationCoverage(resolvers: Resolvers): { queries: OperationCoverage; mutations: OperationCoverage } {
  const contract = buildSchema(readFileSync(MAGENTO_SDL_PATH, 'utf8'), { noLocation: true });
  const servedSchema = buildBackendSchema(resolvers);
  const coverage = (typeName: 'Query' | 'Mutation'): OperationCoverage => {
    const magento = (contract.getType(typeName) as GraphQLObjectType | undefined)?.getFields() ?? {};
    const answered = Object.keys((servedSchema.getType(typeName) as GraphQLObjectType | undefined)?.getFields() ?? {});
    const declared = Object.keys(magento).sort();
    const served = declared.filter((f) => answered.includes(f));
    return {
      declared,
      served,
      missing: declared.filter((f) => !answered.includes(f)),
      deprecated: served.filter((f) => magento[f]!.deprecationReason),
      shopOwn: answered.filter((f) => !(f in magento)).sort(),
    };
  };
  return { queries: coverage('Query'), mutations: coverage('Mutation') };
}
