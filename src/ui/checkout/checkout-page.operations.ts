import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';
import { optionalPostcodeCountries, postcodeRuleOf, type PostcodeRule } from '../../machines/checkout/address-formats';
import type { ItemOf } from '../../services/apollo/selection-types';
import { SAVED_ADDRESS_FIELDS, type SavedAddress } from '../../services/account/account.operations';

type CountryAnswer = ItemOf<Operations.GetCountriesQuery['countries']>;
type RegionAnswer = ItemOf<CountryAnswer['available_regions']>;
type Region = RegionAnswer & { id: number; code: string; name: string };

/**
 * A country the address form offers: Magento's answer, less any country or region without its id,
 * code or name, with how its postcode is checked (required unless the store config lists the
 * country in `optional_zip_countries`, in Magento's format for it), whether it is the store view's
 * own country (`default_country`, Magento's `general/country/default`: the one a new address
 * starts with, ADR 040), whether its region is required (`countries_with_required_region`, Magento's
 * `general/region/state_required`: Canada's province is, France's département is not) and whether
 * its form asks for a region that is not required (Magento's `display_state_if_optional`).
 */
export type CountryOption = Omit<CountryAnswer, 'id' | 'available_regions'> & {
  id: string;
  available_regions: Region[] | null;
  postcode: PostcodeRule;
  isStoreDefault: boolean;
  requiresRegion: boolean;
  asksRegionText: boolean;
};

/** The countries sorted by their names in the store view's language, as the shopper reads them (ADR 040). */
export function countryOptionsOf(data: Operations.GetCountriesQuery | undefined): CountryOption[] {
  const config = data?.storeConfig;
  const optional = optionalPostcodeCountries(config?.optional_zip_countries);
  const required = config?.countries_with_required_region?.split(',').map((code) => code.trim().toUpperCase());
  const collator = new Intl.Collator(config?.locale?.replace('_', '-') ?? undefined, { sensitivity: 'base' });
  const options: CountryOption[] = (data?.countries ?? []).flatMap((country) =>
    country?.id
      ? [
          {
            ...country,
            id: country.id,
            available_regions: country.available_regions?.filter((r): r is Region => r?.id != null && r.code != null && r.name != null) ?? null,
            postcode: postcodeRuleOf(country.id, optional),
            isStoreDefault: country.id === config?.default_country,
            // Without the setting in the answer, a country with a region list asks for one, as before.
            requiresRegion: required ? required.includes(country.id) : Boolean(country.available_regions?.length),
            asksRegionText: config?.display_state_if_optional ?? true,
          },
        ]
      : [],
  );
  return options.sort((a, b) => collator.compare(a.full_name_locale ?? a.id, b.full_name_locale ?? b.id));
}

/** The countries the shop ships to, with their regions and where a postcode may be left out (browsing data, cache-first). */
export const GET_COUNTRIES: TypedDocumentNode<Operations.GetCountriesQuery, Operations.GetCountriesQueryVariables> = gql`
  query GetCountries {
    storeConfig {
      store_code
      locale
      default_country
      countries_with_required_region
      display_state_if_optional
      optional_zip_countries
    }
    countries {
      id
      full_name_locale
      available_regions {
        id
        code
        name
      }
    }
  }
`;

export type { SavedAddress };

/** The signed-in customer's address book, to ship to a saved address. */
export const GET_SAVED_ADDRESSES: TypedDocumentNode<Operations.GetCheckoutSavedAddressesQuery, Operations.GetCheckoutSavedAddressesQueryVariables> = gql`
  query GetCheckoutSavedAddresses {
    customer {
      email
      addresses {
        ...SavedAddressFields
      }
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`;
