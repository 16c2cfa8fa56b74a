/**
 * Helpers for declaring injected effects in `setup()`: machines name their effects and the services
 * layer supplies them with `.provide()`. A default that rejects makes a missing implementation loud.
 */
import { fromPromise, type PromiseActorLogic } from 'xstate';

/** A promise actor that rejects with "<name> is not provided" until the services provide it. */
export function notProvidedActor<TOutput, TInput = void>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`);
  });
}

/** The message of anything thrown: an Error's message, a `{ message }` object's, or its text. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}

/** Anything thrown, as an Error (kept as is when it already is one). */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(errorMessageOf(error));
}

/**
 * A mutation's answer was lost, so it may have taken effect: no answer came (fetch's
 * TypeError, an abort, a timeout, Apollo's network error), the server failed (a 5xx) or answered
 * something unreadable. A request that provably never left (`requestNotSent`: offline, no
 * connection) and a refusal the backend explained (GraphQL errors, a 4xx) are not: the machine that
 * sent it then knows it did nothing.
 */
export function isAnswerLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as { requestNotSent?: unknown; name?: unknown; networkError?: unknown; status?: unknown; statusCode?: unknown };
  if (failure.requestNotSent === true) return false;
  if (error instanceof TypeError || failure.name === 'AbortError' || failure.name === 'TimeoutError') return true;
  const status = typeof failure.status === 'number' ? failure.status : typeof failure.statusCode === 'number' ? failure.statusCode : null;
  if (status !== null) return status < 400 || status >= 500;
  // Apollo's error: a network error is a lost answer unless it is one of the above that is not.
  if (typeof failure.networkError === 'object' && failure.networkError !== null) {
    const network = failure.networkError as typeof failure;
    const networkStatus = typeof network.statusCode === 'number' ? network.statusCode : null;
    return network.requestNotSent !== true && (networkStatus === null || networkStatus < 400 || networkStatus >= 500);
  }
  return false;
}

/**
 * No answer came because there was no connection: a request that never left (`requestNotSent`:
 * offline before sending), fetch's TypeError (the network failed, or a service worker with nothing
 * cached failed like it), or Apollo's error wrapping one of these. A refusal the backend explained
 * (GraphQL errors, any HTTP status) is not: asking again on reconnect would get the same answer.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as { requestNotSent?: unknown; networkError?: unknown; graphQLErrors?: unknown };
  if (failure.requestNotSent === true || error instanceof TypeError) return true;
  if (Array.isArray(failure.graphQLErrors) && failure.graphQLErrors.length > 0) return false;
  const network = failure.networkError as { requestNotSent?: unknown; statusCode?: unknown } | null | undefined;
  if (typeof network !== 'object' || network === null || typeof network.statusCode === 'number') return false;
  return network.requestNotSent === true || network instanceof TypeError;
}
