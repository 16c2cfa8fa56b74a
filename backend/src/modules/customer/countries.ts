import regions from './regions.json' with { type: 'json' };

/**
 * Countries the shop ships to, with Magento's region ids for the countries whose region is
 * required (Canada and the United States, ids as in Magento's `directory_country_region`).
 */
export const SHIPPING_COUNTRIES: Record<string, string> = {
  AT: 'Austria',
  AU: 'Australia',
  BE: 'Belgium',
  CA: 'Canada',
  CH: 'Switzerland',
  DE: 'Germany',
  DK: 'Denmark',
  ES: 'Spain',
  FI: 'Finland',
  FR: 'France',
  GB: 'United Kingdom',
  HK: 'Hong Kong SAR China',
  IE: 'Ireland',
  IT: 'Italy',
  LU: 'Luxembourg',
  MX: 'Mexico',
  NL: 'Netherlands',
  NZ: 'New Zealand',
  PT: 'Portugal',
  SE: 'Sweden',
  US: 'United States',
};

/** A country's name in a store view's language (Magento's `full_name_locale`, from the locale's own data). */
export function countryNameIn(locale: string, countryCode: string): string {
  return (
    new Intl.DisplayNames([locale.replace('_', '-')], { type: 'region', fallback: 'none' }).of(countryCode) ?? SHIPPING_COUNTRIES[countryCode] ?? countryCode
  );
}

export interface Region {
  id: number;
  code: string;
  name: string;
}

/** Regions of the countries whose region is required, as Magento's `directory_country_region` has them (regions.json). */
export const REGIONS_BY_COUNTRY: Record<string, Region[]> = regions;

/** Postcode is optional only where Magento's store config says so (`optional_zip_countries`). */
export const POSTCODE_OPTIONAL_COUNTRIES = new Set(['HK']);

export function findRegion(countryCode: string, hint: { id?: number | null; code?: string | null; name?: string | null }): Region | null {
  const regions = REGIONS_BY_COUNTRY[countryCode];
  if (!regions) return null;
  const code = hint.code?.trim().toUpperCase();
  const name = hint.name?.trim().toLowerCase();
  return (
    regions.find(
      (r) => (hint.id != null && r.id === hint.id) || (code && r.code === code) || (name && (r.name.toLowerCase() === name || r.code.toLowerCase() === name)),
    ) ?? null
  );
}
