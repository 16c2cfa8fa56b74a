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
  /** Magento lists a method it cannot use for this cart too (free shipping under its threshold), with why. Missing (saved before it was kept): usable. */
  available?: boolean;
  error_message?: string | null;
  /** Business days to the door, at the soonest and the latest (the shop module's `lunette_delivery_days`); missing: no estimate. */
  delivery_days?: { min: number; max: number } | null;
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
  /**
   * The order's entity id, as the REST checkout answers it. Null when the order is known to be
   * placed but its answer was lost and the backend cannot name it (a guest's order: see `PlacedOrderCheck`).
   */
  id: string | null;
  shipping_address: Address;
}

/**
 * Spec §2 `/success`: the receipt's own address, so a reload keeps it. The order number goes in the
 * URL (`/success?order=`); a guest's proof, the order's token, only in the page's history state
 * (never in a URL that is logged or cached), and is sent in a POST body.
 */
export interface ReceiptAddress {
  orderNumber: string;
  orderToken: string | null;
}

/** What names a just-placed order: its entity id, and for a guest the email and billing last name Magento's `guestOrder` asks. */
export interface ReceiptAddressInput {
  orderId: string;
  isSignedIn: boolean;
  email: string;
  lastname: string;
}

/**
 * A place-order attempt whose outcome is unknown: its answer never arrived (network error, aborted,
 * timed out), the server failed (5xx), or the cart was already gone (a second click after a lost
 * answer). The order may exist, so the machine asks the backend before it tells the shopper anything.
 */
export interface OrderOutcomeUnknown {
  orderOutcomeUnknown: true;
}

export const isOrderOutcomeUnknown = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as Partial<OrderOutcomeUnknown>).orderOutcomeUnknown === true;

/**
 * What the backend says of a cart an order may have been placed from. `placed`: the cart is no
 * longer active (Magento deactivates a cart when it becomes an order); `orderId` is the order's entity
 * id when the backend can name it (a customer's newest order), null for a guest. `notPlaced`: the
 * cart is still active, nothing was ordered.
 */
/**
 * The cart's shipping as the backend holds it, read after a step whose answer was lost:
 * the address's street (null: no address set), the methods it offers, the method set on it.
 */
export interface CartShippingState {
  street: string[] | null;
  methods: CheckoutShippingMethod[];
  selectedMethod: { carrier_code: string; method_code: string } | null;
}

export type PlacedOrderCheck = { placed: true; orderId: string | null } | { placed: false };

/**
 * Hosted payments: what the backend says of a cart a card or wallet order may have been
 * placed from. Placed and still waiting for its payment, with the provider's page where the backend
 * can name it (a customer's newest order): the shopper is sent there to pay. Placed without a page
 * (a guest's order cannot be named): the plain receipt. Not placed: the cart is still active.
 */
export type HostedOrderCheck = { placed: true; orderId: string | null; page: HostedPaymentPage | null } | { placed: false };

/** Hosted payments (card, wallet): the shopper pays on the provider's page after the order is placed. */
export const HOSTED_PAYMENT_CODES: readonly string[] = ['lunettepay_card', 'lunettepay_wallet'];
export const isHostedPayment = (code: string | null | undefined) => code !== null && code !== undefined && HOSTED_PAYMENT_CODES.includes(code);

/** The shop module's placeOrder error code (REST: its refusal's `parameters.reason`) for a cart that changed since its review (ADR 039). */
export const CART_CHANGED = 'LUNETTE_CART_CHANGED';

/** A card or wallet order to place: the cart, the method, and the digest of the cart as reviewed (ADR 039). */
export interface HostedOrderInput {
  cartId: string;
  code: string;
  reviewDigest: string | null;
}

/** A placed hosted-payment order and the provider's page to pay it on. */
export interface HostedPaymentPage {
  orderNumber: string;
  paymentUrl: string;
}

/** The signed result the provider returned with (the extension's LunettePaymentReturnInput). */
export interface PaymentReturnInput {
  payment_token: string;
  result: string;
  signature: string;
}

/** What the backend answered once it verified the return (LunettePaymentReturnOutput). */
export interface VerifiedPayment {
  result: 'APPROVED' | 'DECLINED' | 'CANCELLED';
  order_number: string;
  message: string;
  /** The restored cart's masked id when the payment did not go through. */
  cart_id: string | null;
  /** When approved: the order's token, with which a guest reads the order. */
  order_token?: string | null;
}

/** Why a return could not be verified: the shop was unreachable (check again), or it refused the return. */
export interface PaymentCheckFailure {
  kind: 'unreachable' | 'refused';
  message: string;
}

/** What the success page asks the backend: this order, for this shopper. */
export interface OrderLookupInput {
  orderNumber: string;
  /** A guest's proof: the order token a verified payment return carried. */
  orderToken: string | null;
  isSignedIn: boolean;
}

/** An order the backend confirmed belongs to this shopper. */
export interface ConfirmedOrder {
  number: string;
  status: string;
  email: string | null;
  /** The payment method's code: a hosted one (card, wallet) was paid on the provider's page; an offline one (check) is still to be paid. */
  paymentCode: string | null;
  shippingAddress: Address | null;
}

/** The answer of the guest email check, with the time it was read (for the toast). */
export interface EmailAvailability {
  email: string;
  available: boolean;
  checkedAt: number;
}
