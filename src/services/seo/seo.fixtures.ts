/** The 13 store views of spec §3 with the seeded locales, in Magento's order. */
export const SEEDED_VIEWS = [
  { code: 'default', locale: 'en_US' },
  { code: 'eu', locale: 'en_GB' },
  { code: 'us', locale: 'en_US' },
  { code: 'fr', locale: 'fr_FR' },
  { code: 'es', locale: 'es_ES' },
  { code: 'uk', locale: 'en_GB' },
  { code: 'nl', locale: 'nl_NL' },
  { code: 'hk', locale: 'en_HK' },
  { code: 'mx', locale: 'es_MX' },
  { code: 'de', locale: 'de_DE' },
  { code: 'au', locale: 'en_AU' },
  { code: 'ca', locale: 'en_CA' },
  { code: 'ch', locale: 'de_CH' },
];
