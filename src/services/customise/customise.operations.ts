/**
 * GraphQL documents of the lens wizard and the prescription pages: Magento 2.4 (products,
 * custom options, configurable variants) + the shop's extension (frame attributes, saved
 * prescriptions, prescription fix). Checked by validate-operations.mjs with the extension SDL.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import { CONFIGURABLE_OPTION_FIELDS, FINAL_PRICE_FIELDS, PRODUCT_IDENTITY_FIELDS, VARIANT_OFFER_FIELDS } from '../catalog/product-fragments';
import type * as Operations from '../apollo/generated/operation-types';
import type { ItemOf, MergedSelection } from '../apollo/selection-types';

export type { CustomiseLensProductQuery } from '../apollo/generated/operation-types';

/** A frame of the answer: its fields, and a configurable's options and variants (optional on other types). */
export type LensProductNode = MergedSelection<ItemOf<NonNullable<Operations.CustomiseLensProductQuery['products']>['items']>>;

/** A custom option of the frame, one member per option type (radio, checkbox, area and field carry their values). */
export type CustomOptionNode = ItemOf<LensProductNode['options']>;

/** A chosen value of a radio or checkbox option. */
export type CustomOptionValueNode = ItemOf<Extract<CustomOptionNode, { __typename: 'CustomizableRadioOption' }>['radio_values']>;

/** Whether a product answers a url key: the server's status for a lens-wizard link (`/customize/{urlkey}`) naming none is 404. */
export const CUSTOMISE_FRAME_EXISTS: TypedDocumentNode<Operations.CustomiseFrameExistsQuery, Operations.CustomiseFrameExistsQueryVariables> = gql`
  query CustomiseFrameExists($urlKey: String!) {
    products(filter: { url_key: { eq: $urlKey } }, pageSize: 1) {
      total_count
    }
  }
`;

/**
 * The frame and its lens options, by url key (the rim type's label comes from the aggregations),
 * and the taxes the view's catalog prices include, so the wizard's total is the cart line's price (ADR 040).
 */
export const CUSTOMISE_LENS_PRODUCT: TypedDocumentNode<Operations.CustomiseLensProductQuery, Operations.CustomiseLensProductQueryVariables> = gql`
  query CustomiseLensProduct($urlKey: String!) {
    products(filter: { url_key: { eq: $urlKey } }, pageSize: 1) {
      items {
        ...ProductIdentityFields
        stock_status
        small_image {
          url
          label
        }
        price_range {
          ...FinalPriceFields
        }
        lens_height
        rim_type
        lens_sph_min
        lens_sph_max
        lens_cyl_max
        categories {
          uid
          url_path
        }
        ... on CustomizableProductInterface {
          options {
            __typename
            uid
            title
            required
            sort_order
            ... on CustomizableRadioOption {
              radio_values: value {
                uid
                title
                price
                sort_order
              }
            }
            ... on CustomizableCheckboxOption {
              checkbox_values: value {
                uid
                title
                price
                sort_order
              }
            }
            ... on CustomizableAreaOption {
              area_value: value {
                uid
                price
                max_characters
              }
            }
            ... on CustomizableFieldOption {
              field_value: value {
                uid
                price
                max_characters
              }
            }
          }
        }
        ... on ConfigurableProduct {
          configurable_options {
            ...ConfigurableOptionFields
          }
          variants {
            attributes {
              uid
              code
            }
            product {
              ...VariantOfferFields
            }
          }
        }
      }
      aggregations {
        attribute_code
        options {
          label
          value
        }
      }
    }
    storeConfig {
      store_code
      lunette_catalog_tax_percents
    }
  }
  ${PRODUCT_IDENTITY_FIELDS}
  ${CONFIGURABLE_OPTION_FIELDS}
  ${FINAL_PRICE_FIELDS}
  ${VARIANT_OFFER_FIELDS}
`;

export type { CustomiseFramesQuery } from '../apollo/generated/operation-types';

/** Frames to customise when the route names none. */
export const CUSTOMISE_FRAMES: TypedDocumentNode<Operations.CustomiseFramesQuery, Operations.CustomiseFramesQueryVariables> = gql`
  query CustomiseFrames {
    products(filter: { category_url_path: { in: ["eyeglasses", "sunglasses"] } }, pageSize: 48, sort: { name: ASC }) {
      items {
        uid
        name
        url_key
        small_image {
          url
        }
        price_range {
          ...FinalPriceFields
        }
      }
    }
  }
  ${FINAL_PRICE_FIELDS}
`;

export type PrescriptionEyeNode = Operations.LunettePrescriptionFieldsFragment['od'];

export type PrescriptionNode = Operations.LunettePrescriptionFieldsFragment;

export type SavedPrescriptionNode = Operations.LunetteSavedPrescriptionFieldsFragment;

const PRESCRIPTION_FIELDS = gql`
  fragment LunettePrescriptionFields on LunettePrescription {
    usage
    exam_date
    expires_on
    is_expired
    od {
      sph
      cyl
      axis
      add
    }
    os {
      sph
      cyl
      axis
      add
    }
    pd {
      single
      right
      left
    }
  }
`;

const SAVED_PRESCRIPTION_FIELDS = gql`
  fragment LunetteSavedPrescriptionFields on LunetteSavedPrescription {
    uid
    name
    created_at
    updated_at
    prescription {
      ...LunettePrescriptionFields
    }
  }
  ${PRESCRIPTION_FIELDS}
`;

export const SAVED_PRESCRIPTIONS: TypedDocumentNode<Operations.SavedPrescriptionsQuery, Operations.SavedPrescriptionsQueryVariables> = gql`
  query SavedPrescriptions {
    lunetteSavedPrescriptions {
      ...LunetteSavedPrescriptionFields
    }
  }
  ${SAVED_PRESCRIPTION_FIELDS}
`;

export const ADD_SAVED_PRESCRIPTION: TypedDocumentNode<Operations.AddSavedPrescriptionMutation, Operations.AddSavedPrescriptionMutationVariables> = gql`
  mutation AddSavedPrescription($input: LunetteSavedPrescriptionInput!) {
    lunetteAddSavedPrescription(input: $input) {
      ...LunetteSavedPrescriptionFields
    }
  }
  ${SAVED_PRESCRIPTION_FIELDS}
`;

export const UPDATE_SAVED_PRESCRIPTION: TypedDocumentNode<Operations.UpdateSavedPrescriptionMutation, Operations.UpdateSavedPrescriptionMutationVariables> =
  gql`
    mutation UpdateSavedPrescription($uid: ID!, $input: LunetteSavedPrescriptionInput!) {
      lunetteUpdateSavedPrescription(uid: $uid, input: $input) {
        ...LunetteSavedPrescriptionFields
      }
    }
    ${SAVED_PRESCRIPTION_FIELDS}
  `;

export const DELETE_SAVED_PRESCRIPTION: TypedDocumentNode<Operations.DeleteSavedPrescriptionMutation, Operations.DeleteSavedPrescriptionMutationVariables> =
  gql`
    mutation DeleteSavedPrescription($uid: ID!) {
      lunetteDeleteSavedPrescription(uid: $uid)
    }
  `;

export type PrescriptionFixOrderNode = NonNullable<Operations.PrescriptionFixOrderQuery['lunettePrescriptionFixOrder']>;

export const PRESCRIPTION_FIX_ORDER: TypedDocumentNode<Operations.PrescriptionFixOrderQuery, Operations.PrescriptionFixOrderQueryVariables> = gql`
  query PrescriptionFixOrder($orderNumber: String!, $key: String!) {
    lunettePrescriptionFixOrder(order_number: $orderNumber, key: $key) {
      order_number
      order_date
      items {
        uid
        product_name
        product_sku
        selected_options {
          label
          value
        }
        prescription
        corrected_at
      }
    }
  }
`;

export const FIX_ORDER_PRESCRIPTION: TypedDocumentNode<Operations.FixOrderPrescriptionMutation, Operations.FixOrderPrescriptionMutationVariables> = gql`
  mutation FixOrderPrescription($input: LunettePrescriptionFixInput!) {
    lunetteFixOrderPrescription(input: $input) {
      order_number
      order_item_uid
      link_open
      fixed_at
      prescription {
        ...LunettePrescriptionFields
      }
    }
  }
  ${PRESCRIPTION_FIELDS}
`;

/** A cart line of the answer: its variant and custom options where its type has them. */
export type CustomiseCartLineNode = MergedSelection<ItemOf<NonNullable<Operations.CustomiseCartLineQuery['cart']>['items']>>;

/** A cart line reopened in the wizard: its variant and every custom option it carries. */
export const CUSTOMISE_CART_LINE: TypedDocumentNode<Operations.CustomiseCartLineQuery, Operations.CustomiseCartLineQueryVariables> = gql`
  query CustomiseCartLine($cartId: String!) {
    cart(cart_id: $cartId) {
      id
      items {
        uid
        quantity
        product {
          uid
          sku
        }
        ... on SimpleCartItem {
          customizable_options {
            customizable_option_uid
            values {
              customizable_option_value_uid
              value
            }
          }
        }
        ... on ConfigurableCartItem {
          configured_variant {
            uid
            sku
          }
          customizable_options {
            customizable_option_uid
            values {
              customizable_option_value_uid
              value
            }
          }
        }
      }
    }
  }
`;
