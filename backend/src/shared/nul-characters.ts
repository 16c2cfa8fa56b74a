/**
 * PostgreSQL's `text` cannot hold U+0000: a string with one, sent anywhere (a GraphQL variable, a
 * REST body, a `%00` in a path), made the query fail and the request answer 500. No value the shop
 * keeps or looks up can hold one, so such a request is refused where it comes in, as the client's
 * error (ADR 037).
 */
export const NUL_REFUSED = 'The request contains the character U+0000, which no value can hold.';

/** Whether `value` (a string, or arrays and objects of them, however deep) holds U+0000 anywhere, in a key too. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}

/** Whether a request target holds a `%00` escape (a raw NUL never gets past Node's HTTP parser). */
export const urlHoldsNul = (url: string): boolean => /%00/.test(url);
