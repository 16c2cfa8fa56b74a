/**
 * The receipt of a hosted payment. The order was placed before the shopper left for the provider,
 * so the checkout machine never reached its receipt; what it saved while the shopper checked out
 * (spec §9 `shipping_address`) is the order's shipping address. Once the payment is approved the
 * order is final: spec §4 "saved checkout data cleared" happens here, after reading that address.
 */
import type { Address } from '../../machines/checkout/checkout.types';
import type { BrowserStorage } from '../storage/browser-storage';
import { CHECKOUT_KEYS, STORAGE_KEYS } from '../storage/storage-keys';

export interface PaymentReceipt {
  orderNumber: string;
  shippingAddress: Address | null;
}

function isAddress(value: unknown): value is Address {
  if (typeof value !== 'object' || value === null) return false;
  const address = value as Partial<Address>;
  return typeof address.firstname === 'string' && typeof address.lastname === 'string' && Array.isArray(address.street);
}

/** Reads the saved shipping address, then clears every saved checkout key (spec §4, §9). */
export function takeSavedReceipt(storage: BrowserStorage, orderNumber: string): PaymentReceipt {
  const saved = storage.getItem<unknown>(STORAGE_KEYS.shippingAddress);
  for (const key of CHECKOUT_KEYS) storage.removeItem(key);
  return { orderNumber, shippingAddress: isAddress(saved) ? saved : null };
}

/** A receipt handed between pages (router state) is checked before it is shown. */
export function receiptOf(value: unknown): PaymentReceipt | null {
  if (typeof value !== 'object' || value === null) return null;
  const { orderNumber, shippingAddress } = value as Partial<PaymentReceipt>;
  if (typeof orderNumber !== 'string' || orderNumber === '') return null;
  return { orderNumber, shippingAddress: isAddress(shippingAddress) ? shippingAddress : null };
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
