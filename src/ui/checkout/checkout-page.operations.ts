import { gql, type TypedDocumentNode } from '@apollo/client';

export interface CountryOption {
  id: string;
  full_name_locale: string | null;
  available_regions: Array<{ id: number; code: string; name: string } | null> | null;
}

/** The countries the shop ships to, with their regions (browsing data, cache-first). */
export const GET_COUNTRIES: TypedDocumentNode<{ countries: Array<CountryOption | null> | null }, Record<string, never>> = gql`
  query GetCountries {
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

export interface SavedAddress {
  id: number | null;
  firstname: string | null;
  lastname: string | null;
  street: Array<string | null> | null;
  city: string | null;
  region: { region: string | null; region_code: string | null; region_id: number | null } | null;
  postcode: string | null;
  country_code: string | null;
  telephone: string | null;
  default_shipping: boolean | null;
  default_billing: boolean | null;
}

export const SAVED_ADDRESS_FIELDS = gql`
  fragment SavedAddressFields on CustomerAddress {
    id
    firstname
    lastname
    street
    city
    region {
      region
      region_code
      region_id
    }
    postcode
    country_code
    telephone
    default_shipping
    default_billing
  }
`;

/** The signed-in customer's address book, to ship to a saved address. */
export const GET_SAVED_ADDRESSES: TypedDocumentNode<{ customer: { email: string | null; addresses: Array<SavedAddress | null> | null } | null }, Record<string, never>> = gql`
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
