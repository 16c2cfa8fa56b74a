/**
 * What a shopper reads of a failed request (spec §8): the words of the shop's own failure
 * (a code: shop-failure-words.ts), the server's explanation when it gave one in plain words, else the
 * catalogue's words. The error's full text (method, URL, status,
 * trace, ids: spec §8 "Non-OK HTTP response") stays in the machine and the log buffer, never on screen.
 */
import type { IntlShape } from 'react-intl';
import { defineMessages } from 'react-intl';
import { errorMessages } from './error-messages';
import { shopFailureText } from './shop-failure-text';

export const requestMessages = defineMessages({
  unreachable: { id: 'error.unreachable', defaultMessage: 'The shop could not be reached. Check your connection and try again.' },
});

/**
 * Text a shopper must never see (spec §8): a URL or path, a request method, an HTTP status,
 * a cart id or another long token, a trace. Such text goes to the log buffer only.
 */
const RAW =
  /https?:|\b[Hh][Tt][Tt][Pp]|\/rest\/|\/graphql|\b(GET|POST|PUT|PATCH|DELETE)\b|\b[45]\d{2}\b|responded|[Ss]tatus code|[A-Za-z0-9_-]{24,}|Trace:|Extra info:/;

/** Whether `text` holds something raw (see RAW): exported for the tests that prove no view shows it. */
export const isRawText = (text: string) => RAW.test(text);

interface RequestErrorLike {
  status?: unknown;
  serverMessage?: unknown;
  graphQLErrors?: ReadonlyArray<{ message?: unknown; extensions?: { retry_after?: unknown } }>;
  networkError?: unknown;
  name?: unknown;
  message?: unknown;
}

/** The server's own words in a REST or GraphQL refusal, when there are any. */
function serverWordsOf(error: RequestErrorLike): string | null {
  if (typeof error.serverMessage === 'string' && typeof error.status === 'number') return error.status < 500 ? error.serverMessage : null;
  const messages = (error.graphQLErrors ?? []).map((e) => e.message).filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  if (messages.length > 0 && !error.networkError) return messages.join('\n');
  return null;
}

/**
 * When a throttled request may be asked again (ADR 037: the backend's `extensions.retry_after` beside
 * Magento's own words, which only say "later"): the latest instant any of its refusals names.
 */
function retryAfterOf(error: RequestErrorLike): Date | null {
  const times = (error.graphQLErrors ?? [])
    .map((e) => e.extensions?.retry_after)
    .map((at) => (typeof at === 'string' ? Date.parse(at) : NaN))
    .filter(Number.isFinite);
  return times.length ? new Date(Math.max(...times)) : null;
}

/** Whether a refusal is a throttle's (it says when to try again), e.g. a sign-in locked after too many failures. */
export function isThrottledRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && retryAfterOf(error as RequestErrorLike) !== null;
}

/** The server's words, then when to try again, in the shopper's time zone and the store view's way of writing times. */
function withRetryTime(words: string, retryAfter: Date | null, intl: IntlShape, now: Date): string {
  if (!retryAfter || retryAfter.getTime() <= now.getTime()) return words;
  const time = intl.formatTime(retryAfter, { hour: 'numeric', minute: '2-digit' });
  const sameDay = intl.formatDate(retryAfter) === intl.formatDate(now);
  const when = sameDay
    ? intl.formatMessage({ id: 'error.retryAt', defaultMessage: 'You can try again at {time}.' }, { time })
    : intl.formatMessage(
        { id: 'error.retryOn', defaultMessage: 'You can try again on {date} at {time}.' },
        { time, date: intl.formatDate(retryAfter, { day: 'numeric', month: 'long' }) },
      );
  // A time written "2:35 p.m." already ends the sentence.
  return `${words} ${when.replace(/\.\.$/, '.')}`;
}

/** A browser's own words for a request that got no answer (Chromium, Firefox, Safari), kept as a plain string by a machine. */
// …and the shop's own for a request it did not send (RequestNotSentError: offline, no connection).
const BROWSER_NETWORK_WORDS = /^(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|.*: the request was not sent\.)$/;

/** The HTTP status a server answered with (Apollo's ServerError keeps it on the network error). */
const statusOf = (error: RequestErrorLike & { statusCode?: unknown }): number | null => {
  const network = error.networkError as { statusCode?: unknown } | null | undefined;
  const status = network?.statusCode ?? error.statusCode;
  return typeof status === 'number' ? status : null;
};

const isNetworkFailure = (error: RequestErrorLike & { requestNotSent?: unknown }) =>
  // A request the shop did not send (offline, no connection): its own words name the request.
  error.requestNotSent === true ||
  error.name === 'RequestNotSentError' ||
  error.name === 'TypeError' ||
  error.name === 'AbortError' ||
  error.name === 'TimeoutError' ||
  Boolean(error.networkError) ||
  (typeof error.message === 'string' && BROWSER_NETWORK_WORDS.test(error.message.trim()));

/** The plain words for `error`; null for no error. `now` places a throttled request's retry time (today, or another day). */
export function shopperMessageOf(error: unknown, intl: IntlShape, now: Date = new Date()): string | null {
  if (error === null || error === undefined) return null;
  const like: RequestErrorLike = typeof error === 'object' ? (error as RequestErrorLike) : { message: String(error) };
  const message = typeof like.message === 'string' ? like.message : '';
  // The shop's own failure (a code): its words in the store view's language, English included.
  if (message.startsWith('shop:')) return shopFailureText(message, intl);
  const words = serverWordsOf(like);
  if (words !== null) return RAW.test(words) ? intl.formatMessage(errorMessages.generic) : withRetryTime(words, retryAfterOf(like), intl, now);
  // The server answered, with a failure of its own: it was reached, so the generic words.
  if ((statusOf(like) ?? 0) >= 500) return intl.formatMessage(errorMessages.generic);
  if (isNetworkFailure(like)) return intl.formatMessage(requestMessages.unreachable);
  return message && !RAW.test(message) ? message : intl.formatMessage(errorMessages.generic);
}
