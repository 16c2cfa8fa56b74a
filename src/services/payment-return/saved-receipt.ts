/**
 * The receipt of a hosted payment as the success page shows it (the checkout machine clears the
 * saved checkout data once the payment is approved), and the account offer it leads to.
 */
import type { Address } from '../../machines/checkout/checkout.types';

export interface PaymentReceipt {
  orderNumber: string;
  shippingAddress: Address | null;
}

/**
 * Spec §2/§6: after an order a guest may be sent to /create-account with email, firstName and
 * lastName from the order's shipping address. Signed-in customers, and addresses without an email,
 * get no offer.
 */
export function createAccountPathOf(receipt: PaymentReceipt | null, isSignedIn: boolean): string | null {
  const address = receipt?.shippingAddress;
  if (isSignedIn || !address?.email) return null;
  const params = new URLSearchParams({ email: address.email, firstName: address.firstname, lastName: address.lastname });
  return `/create-account?${params.toString()}`;
}
