/** The store views of spec §2/§3: codes (URL prefixes) and the default. */
export const STORE_CODES = ['default', 'eu', 'us', 'fr', 'es', 'uk', 'nl', 'hk', 'mx', 'de', 'au', 'ca', 'ch'] as const;
export type StoreCode = (typeof STORE_CODES)[number];
export const DEFAULT_STORE_CODE: StoreCode = 'ca';
