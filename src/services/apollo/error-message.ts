/**
 * Spec §8 "GraphQL errors": the message is the joined messages of GraphQL and client errors, one per
 * line, 'Error message not found.' where a message is missing, plus the network error message.
 * One pure function, used for Apollo errors and for anything the actors hand to the machines.
 */
export const ERROR_MESSAGE_NOT_FOUND = 'Error message not found.';

export interface ComposableError {
  graphQLErrors?: ReadonlyArray<unknown> | null;
  clientErrors?: ReadonlyArray<unknown> | null;
  protocolErrors?: ReadonlyArray<unknown> | null;
  networkError?: unknown;
}

function messageOrFallback(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return ERROR_MESSAGE_NOT_FOUND;
}

export function composeErrorMessage(error: ComposableError): string {
  const errors: unknown[] = [...(error.graphQLErrors ?? []), ...(error.clientErrors ?? []), ...(error.protocolErrors ?? [])];
  if (error.networkError) errors.push(error.networkError);
  return errors.map(messageOrFallback).join('\n');
}
