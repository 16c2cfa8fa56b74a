/**
 * checkout — spec §2 "Checkout flow", §3 "Checkout", §4 "Checkout", §5, §7 (REST), §8.
 * systemId: 'checkout'.
 *
 * Steps: shippingAddress → shippingMethod → billingAndPayment → review (place order) → receipt.
 *
 * Files (read in this order): this one is the chart's top level, the events any state takes, and
 * the selectors views read; `checkout.context.ts` the context, events and the spec's rules as
 * pure functions; `checkout.setup.ts` every named action, guard and actor; the regions, each built
 * on that setup with `createStateConfig`: `checkout.address-steps.ts` (shipping address, shipping
 * method), `checkout.order-steps.ts` (billing and payment, review and placing the order),
 * `checkout.after-order.ts` (receipt, provider's page, payment return, the success page's lookup).
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
 * Its own actors (not injected) hear the system's 'cart' the way ADR 010 §6 has machines hear each
 * other, by answers and emitted events, never by reading or watching its snapshot (a lint rule):
 * `askCart`, each time the review is ready (reached, or after a refusal), sends `cart.getDetails` with
 * a request `{ id, replyTo }` and hands back the cart's `cart.answer` (the details read, or a
 * failure: a busy cart is asked again shortly, a few times; the wait is bounded by `after`);
 * `followCart`, while the review is open, hears `cart.details.read` (`actor.on`), so a frame another
 * tab added shows. The details heard (`cartDetails`) are what the order's digest is taken from
 * (`rememberReviewedCart`); once the backend refused the order because the cart changed since the
 * review, the details heard next are compared with the cart reviewed (`cart-changes.ts`) and the
 * review names what changed (ADR 039).
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
 * A lost answer: when placing an offline order fails in a way that leaves its outcome
 * unknown (`isOrderOutcomeUnknown`: no answer, a server failure, or the cart already gone), the
 * machine asks the backend whether the cart became an order (`confirmingOrder`) before it tells the
 * shopper anything: placed → the receipt (the order named where the backend can), not placed → the
 * original refusal and the review again; the backend unreachable → `unconfirmed`, where the shopper
 * can only check again (`checkout.order.confirm`): never an offer to order a second time.
 */
import { waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { shippingAddressStep, shippingMethodStep } from './checkout.address-steps';
import { orderLookupState, paymentReturnState, receiptState, redirectingState, reopen } from './checkout.after-order';
import { ERROR_FIELD_OF_SUBMIT, initialContext, lookupOf, type CheckoutStep, type CheckoutSubmitEvent } from './checkout.context';
import { billingAndPaymentStep, reviewStep } from './checkout.order-steps';
import { checkoutSetup } from './checkout.setup';
import { resumeAtRequestedStep } from './checkout.history';
import type { CheckoutShippingMethod, ConfirmedOrder, VerifiedPayment } from './checkout.types';

export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: () => initialContext(),
  initial: 'idle',
  on: {
    // Spec §4: begin resets, then reloads what browser storage holds.
    'checkout.begin': {
      target: '.restoring',
      actions: {
        type: 'begin',
        params: ({ event }) => ({ cartId: event.cartId, isSignedIn: event.isSignedIn, countries: event.countries ?? [], step: event.step ?? null }),
      },
    },
    // A checkout under way for this cart and shopper goes on where it was, with everything typed kept.
    'checkout.open': {
      guard: { type: 'opensAnother', params: ({ event }) => ({ event }) },
      target: '.restoring',
      actions: {
        type: 'begin',
        params: ({ event }) => ({ cartId: event.cartId, isSignedIn: Boolean(event.isSignedIn), countries: event.countries ?? [], step: event.step ?? null }),
      },
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
    /** Continue at the step a reload's URL named if it can open (ADR 008), else at the first step whose value is missing. */
    resuming: {
      exit: 'forgetRequestedStep',
      always: [
        ...resumeAtRequestedStep(),
        { guard: 'lacksShippingAddress', target: 'shippingAddress' },
        { guard: 'lacksShippingMethod', target: 'shippingMethod' },
        { guard: 'billingAndPaymentDone', target: 'review' },
        { target: 'billingAndPayment' },
      ],
    },
    shippingAddress: shippingAddressStep,
    shippingMethod: shippingMethodStep,
    billingAndPayment: billingAndPaymentStep,
    review: reviewStep,
    receipt: receiptState,
    redirecting: redirectingState,
    paymentReturn: paymentReturnState,
    orderLookup: orderLookupState,
  },
});

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
 * Studio preselects it.
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
/** ADR 039: what changed in the cart since the shopper reviewed it, after the order was refused as changed (null: not known). */
export const selectCartChanges = (snapshot: CheckoutSnapshot) => (snapshot.hasTag('review') ? snapshot.context.cartChanges : null);
export const selectIsRedirecting = (snapshot: CheckoutSnapshot) => snapshot.hasTag('redirecting');
/** The done steps may be edited: not while an order's outcome is being confirmed. */
export const selectCanEditSteps = (snapshot: CheckoutSnapshot) => !snapshot.hasTag('confirmingOrder') && !snapshot.hasTag('orderUnconfirmed');
/** The order's answer was lost and the backend is being asked (`confirming`), or could not be (`unconfirmed`). */
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
  { status: 'checking' } | { status: 'confirmed'; order: ConfirmedOrder } | { status: 'notFound' } | { status: 'failed'; error: Error | null };
export function selectOrderLookup(snapshot: CheckoutSnapshot): OrderLookupStatus | null {
  const { confirmedOrder, orderLookupError } = snapshot.context;
  if (snapshot.matches({ orderLookup: 'checking' })) return { status: 'checking' };
  if (snapshot.matches({ orderLookup: 'confirmed' }) && confirmedOrder) return { status: 'confirmed', order: confirmedOrder };
  if (snapshot.matches({ orderLookup: 'notFound' })) return { status: 'notFound' };
  if (snapshot.matches({ orderLookup: 'failed' })) return { status: 'failed', error: orderLookupError };
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
