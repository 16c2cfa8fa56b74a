/**
 * The account pages' changes (spec §7 operations), run by the account machines' live actors
 * (`account.actors.ts`), and the customer fields the account information page reads and each
 * change answers. Magento 2.4 names and arguments.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';

/** A saved address as the address book, the checkout and each address change read it. */
export type SavedAddress = Operations.SavedAddressFieldsFragment;

/**
 * A saved address, whole: what the address book and the checkout read, and what an address change
 * answers, so the cache holds what the backend saved.
 */
export const SAVED_ADDRESS_FIELDS = gql`
  fragment SavedAddressFields on CustomerAddress {
    id
    firstname
    lastname
    street
    city
    region {
      region
      region_code
      region_id
    }
    postcode
    country_code
    telephone
    default_shipping
    default_billing
  }
`;

export const CREATE_ADDRESS: TypedDocumentNode<Operations.CreateCustomerAddressMutation, Operations.CreateCustomerAddressMutationVariables> = gql`
  mutation CreateCustomerAddress($input: CustomerAddressInput!) {
    createCustomerAddress(input: $input) {
      ...SavedAddressFields
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`;

export const UPDATE_ADDRESS: TypedDocumentNode<Operations.UpdateCustomerAddressMutation, Operations.UpdateCustomerAddressMutationVariables> = gql`
  mutation UpdateCustomerAddress($id: Int!, $input: CustomerAddressInput!) {
    updateCustomerAddress(id: $id, input: $input) {
      ...SavedAddressFields
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`;

export const DELETE_ADDRESS: TypedDocumentNode<Operations.DeleteCustomerAddressMutation, Operations.DeleteCustomerAddressMutationVariables> = gql`
  mutation DeleteCustomerAddress($id: Int!) {
    deleteCustomerAddress(id: $id)
  }
`;

export type AccountCustomer = Operations.AccountCustomerFieldsFragment;

/** The fields of AccountCustomer: what the page reads and what each change answers, one selection. */
const ACCOUNT_CUSTOMER_FIELDS = gql`
  fragment AccountCustomerFields on Customer {
    email
    firstname
    lastname
    is_subscribed
  }
`;

export const GET_ACCOUNT_CUSTOMER: TypedDocumentNode<Operations.GetAccountCustomerQuery, Operations.GetAccountCustomerQueryVariables> = gql`
  query GetAccountCustomer {
    customer {
      ...AccountCustomerFields
    }
  }
  ${ACCOUNT_CUSTOMER_FIELDS}
`;

export const UPDATE_CUSTOMER: TypedDocumentNode<Operations.UpdateCustomerMutation, Operations.UpdateCustomerMutationVariables> = gql`
  mutation UpdateCustomer($firstname: String, $lastname: String, $isSubscribed: Boolean) {
    updateCustomerV2(input: { firstname: $firstname, lastname: $lastname, is_subscribed: $isSubscribed }) {
      customer {
        ...AccountCustomerFields
      }
    }
  }
  ${ACCOUNT_CUSTOMER_FIELDS}
`;

export const UPDATE_CUSTOMER_EMAIL: TypedDocumentNode<Operations.UpdateCustomerEmailMutation, Operations.UpdateCustomerEmailMutationVariables> = gql`
  mutation UpdateCustomerEmail($email: String!, $password: String!) {
    updateCustomerEmail(email: $email, password: $password) {
      customer {
        ...AccountCustomerFields
      }
    }
  }
  ${ACCOUNT_CUSTOMER_FIELDS}
`;

export const CHANGE_PASSWORD: TypedDocumentNode<Operations.ChangeCustomerPasswordMutation, Operations.ChangeCustomerPasswordMutationVariables> = gql`
  mutation ChangeCustomerPassword($currentPassword: String!, $newPassword: String!) {
    changeCustomerPassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      email
    }
  }
`;

export const RESET_PASSWORD: TypedDocumentNode<Operations.ResetPasswordMutation, Operations.ResetPasswordMutationVariables> = gql`
  mutation ResetPassword($email: String!, $token: String!, $newPassword: String!) {
    resetPassword(email: $email, resetPasswordToken: $token, newPassword: $newPassword)
  }
`;

export const CONTACT_US: TypedDocumentNode<Operations.ContactUsMutation, Operations.ContactUsMutationVariables> = gql`
  mutation ContactUs($name: String!, $email: String!, $telephone: String, $comment: String!) {
    contactUs(input: { name: $name, email: $email, telephone: $telephone, comment: $comment }) {
      status
    }
  }
`;
