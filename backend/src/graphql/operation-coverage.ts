import { buildSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import type { Resolvers } from '../module';
import { MAGENTO_SDL_PATH } from './schema';

export interface OperationCoverage {
  /** Root fields Magento 2.4.9 declares (Query or Mutation). */
  declared: string[];
  /** Those the backend resolves. */
  served: string[];
  /** Those it leaves out (absent from the served schema, as on a Magento without the module). */
  missing: string[];
}

/**
 * Which of Magento 2.4.9's queries and mutations the backend serves, computed from the contract
 * SDL and the merged resolver map (ADR 036): the counts are never kept by hand.
 */
export function operationCoverage(resolvers: Resolvers): { queries: OperationCoverage; mutations: OperationCoverage } {
  const contract = buildSchema(readFileSync(MAGENTO_SDL_PATH, 'utf8'), { noLocation: true });
  const coverage = (typeName: 'Query' | 'Mutation'): OperationCoverage => {
    const declared = Object.keys(contract.getType(typeName) ? (contract.getType(typeName) as { getFields(): object }).getFields() : {}).sort();
    const resolved = (resolvers as Record<string, Record<string, unknown> | undefined>)[typeName] ?? {};
    return { declared, served: declared.filter((f) => f in resolved), missing: declared.filter((f) => !(f in resolved)) };
  };
  return { queries: coverage('Query'), mutations: coverage('Mutation') };
}
