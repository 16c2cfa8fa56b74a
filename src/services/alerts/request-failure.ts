/**
 * Why a request behind a link page failed, in the three ways a shopper must be told apart:
 * the shop refused it (a GraphQL error: a bad or used link, a forged result), the shopper must sign
 * in first (an authorization error), or the shop could not be reached (network, HTTP, parse errors:
 * nothing is known, so the page offers to try again).
 */
import { composeErrorMessage, type ComposableError } from '../apollo/error-message';

export type RequestFailure = { kind: 'refused'; message: string } | { kind: 'unauthorized'; message: string } | { kind: 'unreachable'; message: string };

interface GraphQLErrorLike {
  message?: unknown;
  extensions?: { category?: unknown } | null;
}

const graphQLErrorsOf = (error: unknown): GraphQLErrorLike[] => {
  if (typeof error !== 'object' || error === null) return [];
  const list = (error as { graphQLErrors?: unknown }).graphQLErrors;
  return Array.isArray(list) ? (list as GraphQLErrorLike[]) : [];
};

/** Magento's category of an authorization refusal (the customer token is missing, expired or not the owner's). */
export const AUTHORIZATION_CATEGORY = 'graphql-authorization';

export function requestFailureOf(error: unknown): RequestFailure {
  const graphQLErrors = graphQLErrorsOf(error);
  const networkError = typeof error === 'object' && error !== null ? (error as { networkError?: unknown }).networkError : undefined;
  if (graphQLErrors.length > 0 && !networkError) {
    const message = composeErrorMessage({ graphQLErrors });
    const unauthorized = graphQLErrors.some((e) => e.extensions?.category === AUTHORIZATION_CATEGORY);
    return { kind: unauthorized ? 'unauthorized' : 'refused', message };
  }
  const message =
    typeof error === 'object' && error !== null && (networkError || 'message' in error)
      ? composeErrorMessage({ networkError: networkError ?? error } as ComposableError)
      : String(error);
  return { kind: 'unreachable', message };
}
