/**
 * Number and price formatting for the store's locale and currency (spec §3 store view currency,
 * §9 default locale en-CA). Views use react-intl's `formatNumber`; non-React code uses these.
 */
export const DEFAULT_LOCALE = 'en-CA';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, options);
    } catch (error) {
      // An unknown locale tag from the backend must not break the price: fall back to the default locale.
      if (!(error instanceof RangeError) || locale === DEFAULT_LOCALE) throw error;
      formatter = new Intl.NumberFormat(DEFAULT_LOCALE, options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `formatPrice('fr-FR', 'EUR', 12.5)` → `12,50 €`. A bad currency code is a clear error. */
export function formatPrice(locale: string, currency: string, value: number): string {
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`"${currency}" is not an ISO 4217 currency code (like CAD or EUR).`);
  return formatterFor(locale, { style: 'currency', currency }).format(value);
}

export function formatNumber(locale: string, value: number, options: Intl.NumberFormatOptions = {}): string {
  return formatterFor(locale, options).format(value);
}
