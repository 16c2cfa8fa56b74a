import { inputError } from '../../graphql/errors';
import { findRegion, POSTCODE_OPTIONAL_COUNTRIES, REGION_REQUIRED_COUNTRIES, REGIONS_BY_COUNTRY, SHIPPING_COUNTRIES } from './countries';

/** An address as kept in the database (customer address book, carts, orders). */
export interface StoredAddress {
  firstname: string;
  lastname: string;
  middlename: string | null;
  prefix: string | null;
  suffix: string | null;
  company: string | null;
  street: string[];
  city: string;
  region: string | null;
  region_code: string | null;
  region_id: number | null;
  postcode: string | null;
  country_code: string;
  telephone: string | null;
  fax: string | null;
  vat_id: string | null;
  /** A shipping address's note for the courier (Magento's `customer_notes`); absent elsewhere. */
  customer_notes?: string | null;
}

/** Magento's `customer/address/street_lines` default: a street has at most 2 lines. */
export const MAX_STREET_LINES = 2;

/** What the various inputs (GraphQL customer/cart address, REST address) carry, flattened. */
export interface AddressFields {
  firstname?: string | null;
  lastname?: string | null;
  middlename?: string | null;
  prefix?: string | null;
  suffix?: string | null;
  company?: string | null;
  street?: (string | null)[] | null;
  city?: string | null;
  region?: string | null;
  region_code?: string | null;
  region_id?: number | null;
  postcode?: string | null;
  country_code?: string | null;
  telephone?: string | null;
  fax?: string | null;
  vat_id?: string | null;
}

const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * Validates an address as Magento's address validators do. `missingStyle` picks Magento's wording:
 * the customer address book says "Required parameters are missing: a, b", checkout says
 * '"a" is required. Enter and try again.'.
 */
export function validateAddress(fields: AddressFields, missingStyle: 'customer' | 'cart'): StoredAddress {
  if ((fields.street ?? []).length > MAX_STREET_LINES) throw inputError(`"Street Address" cannot contain more than ${MAX_STREET_LINES} lines.`);
  const street = (fields.street ?? []).map((s) => (s ?? '').trim()).filter(Boolean);
  const countryCode = text(fields.country_code)?.toUpperCase() ?? null;
  const required: [string, unknown][] = [
    ['firstname', text(fields.firstname)],
    ['lastname', text(fields.lastname)],
    ['street', street.length ? street : null],
    ['city', text(fields.city)],
    ['telephone', text(fields.telephone)],
    [missingStyle === 'customer' ? 'country_code' : 'country_id', countryCode],
  ];
  if (!countryCode || !POSTCODE_OPTIONAL_COUNTRIES.has(countryCode)) required.push(['postcode', text(fields.postcode)]);
  const missing = required.filter(([, v]) => v === null).map(([name]) => name);
  if (missing.length) {
    throw inputError(
      missingStyle === 'customer' ? `Required parameters are missing: ${missing.join(', ')}` : `"${missing[0]}" is required. Enter and try again.`,
    );
  }
  const country = countryCode!;
  if (!SHIPPING_COUNTRIES[country]) throw inputError(`Invalid value of "${country}" provided for the countryId field.`);

  let region: string | null = text(fields.region);
  let regionCode: string | null = text(fields.region_code);
  let regionId: number | null = fields.region_id ?? null;
  // As Magento's address validator (Customer\Model\Address\Validator\Country::validateRegion): a
  // region is required only in the countries of `general/region/state_required` (ADR 040); a region
  // named in a country with a region list must be one of them where it is required or given by id.
  const regionRequired = REGION_REQUIRED_COUNTRIES.includes(country);
  const found = REGIONS_BY_COUNTRY[country] ? findRegion(country, { id: regionId, code: regionCode ?? region, name: region }) : null;
  if (regionRequired && !region && !regionCode && regionId === null) throw inputError('"regionId" is required. Enter and try again.');
  if (found) {
    region = found.name;
    regionCode = found.code;
    regionId = found.id;
  } else if (REGIONS_BY_COUNTRY[country] && (regionRequired || regionId !== null)) {
    throw inputError(`Invalid value of "${regionId ?? regionCode ?? region}" provided for the regionId field.`);
  } else {
    region = region ?? regionCode;
    regionCode = regionCode ?? region;
    regionId = null;
  }
  return {
    firstname: text(fields.firstname)!,
    lastname: text(fields.lastname)!,
    middlename: text(fields.middlename),
    prefix: text(fields.prefix),
    suffix: text(fields.suffix),
    company: text(fields.company),
    street,
    city: text(fields.city)!,
    region,
    region_code: regionCode,
    region_id: regionId,
    postcode: text(fields.postcode),
    country_code: country,
    telephone: text(fields.telephone),
    fax: text(fields.fax),
    vat_id: text(fields.vat_id),
  };
}

export const commonFields = (a: StoredAddress) => ({
  firstname: a.firstname,
  lastname: a.lastname,
  middlename: a.middlename,
  prefix: a.prefix,
  suffix: a.suffix,
  company: a.company,
  street: a.street,
  city: a.city,
  postcode: a.postcode,
  telephone: a.telephone,
  fax: a.fax,
  vat_id: a.vat_id,
});
