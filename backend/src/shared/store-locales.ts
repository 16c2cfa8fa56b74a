/**
 * Which translation a store view shows. Translations are kept by language (`fr`, `de`,
 * `es`, `nl`) with a regional locale (`es_MX`) only where the region really words it differently;
 * a store view takes its own locale's, else its language's, else none (the default, English value).
 * Swiss Standard German writes no ß: de_CH falls back to `de` with ß spelt ss, as Swiss shops do.
 */
export type Translations<T> = Readonly<Partial<Record<string, T>>>;

export const languageOf = (locale: string): string => locale.split(/[_-]/)[0]?.toLowerCase() ?? locale;

/** Regional spelling rules applied to a language's text when a regional view falls back to it. */
const REGIONAL_SPELLING: Readonly<Record<string, (text: string) => string>> = {
  de_CH: (text) => text.replace(/ß/g, 'ss'),
};

function respelt<T>(value: T, spell: (text: string) => string): T {
  if (typeof value === 'string') return spell(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => respelt(v, spell)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, respelt(v, spell)])) as T;
  return value;
}

/** The translation a store view of `locale` shows, or undefined when it shows the default value. */
export function translationFor<T>(byLocale: Translations<T> | undefined, locale: string): T | undefined {
  if (!byLocale) return undefined;
  const own = byLocale[locale];
  if (own !== undefined) return own;
  const language = byLocale[languageOf(locale)];
  const spell = REGIONAL_SPELLING[locale];
  return language !== undefined && spell ? respelt(language, spell) : language;
}

/** Whether a store view of `locale` shows English, the language of every default (admin) value. */
export const isEnglish = (locale: string): boolean => languageOf(locale) === 'en';
