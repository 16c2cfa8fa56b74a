/**
 * GraphQL documents of the lens wizard and the prescription pages: Magento 2.4 (products,
 * custom options, configurable variants) + the shop's extension (frame attributes, saved
 * prescriptions, prescription fix). Checked by validate-operations.mjs with the extension SDL.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import { CONFIGURABLE_OPTION_FIELDS, FINAL_PRICE_FIELDS, PRODUCT_IDENTITY_FIELDS, VARIANT_OFFER_FIELDS } from '../catalog/product-fragments';
import type * as Operations from '../apollo/generated/operation-types';

interface Money {
  value: number | null;
  currency: string | null;
}

interface PriceRange {
  minimum_price: { final_price: Money };
}

export interface CustomOptionValueNode {
  uid: string;
  title: string | null;
  price: number | null;
  sort_order?: number | null;
}

export type CustomOptionNode =
  | {
      __typename: 'CustomizableRadioOption';
      uid: string;
      title: string | null;
      required: boolean | null;
      sort_order: number | null;
      radio_values: (CustomOptionValueNode | null)[] | null;
    }
  | {
      __typename: 'CustomizableCheckboxOption';
      uid: string;
      title: string | null;
      required: boolean | null;
      sort_order: number | null;
      checkbox_values: (CustomOptionValueNode | null)[] | null;
    }
  | {
      __typename: 'CustomizableAreaOption';
      uid: string;
      title: string | null;
      required: boolean | null;
      sort_order: number | null;
      area_value: { uid: string; price: number | null; max_characters: number | null } | null;
    }
  | {
      __typename: 'CustomizableFieldOption';
      uid: string;
      title: string | null;
      required: boolean | null;
      sort_order: number | null;
      field_value: { uid: string; price: number | null; max_characters: number | null } | null;
    }
  | { __typename: string; uid: string; title: string | null; required: boolean | null; sort_order: number | null };

export interface LensProductNode {
  __typename: string;
  uid: string;
  sku: string | null;
  name: string | null;
  url_key: string | null;
  small_image: { url: string | null; label: string | null } | null;
  price_range: PriceRange;
  lens_height: number | null;
  rim_type: number | null;
  lens_sph_min: number | null;
  lens_sph_max: number | null;
  lens_cyl_max: number | null;
  options?: (CustomOptionNode | null)[] | null;
  stock_status?: string | null;
  configurable_options?:
    | ({
        uid: string;
        attribute_code: string | null;
        label: string | null;
        values: ({ uid: string | null; label: string | null; value_index?: number | null } | null)[] | null;
      } | null)[]
    | null;
  variants?:
    | ({
        attributes: ({ uid: string; code: string | null } | null)[] | null;
        product: { uid: string; sku: string | null; stock_status: string | null; small_image?: { url: string | null } | null; price_range: PriceRange } | null;
      } | null)[]
    | null;
}

export interface CustomiseLensProductQuery {
  products: {
    items: (LensProductNode | null)[] | null;
    aggregations: ({ attribute_code: string; options: ({ label: string | null; value: string } | null)[] | null } | null)[] | null;
  } | null;
}

/** The frame and its lens options, by url key (the rim type's label comes from the aggregations). */
export const CUSTOMISE_LENS_PRODUCT: TypedDocumentNode<CustomiseLensProductQuery, Operations.CustomiseLensProductQueryVariables> = gql`
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

/** `LunettePrescriptionInput`. */
export interface PrescriptionInputVariables {
  usage: PrescriptionNode['usage'];
  exam_date: string;
  od: { sph: number; cyl: number; axis: number | null; add: number | null };
  os: { sph: number; cyl: number; axis: number | null; add: number | null };
  pd: { single: number | null; right: number | null; left: number | null };
}

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
        product_name
        product_sku
        prescription
      }
    }
  }
`;

export const FIX_ORDER_PRESCRIPTION: TypedDocumentNode<Operations.FixOrderPrescriptionMutation, Operations.FixOrderPrescriptionMutationVariables> = gql`
  mutation FixOrderPrescription($input: LunettePrescriptionFixInput!) {
    lunetteFixOrderPrescription(input: $input) {
      order_number
      fixed_at
      prescription {
        ...LunettePrescriptionFields
      }
    }
  }
  ${PRESCRIPTION_FIELDS}
`;

export interface CartLineOptionNode {
  customizable_option_uid: string;
  values: ({ customizable_option_value_uid: string; value: string | null } | null)[] | null;
}

export interface CustomiseCartLineNode {
  uid: string;
  quantity: number;
  product: { uid?: string; sku: string | null };
  configured_variant?: { uid?: string; sku: string | null } | null;
  customizable_options?: (CartLineOptionNode | null)[] | null;
}

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
