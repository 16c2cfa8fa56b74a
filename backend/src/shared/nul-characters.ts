/**
 * PostgreSQL's `text` cannot hold U+0000: a string with one, sent anywhere (a GraphQL variable, a
 * REST body, a `%00` in a path), made the query fail and the request answer 500. No value the shop
 * keeps or looks up can hold one, so such a request is refused where it comes in, as the client's
 * error (ADR 037).
 */
export const NUL_REFUSED = 'The request contains the character U+0000, which no value can hold.';

/**
 * Whether `value` (a string, or arrays and objects of them, however deep) holds U+0000 anywhere, in a
 * key too. Walked with a list rather than by recursion: a JSON body nested 50 000 deep parses, and a
 * recursive walk of it ran out of stack (a RangeError, answered 500).
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const inner of item as unknown[]) pending.push(inner);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Whether a request target holds a `%00` escape (a raw NUL never gets past Node's HTTP parser). */
export const urlHoldsNul = (url: string): boolean => /%00/.test(url);
