import { gql } from '@apollo/client';

/** A small cart query the Apollo helpers' tests send and cache (Magento 2.4 field names). */
export const CART_QUANTITY_QUERY = gql`
  query TestCartQuantity($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      total_quantity
    }
  }
`;
