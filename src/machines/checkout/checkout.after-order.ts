/**
 * checkout — after the order: the receipt and its address (spec §2 /success, ADR 027), the way to
 * the provider's page, the provider's return (spec §2 return pages) and the success page's lookup.
 */
import { type VerifiedPayment } from './checkout.types';
import { receiptAddressInputOf, requireValue, type OpenEvent } from './checkout.context';
import { checkoutSetup } from './checkout.setup';

/** Spec §4 order accepted: the receipt, at its own address once the order is named. */
export const receiptState = checkoutSetup.createStateConfig({
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
     * An answer lost, or not come within `receiptAddressPatience`, is asked for again, at most
     * RECEIPT_ADDRESS_ATTEMPTS times in all; then the receipt stays here (never a spinner forever).
     */
    addressing: {
      tags: ['receiptAddressing'],
      entry: 'countReceiptAddressAttempt',
      invoke: {
        src: 'readReceiptAddress',
        input: ({ context }) => receiptAddressInputOf(context),
        onDone: { target: 'addressed', actions: { type: 'rememberReceiptAddress', params: ({ event }) => ({ address: event.output }) } },
        onError: [
          { guard: { type: 'receiptAddressLost', params: ({ event }) => ({ error: event.error }) }, target: 'addressing', reenter: true },
          // The order is placed either way: unnamed, its receipt stays on the checkout page.
          { target: 'here' },
        ],
      },
      after: { receiptAddressPatience: [{ guard: 'receiptAddressAskable', target: 'addressing', reenter: true }, { target: 'here' }] },
    },
    /** The view takes the shopper to the receipt's address (`selectReceiptAddress`). */
    addressed: { tags: ['receiptAddressed'] },
    /** The receipt on the checkout page: lost on a reload, but the order is confirmed by email. */
    here: {},
  },
});

/** The shopper is on their way to the provider's page: nothing begins again meanwhile. */
export const redirectingState = checkoutSetup.createStateConfig({
  tags: ['redirecting'],
  entry: { type: 'redirectToProvider', params: ({ context }) => ({ url: requireValue(context.hostedPayment, 'hostedPayment').paymentUrl }) },
  on: { 'checkout.open': {} },
});

/** Spec §2 /ayden/action/return.html, /paypal/action/return.html: the provider's result, verified by the backend. */
export const paymentReturnState = checkoutSetup.createStateConfig({
  initial: 'verifying',
  on: { 'checkout.open': reopen() },
  states: {
    verifying: {
      invoke: {
        src: 'verifyPaymentReturn',
        input: ({ context }) => requireValue(context.paymentReturn, 'paymentReturn').input,
        onDone: paymentVerified(),
        onError: [
          // The answer was lost (the backend may have completed or cancelled the order): it is asked first.
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
     * The verification's answer was lost. The backend says what became of the order
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
});

/** Spec §2 /success: an order is shown only once the backend confirms it belongs to this shopper. */
export const orderLookupState = checkoutSetup.createStateConfig({
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
      // A lookup whose answer never comes (the server restarted mid-request) ends in "Check again", never a spinner forever.
      after: { orderLookupPatience: { target: 'failed', actions: 'rememberOrderLookupTimeout' } },
    },
    confirmed: {},
    notFound: {},
    failed: { on: { 'checkout.order.lookup.retry': 'checking' } },
  },
});

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
export function reopen() {
  return {
    guard: { type: 'opens' as const, params: ({ event }: { event: OpenEvent }) => ({ event }) },
    target: '#checkout.restoring',
    actions: {
      type: 'begin' as const,
      params: ({ event }: { event: OpenEvent }) => ({
        cartId: event.cartId,
        isSignedIn: Boolean(event.isSignedIn),
        countries: event.countries ?? [],
        step: event.step ?? null,
      }),
    },
  };
}
