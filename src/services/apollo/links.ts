/**
 * The link chain of spec §7, outermost first:
 *   out-of-stock filter → mutation queue → retry → request headers → Magento cache id → HTTP
 * Headers sit inside the retry so each attempt reads the current token and cache id.
 */
import { ApolloLink, Observable, type FetchResult, type Operation } from '@apollo/client';
import { RetryLink } from '@apollo/client/link/retry';
import { getMainDefinition } from '@apollo/client/utilities';
import { dropOutOfStockErrors } from './out-of-stock';

export const CACHE_ID_HEADER = 'X-Magento-Cache-Id';

/** Spec §9 retry: up to 5 attempts, from 300 ms doubling with random jitter, no maximum. */
export const RETRY_ATTEMPTS = 5;
export const RETRY_INITIAL_DELAY_MS = 300;

export function isMutation(operation: Pick<Operation, 'query'>): boolean {
  const definition = getMainDefinition(operation.query);
  return definition.kind === 'OperationDefinition' && definition.operation === 'mutation';
}

export interface RequestHeadersOptions {
  storeCode: string;
  /** The stored sign-in token, read at each request. */
  getToken: () => string | null;
  /** The stored `magento_cache_id`, read at each request. */
  getCacheId: () => string | null;
}

/** Spec §7: `Store`, a bearer header (empty when signed out) and the Magento cache id on every request. */
export function createRequestHeadersLink(options: RequestHeadersOptions): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const token = options.getToken();
    const cacheId = options.getCacheId();
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      headers: {
        ...headers,
        Store: options.storeCode,
        authorization: token ? `Bearer ${token}` : '',
        [CACHE_ID_HEADER]: cacheId ?? '',
      },
    }));
    return forward(operation);
  });
}

/** Spec §7: the response's cache-id header is stored (and so re-sent by the headers link). */
export function createCacheIdLink(saveCacheId: (cacheId: string) => void): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).map((result) => {
      const response = (operation.getContext() as { response?: { headers?: Headers } }).response;
      const cacheId = response?.headers?.get(CACHE_ID_HEADER);
      if (cacheId) saveCacheId(cacheId);
      return result;
    }),
  );
}

/**
 * Spec §7: mutations are queued and sent one at a time (a second "add to cart" waits for the first);
 * queries pass straight through.
 */
export function createMutationQueueLink(): ApolloLink {
  let tail: Promise<void> = Promise.resolve();
  return new ApolloLink((operation, forward) => {
    if (!isMutation(operation)) return forward(operation);
    return new Observable<FetchResult>((observer) => {
      let release: () => void = () => {};
      const finished = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = tail;
      tail = previous.then(() => finished);
      let cancelled = false;
      let subscription: { unsubscribe: () => void } | null = null;
      void previous.then(() => {
        if (cancelled) return release();
        subscription = forward(operation).subscribe({
          next: (value) => observer.next(value),
          error: (error: unknown) => {
            release();
            observer.error(error);
          },
          complete: () => {
            release();
            observer.complete();
          },
        });
      });
      return () => {
        cancelled = true;
        subscription?.unsubscribe();
        release();
      };
    });
  });
}

/** A request that provably never left the browser: it is safe to send again, even a mutation. */
export class RequestNotSentError extends Error {
  readonly requestNotSent = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RequestNotSentError';
  }
}

/** Socket errors raised before any byte of the request was written (Node's fetch exposes them). */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/**
 * fetch that reports requests that did not leave: offline before sending, or a connection that was
 * never established. Anything else (a timeout, a reset, a 5xx) may have reached the server.
 */
export function createGuardedFetch(fetchImpl: typeof fetch, isOnline: () => boolean, canAnswerOffline: () => boolean = () => false): typeof fetch {
  return async (input, init) => {
    // Offline, a query (GET) may still be answered by the service worker's cache of visited pages
    // (ADR 007); a mutation never leaves while offline.
    const isQuery = (init?.method ?? 'GET').toUpperCase() === 'GET';
    if (!isOnline() && !(isQuery && canAnswerOffline())) throw new RequestNotSentError('The browser is offline: the request was not sent.');
    try {
      return await fetchImpl(input, init);
    } catch (error) {
      const code = causeCode(error);
      if (code && NOT_SENT_CODES.has(code))
        throw new RequestNotSentError(`Could not connect to the server (${code}): the request was not sent.`, { cause: error });
      throw error;
    }
  };
}

export function isRequestNotSent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { requestNotSent?: unknown }).requestNotSent === true;
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** Parse errors (non-JSON answers) are not retried: the same request gets the same answer. */
function isParseError(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'ServerParseError';
}

export interface RetryPolicyOptions {
  isOnline: () => boolean;
  /** Retries happen only in the browser (spec §9), never during server rendering or in Node. */
  isBrowser: () => boolean;
}

const ONE_ATTEMPT_KEY = 'oneAttempt';
/**
 * The context of a query sent once, never again on failure: its caller holds an answer to fall back
 * on at once (ADR 007: the store config this browser kept), rather than retrying while a
 * disconnected phone still says it is online.
 */
export const ONE_ATTEMPT_CONTEXT = { [ONE_ATTEMPT_KEY]: true } as const;

/**
 * Whether a failed attempt may be sent again (spec §9 plus the rule that no order or cart line is
 * ever duplicated): only while online and in the browser; a query on a network failure, a 5xx, 408
 * or 429; a mutation only when the request provably did not leave; never one sent with
 * ONE_ATTEMPT_CONTEXT.
 */
export function shouldRetry(
  error: unknown,
  operation: Pick<Operation, 'query'> & { getContext?: Operation['getContext'] },
  options: RetryPolicyOptions,
): boolean {
  if (!error || !options.isBrowser() || !options.isOnline()) return false;
  if (operation.getContext?.()[ONE_ATTEMPT_KEY] === true) return false;
  if (isRequestNotSent(error)) return true;
  if (isMutation(operation)) return false;
  if (isParseError(error)) return false;
  const status = statusOf(error);
  if (status === undefined) return true;
  return status >= 500 || status === 408 || status === 429;
}

export function createShopRetryLink(options: RetryPolicyOptions): ApolloLink {
  return new RetryLink({
    delay: { initial: RETRY_INITIAL_DELAY_MS, max: Infinity, jitter: true },
    attempts: { max: RETRY_ATTEMPTS, retryIf: (error, operation) => shouldRetry(error, operation, options) },
  });
}

/** Spec §8: out-of-stock errors dropped, the affected cart items removed from the data. */
export function createOutOfStockLink(): ApolloLink {
  return new ApolloLink((operation, forward) => forward(operation).map((result) => dropOutOfStockErrors(result)));
}
