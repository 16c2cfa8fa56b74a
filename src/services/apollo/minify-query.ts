/**
 * Minifies a printed GraphQL document for the GET query string (spec §7: "queries use GET with the
 * query minified in the URL"): ignored characters — white space, line breaks, commas, comments — are
 * dropped outside strings, keeping one space only between two tokens that are not punctuators
 * (names, numbers, strings) and before a spread that follows one, as graphql's `stripIgnoredCharacters` does, without shipping its lexer.
 */
export function minifyQuery(query: string): string {
  let out = '';
  let gap = false;
  /** Whether the last token written is a name, number or string (not a punctuator). */
  let afterWord = false;
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === '\uFEFF') {
      gap = true;
      i++;
      continue;
    }
    if (c === '#') {
      while (i < query.length && query[i] !== '\n' && query[i] !== '\r') i++;
      gap = true;
      continue;
    }
    const startsWord = c === '"' || c === '-' || isNameChar(c);
    // like graphql-js, a spread after a name keeps its space: `id ...Fragment`
    if (gap && afterWord && (startsWord || query.startsWith('...', i))) out += ' ';
    gap = false;
    if (c === '"') {
      const close = query.startsWith('"""', i) ? '"""' : '"';
      let j = i + close.length;
      while (j < query.length && !query.startsWith(close, j)) j += close === '"' && query[j] === '\\' ? 2 : 1;
      j = Math.min(query.length, j + close.length);
      out += query.slice(i, j);
      i = j;
      afterWord = true;
    } else if (startsWord) {
      // a name or a number (signs, fraction and exponent included)
      let j = i + 1;
      while (
        j < query.length &&
        (isNameChar(query[j]!) || (query[j] === '.' && /\d/.test(query[j + 1] ?? '')) || ((query[j] === '-' || query[j] === '+') && /[eE]/.test(query[j - 1]!)))
      )
        j++;
      out += query.slice(i, j);
      i = j;
      afterWord = true;
    } else {
      out += c;
      i++;
      afterWord = false;
    }
  }
  return out;
}

function isNameChar(c: string): boolean {
  return /[A-Za-z0-9_]/.test(c);
}
