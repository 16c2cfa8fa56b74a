import { GraphQLError } from 'graphql';

/**
 * Magento answers with GraphQL errors carrying `extensions.category`. Only GraphQLErrors reach the
 * shopper: anything else is masked by the server as "Unexpected error." (no stack traces outside
 * development).
 */
export type MagentoErrorCategory =
  'graphql-input' | 'graphql-no-such-entity' | 'graphql-authorization' | 'graphql-authentication' | 'graphql-already-exists' | 'graphql';

export function magentoError(message: string, category: MagentoErrorCategory = 'graphql'): GraphQLError {
  return new GraphQLError(message, { extensions: { category } });
}

export const inputError = (message: string) => magentoError(message, 'graphql-input');
export const noSuchEntityError = (message: string) => magentoError(message, 'graphql-no-such-entity');
export const authorizationError = (message: string) => magentoError(message, 'graphql-authorization');
export const authenticationError = (message: string) => magentoError(message, 'graphql-authentication');
export const alreadyExistsError = (message: string) => magentoError(message, 'graphql-already-exists');
