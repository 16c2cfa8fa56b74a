/** The order fields the receipt, the paid-order page and the order detail read (Magento 2.4 `CustomerOrder`). */
import { gql } from '@apollo/client';

/**
 * An order's lines as the receipt, the paid-order page and the order detail show them. The item
 * fields are selected on the interface itself, inside a fragment on the order: the client cache
 * has no possible types for OrderItemInterface, so a fragment on it would not match ConfigurableOrderItem.
 */
export const ORDER_ITEMS_FIELDS = gql`
  fragment OrderItemsFields on CustomerOrder {
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
        price_including_tax {
          value
          currency
        }
        row_total {
          value
          currency
        }
        row_total_including_tax {
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
  }
`;

/** An order's totals. */
export const ORDER_TOTALS_FIELDS = gql`
  fragment OrderTotalsFields on OrderTotal {
    subtotal {
      value
      currency
    }
    subtotal_incl_tax {
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
    taxes {
      title
      amount {
        value
        currency
      }
    }
    grand_total {
      value
      currency
    }
  }
`;

/**
 * How an order is paid: the method's title and code, and what it carries (a check / money order's
 * `payable_to` and `mailing_address`, as Magento copies them onto the order's payment).
 */
export const ORDER_PAYMENT_FIELDS = gql`
  fragment OrderPaymentFields on CustomerOrder {
    payment_methods {
      name
      type
      additional_data {
        name
        value
      }
    }
  }
`;
