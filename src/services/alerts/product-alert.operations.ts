/**
 * Product alerts (the shop's extension module, backend/schema/extension.graphql commerce section):
 * subscribe the signed-in customer, unsubscribe by a link's hash or by id, and the frame a
 * confirmation links back to.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import { PRODUCT_LINK_FIELDS, PRODUCT_PAGE_ADDRESS_FIELDS } from '../catalog/product-fragments';
import type * as Operations from '../apollo/generated/operation-types';

export type SubscribedAlert = NonNullable<Operations.SubscribeProductAlertMutation['lunetteProductAlertSubscribe']>;

export const SUBSCRIBE_PRODUCT_ALERT: TypedDocumentNode<Operations.SubscribeProductAlertMutation, Operations.SubscribeProductAlertMutationVariables> = gql`
  mutation SubscribeProductAlert($sku: String!, $type: LunetteProductAlertType!) {
    lunetteProductAlertSubscribe(input: { sku: $sku, type: $type }) {
      id
      type
      product_sku
      product {
        ...ProductLinkFields
        sku
      }
    }
  }
  ${PRODUCT_LINK_FIELDS}
`;

export const UNSUBSCRIBE_PRODUCT_ALERT: TypedDocumentNode<Operations.UnsubscribeProductAlertMutation, Operations.UnsubscribeProductAlertMutationVariables> =
  gql`
    mutation UnsubscribeProductAlert($input: LunetteProductAlertUnsubscribeInput!) {
      lunetteProductAlertUnsubscribe(input: $input) {
        result
        product_name
      }
    }
  `;

/** The page of the frame an alert is about (a variant links back to its configurable frame). */
export const ALERT_PRODUCT_PAGE: TypedDocumentNode<Operations.AlertProductPageQuery, Operations.AlertProductPageQueryVariables> = gql`
  query AlertProductPage($sku: String!) {
    products(filter: { sku: { eq: $sku } }, pageSize: 1) {
      items {
        ...ProductPageAddressFields
      }
    }
  }
  ${PRODUCT_PAGE_ADDRESS_FIELDS}
`;
