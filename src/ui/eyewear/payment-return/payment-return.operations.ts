/**
 * The hosted-payment return (the shop's extension module, backend/schema/extension.graphql commerce
 * section): the backend checks the provider's signature, then completes or cancels the order.
 */
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PaymentReturnInput, VerifiedPayment } from '../../../services/payment-return/payment-return-params';

export const VERIFY_PAYMENT_RETURN: TypedDocumentNode<{ lunetteVerifyPaymentReturn: VerifiedPayment | null }, { input: PaymentReturnInput }> = gql`
  mutation VerifyPaymentReturn($input: LunettePaymentReturnInput!) {
    lunetteVerifyPaymentReturn(input: $input) {
      result
      order_number
      message
      cart_id
    }
  }
`;
