/**
 * The documents of the order's moments (placing a hosted-payment order, its return, the success
 * page's order, the check after a lost answer): loaded with `order-requests.ts` when the order is
 * placed, never with the home page.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PaymentReturnInput, VerifiedPayment } from '../../machines/checkout/checkout.types';

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

/**
 * The hosted-payment return (the shop's extension module, backend/schema/extension.graphql commerce
 * section): the backend checks the provider's signature, then completes or cancels the order.
 */
export const VERIFY_PAYMENT_RETURN: TypedDocumentNode<
  { lunetteVerifyPaymentReturn: VerifiedPayment | null },
  { input: PaymentReturnInput }
> = gql`
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

export interface OrderAnswer {
  number: string;
  status: string;
  email: string | null;
  shipping_address: {
    firstname: string | null;
    lastname: string | null;
    street: Array<string | null> | null;
    city: string | null;
    region: string | null;
    region_id: string | null;
    postcode: string | null;
    country_code: string | null;
    telephone: string | null;
  } | null;
}

const CONFIRMED_ORDER_FIELDS = gql`
  fragment ConfirmedOrderFields on CustomerOrder {
    number
    status
    email
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
`;

/** A guest's order, read with the token its verified payment return carried (Magento 2.4.7+). */
export const GUEST_ORDER_BY_TOKEN: TypedDocumentNode<{ guestOrderByToken: OrderAnswer | null }, { token: string }> = gql`
  query GuestOrderByToken($token: String!) {
    guestOrderByToken(input: { token: $token }) {
      ...ConfirmedOrderFields
    }
  }
  ${CONFIRMED_ORDER_FIELDS}
`;

/** The signed-in customer's own order with this number (the bearer token says whose). */
export const CUSTOMER_ORDER_BY_NUMBER: TypedDocumentNode<{ customer: { orders: { items: Array<OrderAnswer | null> | null } | null } | null }, { number: string }> = gql`
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

/** Issue 20: whether the cart an order may have been placed from is still active (Magento answers "The cart isn't active." once it became an order). */
export const PLACED_ORDER_CART: TypedDocumentNode<{ cart: { id: string } | null }, { cartId: string }> = gql`
  query PlacedOrderCart($cartId: String!) {
    cart(cart_id: $cartId) {
      id
    }
  }
`;

/** Issue 20: a customer's newest order (the one a lost place-order answer named). */
export const NEWEST_CUSTOMER_ORDER: TypedDocumentNode<{ customer: { orders: { items: Array<{ id: string; number: string } | null> | null } | null } | null }, Record<string, never>> = gql`
  query NewestCustomerOrder {
    customer {
      orders(pageSize: 1, sort: { sort_field: CREATED_AT, sort_direction: DESC }) {
        items {
          id
          number
        }
      }
    }
  }
`;
