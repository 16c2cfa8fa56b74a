/** Checkout data as the machine sees it (spec §3 "Address", "Checkout"; §7 REST bodies). */

export interface Address {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  region_code?: string | null;
  region_id?: number | null;
  region?: string | null;
  postcode: string;
  telephone: string;
  country_id?: string | null;
  email?: string | null;
  sameAsShippingAddress?: boolean;
}

export interface Region {
  id: number;
  code: string;
  name: string;
}

/** A country the shop sells to, with its regions (Magento `countries { id available_regions }`). */
export interface Country {
  id: string;
  available_regions?: Region[] | null;
}

/** A shipping method, also exposed as `code` and `title` (spec §3). */
export interface CheckoutShippingMethod {
  carrier_code: string;
  carrier_title: string;
  method_code: string;
  method_title?: string | null;
  amount?: { currency: string; value: number } | null;
  code: string;
  title: string;
}

export interface PaymentMethodSelection {
  code: string;
  /** Holds the payment nonce (spec §3 paymentData). */
  data?: { nonce?: string | null } | null;
}

/** The billing step's input: an address, or "same as shipping". */
export type BillingAddressInput = (Address & { sameAsShippingAddress?: false }) | { sameAsShippingAddress: true };

/** What browser storage holds for the checkout (spec §9 keys), as the services read it back. */
export interface SavedCheckoutData {
  availableShippingMethods?: CheckoutShippingMethod[] | null;
  billingAddress?: Address | null;
  paymentMethod?: PaymentMethodSelection | null;
  shippingAddress?: Address | null;
  shippingMethod?: CheckoutShippingMethod | null;
}

/** The storage keys of spec §9 the checkout writes, each with its value. */
export type CheckoutStorageWrite =
  | { key: 'shipping_address'; value: Address }
  | { key: 'availableShippingMethods'; value: CheckoutShippingMethod[] }
  | { key: 'shippingMethod'; value: CheckoutShippingMethod }
  | { key: 'billing_address'; value: Address }
  | { key: 'paymentMethod'; value: PaymentMethodSelection };

export interface ReceiptOrder {
  id: string;
  shipping_address: Address;
}
