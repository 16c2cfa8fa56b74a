/**
 * Abandoned-cart links (the shop's extension module, backend/schema/extension.graphql commerce
 * section), and Magento's customerCart + mergeCarts for a signed-in customer who opens a guest
 * cart's link: its lines join the customer's own cart.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';

export const RESTORE_ABANDONED_CART: TypedDocumentNode<Operations.RestoreAbandonedCartMutation, Operations.RestoreAbandonedCartMutationVariables> = gql`
  mutation RestoreAbandonedCart($input: LunetteRestoreAbandonedCartInput!) {
    lunetteRestoreAbandonedCart(input: $input) {
      cart_id
      cart {
        id
        total_quantity
      }
    }
  }
`;

export const RESTORING_CUSTOMER_CART: TypedDocumentNode<Operations.RestoringCustomerCartQuery, Operations.RestoringCustomerCartQueryVariables> = gql`
  query RestoringCustomerCart {
    customerCart {
      id
    }
  }
`;

export const MERGE_RESTORED_CART: TypedDocumentNode<Operations.MergeRestoredCartMutation, Operations.MergeRestoredCartMutationVariables> = gql`
  mutation MergeRestoredCart($source: String!, $destination: String!) {
    mergeCarts(source_cart_id: $source, destination_cart_id: $destination) {
      id
      total_quantity
    }
  }
`;
