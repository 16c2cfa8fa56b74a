import { GraphQLError } from 'graphql';
import { translateMessage } from '../shared/messages/messages';

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

/**
 * A throttled request's refusal with the moment it may be asked again, `extensions.retry_after` (an
 * ISO 8601 instant) beside Magento's `category` (ADR 037): an addition a Magento client ignores,
 * from which the storefront can tell the shopper when, rather than Magento's "later".
 */
export const retryLaterError = (message: string, retryAfter: Date, category = 'graphql-input') =>
  new GraphQLError(message, { extensions: { category, retry_after: retryAfter.toISOString() } });
export const noSuchEntityError = (message: string) => magentoError(message, 'graphql-no-such-entity');
export const authorizationError = (message: string) => magentoError(message, 'graphql-authorization');
export const authenticationError = (message: string) => magentoError(message, 'graphql-authentication');
export const alreadyExistsError = (message: string) => magentoError(message, 'graphql-already-exists');

/**
 * The errors of an answer in the store view's language: the message through the
 * backend's catalogue (`translateMessage`), everything else (category, path) as it was.
 */
export function localisedErrors(errors: readonly GraphQLError[], locale: string): GraphQLError[] {
  return errors.map((e) => {
    const message = translateMessage(locale, e.message);
    return message === e.message
      ? e
      : new GraphQLError(message, {
          ...(e.nodes ? { nodes: e.nodes } : {}),
          ...(e.source ? { source: e.source } : {}),
          ...(e.positions ? { positions: e.positions } : {}),
          ...(e.path ? { path: e.path } : {}),
          ...(e.originalError ? { originalError: e.originalError } : {}),
          extensions: e.extensions,
        });
  });
}
