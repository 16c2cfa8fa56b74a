import { gql, type TypedDocumentNode } from '@apollo/client';
import type * as Operations from '../apollo/generated/operation-types';

/** spec §7 generateCustomerToken: email, password → token. */
export const GENERATE_CUSTOMER_TOKEN: TypedDocumentNode<Operations.SignInMutation, Operations.SignInMutationVariables> = gql`
  mutation SignIn($email: String!, $password: String!) {
    generateCustomerToken(email: $email, password: $password) {
      token
    }
  }
`;

/** spec §7 customer, after sign-in: email, firstname, lastname, is_subscribed. */
export const GET_CUSTOMER: TypedDocumentNode<Operations.GetCustomerQuery, Operations.GetCustomerQueryVariables> = gql`
  query GetCustomer {
    customer {
      email
      firstname
      lastname
      is_subscribed
    }
  }
`;

export const CREATE_ACCOUNT: TypedDocumentNode<Operations.CreateAccountMutation, Operations.CreateAccountMutationVariables> = gql`
  mutation CreateAccount($email: String!, $firstname: String!, $lastname: String!, $password: String!, $isSubscribed: Boolean) {
    createCustomerV2(input: { email: $email, firstname: $firstname, lastname: $lastname, password: $password, is_subscribed: $isSubscribed }) {
      customer {
        email
      }
    }
  }
`;

/** Sign-out's token revocation (spec §4 "call an optional token revocation"). */
export const REVOKE_CUSTOMER_TOKEN: TypedDocumentNode<Operations.RevokeCustomerTokenMutation, Operations.RevokeCustomerTokenMutationVariables> = gql`
  mutation RevokeCustomerToken {
    revokeCustomerToken {
      result
    }
  }
`;

export const REQUEST_PASSWORD_RESET_EMAIL: TypedDocumentNode<
  Operations.RequestPasswordResetEmailMutation,
  Operations.RequestPasswordResetEmailMutationVariables
> = gql`
  mutation RequestPasswordResetEmail($email: String!) {
    requestPasswordResetEmail(email: $email)
  }
`;
