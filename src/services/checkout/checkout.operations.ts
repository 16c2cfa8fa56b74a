import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';
import { AVAILABLE_SHIPPING_METHODS_FRAGMENT } from '../cart/cart.operations';

/** The cart's shipping methods, as the shipping step and the shipping-method reads answer them. */
export type CartShippingMethods = Operations.AvailableShippingMethodsFragment;

/** spec §7 set guest email: cartId, email. */
export const SET_GUEST_EMAIL: TypedDocumentNode<Operations.SetGuestEmailOnCartMutation, Operations.SetGuestEmailOnCartMutationVariables> = gql`
  mutation SetGuestEmailOnCart($cartId: String!, $email: String!) {
    setGuestEmailOnCart(input: { cart_id: $cartId, email: $email }) {
      cart {
        id
      }
    }
  }
`;

/** spec §7 set shipping address: answers shipping_addresses[0].available_shipping_methods. */
export const SET_SHIPPING_ADDRESS: TypedDocumentNode<Operations.SetShippingAddressMutation, Operations.SetShippingAddressMutationVariables> = gql`
  mutation SetShippingAddress(
    $cartId: String!
    $firstname: String!
    $lastname: String!
    $street: [String]!
    $city: String!
    $region_code: String
    $region_id: Int
    $postcode: String
    $telephone: String!
    $country_id: String!
  ) {
    setShippingAddressesOnCart(
      input: {
        cart_id: $cartId
        shipping_addresses: [
          {
            address: {
              firstname: $firstname
              lastname: $lastname
              street: $street
              city: $city
              region: $region_code
              region_id: $region_id
              postcode: $postcode
              telephone: $telephone
              country_code: $country_id
              save_in_address_book: false
            }
          }
        ]
      }
    ) {
      cart {
        id
        ...AvailableShippingMethodsFragment
      }
    }
  }
  ${AVAILABLE_SHIPPING_METHODS_FRAGMENT}
`;

export const GET_SHIPPING_METHODS: TypedDocumentNode<Operations.GetShippingMethodsQuery, Operations.GetShippingMethodsQueryVariables> = gql`
  query GetShippingMethods($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      ...AvailableShippingMethodsFragment
    }
  }
  ${AVAILABLE_SHIPPING_METHODS_FRAGMENT}
`;

/** The cart's shipping address, its methods and the method set, read after a step whose answer was lost. */
export const GET_CART_SHIPPING: TypedDocumentNode<Operations.GetCartShippingQuery, Operations.GetCartShippingQueryVariables> = gql`
  query GetCartShipping($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      ...AvailableShippingMethodsFragment
      shipping_addresses {
        selected_shipping_method {
          carrier_code
          method_code
        }
      }
    }
  }
  ${AVAILABLE_SHIPPING_METHODS_FRAGMENT}
`;

/** Whether an email already belongs to an account (a guest is then offered to sign in). */
export const IS_EMAIL_AVAILABLE: TypedDocumentNode<Operations.IsEmailAvailableQuery, Operations.IsEmailAvailableQueryVariables> = gql`
  query IsEmailAvailable($email: String!) {
    isEmailAvailable(email: $email) {
      is_email_available
    }
  }
`;

/**
 * Hosted payments (card, wallet): the order is placed with GraphQL so its answer carries the
 * provider's page (`payment_methods.additional_data` hosted_payment_url) to send the shopper to.
 */
