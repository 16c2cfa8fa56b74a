import type { Transaction } from '../../db/database';
import { insertRows } from '../../db/insert-rows';
import { taxRatesFor } from '../cart/tax-rates';

/**
 * Each store view's own country settings (ADR 040), kept where Magento keeps them: store-scoped
 * `core_config_data` rows.
 *
 * - `general/country/default`: the country an address form starts with (Magento's "Default Country").
 * - `tax/defaults/country`: the destination Magento estimates tax for before the shopper gives an
 *   address ("Default Tax Destination Calculation").
 * - `payment/checkmo/active`: whether the view offers check / money order (0 where it does not).
 * - `tax/display/type`, `tax/cart_display/price`, `tax/cart_display/subtotal`,
 *   `tax/cart_display/shipping`: how prices are shown (Magento's `Magento\Tax\Model\Config`:
 *   1 excluding tax, 2 including tax, 3 both). Where the law has consumers shown prices with the
 *   tax in them, the view shows prices including tax: the EU views (VAT, Directive 98/6/EC), uk
 *   (VAT, Price Marking Order 2004), ch (MWST, Preisbekanntgabeverordnung), au (GST, Competition and
 *   Consumer Act s 48) and mx (IVA, Ley Federal de Protección al Consumidor art. 7 bis). The views
 *   whose consumers see sales tax added at the till (us, ca, hk) keep Magento's default, excluding tax.
 */
export const DISPLAY_EXCLUDING_TAX = 1;
export const DISPLAY_INCLUDING_TAX = 2;

interface CountrySettings {
  country: string;
  /** Prices shown with the destination's VAT (the store's `tax/defaults/country`). */
  includingTax: boolean;
  /**
   * Check / money order offered (`payment/checkmo/active`): only where a shopper's check can be
   * cashed, in Canadian or US dollars at the shop's bank in Montréal, the address the method
   * names. A check in euros, pounds, francs, pesos or Australian or Hong Kong dollars mailed to
   * Canada cannot be, so those views do not offer the method.
   */
  checks: boolean;
}

/** By store code: every store view names its country; those whose law asks for it show prices including tax. */
export const COUNTRY_SETTINGS: Readonly<Record<string, CountrySettings>> = {
  default: { country: 'US', includingTax: false, checks: true },
  us: { country: 'US', includingTax: false, checks: true },
  ca: { country: 'CA', includingTax: false, checks: true },
  mx: { country: 'MX', includingTax: true, checks: false },
  uk: { country: 'GB', includingTax: true, checks: false },
  hk: { country: 'HK', includingTax: false, checks: false },
  au: { country: 'AU', includingTax: true, checks: false },
  ch: { country: 'CH', includingTax: true, checks: false },
  eu: { country: 'BE', includingTax: true, checks: false },
  fr: { country: 'FR', includingTax: true, checks: false },
  de: { country: 'DE', includingTax: true, checks: false },
  es: { country: 'ES', includingTax: true, checks: false },
  nl: { country: 'NL', includingTax: true, checks: false },
};

export function countrySettingRows(storeId: number, code: string): { store_id: number; path: string; value: string }[] {
  const settings = COUNTRY_SETTINGS[code];
  if (!settings) return [];
  const display = String(settings.includingTax ? DISPLAY_INCLUDING_TAX : DISPLAY_EXCLUDING_TAX);
  const rows: [string, string][] = [
    ['general/country/default', settings.country],
    ['tax/display/type', display],
    ['tax/cart_display/price', display],
    ['tax/cart_display/subtotal', display],
    ['tax/cart_display/shipping', display],
    ['tax/display/shipping', display],
    ['tax/sales_display/price', display],
    ['tax/sales_display/subtotal', display],
  ];
  if (settings.includingTax) rows.push(['tax/defaults/country', settings.country]);
  if (!settings.checks) rows.push(['payment/checkmo/active', '0']);
  return rows.map(([path, value]) => ({ store_id: storeId, path, value }));
}

export async function seedCountrySettings(tx: Transaction): Promise<void> {
  const views = (await tx.query<{ id: number; code: string }>('SELECT id, code FROM store_view ORDER BY id')).rows;
  await insertRows(
    tx,
    'core_config_data',
    views.flatMap((v) => countrySettingRows(v.id, v.code)),
  );
}

/** A display setting's value (1, 2 or 3), Magento's default (1, excluding tax) when the view has none. */
export function taxDisplayOf(config: ReadonlyMap<string, string>, path: string): number {
  const value = Number(config.get(path));
  return value === DISPLAY_INCLUDING_TAX || value === 3 ? value : DISPLAY_EXCLUDING_TAX;
}

/**
 * The tax percents the catalog adds to a price in this store view: the default tax destination's
 * rates when the view shows catalog prices including tax (`tax/display/type` 2 or 3, as Magento's
 * `Magento\Tax\Pricing\Adjustment::isIncludedInDisplayPrice`), else none.
 */
export function catalogTaxRates(config: ReadonlyMap<string, string>): number[] {
  if (taxDisplayOf(config, 'tax/display/type') === DISPLAY_EXCLUDING_TAX) return [];
  const country = config.get('tax/defaults/country');
  return country ? taxRatesFor(country, null).map((r) => r.rate) : [];
}

/**
 * An amount with its taxes added, each tax rounded to cents on its own: a unit's price as the
 * catalog shows it, a row's as the cart shows it. One rule for the backend and the lens wizard
 * (`rules/prices/tax.ts`, ADR 040).
 */
export { withTaxes } from '../../../../rules/prices/tax';
