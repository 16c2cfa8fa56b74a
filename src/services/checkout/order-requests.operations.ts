/**
 * The documents of the order's moments (placing a hosted-payment order, its return, the success
 * page's order, the check after a lost answer): loaded with `order-requests.ts` when the order is
 * placed, never with the home page.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';
import { ORDER_ITEMS_FIELDS, ORDER_PAYMENT_FIELDS, ORDER_TOTALS_FIELDS } from '../account/order-fields.operations';

export const PLACE_HOSTED_ORDER: TypedDocumentNode<Operations.PlaceHostedOrderMutation, Operations.PlaceHostedOrderMutationVariables> = gql`
  mutation PlaceHostedOrder($cartId: String!, $code: String!, $reviewDigest: String) {
    setPaymentMethodOnCart(input: { cart_id: $cartId, payment_method: { code: $code } }) {
      cart {
        id
      }
    }
    placeOrder(input: { cart_id: $cartId, lunette_review_digest: $reviewDigest }) {
      errors {
        code
        message
      }
      orderV2 {
        number
        ...OrderPaymentFields
      }
    }
  }
  ${ORDER_PAYMENT_FIELDS}
`;

/**
 * The hosted-payment return (the shop's extension module, backend/schema/extension.graphql commerce
 * section): the backend checks the provider's signature, then completes or cancels the order.
 */
export const VERIFY_PAYMENT_RETURN: TypedDocumentNode<Operations.VerifyPaymentReturnMutation, Operations.VerifyPaymentReturnMutationVariables> = gql`
  mutation VerifyPaymentReturn($input: LunettePaymentReturnInput!) {
    lunetteVerifyPaymentReturn(input: $input) {
      result
      order_number
      message
      cart_id
      order_token
    }
  }
`;

export type OrderAnswer = Operations.ConfirmedOrderFieldsFragment;

/** An order the backend confirmed is this shopper's, with what its receipt lists (read again from the cache by the paid-order page). */
const CONFIRMED_ORDER_FIELDS = gql`
  fragment ConfirmedOrderFields on CustomerOrder {
    number
    status
    email
    order_date
    ...OrderItemsFields
    ...OrderPaymentFields
    total {
      ...OrderTotalsFields
    }
    shipping_address {
      firstname
      lastname
      street
      city
      region
      region_id
      postcode
      country_code
      telephone
    }
  }
  ${ORDER_ITEMS_FIELDS}
  ${ORDER_PAYMENT_FIELDS}
  ${ORDER_TOTALS_FIELDS}
`;

/** A guest's order, read with the token its verified payment return carried (Magento 2.4.7+). */
export const GUEST_ORDER_BY_TOKEN: TypedDocumentNode<Operations.GuestOrderByTokenQuery, Operations.GuestOrderByTokenQueryVariables> = gql`
  query GuestOrderByToken($token: String!) {
    guestOrderByToken(input: { token: $token }) {
      ...ConfirmedOrderFields
    }
  }
  ${CONFIRMED_ORDER_FIELDS}
`;

/** The signed-in customer's own order with this number (the bearer token says whose). */
export const CUSTOMER_ORDER_BY_NUMBER: TypedDocumentNode<Operations.CustomerOrderByNumberQuery, Operations.CustomerOrderByNumberQueryVariables> = gql`
  query CustomerOrderByNumber($number: String!) {
    customer {
      orders(filter: { number: { eq: $number } }) {
        items {
          ...ConfirmedOrderFields
        }
      }
    }
  }
  ${CONFIRMED_ORDER_FIELDS}
`;

/**
 * Spec §2 /success: a guest's order just placed, named by Magento's `guestOrder` (number, email,
 * billing last name): its token becomes the receipt's proof, so a reload reads it back.
 */
export const GUEST_ORDER_TOKEN: TypedDocumentNode<Operations.GuestOrderTokenQuery, Operations.GuestOrderTokenQueryVariables> = gql`
  query GuestOrderToken($number: String!, $email: String!, $lastname: String!) {
    guestOrder(input: { number: $number, email: $email, lastname: $lastname }) {
      number
      token
    }
  }
`;

/**
 * A customer's newest order (the one a lost place-order answer named), with its status and
 * the provider's page a hosted (card, wallet) order may still wait to be paid on.
 */
export const NEWEST_CUSTOMER_ORDER: TypedDocumentNode<Operations.NewestCustomerOrderQuery, Operations.NewestCustomerOrderQueryVariables> = gql`
  query NewestCustomerOrder {
    customer {
      orders(pageSize: 1, sort: { sort_field: CREATED_AT, sort_direction: DESC }) {
        items {
          id
          number
          status
          ...OrderPaymentFields
        }
      }
    }
  }
  ${ORDER_PAYMENT_FIELDS}
`;

/**
 * The LunettePay page a guest cart's order still waits to be paid on, after placing it lost
 * its answer (the backend's payment module: the masked cart id is the guest's proof).
 */
export const HOSTED_PAYMENT_OF_CART: TypedDocumentNode<
  { lunetteHostedPaymentOfCart: { order_number: string; payment_url: string } | null },
  { cartId: string }
> = gql`
  query HostedPaymentOfCart($cartId: String!) {
    lunetteHostedPaymentOfCart(cart_id: $cartId) {
      order_number
      payment_url
    }
  }
`;
