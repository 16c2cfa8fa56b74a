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
