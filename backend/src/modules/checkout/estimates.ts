import { inputError } from '../../graphql/errors';
import type { CartRow } from '../cart/cart.queries';
import type { StoredAddress } from '../customer/addresses';
import { findRegion, REGIONS_BY_COUNTRY, SHIPPING_COUNTRIES } from '../customer/countries';

/** Magento's `EstimateAddressInput`: only what shipping rates and taxes depend on. */
export interface EstimateAddressInput {
  country_code: string;
  postcode?: string | null;
  region?: { region?: string | null; region_code?: string | null; region_id?: number | null } | null;
}

/** The estimate's address as a cart address with no name, street or phone (nothing is saved). */
export function estimateAddress(input: EstimateAddressInput): StoredAddress {
  const country = input.country_code.toUpperCase();
  if (!SHIPPING_COUNTRIES[country]) throw inputError(`Invalid value of "${country}" provided for the countryId field.`);
  const hint = input.region ?? {};
  const region = REGIONS_BY_COUNTRY[country] ? findRegion(country, { id: hint.region_id, code: hint.region_code, name: hint.region }) : null;
  return {
    firstname: '',
    lastname: '',
    middlename: null,
    prefix: null,
    suffix: null,
    company: null,
    street: [],
    city: '',
    region: region?.name ?? hint.region ?? null,
    region_code: region?.code ?? hint.region_code ?? null,
    region_id: region?.id ?? null,
    postcode: input.postcode?.trim() || null,
    country_code: country,
    telephone: null,
    fax: null,
    vat_id: null,
  };
}

/**
 * The cart as it would be with the estimate's address (and shipping method): Magento's
 * `estimateShippingMethods` / `estimateTotals` answer from it; the stored cart does not change.
 */
export function cartWithEstimate(cart: CartRow, address: StoredAddress, method?: { carrier_code: string; method_code: string } | null): CartRow {
  return { ...cart, shipping_address: address, ...(method ? { shipping_method: method } : {}) };
}
