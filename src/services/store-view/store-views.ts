/** The store views of spec §2/§3: codes (URL prefixes) and the default. */
export const STORE_CODES = ['default', 'eu', 'us', 'fr', 'es', 'uk', 'nl', 'hk', 'mx', 'de', 'au', 'ca', 'ch'] as const;
export type StoreCode = (typeof STORE_CODES)[number];
export const DEFAULT_STORE_CODE: StoreCode = 'ca';

/**
 * The locale each store view's config states (`storeConfig.locale`, BCP 47), known before the config
 * answers: the shop speaks the store view's language from its first words, a failure to load the
 * config included. Once the config answers, its locale is the one used.
 */
export const STORE_LOCALES: Readonly<Record<StoreCode, string>> = {
  default: 'en-US',
  eu: 'en-GB',
  us: 'en-US',
  fr: 'fr-FR',
  es: 'es-ES',
  uk: 'en-GB',
  nl: 'nl-NL',
  hk: 'en-HK',
  mx: 'es-MX',
  de: 'de-DE',
  au: 'en-AU',
  ca: 'en-CA',
  ch: 'de-CH',
};

/** The locale of a store view before its config answers; `fallback` for an unknown code. */
export const expectedLocaleOf = (code: string, fallback: string): string => STORE_LOCALES[code as StoreCode] ?? fallback;
