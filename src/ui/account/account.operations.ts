import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../../services/apollo/generated/operation-types';
import type { ItemOf } from '../../services/apollo/selection-types';
import { SAVED_ADDRESS_FIELDS } from '../../services/account/account.operations';
import { PRODUCT_PAGE_ADDRESS_FIELDS } from '../../services/catalog/product-fragments';
import { ORDER_ITEMS_FIELDS, ORDER_PAYMENT_FIELDS, ORDER_TOTALS_FIELDS } from '../../services/account/order-fields.operations';

export type OrderSummary = ItemOf<NonNullable<NonNullable<Operations.GetOrderHistoryQuery['customer']>['orders']>['items']>;

export const GET_ORDER_HISTORY: TypedDocumentNode<Operations.GetOrderHistoryQuery, Operations.GetOrderHistoryQueryVariables> = gql`
  query GetOrderHistory($currentPage: Int!, $pageSize: Int!) {
    customer {
      orders(currentPage: $currentPage, pageSize: $pageSize, sort: { sort_field: CREATED_AT, sort_direction: DESC }) {
        total_count
        page_info {
          current_page
          total_pages
        }
        items {
          number
          order_date
          status
          total {
            grand_total {
              value
              currency
            }
          }
        }
      }
    }
  }
`;

export type OrderAddress = Operations.OrderAddressFieldsFragment;

/** An ordered line: the frame with its colour, size and lens choices (selected) and its prescription (entered). */
export type OrderItem = ItemOf<OrderDetail['items']>;

export type OrderDetail = ItemOf<NonNullable<NonNullable<Operations.GetOrderDetailQuery['customer']>['orders']>['items']>;

const ORDER_ADDRESS = gql`
  fragment OrderAddressFields on OrderAddress {
    firstname
    lastname
    street
    city
    region
    postcode
    country_code
    telephone
  }
`;

/** What the checkout receipt lists: the order's lines and totals. */
export type ReceiptOrderDetail = Operations.ReceiptOrderFieldsFragment;

const RECEIPT_ORDER_FIELDS = gql`
  fragment ReceiptOrderFields on CustomerOrder {
    id
    number
    order_date
    ...OrderItemsFields
    ...OrderPaymentFields
    total {
      ...OrderTotalsFields
    }
  }
  ${ORDER_ITEMS_FIELDS}
  ${ORDER_PAYMENT_FIELDS}
  ${ORDER_TOTALS_FIELDS}
`;

/**
 * The receipt of a signed-in customer: the order just placed is among the newest. The REST answer
 * is the order's entity id, which Magento's `CustomerOrder.id` carries base64-encoded.
 */
export const GET_RECEIPT_CUSTOMER_ORDERS: TypedDocumentNode<Operations.GetReceiptCustomerOrdersQuery, Operations.GetReceiptCustomerOrdersQueryVariables> = gql`
  query GetReceiptCustomerOrders {
    customer {
      orders(currentPage: 1, pageSize: 5, sort: { sort_field: CREATED_AT, sort_direction: DESC }) {
        items {
          ...ReceiptOrderFields
        }
      }
    }
  }
  ${RECEIPT_ORDER_FIELDS}
`;

/** The receipt of a guest: Magento's `guestOrder`, found by number, email and billing last name. */
export const GET_RECEIPT_GUEST_ORDER: TypedDocumentNode<Operations.GetReceiptGuestOrderQuery, Operations.GetReceiptGuestOrderQueryVariables> = gql`
  query GetReceiptGuestOrder($number: String!, $email: String!, $lastname: String!) {
    guestOrder(input: { number: $number, email: $email, lastname: $lastname }) {
      ...ReceiptOrderFields
    }
  }
  ${RECEIPT_ORDER_FIELDS}
`;

export const GET_ORDER_DETAIL: TypedDocumentNode<Operations.GetOrderDetailQuery, Operations.GetOrderDetailQueryVariables> = gql`
  query GetOrderDetail($number: String!) {
    customer {
      orders(filter: { number: { eq: $number } }) {
        items {
          number
          order_date
          status
          shipping_method
          ...OrderPaymentFields
          shipping_address {
            ...OrderAddressFields
          }
          billing_address {
            ...OrderAddressFields
          }
          ...OrderItemsFields
          total {
            ...OrderTotalsFields
            discounts {
              label
              amount {
                value
                currency
              }
            }
          }
        }
      }
    }
  }
  ${ORDER_ADDRESS}
  ${ORDER_ITEMS_FIELDS}
  ${ORDER_PAYMENT_FIELDS}
  ${ORDER_TOTALS_FIELDS}
`;

export const GET_ADDRESS_BOOK: TypedDocumentNode<Operations.GetAddressBookQuery, Operations.GetAddressBookQueryVariables> = gql`
  query GetAddressBook {
    customer {
      addresses {
        ...SavedAddressFields
      }
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`;

/** The signed-in customer's stock and price alerts, each with the frame whose page it links to (extension schema `lunetteProductAlerts`). */
export const GET_ACCOUNT_ALERTS: TypedDocumentNode<Operations.GetAccountAlertsQuery, Operations.GetAccountAlertsQueryVariables> = gql`
  query GetAccountAlerts {
    lunetteProductAlerts {
      id
      type
      created_at
      product_sku
      product {
        uid
        name
      }
      frame {
        ...ProductPageAddressFields
      }
    }
  }
  ${PRODUCT_PAGE_ADDRESS_FIELDS}
`;

export type AccountAlert = NonNullable<ItemOf<Operations.GetAccountAlertsQuery['lunetteProductAlerts']>>;
