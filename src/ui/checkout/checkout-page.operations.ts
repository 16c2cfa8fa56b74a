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

/** Whether an email already belongs to an account (the guest is then offered to sign in). */
export const IS_EMAIL_AVAILABLE: TypedDocumentNode<{ isEmailAvailable: { is_email_available: boolean | null } | null }, { email: string }> = gql`
  query IsEmailAvailable($email: String!) {
    isEmailAvailable(email: $email) {
      is_email_available
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

/**
 * Hosted payments (card, wallet): the order is placed with GraphQL so its answer carries the
 * provider's page (`payment_methods.additional_data` hosted_payment_url) to send the shopper to.
 */
export const PLACE_HOSTED_ORDER: TypedDocumentNode<
  {
    setPaymentMethodOnCart: { cart: { id: string } } | null;
    placeOrder: {
      errors: Array<{ code: string; message: string } | null>;
      orderV2: { number: string; payment_methods: Array<{ type: string; additional_data: Array<{ name: string | null; value: string | null } | null> | null } | null> | null } | null;
    } | null;
  },
  { cartId: string; code: string }
> = gql`
  mutation PlaceHostedOrder($cartId: String!, $code: String!) {
    setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: $code } }) {
      cart {
        id
      }
    }
    placeOrder(input: { cart_id: $cartId }) {
      errors {
        code
        message
      }
      orderV2 {
        number
        payment_methods {
          type
          additional_data {
            name
            value
          }
        }
      }
    }
  }
`;
