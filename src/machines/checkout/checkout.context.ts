/**
 * checkout — what the machine decides with: its context and events, the spec's rules as pure
 * functions (addresses, a step's missing values), and the tags views read. The machine is
 * `checkout.machine.ts`; its named actions, guards and actors are in `checkout.setup.ts`.
 */
import { toError } from '../shared/effects';
import {
  type Address,
  type BillingAddressInput,
  type CheckoutShippingMethod,
  type ConfirmedOrder,
  type Country,
  type HostedPaymentPage,
  type OrderLookupInput,
  type PaymentCheckFailure,
  type PaymentMethodSelection,
  type PaymentReturnInput,
  type ReceiptOrder,
  type VerifiedPayment,
  type ReceiptAddress,
  type ReceiptAddressInput,
} from './checkout.types';
import { ShopFailure } from '../shared/shop-failure';
import type { CartDetails, CartDetailsAnswer, CartDetailsRead } from '../cart/cart.types';
import type { CartChanges, ReviewedCart } from './cart-changes';
import { startStepHistory, type StepHistory } from '../shared/step-history';

/**
 * The receipt's address (ADR 027) is asked for at most this many times when its answer is lost (the
 * server restarted, the connection cut) or never comes; then the receipt stays on the checkout page.
 */
export const RECEIPT_ADDRESS_ATTEMPTS = 3;
/** How long one ask for the receipt's address may take (the request layer's own retries included). */
export const RECEIPT_ADDRESS_PATIENCE_MS = 8_000;
/** Spec §2 /success: how long the success page waits for the order's lookup before it offers "Check again". */
export const ORDER_LOOKUP_PATIENCE_MS = 15_000;

/**
 * ADR 039: how long the review waits for the cart's answer to its request for the details (a read of
 * the cart, the request layer's retries included). Past it the review stops waiting; what the cart
 * announces while the review is open (`cart.details.read`) still reaches it.
 */
export const CART_ANSWER_PATIENCE_MS = 10_000;
/** ADR 039: a cart busy with a call (`cartNotReady`) is asked again after this long, at most CART_READ_ATTEMPTS times in all. */
export const CART_BUSY_RETRY_MS = 1_000;
export const CART_READ_ATTEMPTS = 3;

/** Spec §9: default address country. */
export const DEFAULT_COUNTRY_ID = 'CA';

/**
 * Spec §5: country CA unless the shopper picked another country the shop sells to; the region is
 * looked up by region_code in that country's region list.
 */
export function normalizeAddress(address: Address, countries: readonly Country[]): Address {
  const picked = address.country_id && countries.some((country) => country.id === address.country_id) ? address.country_id : DEFAULT_COUNTRY_ID;
  const regions = countries.find((country) => country.id === picked)?.available_regions ?? [];
  const region = regions.find((candidate) => candidate.code === address.region_code);
  return {
    ...address,
    country_id: picked,
    region_code: region?.code ?? address.region_code ?? null,
    region_id: region?.id ?? address.region_id ?? null,
    region: region?.name ?? address.region ?? null,
  };
}

/** Spec §5: a billing address marked same as shipping uses the shipping address. */
export function resolveBillingAddress(billing: BillingAddressInput, shippingAddress: Address | null, countries: readonly Country[]): Address {
  if (billing.sameAsShippingAddress) {
    if (!shippingAddress) throw new Error('Missing required information: shippingAddress');
    return { ...shippingAddress, sameAsShippingAddress: true };
  }
  return { ...normalizeAddress(billing, countries), sameAsShippingAddress: false };
}

/** Spec §3: shipping methods are also exposed as code and title. */
export function toCheckoutShippingMethod(method: Omit<CheckoutShippingMethod, 'code' | 'title'>): CheckoutShippingMethod {
  return { ...method, code: method.carrier_code, title: method.carrier_title };
}

export interface ShippingInformationInput {
  cartId: string;
  isSignedIn: boolean;
  shippingAddress: Address;
  billingAddress: Address;
  carrierCode: string;
  methodCode: string;
}

export interface PaymentInformationInput {
  cartId: string;
  isSignedIn: boolean;
  billingAddress: Address;
  email: string | null;
  paymentMethod: { method: string; additional_data: { payment_method_nonce: string | null } };
  /** ADR 039: the digest of the cart the shopper reviewed; the backend refuses the order if the cart changed since. */
  reviewDigest?: string | null;
}

/** The checkout's steps, in order. */
export const CHECKOUT_STEPS = ['shippingAddress', 'shippingMethod', 'billingAndPayment', 'review'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutContext {
  cartId: string | null;
  isSignedIn: boolean;
  countries: Country[];
  availableShippingMethods: CheckoutShippingMethod[];
  shippingAddress: Address | null;
  /** What was submitted and not yet accepted: kept for the form when the step is rejected. */
  pendingShippingAddress: Address | null;
  pendingShippingMethod: CheckoutShippingMethod | null;
  /** The selected method; `shippingMethod` in spec §3 is its carrier code (selector below). */
  selectedShippingMethod: CheckoutShippingMethod | null;
  billingAddress: Address | null;
  paymentCode: string | null;
  paymentData: { nonce?: string | null } | null;
  receipt: { order: ReceiptOrder | null };
  /** Spec §2 /success: where the receipt lives once the backend named the order (a reload keeps it). */
  receiptAddress: ReceiptAddress | null;
  /** How many times the receipt's address was asked for (a lost answer is asked again, a bounded number of times). */
  receiptAddressAttempts: number;
  shippingAddressError: Error | null;
  shippingMethodError: Error | null;
  billingAddressError: Error | null;
  paymentMethodError: Error | null;
  orderError: Error | null;
  /** ADR 039: the digest of the cart as the review showed it when the order was submitted (null: not known). */
  reviewDigest: string | null;
  /** ADR 039: the cart the review showed when the order was submitted (its lines and grand total). */
  reviewedCart: ReviewedCart | null;
  /** ADR 039: what changed since the review, once the order was refused as changed and the cart read again. */
  cartChanges: CartChanges | null;
  /**
   * ADR 039: the cart as the review last heard of it, from the cart itself: its answer to the
   * review's request for the details, or the details it announced since (`cart.details.read`).
   */
  cartDetails: CartDetails | null;
  /** ADR 039: how many times the review asked the cart for its details since it was (re)opened. */
  cartReadAttempts: number;
  /** ADR 039: "Place order" was pressed before the cart answered: the order is placed once it has (or the wait ends). */
  orderAwaitsCart: boolean;
  /** The failure of a place-order attempt whose outcome the backend is asked about; it becomes orderError if no order was placed. */
  unconfirmedOrderError: Error | null;
  /** The failure of a step (shipping address or method) whose answer was lost, held while the cart is read. */
  heldStepError: Error | null;
  /** The guest email the backend says already has an account (the sign-in hint and toast). */
  emailWithAccount: string | null;
  /** The order placed for the provider's page, while the shopper is sent there. */
  hostedPayment: HostedPaymentPage | null;
  /** The provider's return being verified, and what the backend answered. */
  paymentReturn: { input: PaymentReturnInput; orderNumber: string | null } | null;
  verifiedPayment: VerifiedPayment | null;
  paymentReturnError: PaymentCheckFailure | null;
  /** The success page's question, and the order the backend confirmed for this shopper. */
  orderLookup: OrderLookupInput | null;
  confirmedOrder: ConfirmedOrder | null;
  orderLookupError: Error | null;
  /** The step the URL shows (ADR 008): entering another pushes an entry. */
  history: StepHistory<CheckoutStep>;
  /** The step the URL named when the checkout began (a reload): opened if what it needs is there. */
  requestedStep: CheckoutStep | null;
}

export type CheckoutEvent =
  /** `step`: the step the URL names (a reload), opened when what it needs is there (ADR 008). */
  | { type: 'checkout.begin'; cartId: string | null; isSignedIn: boolean; countries?: Country[]; step?: CheckoutStep | null }
  /**
   * The checkout page shows what it knows (null: not known yet); the machine begins when it has
   * not begun for this cart and shopper, and goes on where it was otherwise.
   */
  | { type: 'checkout.open'; cartId: string | null; isSignedIn: boolean | null; countries: Country[] | null; step?: CheckoutStep | null }
  /** Back or Forward brought the URL to this step (ADR 008): opened when what it needs is there, else the URL is put back. */
  | { type: 'checkout.history.step'; step: CheckoutStep }
  /** The checkout page is left: a receipt, once shown, ends the checkout. */
  | { type: 'checkout.close' }
  | { type: 'checkout.email.check'; email: string }
  /** Billing address and payment method in one step (both are always accepted together). */
  | { type: 'checkout.billingAndPayment.submit'; billingAddress: BillingAddressInput; paymentMethod: PaymentMethodSelection }
  | { type: 'checkout.payment.return'; input: PaymentReturnInput; orderNumber: string | null }
  | { type: 'checkout.payment.retry' }
  | { type: 'checkout.order.lookup'; orderNumber: string | null; orderToken: string | null; isSignedIn: boolean }
  | { type: 'checkout.order.lookup.retry' }
  | { type: 'checkout.shippingAddress.submit'; address: Address }
  | { type: 'checkout.shippingMethods.request' }
  | { type: 'checkout.shippingMethod.submit'; shippingMethod: CheckoutShippingMethod }
  | { type: 'checkout.billingAddress.submit'; billingAddress: BillingAddressInput }
  | { type: 'checkout.paymentMethod.submit'; paymentMethod: PaymentMethodSelection }
  | { type: 'checkout.order.submit' }
  /** ADR 039: the cart's answer to the review's request for its details (relayed by `askCart`), and what it announces (`followCart`). */
  | CartDetailsAnswer
  | CartDetailsRead
  /** The order's outcome could not be confirmed: ask the backend again. */
  | { type: 'checkout.order.confirm' }
  | { type: 'checkout.edit'; step: CheckoutStep }
  | { type: 'checkout.reset' };

export type CheckoutSubmitEvent = Extract<
  CheckoutEvent,
  {
    type:
      | 'checkout.shippingAddress.submit'
      | 'checkout.shippingMethod.submit'
      | 'checkout.billingAddress.submit'
      | 'checkout.paymentMethod.submit'
      | 'checkout.billingAndPayment.submit'
      | 'checkout.order.submit';
  }
>;

export type ErrorField = 'shippingAddressError' | 'shippingMethodError' | 'billingAddressError' | 'paymentMethodError' | 'orderError';

/** The error field each submit stores its rejection in. */
export const ERROR_FIELD_OF_SUBMIT: Record<CheckoutSubmitEvent['type'], ErrorField> = {
  'checkout.shippingAddress.submit': 'shippingAddressError',
  'checkout.shippingMethod.submit': 'shippingMethodError',
  'checkout.billingAddress.submit': 'billingAddressError',
  'checkout.paymentMethod.submit': 'paymentMethodError',
  'checkout.billingAndPayment.submit': 'paymentMethodError',
  'checkout.order.submit': 'orderError',
};

export type CheckoutTag =
  | 'submitting'
  | 'restoring'
  | 'loadingShippingMethods'
  | CheckoutStep
  | 'receipt'
  | 'receiptAddressing'
  | 'receiptAddressed'
  | 'redirecting'
  | 'checkingEmail'
  | 'confirmingOrder'
  | 'orderUnconfirmed';

/** The toast raised when a guest's email already has an account (the toast machine's ToastInput). */
export const EMAIL_HAS_ACCOUNT_TOAST = {
  id: 'checkout.email.hasAccount',
  type: 'info',
  message: 'This email already has an account — sign in to use your saved addresses, or continue as a guest.',
  messageId: 'checkout.toast.emailHasAccount',
  actionText: 'Sign in',
  dismissable: true,
} as const;

export const sameReturn = (a: PaymentReturnInput | undefined, b: PaymentReturnInput) =>
  a !== undefined && a.payment_token === b.payment_token && a.result === b.result && a.signature === b.signature;

export function initialContext(cartId: string | null = null, isSignedIn = false, countries: Country[] = [], step: CheckoutStep | null = null): CheckoutContext {
  return {
    cartId,
    isSignedIn,
    countries,
    availableShippingMethods: [],
    shippingAddress: null,
    pendingShippingAddress: null,
    pendingShippingMethod: null,
    selectedShippingMethod: null,
    billingAddress: null,
    paymentCode: null,
    paymentData: null,
    receipt: { order: null },
    receiptAddress: null,
    receiptAddressAttempts: 0,
    shippingAddressError: null,
    shippingMethodError: null,
    billingAddressError: null,
    paymentMethodError: null,
    orderError: null,
    reviewDigest: null,
    reviewedCart: null,
    cartChanges: null,
    cartDetails: null,
    cartReadAttempts: 0,
    orderAwaitsCart: false,
    unconfirmedOrderError: null,
    heldStepError: null,
    emailWithAccount: null,
    hostedPayment: null,
    paymentReturn: null,
    verifiedPayment: null,
    paymentReturnError: null,
    orderLookup: null,
    confirmedOrder: null,
    orderLookupError: null,
    history: startStepHistory(step),
    requestedStep: step,
  };
}

/** ADR 039: the details a cart's answer carries (null: it had none to give). */
export const answeredDetails = (answer: CartDetailsAnswer): CartDetails | null => (answer.outcome === 'done' ? answer.details : null);

/** Spec §4 "begin": the checkout page knows the cart, the shopper and the countries. */
export type OpenEvent = Extract<CheckoutEvent, { type: 'checkout.open' }>;
export const openIsComplete = (event: OpenEvent) => Boolean(event.cartId) && event.isSignedIn !== null && event.countries !== null;

/** The success page's question, as the machine keeps it. */
export const lookupOf = (event: Extract<CheckoutEvent, { type: 'checkout.order.lookup' }>): OrderLookupInput => ({
  orderNumber: event.orderNumber ?? '',
  orderToken: event.orderToken,
  isSignedIn: event.isSignedIn,
});

/** The failure a verification rejected with, as the return page explains it. */
export function paymentCheckFailureOf(error: unknown): PaymentCheckFailure {
  if (typeof error === 'object' && error !== null && 'kind' in error) {
    const { kind, message } = error as Partial<PaymentCheckFailure>;
    if ((kind === 'unreachable' || kind === 'refused') && typeof message === 'string') return { kind, message };
  }
  return { kind: 'refused', message: toError(error).message };
}

export function requireValue<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined || value === '')
    throw what === 'cartId' ? new ShopFailure('cartIdMissing') : new Error(`Missing required information: ${what}`);
  return value;
}

/** Spec §5: what a step is missing, as the error it is rejected with; null when it may go ahead. */
export function missingForShippingAddress(context: CheckoutContext, address: Address): Error | null {
  if (!context.cartId) return new ShopFailure('cartIdMissing');
  if (!context.isSignedIn && !address.email) return new ShopFailure('emailMissing');
  return null;
}

export const billingAndPaymentDone = (context: CheckoutContext) => context.billingAddress !== null && context.paymentCode !== null;

/** Whether a step can open with what is accepted (every step before it done), as the checkout opens it going forward (ADR 008). */
export function checkoutStepOpens(context: CheckoutContext, step: CheckoutStep): boolean {
  if (step === 'shippingAddress') return true;
  if (context.shippingAddress === null) return false;
  if (step === 'shippingMethod') return true;
  if (context.selectedShippingMethod === null) return false;
  return step === 'billingAndPayment' || billingAndPaymentDone(context);
}

/** What names the order just placed: a guest's proof is the order's email and billing last name (Magento's `guestOrder`). */
export function receiptAddressInputOf(context: CheckoutContext): ReceiptAddressInput {
  const order = requireValue(context.receipt.order, 'receipt');
  const shipping = order.shipping_address;
  return {
    orderId: requireValue(order.id, 'orderId'),
    isSignedIn: context.isSignedIn,
    email: shipping.email ?? '',
    lastname: context.billingAddress?.lastname || shipping.lastname,
  };
}
