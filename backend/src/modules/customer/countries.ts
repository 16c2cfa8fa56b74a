import { COUNTRY_SEED } from '../catalog/directory.seed-data';

/** Countries the shop ships to. */
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

/**
 * Regions of the countries Magento's directory lists regions of (`directory_country_region`, the
 * directory the `countries` query answers: the US, Canada, Germany, Switzerland, Spain, France,
 * Australia, Mexico), with Magento's ids and codes.
 */
export const REGIONS_BY_COUNTRY: Record<string, Region[]> = Object.fromEntries(
  COUNTRY_SEED.filter((country) => country.regions.length).map((country) => [country.id, country.regions.map(([id, code, name]) => ({ id, code, name }))]),
);

/**
 * Magento's `general/region/state_required` ("State is Required for"), answered as
 * `storeConfig.countries_with_required_region`: Magento 2.4's default list, for the countries the
 * shop ships to whose regions its directory lists. France and Germany have regions in the directory
 * but are not on Magento's list: an address there needs none. A country without regions in the
 * directory never needs one (ADR 040).
 */
export const REGION_REQUIRED_COUNTRIES: readonly string[] = ['AU', 'CA', 'CH', 'ES', 'MX', 'US'];

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
