/**
 * Product alerts (the shop's extension module, backend/schema/extension.graphql commerce section):
 * subscribe the signed-in customer, unsubscribe by a link's hash or by id, and the frame a
 * confirmation links back to.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AlertType, AlertUnsubscribeInput } from './alert-links';

export interface SubscribedAlert {
  id: number;
  type: AlertType;
  product_sku: string;
  product: { uid: string; sku: string | null; name: string | null; url_key: string | null; url_suffix: string | null; small_image: { url: string | null; label: string | null } | null } | null;
}

export const SUBSCRIBE_PRODUCT_ALERT: TypedDocumentNode<
  { lunetteProductAlertSubscribe: SubscribedAlert | null },
  { sku: string; type: AlertType }
> = gql`
  mutation SubscribeProductAlert($sku: String!, $type: LunetteProductAlertType!) {
    lunetteProductAlertSubscribe(input: { sku: $sku, type: $type }) {
      id
      type
      product_sku
      product {
        uid
        sku
        name
        url_key
        url_suffix
        small_image {
          url
          label
        }
      }
    }
  }
`;

export const UNSUBSCRIBE_PRODUCT_ALERT: TypedDocumentNode<
  { lunetteProductAlertUnsubscribe: { result: boolean; product_name: string | null } | null },
  { input: AlertUnsubscribeInput }
> = gql`
  mutation UnsubscribeProductAlert($input: LunetteProductAlertUnsubscribeInput!) {
    lunetteProductAlertUnsubscribe(input: $input) {
      result
      product_name
    }
  }
`;

/** The page of the frame an alert is about (a variant links back to its configurable frame). */
export const ALERT_PRODUCT_PAGE: TypedDocumentNode<
  { products: { items: Array<{ uid: string; name: string | null; url_key: string | null; url_suffix: string | null } | null> | null } | null },
  { sku: string }
> = gql`
  query AlertProductPage($sku: String!) {
    products(filter: { sku: { eq: $sku } }, pageSize: 1) {
      items {
        uid
        name
        url_key
        url_suffix
      }
    }
  }
`;
