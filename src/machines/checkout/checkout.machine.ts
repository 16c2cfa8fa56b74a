/**
 * checkout — spec §2 "Checkout flow", §3 "Checkout", §4 "Checkout", §5, §7 (REST), §8.
 * systemId: 'checkout'.
 *
 * Steps: shippingAddress → shippingMethod → billingAndPayment → review (place order) → receipt.
 * Each step: submit (tag `submitting`, its error cleared) → accept (value stored and persisted) or
 * reject (the error stored in the step's own field).
 *
 * "The error is rethrown" (spec §4): a caller that needs the throw uses `submitCheckoutStep(actor, event)`,
 * which sends the event, waits for the step to settle and rejects with the step's error; views that
 * only render read the error fields (selectors below). No callbacks travel in events or context.
 *
 * Injected by the services (`checkout.actors.ts`), every one with `.provide()`:
 * - actor `loadSavedCheckout`: () => SavedCheckoutData           (the spec §9 keys, read back)
 * - actor `setShippingAddress`: ({ cartId, isSignedIn, address }) => CheckoutShippingMethod[]
 *     (guest: set guest email; then set shipping address; returns the available shipping methods)
 * - actor `fetchShippingMethods`: ({ cartId }) => CheckoutShippingMethod[]
 * - actor `submitShippingInformation`: ShippingInformationInput => unknown  (REST .../shipping-information)
 * - actor `submitPaymentInformation`: PaymentInformationInput => string     (REST .../payment-information: the order id)
 * - action `saveCheckoutValue`: (CheckoutStorageWrite) => void  (one spec §9 key)
 * - action `clearSavedCheckout`: () => void                      (all checkout keys, after an order)
 * - actor `placeHostedOrder`: ({ cartId, code }) => HostedPaymentPage  (card/wallet: the order placed, the provider's page)
 * - actor `verifyPaymentReturn`: PaymentReturnInput => VerifiedPayment  (rejects with a PaymentCheckFailure)
 * - actor `lookUpOrder`: OrderLookupInput => ConfirmedOrder | null  (null: not this shopper's order)
 * - actor `readReceiptAddress`: ReceiptAddressInput => ReceiptAddress  (the just-placed order's number, a guest's order token)
 * - actor `checkPlacedOrder`: ({ cartId, isSignedIn }) => PlacedOrderCheck  (was an order placed from this cart?)
 * - actor `checkEmailAvailability`: ({ email }) => EmailAvailability
 * - action `redirectToProvider`: ({ url }) => void  (leaves the shop for the provider's page)
 * - action `removeCart`: () => void     (default: sends `cart.remove` to the system's 'cart': it is cleared and a new one created)
 *
 * The other machines are reached with `sendTo` through the actor system: the 'cart' (refreshed
 * before payment, removed after an order, given back a cart after a failed payment) and the
 * 'toast' (an email that already has an account).
 *
 * Hosted payments (card, wallet): placing the order gives the provider's page; the cart is removed
 * (the order owns it) and the shopper is sent there (`redirecting`). The provider sends them back
 * to the return page, which sends `checkout.payment.return`: the backend verifies the signed
 * result (`paymentReturn`): approved clears the saved checkout; declined or cancelled make the
 * cart the backend gave back the current one. The success page sends `checkout.order.lookup`: an
 * order is shown only once the backend confirms it belongs to this shopper (`orderLookup`).
 *
 * A lost answer (issue 20): when placing an offline order fails in a way that leaves its outcome
 * unknown (`isOrderOutcomeUnknown`: no answer, a server failure, or the cart already gone), the
 * machine asks the backend whether the cart became an order (`confirmingOrder`) before it tells the
 * shopper anything: placed → the receipt (the order named where the backend can), not placed → the
 * original refusal and the review again; the backend unreachable → `unconfirmed`, where the shopper
 * can only check again (`checkout.order.confirm`): never an offer to order a second time.
 */
import { assign, sendTo, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isAnswerLost, notProvidedActor, toError } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import {
  isHostedPayment,
  isOrderOutcomeUnknown,
  type Address,
  type BillingAddressInput,
  type CartShippingState,
  type CheckoutShippingMethod,
  type CheckoutStorageWrite,
  type ConfirmedOrder,
  type Country,
  type EmailAvailability,
  type HostedOrderCheck,
  type HostedPaymentPage,
  type OrderLookupInput,
  type PaymentCheckFailure,
  type PlacedOrderCheck,
  type PaymentMethodSelection,
  type PaymentReturnInput,
  type ReceiptOrder,
  type SavedCheckoutData,
  type VerifiedPayment,
  type ReceiptAddress,
  type ReceiptAddressInput,
} from './checkout.types';

/** Spec §9: default address country. */
export const DEFAULT_COUNTRY_ID = 'CA';
export const MISSING_CART_ID = 'Missing required information: cartId';
export const MISSING_EMAIL = 'Missing required information: email';

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
}

export type CheckoutStep = 'shippingAddress' | 'shippingMethod' | 'billingAndPayment' | 'review';

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
  shippingAddressError: Error | null;
  shippingMethodError: Error | null;
  billingAddressError: Error | null;
  paymentMethodError: Error | null;
  orderError: Error | null;
  /** Issue 20: the failure of a place-order attempt whose outcome the backend is asked about; it becomes orderError if no order was placed. */
  unconfirmedOrderError: Error | null;
  /** Issue 20: the failure of a step (shipping address or method) whose answer was lost, held while the cart is read. */
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
}

export type CheckoutEvent =
  | { type: 'checkout.begin'; cartId: string | null; isSignedIn: boolean; countries?: Country[] }
  /**
   * The checkout page shows what it knows (null: not known yet); the machine begins when it has
   * not begun for this cart and shopper, and goes on where it was otherwise.
   */
  | { type: 'checkout.open'; cartId: string | null; isSignedIn: boolean | null; countries: Country[] | null }
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

type ErrorField = 'shippingAddressError' | 'shippingMethodError' | 'billingAddressError' | 'paymentMethodError' | 'orderError';

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

const sameReturn = (a: PaymentReturnInput | undefined, b: PaymentReturnInput) =>
  a !== undefined && a.payment_token === b.payment_token && a.result === b.result && a.signature === b.signature;

function initialContext(cartId: string | null = null, isSignedIn = false, countries: Country[] = []): CheckoutContext {
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
    shippingAddressError: null,
    shippingMethodError: null,
    billingAddressError: null,
    paymentMethodError: null,
    orderError: null,
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
  };
}

/** Spec §4 "begin": the checkout page knows the cart, the shopper and the countries. */
type OpenEvent = Extract<CheckoutEvent, { type: 'checkout.open' }>;
const openIsComplete = (event: OpenEvent) => Boolean(event.cartId) && event.isSignedIn !== null && event.countries !== null;

/** The success page's question, as the machine keeps it. */
const lookupOf = (event: Extract<CheckoutEvent, { type: 'checkout.order.lookup' }>): OrderLookupInput => ({
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

function requireValue<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined || value === '') throw new Error(`Missing required information: ${what}`);
  return value;
}

/** Spec §5: what a step is missing, as the error it is rejected with; null when it may go ahead. */
function missingForShippingAddress(context: CheckoutContext, address: Address): Error | null {
  if (!context.cartId) return new Error(MISSING_CART_ID);
  if (!context.isSignedIn && !address.email) return new Error(MISSING_EMAIL);
  return null;
}

const billingAndPaymentDone = (context: CheckoutContext) => context.billingAddress !== null && context.paymentCode !== null;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as CheckoutTag,
  },
  actors: {
    loadSavedCheckout: notProvidedActor<SavedCheckoutData>('loadSavedCheckout'),
    setShippingAddress: notProvidedActor<CheckoutShippingMethod[], { cartId: string; isSignedIn: boolean; address: Address }>('setShippingAddress'),
    fetchShippingMethods: notProvidedActor<CheckoutShippingMethod[], { cartId: string }>('fetchShippingMethods'),
    readCartShipping: notProvidedActor<CartShippingState, { cartId: string }>('readCartShipping'),
    submitShippingInformation: notProvidedActor<unknown, ShippingInformationInput>('submitShippingInformation'),
    submitPaymentInformation: notProvidedActor<string, PaymentInformationInput>('submitPaymentInformation'),
    placeHostedOrder: notProvidedActor<HostedPaymentPage, { cartId: string; code: string }>('placeHostedOrder'),
    verifyPaymentReturn: notProvidedActor<VerifiedPayment, PaymentReturnInput>('verifyPaymentReturn'),
    lookUpOrder: notProvidedActor<ConfirmedOrder | null, OrderLookupInput>('lookUpOrder'),
    checkEmailAvailability: notProvidedActor<EmailAvailability, { email: string }>('checkEmailAvailability'),
    checkPlacedOrder: notProvidedActor<PlacedOrderCheck, { cartId: string; isSignedIn: boolean }>('checkPlacedOrder'),
    checkPlacedHostedOrder: notProvidedActor<HostedOrderCheck, { cartId: string; isSignedIn: boolean }>('checkPlacedHostedOrder'),
    confirmPaymentReturn: notProvidedActor<VerifiedPayment, { input: PaymentReturnInput; orderNumber: string | null }>('confirmPaymentReturn'),
    readReceiptAddress: notProvidedActor<ReceiptAddress, ReceiptAddressInput>('readReceiptAddress'),
  },
  actions: {
    saveCheckoutValue: (_, _write: CheckoutStorageWrite) => {},
    clearSavedCheckout: () => {},
    redirectToProvider: (_, _params: { url: string }) => {},
    removeCart: sendTo(({ system }) => systemActor(system, 'cart'), { type: 'cart.remove' }),
    /** Prices and payment methods change with the shipping method: the cart's details are read again. */
    refreshCart: sendTo(({ system }) => systemActor(system, 'cart'), { type: 'cart.getDetails' }),
    /** A failed payment gave its cart back: it becomes the current cart. */
    adoptCart: sendTo(
      ({ system }) => systemActor(system, 'cart'),
      (_, params: { cartId: string }) => ({ type: 'cart.adopt' as const, cartId: params.cartId }),
    ),
    toastEmailHasAccount: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (_, params: { timestamp: number }) => ({ type: 'toast.add' as const, toast: { ...EMAIL_HAS_ACCOUNT_TOAST }, timestamp: params.timestamp }),
    ),
    begin: assign((_, params: { cartId: string | null; isSignedIn: boolean; countries: Country[] }) =>
      initialContext(params.cartId, params.isSignedIn, params.countries),
    ),
    /** Spec §4: submit clears the step's error. */
    clearError: assign((_, params: { field: ErrorField }) => ({ [params.field]: null })),
    /** Spec §4: reject stores the error in the step's field. */
    rejectWith: assign((_, params: { field: ErrorField; error: unknown }) => ({ [params.field]: toError(params.error) })),
    /** Spec §4 order accepted: the receipt's order. */
    setReceipt: assign(({ context }, params: { orderId: string | null }) => ({
      receipt: { order: { id: params.orderId, shipping_address: requireValue(context.shippingAddress, 'shippingAddress') } },
    })),
    /** A checkout ends (reset, or the receipt left): nothing of it is kept. */
    forgetCheckout: assign(() => initialContext()),
    /** Spec §9 keys read back; stored by an older visit or by hand, addresses are normalised again like a fresh submit (spec §5). */
    restoreSavedCheckout: assign(({ context }, saved: SavedCheckoutData) => {
      const normalized = (address: Address | null | undefined) => (address ? normalizeAddress(address, context.countries) : null);
      return {
        availableShippingMethods: saved.availableShippingMethods ?? [],
        billingAddress: normalized(saved.billingAddress),
        paymentCode: saved.paymentMethod?.code ?? null,
        paymentData: saved.paymentMethod?.data ?? null,
        shippingAddress: normalized(saved.shippingAddress),
        selectedShippingMethod: saved.shippingMethod ?? null,
      };
    }),
    rememberEmailWithAccount: assign((_, params: { email: string | null }) => ({ emailWithAccount: params.email })),
    /** What was typed, normalised, kept for the form until the backend accepts it. */
    holdShippingAddress: assign(({ context }, params: { address: Address }) => ({
      pendingShippingAddress: normalizeAddress(params.address, context.countries),
    })),
    acceptShippingAddress: assign(({ context }, params: { methods: CheckoutShippingMethod[] }) => ({
      shippingAddress: context.pendingShippingAddress,
      availableShippingMethods: params.methods,
    })),
    rememberShippingMethods: assign((_, params: { methods: CheckoutShippingMethod[] }) => ({ availableShippingMethods: params.methods })),
    holdShippingMethod: assign((_, params: { method: CheckoutShippingMethod }) => ({ pendingShippingMethod: params.method })),
    acceptShippingMethod: assign(({ context }) => ({ selectedShippingMethod: context.pendingShippingMethod })),
    /** Spec §5: marked same as shipping, the billing address is the shipping address. */
    acceptBillingAddress: assign(({ context }, params: { billingAddress: BillingAddressInput }) => ({
      billingAddress: resolveBillingAddress(params.billingAddress, context.shippingAddress, context.countries),
    })),
    acceptPaymentMethod: assign((_, params: { paymentMethod: PaymentMethodSelection }) => ({
      paymentCode: params.paymentMethod.code,
      paymentData: params.paymentMethod.data ?? null,
    })),
    rememberHostedPayment: assign((_, params: { page: HostedPaymentPage | null }) => ({ hostedPayment: params.page })),
    /** Issue 20: the failure stands only if the backend says no order was placed. */
    holdUnconfirmedOrderError: assign((_, params: { error: unknown }) => ({ unconfirmedOrderError: toError(params.error) })),
    /** No order was placed: the attempt's failure becomes the order step's error. */
    rejectOrderWithUnconfirmedError: assign(({ context }) => ({ orderError: toError(context.unconfirmedOrderError), unconfirmedOrderError: null })),
    dropUnconfirmedOrderError: assign({ unconfirmedOrderError: null }),
    holdStepError: assign((_, params: { error: unknown }) => ({ heldStepError: toError(params.error) })),
    dropHeldStepError: assign({ heldStepError: null }),
    rejectWithHeldStepError: assign(({ context }, params: { field: ErrorField }) => ({ [params.field]: context.heldStepError, heldStepError: null })),
    startPaymentReturn: assign((_, params: { input: PaymentReturnInput; orderNumber: string | null }) => ({
      paymentReturn: { input: params.input, orderNumber: params.orderNumber },
      verifiedPayment: null,
      paymentReturnError: null,
    })),
    rememberVerifiedPayment: assign((_, params: { payment: VerifiedPayment }) => ({ verifiedPayment: params.payment })),
    rememberPaymentCheckFailure: assign((_, params: { error: unknown }) => ({ paymentReturnError: paymentCheckFailureOf(params.error) })),
    startOrderLookup: assign((_, params: OrderLookupInput) => ({ orderLookup: params, confirmedOrder: null, orderLookupError: null })),
    rememberConfirmedOrder: assign((_, params: { order: ConfirmedOrder | null }) => ({ confirmedOrder: params.order })),
    rememberReceiptAddress: assign((_, params: { address: ReceiptAddress }) => ({ receiptAddress: params.address })),
    rememberOrderLookupError: assign((_, params: { error: unknown }) => ({ orderLookupError: toError(params.error) })),
  },
  guards: {
    shippingAddressIncomplete: ({ context }, params: { address: Address }) => missingForShippingAddress(context, params.address) !== null,
    cartIdMissing: ({ context }) => !context.cartId,
    billingAndPaymentDone: ({ context }) => billingAndPaymentDone(context),
    lacksShippingMethod: ({ context }) => context.selectedShippingMethod === null,
    lacksShippingMethods: ({ context }) => context.availableShippingMethods.length === 0 && context.cartId !== null,
    editsTo: ({ event }, params: { step: CheckoutStep }) => event.type === 'checkout.edit' && event.step === params.step,
    lacksShippingAddress: ({ context }) => context.shippingAddress === null,
    /** Spec §6: only a guest gives an email; a check needs something that looks like one. */
    emailCheckable: ({ context }, params: { email: string }) => !context.isSignedIn && /^[^\s@]+@[^\s@]+$/.test(params.email.trim()),
    emailHasAccount: (_, params: { answer: EmailAvailability }) => !params.answer.available,
    hostedPayment: ({ context }) => isHostedPayment(context.paymentCode),
    /** Issue 20: the order may exist although its answer did not say so. */
    orderOutcomeUnknown: (_, params: { error: unknown }) => isOrderOutcomeUnknown(params.error),
    /** Issue 20: a step's answer was lost: it may have taken effect. */
    answerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    /** Issue 20: the cart holds the shipping address that was sent (the same street). */
    holdsPendingAddress: ({ context }, params: { shipping: CartShippingState }) =>
      params.shipping.street !== null && params.shipping.street.join('\n') === (context.pendingShippingAddress?.street ?? []).join('\n'),
    /** Issue 20: the cart holds the shipping method that was sent. */
    holdsPendingMethod: ({ context }, params: { shipping: CartShippingState }) =>
      params.shipping.selectedMethod !== null &&
      params.shipping.selectedMethod.carrier_code === context.pendingShippingMethod?.carrier_code &&
      params.shipping.selectedMethod.method_code === context.pendingShippingMethod?.method_code,
    orderPlaced: (_, params: { check: PlacedOrderCheck | HostedOrderCheck }) => params.check.placed,
    /** Issue 20: the hosted order exists and the backend named the provider's page it waits to be paid on. */
    hostedPageKnown: (_, params: { check: HostedOrderCheck }) => params.check.placed && params.check.page !== null,
    /** The page can begin: it knows the cart, the shopper and the countries. */
    opens: (_, params: { event: OpenEvent }) => openIsComplete(params.event),
    /** Another cart or another shopper than the checkout under way: it begins again. */
    opensAnother: ({ context }, params: { event: OpenEvent }) =>
      openIsComplete(params.event) && (params.event.cartId !== context.cartId || params.event.isSignedIn !== context.isSignedIn),
    sameReturn: ({ context }, params: { input: PaymentReturnInput }) => sameReturn(context.paymentReturn?.input, params.input),
    approved: (_, params: { payment: VerifiedPayment }) => params.payment.result === 'APPROVED',
    cartGivenBack: (_, params: { payment: VerifiedPayment }) => Boolean(params.payment.cart_id),
    unreachable: (_, params: { error: unknown }) => paymentCheckFailureOf(params.error).kind === 'unreachable',
    sameLookup: ({ context }, params: { lookup: OrderLookupInput }) =>
      context.orderLookup !== null &&
      context.orderLookup.orderNumber === params.lookup.orderNumber &&
      context.orderLookup.orderToken === params.lookup.orderToken &&
      context.orderLookup.isSignedIn === params.lookup.isSignedIn,
    /** Spec §6: a customer's order is read with their token; a guest's needs the token of its verified return. */
    cannotAskForOrder: (_, params: { orderNumber: string | null; orderToken: string | null; isSignedIn: boolean }) =>
      !params.orderNumber || (!params.isSignedIn && !params.orderToken),
    /** The order was placed but cannot be named (a guest's lost answer): its receipt stays on this page. */
    receiptUnnamed: ({ context }) => context.receipt.order?.id === null || context.receipt.order?.id === undefined,
    isTheOrder: ({ context }, params: { order: ConfirmedOrder | null }) => params.order !== null && params.order.number === context.orderLookup?.orderNumber,
  },
}).createMachine({
  id: 'checkout',
  context: () => initialContext(),
  initial: 'idle',
  on: {
    // Spec §4: begin resets, then reloads what browser storage holds.
    'checkout.begin': {
      target: '.restoring',
      actions: { type: 'begin', params: ({ event }) => ({ cartId: event.cartId, isSignedIn: event.isSignedIn, countries: event.countries ?? [] }) },
    },
    // A checkout under way for this cart and shopper goes on where it was, with everything typed kept.
    'checkout.open': {
      guard: { type: 'opensAnother', params: ({ event }) => ({ event }) },
      target: '.restoring',
      actions: { type: 'begin', params: ({ event }) => ({ cartId: event.cartId, isSignedIn: Boolean(event.isSignedIn), countries: event.countries ?? [] }) },
    },
    'checkout.reset': { target: '.idle', actions: 'forgetCheckout' },
    // The return page sends its return once per visit: the same return is verified once.
    'checkout.payment.return': [
      { guard: { type: 'sameReturn', params: ({ event }) => ({ input: event.input }) } },
      {
        target: '.paymentReturn',
        reenter: true,
        actions: { type: 'startPaymentReturn', params: ({ event }) => ({ input: event.input, orderNumber: event.orderNumber }) },
      },
    ],
    'checkout.order.lookup': [
      { guard: { type: 'sameLookup', params: ({ event }) => ({ lookup: lookupOf(event) }) } },
      {
        guard: {
          type: 'cannotAskForOrder',
          params: ({ event }) => ({ orderNumber: event.orderNumber, orderToken: event.orderToken, isSignedIn: event.isSignedIn }),
        },
        target: '.orderLookup.notFound',
        actions: { type: 'startOrderLookup', params: ({ event }) => lookupOf(event) },
      },
      { target: '.orderLookup', reenter: true, actions: { type: 'startOrderLookup', params: ({ event }) => lookupOf(event) } },
    ],
  },
  states: {
    idle: { on: { 'checkout.open': reopen() } },
    restoring: {
      tags: ['restoring'],
      invoke: {
        src: 'loadSavedCheckout',
        onDone: {
          target: 'resuming',
          actions: { type: 'restoreSavedCheckout', params: ({ event }) => event.output },
        },
        // Unreadable storage only means starting from the first step.
        onError: 'shippingAddress',
      },
    },
    /** Continue at the first step whose value is missing. */
    resuming: {
      always: [
        { guard: 'lacksShippingAddress', target: 'shippingAddress' },
        { guard: 'lacksShippingMethod', target: 'shippingMethod' },
        { guard: 'billingAndPaymentDone', target: 'review' },
        { target: 'billingAndPayment' },
      ],
    },
    shippingAddress: {
      tags: ['shippingAddress'],
      initial: 'editing',
      states: {
        editing: {
          initial: 'emailUnchecked',
          states: {
            emailUnchecked: {},
            /** A guest typed an email: does it already have an account? */
            checkingEmail: {
              tags: ['checkingEmail'],
              invoke: {
                src: 'checkEmailAvailability',
                input: ({ event }) => ({ email: event.type === 'checkout.email.check' ? event.email.trim() : '' }),
                onDone: [
                  {
                    guard: { type: 'emailHasAccount', params: ({ event }) => ({ answer: event.output }) },
                    target: 'emailHasAccount',
                    actions: [
                      { type: 'rememberEmailWithAccount', params: ({ event }) => ({ email: event.output.email }) },
                      { type: 'toastEmailHasAccount', params: ({ event }) => ({ timestamp: event.output.checkedAt }) },
                    ],
                  },
                  { target: 'emailFree', actions: { type: 'rememberEmailWithAccount', params: { email: null } } },
                ],
                // The check only helps: when it cannot be made the guest goes on as a guest.
                onError: { target: 'emailUnchecked', actions: { type: 'rememberEmailWithAccount', params: { email: null } } },
              },
            },
            emailHasAccount: {},
            emailFree: {},
          },
          on: {
            'checkout.email.check': {
              guard: { type: 'emailCheckable', params: ({ event }) => ({ email: event.email }) },
              target: '.checkingEmail',
              reenter: true,
            },
            'checkout.shippingAddress.submit': [
              {
                guard: { type: 'shippingAddressIncomplete', params: ({ event }) => ({ address: event.address }) },
                actions: {
                  type: 'rejectWith',
                  params: ({ context, event }) => ({ field: 'shippingAddressError', error: missingForShippingAddress(context, event.address) }),
                },
              },
              {
                target: 'submitting',
                actions: [
                  { type: 'clearError', params: { field: 'shippingAddressError' } },
                  { type: 'holdShippingAddress', params: ({ event }) => ({ address: event.address }) },
                ],
              },
            ],
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            src: 'setShippingAddress',
            input: ({ context }) => ({
              cartId: requireValue(context.cartId, 'cartId'),
              isSignedIn: context.isSignedIn,
              address: requireValue(context.pendingShippingAddress, 'shippingAddress'),
            }),
            onDone: { target: '#checkout.shippingMethod', actions: acceptedShippingAddress((event: { output: CheckoutShippingMethod[] }) => event.output) },
            // What was typed is kept: the address stays in context for the form.
            onError: [
              checkWhenAnswerLost(),
              { target: 'editing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingAddressError', error: event.error }) } },
            ],
          },
        },
        /** Issue 20: the address's answer was lost: the cart says whether it holds the address (nothing is sent again). */
        checking: checkingCartShipping(
          'holdsPendingAddress',
          '#checkout.shippingMethod',
          acceptedShippingAddress((event: { output: CartShippingState }) => event.output.methods),
          'shippingAddressError',
          'editing',
        ),
      },
    },
    shippingMethod: {
      tags: ['shippingMethod'],
      initial: 'entering',
      on: { 'checkout.edit': editBackTo(['shippingAddress']) },
      states: {
        /** Restored from storage without the methods (or they were never read): the backend is asked once. */
        entering: {
          always: [{ guard: 'lacksShippingMethods', target: 'loadingMethods' }, { target: 'choosing' }],
        },
        choosing: {
          on: {
            'checkout.shippingMethods.request': [
              rejectWithoutCart('shippingMethodError'),
              { target: 'loadingMethods', actions: { type: 'clearError', params: { field: 'shippingMethodError' } } },
            ],
            'checkout.shippingMethod.submit': [
              rejectWithoutCart('shippingMethodError'),
              {
                target: 'submitting',
                actions: [
                  { type: 'clearError', params: { field: 'shippingMethodError' } },
                  { type: 'holdShippingMethod', params: ({ event }) => ({ method: event.shippingMethod }) },
                ],
              },
            ],
          },
        },
        /** Spec §4: shipping methods request/receive. */
        loadingMethods: {
          tags: ['loadingShippingMethods'],
          invoke: {
            src: 'fetchShippingMethods',
            input: ({ context }) => ({ cartId: requireValue(context.cartId, 'cartId') }),
            onDone: {
              target: 'choosing',
              actions: [
                { type: 'rememberShippingMethods', params: ({ event }) => ({ methods: event.output }) },
                { type: 'saveCheckoutValue', params: ({ event }) => ({ key: 'availableShippingMethods', value: event.output }) },
              ],
            },
            onError: { target: 'choosing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingMethodError', error: event.error }) } },
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            src: 'submitShippingInformation',
            input: ({ context }) => {
              const shippingAddress = requireValue(context.shippingAddress, 'shippingAddress');
              const method = requireValue(context.pendingShippingMethod, 'shippingMethod');
              return {
                cartId: requireValue(context.cartId, 'cartId'),
                isSignedIn: context.isSignedIn,
                shippingAddress,
                // The billing address is not chosen yet on the first pass: Magento needs one, the shipping one stands in.
                billingAddress: context.billingAddress ?? shippingAddress,
                carrierCode: method.carrier_code,
                methodCode: method.method_code,
              };
            },
            onDone: { target: '#checkout.billingAndPayment', actions: acceptedShippingMethodActions() },
            onError: [
              checkWhenAnswerLost(),
              { target: 'choosing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingMethodError', error: event.error }) } },
            ],
          },
        },
        /** Issue 20: the method's answer was lost: the cart says whether it holds the method (nothing is sent again). */
        checking: checkingCartShipping('holdsPendingMethod', '#checkout.billingAndPayment', acceptedShippingMethodActions(), 'shippingMethodError', 'choosing'),
      },
    },
    billingAndPayment: {
      tags: ['billingAndPayment'],
      entry: 'refreshCart',
      on: {
        'checkout.edit': editBackTo(['shippingAddress', 'shippingMethod']),
        // Both parts at once: a payment method changed together with the billing address is never
        // lost because the billing part alone already completed the step (issue 11, defect 3).
        'checkout.billingAndPayment.submit': [
          rejectWithoutCart('paymentMethodError'),
          {
            target: '.accepted',
            actions: [
              { type: 'clearError', params: { field: 'billingAddressError' } },
              { type: 'clearError', params: { field: 'paymentMethodError' } },
              { type: 'acceptBillingAddress', params: ({ event }) => ({ billingAddress: event.billingAddress }) },
              { type: 'acceptPaymentMethod', params: ({ event }) => ({ paymentMethod: event.paymentMethod }) },
              {
                type: 'saveCheckoutValue',
                params: ({ context }) => ({ key: 'billing_address', value: requireValue(context.billingAddress, 'billingAddress') }),
              },
              { type: 'saveCheckoutValue', params: ({ event }) => ({ key: 'paymentMethod', value: event.paymentMethod }) },
            ],
          },
        ],
        'checkout.billingAddress.submit': [
          rejectWithoutCart('billingAddressError'),
          {
            target: '.accepted',
            actions: [
              { type: 'clearError', params: { field: 'billingAddressError' } },
              { type: 'acceptBillingAddress', params: ({ event }) => ({ billingAddress: event.billingAddress }) },
              {
                type: 'saveCheckoutValue',
                params: ({ context }) => ({ key: 'billing_address', value: requireValue(context.billingAddress, 'billingAddress') }),
              },
            ],
          },
        ],
        'checkout.paymentMethod.submit': [
          rejectWithoutCart('paymentMethodError'),
          {
            target: '.accepted',
            actions: [
              { type: 'clearError', params: { field: 'paymentMethodError' } },
              { type: 'acceptPaymentMethod', params: ({ event }) => ({ paymentMethod: event.paymentMethod }) },
              { type: 'saveCheckoutValue', params: ({ event }) => ({ key: 'paymentMethod', value: event.paymentMethod }) },
            ],
          },
        ],
      },
      initial: 'editing',
      states: {
        editing: {},
        /** A part was just accepted: with both billing and payment in, the order can be reviewed. */
        accepted: {
          always: [{ guard: 'billingAndPaymentDone', target: '#checkout.review' }, { target: 'editing' }],
        },
      },
    },
    review: {
      tags: ['review'],
      initial: 'ready',
      on: { 'checkout.edit': editBackTo(['shippingAddress', 'shippingMethod', 'billingAndPayment']) },
      states: {
        ready: {
          on: {
            'checkout.order.submit': [
              rejectWithoutCart('orderError'),
              { guard: 'hostedPayment', target: 'placingHostedOrder', actions: { type: 'clearError', params: { field: 'orderError' } } },
              { target: 'submitting', actions: { type: 'clearError', params: { field: 'orderError' } } },
            ],
          },
        },
        /** Card or wallet: the order is placed, and its answer names the provider's page. */
        placingHostedOrder: {
          tags: ['submitting'],
          invoke: {
            src: 'placeHostedOrder',
            input: ({ context }) => ({ cartId: requireValue(context.cartId, 'cartId'), code: requireValue(context.paymentCode, 'paymentMethod') }),
            // The order now owns this cart (spec §4: after an order the cart is removed and a new one
            // created): forgetting it before leaving keeps the return from meeting "The cart isn't active."
            onDone: {
              target: '#checkout.redirecting',
              actions: [{ type: 'rememberHostedPayment', params: ({ event }) => ({ page: event.output }) }, 'removeCart'],
            },
            onError: askWhenOutcomeUnknown('confirmingHostedOrder'),
          },
        },
        /**
         * Issue 20: the hosted order's answer was lost. Placed and its page known → the shopper pays
         * there, as if the answer had come; placed, page unknown → the receipt; not placed → the
         * attempt's failure and the review again. The backend unreachable → `unconfirmed`.
         */
        confirmingHostedOrder: {
          tags: ['submitting', 'confirmingOrder'],
          on: { 'checkout.edit': {}, 'checkout.open': {} },
          invoke: {
            src: 'checkPlacedHostedOrder',
            input: ({ context }) => ({ cartId: requireValue(context.cartId, 'cartId'), isSignedIn: context.isSignedIn }),
            onDone: [
              {
                guard: { type: 'hostedPageKnown', params: ({ event }) => ({ check: event.output }) },
                target: '#checkout.redirecting',
                actions: [
                  'dropUnconfirmedOrderError',
                  { type: 'rememberHostedPayment', params: ({ event }) => ({ page: event.output.placed ? event.output.page : null }) },
                  'removeCart',
                ],
              },
              receiptOfPlacedOrder(),
              { target: 'ready', actions: 'rejectOrderWithUnconfirmedError' },
            ],
            onError: 'unconfirmed',
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            src: 'submitPaymentInformation',
            input: ({ context }) => ({
              cartId: requireValue(context.cartId, 'cartId'),
              isSignedIn: context.isSignedIn,
              billingAddress: requireValue(context.billingAddress, 'billingAddress'),
              email: context.shippingAddress?.email ?? null,
              paymentMethod: {
                method: requireValue(context.paymentCode, 'paymentMethod'),
                additional_data: { payment_method_nonce: context.paymentData?.nonce ?? null },
              },
            }),
            // Spec §4: receipt order set, saved checkout data cleared, cart removed and a new cart created.
            onDone: {
              target: '#checkout.receipt',
              actions: [{ type: 'setReceipt', params: ({ event }) => ({ orderId: String(event.output) }) }, 'clearSavedCheckout', 'removeCart'],
            },
            onError: askWhenOutcomeUnknown('confirmingOrder'),
          },
        },
        /** Issue 20: the answer was lost; the backend says whether the cart became an order. */
        confirmingOrder: {
          tags: ['submitting', 'confirmingOrder'],
          // Nothing may change the order being confirmed, order it again, or begin another checkout.
          on: { 'checkout.edit': {}, 'checkout.open': {} },
          invoke: {
            src: 'checkPlacedOrder',
            input: ({ context }) => ({ cartId: requireValue(context.cartId, 'cartId'), isSignedIn: context.isSignedIn }),
            onDone: [
              receiptOfPlacedOrder(),
              // Still an active cart: nothing was ordered, and the attempt's failure stands.
              { target: 'ready', actions: 'rejectOrderWithUnconfirmedError' },
            ],
            onError: 'unconfirmed',
          },
        },
        /** The backend could not be asked: the shopper may check again, not order again. */
        unconfirmed: {
          tags: ['orderUnconfirmed'],
          on: {
            'checkout.order.confirm': [{ guard: 'hostedPayment', target: 'confirmingHostedOrder' }, { target: 'confirmingOrder' }],
            'checkout.edit': {},
            'checkout.open': {},
          },
        },
      },
    },
    receipt: {
      tags: ['receipt'],
      on: {
        // The receipt is shown once: leaving it ends this checkout, the next visit begins a new one.
        'checkout.close': { target: 'idle', actions: 'forgetCheckout' },
        'checkout.open': {},
      },
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'receiptUnnamed', target: 'here' }, { target: 'addressing' }] },
        /**
         * Spec §2 /success: the receipt gets an address of its own, so a reload keeps it: the order's
         * number, and for a guest its token (Magento's `guestOrder` by number, email and last name).
         */
        addressing: {
          tags: ['receiptAddressing'],
          invoke: {
            src: 'readReceiptAddress',
            input: ({ context }) => receiptAddressInputOf(context),
            onDone: { target: 'addressed', actions: { type: 'rememberReceiptAddress', params: ({ event }) => ({ address: event.output }) } },
            // The order is placed either way: unnamed, its receipt stays on the checkout page.
            onError: 'here',
          },
        },
        /** The view takes the shopper to the receipt's address (`selectReceiptAddress`). */
        addressed: { tags: ['receiptAddressed'] },
        /** The receipt on the checkout page: lost on a reload, but the order is confirmed by email. */
        here: {},
      },
    },
    /** The shopper is on their way to the provider's page: nothing begins again meanwhile. */
    redirecting: {
      tags: ['redirecting'],
      entry: { type: 'redirectToProvider', params: ({ context }) => ({ url: requireValue(context.hostedPayment, 'hostedPayment').paymentUrl }) },
      on: { 'checkout.open': {} },
    },
    /** Spec §2 /ayden/action/return.html, /paypal/action/return.html: the provider's result, verified by the backend. */
    paymentReturn: {
      initial: 'verifying',
      on: { 'checkout.open': reopen() },
      states: {
        verifying: {
          invoke: {
            src: 'verifyPaymentReturn',
            input: ({ context }) => requireValue(context.paymentReturn, 'paymentReturn').input,
            onDone: paymentVerified(),
            onError: [
              // Issue 20: the answer was lost (the backend may have completed or cancelled the order): it is asked first.
              {
                guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
                target: 'confirming',
                actions: { type: 'rememberPaymentCheckFailure', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'refused', actions: { type: 'rememberPaymentCheckFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        /**
         * Issue 20: the verification's answer was lost. The backend says what became of the order
         * (`confirmPaymentReturn`): the same outcomes as an answered verification; unreachable again →
         * `unreachable`, where the shopper may only check again.
         */
        confirming: {
          invoke: {
            src: 'confirmPaymentReturn',
            input: ({ context }) => {
              const { input, orderNumber } = requireValue(context.paymentReturn, 'paymentReturn');
              return { input, orderNumber };
            },
            onDone: paymentVerified(),
            onError: [
              {
                guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
                target: 'unreachable',
                actions: { type: 'rememberPaymentCheckFailure', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'refused', actions: { type: 'rememberPaymentCheckFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        approved: {},
        /** Declined or cancelled: the order was cancelled and its cart given back. */
        notPaid: {},
        /** Forged, altered or already used: nothing changed. */
        refused: {},
        /** The shop could not be reached: checking again is safe. */
        unreachable: { on: { 'checkout.payment.retry': 'confirming' } },
      },
    },
    /** Spec §2 /success: an order is shown only once the backend confirms it belongs to this shopper. */
    orderLookup: {
      initial: 'checking',
      on: { 'checkout.open': reopen() },
      states: {
        checking: {
          invoke: {
            src: 'lookUpOrder',
            input: ({ context }) => requireValue(context.orderLookup, 'orderLookup'),
            onDone: [
              {
                guard: { type: 'isTheOrder', params: ({ event }) => ({ order: event.output }) },
                target: 'confirmed',
                actions: { type: 'rememberConfirmedOrder', params: ({ event }) => ({ order: event.output }) },
              },
              { target: 'notFound' },
            ],
            onError: { target: 'failed', actions: { type: 'rememberOrderLookupError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmed: {},
        notFound: {},
        failed: { on: { 'checkout.order.lookup.retry': 'checking' } },
      },
    },
  },
});

/** What names the order just placed: a guest's proof is the order's email and billing last name (Magento's `guestOrder`). */
function receiptAddressInputOf(context: CheckoutContext): ReceiptAddressInput {
  const order = requireValue(context.receipt.order, 'receipt');
  const shipping = order.shipping_address;
  return {
    orderId: requireValue(order.id, 'orderId'),
    isSignedIn: context.isSignedIn,
    email: shipping.email ?? '',
    lastname: context.billingAddress?.lastname || shipping.lastname,
  };
}

/** Issue 20: a step whose answer was lost is checked against the cart (`checking`), its failure held meanwhile. */
function checkWhenAnswerLost() {
  type Failed = { error: unknown };
  return {
    guard: { type: 'answerLost' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
    target: 'checking' as const,
    actions: { type: 'holdStepError' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
  };
}

/**
 * Issue 20: a shipping step whose answer was lost reads the cart's shipping: it holds what was sent
 * (`holds`) → the step accepted (`accepted`, `onHeld`); not, or unreadable → the step's held failure, back to `back`.
 */
function checkingCartShipping<const A extends readonly unknown[]>(
  holds: 'holdsPendingAddress' | 'holdsPendingMethod',
  accepted: '#checkout.shippingMethod' | '#checkout.billingAndPayment',
  onHeld: A,
  field: ErrorField,
  back: 'editing' | 'choosing',
) {
  const fail = { target: back, actions: { type: 'rejectWithHeldStepError' as const, params: { field } } };
  return {
    tags: ['submitting' as const],
    invoke: {
      src: 'readCartShipping' as const,
      input: ({ context }: { context: CheckoutContext }) => ({ cartId: requireValue(context.cartId, 'cartId') }),
      onDone: [
        {
          guard: { type: holds, params: ({ event }: { event: { output: CartShippingState } }) => ({ shipping: event.output }) },
          target: accepted,
          actions: ['dropHeldStepError' as const, ...onHeld],
        },
        fail,
      ],
      onError: fail,
    },
  };
}

/** Spec §4: the shipping address accepted (as answered, or as the cart holds it after a lost answer) and saved (spec §9). */
function acceptedShippingAddress<E>(methodsOf: (event: E) => CheckoutShippingMethod[]) {
  return [
    { type: 'acceptShippingAddress' as const, params: ({ event }: { event: E }) => ({ methods: methodsOf(event) }) },
    {
      type: 'saveCheckoutValue' as const,
      params: ({ context }: { context: CheckoutContext }) => ({
        key: 'shipping_address' as const,
        value: requireValue(context.shippingAddress, 'shippingAddress'),
      }),
    },
    {
      type: 'saveCheckoutValue' as const,
      params: ({ context }: { context: CheckoutContext }) => ({ key: 'availableShippingMethods' as const, value: context.availableShippingMethods }),
    },
  ];
}

/** Spec §4: the shipping method accepted and saved (spec §9). */
function acceptedShippingMethodActions() {
  return [
    'acceptShippingMethod' as const,
    {
      type: 'saveCheckoutValue' as const,
      params: ({ context }: { context: CheckoutContext }) => ({
        key: 'shippingMethod' as const,
        value: requireValue(context.selectedShippingMethod, 'shippingMethod'),
      }),
    },
  ];
}

/** Issue 20: a failure after which the order may exist is asked about (`confirming`); any other is the order step's error. */
function askWhenOutcomeUnknown(confirming: 'confirmingOrder' | 'confirmingHostedOrder') {
  type Failed = { error: unknown };
  return [
    {
      guard: { type: 'orderOutcomeUnknown' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
      target: confirming,
      actions: { type: 'holdUnconfirmedOrderError' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
    },
    {
      target: 'ready' as const,
      actions: { type: 'rejectWith' as const, params: ({ event }: { event: Failed }) => ({ field: 'orderError' as const, error: event.error }) },
    },
  ];
}

/** Issue 20: the backend says the order exists: the receipt, as after an answered order (spec §4). */
function receiptOfPlacedOrder() {
  type Checked = { output: PlacedOrderCheck | HostedOrderCheck };
  return {
    guard: { type: 'orderPlaced' as const, params: ({ event }: { event: Checked }) => ({ check: event.output }) },
    target: '#checkout.receipt',
    actions: [
      'dropUnconfirmedOrderError' as const,
      { type: 'setReceipt' as const, params: ({ event }: { event: Checked }) => ({ orderId: event.output.placed ? event.output.orderId : null }) },
      'clearSavedCheckout' as const,
      'removeCart' as const,
    ],
  };
}

/** What a verified return leads to (spec §2): approved, or not paid with the cart given back. */
function paymentVerified() {
  type Done = { output: VerifiedPayment };
  return [
    {
      guard: { type: 'approved' as const, params: ({ event }: { event: Done }) => ({ payment: event.output }) },
      target: '#checkout.paymentReturn.approved',
      // Spec §4 order accepted: the saved checkout data is cleared.
      actions: [
        { type: 'rememberVerifiedPayment' as const, params: ({ event }: { event: Done }) => ({ payment: event.output }) },
        'clearSavedCheckout' as const,
      ],
    },
    {
      guard: { type: 'cartGivenBack' as const, params: ({ event }: { event: Done }) => ({ payment: event.output }) },
      target: '#checkout.paymentReturn.notPaid',
      actions: [
        { type: 'rememberVerifiedPayment' as const, params: ({ event }: { event: Done }) => ({ payment: event.output }) },
        { type: 'adoptCart' as const, params: ({ event }: { event: Done }) => ({ cartId: requireValue(event.output.cart_id, 'cartId') }) },
      ],
    },
    {
      target: '#checkout.paymentReturn.notPaid',
      actions: { type: 'rememberVerifiedPayment' as const, params: ({ event }: { event: Done }) => ({ payment: event.output }) },
    },
  ];
}

/** Outside a checkout (idle, after a payment return or an order lookup), the checkout page begins one. */
function reopen() {
  return {
    guard: { type: 'opens' as const, params: ({ event }: { event: OpenEvent }) => ({ event }) },
    target: '#checkout.restoring',
    actions: {
      type: 'begin' as const,
      params: ({ event }: { event: OpenEvent }) => ({ cartId: event.cartId, isSignedIn: Boolean(event.isSignedIn), countries: event.countries ?? [] }),
    },
  };
}

/** Spec §5: a step submitted without a cart is rejected in its own error field. */
function rejectWithoutCart(field: ErrorField) {
  return { guard: 'cartIdMissing' as const, actions: { type: 'rejectWith' as const, params: { field, error: new Error(MISSING_CART_ID) } } };
}

/** Spec §4 "edit": back to an earlier step, every value kept. */
function editBackTo(steps: Array<Exclude<CheckoutStep, 'review'>>) {
  return steps.map((step) => ({ guard: { type: 'editsTo' as const, params: { step } }, target: `#checkout.${step}` }));
}

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>;

/**
 * Spec §4 "the error is rethrown": send a submit and settle like a promise. Resolves when the step
 * accepted the value; rejects with the step's stored error when it was rejected, or when the current
 * step does not take this submit.
 */
export async function submitCheckoutStep(checkout: CheckoutActorRef, event: CheckoutSubmitEvent): Promise<void> {
  if (!checkout.getSnapshot().can(event)) {
    throw new Error(`${event.type} is not possible in the current checkout step`);
  }
  checkout.send(event);
  const settled = await waitFor(checkout, (snapshot) => !snapshot.hasTag('submitting'));
  const error = settled.context[ERROR_FIELD_OF_SUBMIT[event.type]];
  if (error) throw error;
}

/** The step the shopper is on, or null before begin and on the receipt. */
export function selectStep(snapshot: CheckoutSnapshot): CheckoutStep | null {
  const steps: CheckoutStep[] = ['shippingAddress', 'shippingMethod', 'billingAndPayment', 'review'];
  return steps.find((step) => snapshot.hasTag(step)) ?? null;
}
export const selectIsSubmitting = (snapshot: CheckoutSnapshot) => snapshot.hasTag('submitting');
export const selectIsRestoring = (snapshot: CheckoutSnapshot) => snapshot.hasTag('restoring');
export const selectIsLoadingShippingMethods = (snapshot: CheckoutSnapshot) => snapshot.hasTag('loadingShippingMethods');
export const selectHasReceipt = (snapshot: CheckoutSnapshot) => snapshot.hasTag('receipt');
export const selectAvailableShippingMethods = (snapshot: CheckoutSnapshot) => snapshot.context.availableShippingMethods;
/** A method the cart can use: Magento also lists those it cannot (`available: false`), with why. */
export const isUsableShippingMethod = (method: CheckoutShippingMethod) => method.available !== false;
/**
 * The cheapest of the usable methods offered (the first of equals, in the backend's order), or
 * null when none is. A method without an amount is never taken for a free one.
 */
export function cheapestShippingMethod(methods: readonly CheckoutShippingMethod[]): CheckoutShippingMethod | null {
  return methods
    .filter(isUsableShippingMethod)
    .reduce<CheckoutShippingMethod | null>(
      (cheapest, method) => (cheapest === null || (method.amount?.value ?? Infinity) < (cheapest.amount?.value ?? Infinity) ? method : cheapest),
      null,
    );
}
/**
 * The method the shipping step shows as chosen: the one being sent, else the accepted one, else
 * (the shopper has chosen none) the cheapest offered, free shipping where it is offered, as PWA
 * Studio preselects it (issue 16).
 */
export const selectProposedShippingMethod = (snapshot: CheckoutSnapshot) =>
  snapshot.context.pendingShippingMethod ?? snapshot.context.selectedShippingMethod ?? cheapestShippingMethod(snapshot.context.availableShippingMethods);
/** The accepted address, or what was typed when the step was rejected. */
export const selectShippingAddress = (snapshot: CheckoutSnapshot) => snapshot.context.shippingAddress ?? snapshot.context.pendingShippingAddress;
/** Spec §3: shippingMethod is the carrier code; shippingTitle its title. */
export const selectShippingMethod = (snapshot: CheckoutSnapshot) => snapshot.context.selectedShippingMethod?.carrier_code ?? null;
export const selectShippingTitle = (snapshot: CheckoutSnapshot) => snapshot.context.selectedShippingMethod?.title ?? null;
export const selectBillingAddress = (snapshot: CheckoutSnapshot) => snapshot.context.billingAddress;
export const selectPaymentCode = (snapshot: CheckoutSnapshot) => snapshot.context.paymentCode;
export const selectReceiptOrder = (snapshot: CheckoutSnapshot) => snapshot.context.receipt.order;
export const selectShippingAddressError = (snapshot: CheckoutSnapshot) => snapshot.context.shippingAddressError;
export const selectShippingMethodError = (snapshot: CheckoutSnapshot) => snapshot.context.shippingMethodError;
export const selectBillingAddressError = (snapshot: CheckoutSnapshot) => snapshot.context.billingAddressError;
export const selectPaymentMethodError = (snapshot: CheckoutSnapshot) => snapshot.context.paymentMethodError;
export const selectOrderError = (snapshot: CheckoutSnapshot) => snapshot.context.orderError;
export const selectIsRedirecting = (snapshot: CheckoutSnapshot) => snapshot.hasTag('redirecting');
/** The done steps may be edited: not while an order's outcome is being confirmed (issue 20). */
export const selectCanEditSteps = (snapshot: CheckoutSnapshot) => !snapshot.hasTag('confirmingOrder') && !snapshot.hasTag('orderUnconfirmed');
/** Issue 20: the order's answer was lost and the backend is being asked (`confirming`), or could not be (`unconfirmed`). */
export function selectOrderConfirmation(snapshot: CheckoutSnapshot): 'confirming' | 'unconfirmed' | null {
  if (snapshot.hasTag('confirmingOrder')) return 'confirming';
  if (snapshot.hasTag('orderUnconfirmed')) return 'unconfirmed';
  return null;
}
/** The guest email that already has an account, while the shipping address is edited. */
export const selectEmailWithAccount = (snapshot: CheckoutSnapshot) => (snapshot.hasTag('shippingAddress') ? snapshot.context.emailWithAccount : null);

/** Where the return page stands: verifying, the verified outcome, refused or unreachable; null when not checking a return. */
export type PaymentReturnStatus =
  | { status: 'verifying' }
  | { status: 'verified'; payment: VerifiedPayment }
  | { status: 'refused'; message: string; orderNumber: string | null }
  | { status: 'unreachable'; message: string };
export function selectPaymentReturn(snapshot: CheckoutSnapshot): PaymentReturnStatus | null {
  const { verifiedPayment, paymentReturnError, paymentReturn } = snapshot.context;
  if (snapshot.matches({ paymentReturn: 'verifying' }) || snapshot.matches({ paymentReturn: 'confirming' })) return { status: 'verifying' };
  if ((snapshot.matches({ paymentReturn: 'approved' }) || snapshot.matches({ paymentReturn: 'notPaid' })) && verifiedPayment)
    return { status: 'verified', payment: verifiedPayment };
  if (snapshot.matches({ paymentReturn: 'refused' }))
    return { status: 'refused', message: paymentReturnError?.message ?? '', orderNumber: paymentReturn?.orderNumber ?? null };
  if (snapshot.matches({ paymentReturn: 'unreachable' })) return { status: 'unreachable', message: paymentReturnError?.message ?? '' };
  return null;
}
/** The return being verified (the page compares it with its own URL). */
export const selectPaymentReturnInput = (snapshot: CheckoutSnapshot) => snapshot.context.paymentReturn?.input ?? null;

/** Where the success page's order stands. */
export type OrderLookupStatus =
  { status: 'checking' } | { status: 'confirmed'; order: ConfirmedOrder } | { status: 'notFound' } | { status: 'failed'; message: string };
export function selectOrderLookup(snapshot: CheckoutSnapshot): OrderLookupStatus | null {
  const { confirmedOrder, orderLookupError } = snapshot.context;
  if (snapshot.matches({ orderLookup: 'checking' })) return { status: 'checking' };
  if (snapshot.matches({ orderLookup: 'confirmed' }) && confirmedOrder) return { status: 'confirmed', order: confirmedOrder };
  if (snapshot.matches({ orderLookup: 'notFound' })) return { status: 'notFound' };
  if (snapshot.matches({ orderLookup: 'failed' })) return { status: 'failed', message: orderLookupError?.message ?? '' };
  return null;
}
export const selectOrderLookupInput = (snapshot: CheckoutSnapshot) => snapshot.context.orderLookup;

/** Spec §2 /success: the receipt's address once the order is named (the view goes there, replacing /checkout in the history). */
export function selectReceiptAddress(snapshot: CheckoutSnapshot): { path: string; state: { orderToken: string } | null } | null {
  const address = snapshot.hasTag('receiptAddressed') ? snapshot.context.receiptAddress : null;
  if (!address) return null;
  return {
    path: `/success?${new URLSearchParams({ order: address.orderNumber }).toString()}`,
    state: address.orderToken ? { orderToken: address.orderToken } : null,
  };
}
/** The order is being named: the receipt waits for its address. */
export const selectIsAddressingReceipt = (snapshot: CheckoutSnapshot) => snapshot.hasTag('receiptAddressing');

/**
 * Spec §2/§6: after an order a guest can be sent to /create-account with email, firstName and
 * lastName from the order's shipping address; null for signed-in customers and before an order.
 */
export function selectCreateAccountParams(snapshot: CheckoutSnapshot): { email: string; firstName: string; lastName: string } | null {
  const order = snapshot.context.receipt.order;
  if (!order || snapshot.context.isSignedIn) return null;
  const address = order.shipping_address;
  return { email: address.email ?? '', firstName: address.firstname, lastName: address.lastname };
}
