import { gql, type TypedDocumentNode } from '@apollo/client';
import { SAVED_ADDRESS_FIELDS, type SavedAddress } from '../checkout';

interface Money {
  value: number | null;
  currency: string | null;
}

export interface OrderSummary {
  number: string;
  order_date: string | null;
  status: string | null;
  total: { grand_total: Money | null } | null;
}

export const GET_ORDER_HISTORY: TypedDocumentNode<
  { customer: { orders: { total_count: number | null; page_info: { current_page: number | null; total_pages: number | null } | null; items: Array<OrderSummary | null> } | null } | null },
  { currentPage: number; pageSize: number }
> = gql`
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

export interface OrderAddress {
  firstname: string | null;
  lastname: string | null;
  street: Array<string | null> | null;
  city: string | null;
  region: string | null;
  postcode: string | null;
  country_code: string | null;
  telephone: string | null;
}

/** An ordered line: the frame with its colour, size and lens choices (selected) and its prescription (entered). */
export interface OrderItem {
  id: string;
  product_name: string | null;
  product_sku: string;
  quantity_ordered: number | null;
  product_sale_price: Money;
  prices: { row_total: Money | null } | null;
  selected_options: Array<{ label: string; value: string } | null> | null;
  entered_options: Array<{ label: string; value: string } | null> | null;
}

export interface OrderDetail extends OrderSummary {
  shipping_method: string | null;
  payment_methods: Array<{ name: string | null } | null> | null;
  shipping_address: OrderAddress | null;
  billing_address: OrderAddress | null;
  items: Array<OrderItem | null> | null;
  total: {
    grand_total: Money | null;
    subtotal: Money | null;
    total_shipping: Money | null;
    total_tax: Money | null;
    discounts: Array<{ label: string | null; amount: Money } | null> | null;
  } | null;
}

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
export interface ReceiptOrderDetail {
  id: string;
  number: string;
  items: Array<OrderItem | null> | null;
  total: { subtotal: Money | null; total_shipping: Money | null; total_tax: Money | null; grand_total: Money | null } | null;
}

// Order item fields are selected on the interface itself, not through a fragment spread: the client
// cache has no possible-types map, so an interface fragment would not match ConfigurableOrderItem.
const RECEIPT_ORDER_FIELDS = gql`
  fragment ReceiptOrderFields on CustomerOrder {
    id
    number
    items {
      id
      product_name
      product_sku
      quantity_ordered
      product_sale_price {
        value
        currency
      }
      prices {
        row_total {
          value
          currency
        }
      }
      selected_options {
        label
        value
      }
      entered_options {
        label
        value
      }
    }
    total {
      subtotal {
        value
        currency
      }
      total_shipping {
        value
        currency
      }
      total_tax {
        value
        currency
      }
      grand_total {
        value
        currency
      }
    }
  }
`;

/**
 * The receipt of a signed-in customer: the order just placed is among the newest. The REST answer
 * is the order's entity id, which Magento's `CustomerOrder.id` carries base64-encoded.
 */
export const GET_RECEIPT_CUSTOMER_ORDERS: TypedDocumentNode<{ customer: { orders: { items: Array<ReceiptOrderDetail | null> } | null } | null }, Record<string, never>> = gql`
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
export const GET_RECEIPT_GUEST_ORDER: TypedDocumentNode<{ guestOrder: ReceiptOrderDetail | null }, { number: string; email: string; lastname: string }> = gql`
  query GetReceiptGuestOrder($number: String!, $email: String!, $lastname: String!) {
    guestOrder(input: { number: $number, email: $email, lastname: $lastname }) {
      ...ReceiptOrderFields
    }
  }
  ${RECEIPT_ORDER_FIELDS}
`;

export const GET_ORDER_DETAIL: TypedDocumentNode<{ customer: { orders: { items: Array<OrderDetail | null> } | null } | null }, { number: string }> = gql`
  query GetOrderDetail($number: String!) {
    customer {
      orders(filter: { number: { eq: $number } }) {
        items {
          number
          order_date
          status
          shipping_method
          payment_methods {
            name
          }
          shipping_address {
            ...OrderAddressFields
          }
          billing_address {
            ...OrderAddressFields
          }
          items {
            id
            product_name
            product_sku
            quantity_ordered
            product_sale_price {
              value
              currency
            }
            prices {
              row_total {
                value
                currency
              }
            }
            selected_options {
              label
              value
            }
            entered_options {
              label
              value
            }
          }
          total {
            grand_total {
              value
              currency
            }
            subtotal {
              value
              currency
            }
            total_shipping {
              value
              currency
            }
            total_tax {
              value
              currency
            }
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
`;

export const GET_ADDRESS_BOOK: TypedDocumentNode<{ customer: { addresses: Array<SavedAddress | null> | null } | null }, Record<string, never>> = gql`
  query GetAddressBook {
    customer {
      addresses {
        ...SavedAddressFields
      }
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`;
