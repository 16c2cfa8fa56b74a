/**
 * checkout — billing address and payment, then the review where the order is placed (spec §4
 * Checkout, §7 REST): an offline order goes to the receipt, a card or wallet order to the
 * provider's page; a lost answer is asked about before the shopper is told anything.
 */
import { type HostedOrderCheck, type PlacedOrderCheck } from './checkout.types';
import { answeredDetails, requireValue } from './checkout.context';
import type { CartDetails, CartDetailsAnswer, CartDetailsRead } from '../cart/cart.types';
import { editBackTo, rejectWithoutCart } from './checkout.address-steps';
import { historyMoves, putBackStep, recordStep } from './checkout.history';
import { checkoutSetup } from './checkout.setup';

/** Spec §4: billing address and payment method, accepted together or part by part. */
export const billingAndPaymentStep = checkoutSetup.createStateConfig({
  tags: ['billingAndPayment'],
  entry: ['refreshCart', ...recordStep('billingAndPayment')],
  on: {
    'checkout.edit': editBackTo(['shippingAddress', 'shippingMethod']),
    'checkout.history.step': historyMoves(),
    // Both parts at once: a payment method changed together with the billing address is never
    // lost because the billing part alone already completed the step.
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
});

/**
 * ADR 039: the cart's details heard (answered or announced): held as what the review shows; once the
 * order was refused as changed and they are not the cart reviewed, what changed is named.
 */
function hearCart<E>(detailsOf: (args: { event: E }) => { details: CartDetails | null }, target?: 'cartRead') {
  const held = { type: 'holdCartDetails' as const, params: (args: { event: E }) => ({ details: requireValue(detailsOf(args).details, 'details') }) };
  return [
    { guard: { type: 'showsChangedCart' as const, params: detailsOf }, target, actions: [held, { ...held, type: 'noteCartChanges' as const }] },
    { guard: { type: 'answeredDetails' as const, params: detailsOf }, target, actions: held },
  ];
}

/**
 * Spec §4: while an order is being placed (held for the cart's answer, sent, or its answer asked
 * about), nothing may change what it orders or begin another checkout: "Change" on a review block
 * and the checkout opened again are taken and do nothing, so the order's answer lands where it would
 * have (the receipt, the provider's page, or the review with its refusal).
 */
const orderBeingPlaced = { 'checkout.edit': {}, 'checkout.open': {} };

/**
 * ADR 039: "Place order" pressed while the cart is still asked is held (`orderAwaitsCart`) until it
 * answers. A held order is an order being placed (`submitting`): the page shows its progress and
 * takes no second press, and nothing waiting for the review to settle takes it for a review at rest.
 * The hold is kept in the context, so that a busy cart asked again (`cartBusy` → `readingCart`) is
 * still holding it.
 */
const orderHoldable = {
  initial: 'open' as const,
  states: {
    open: { always: { guard: 'orderAwaitsCart' as const, target: 'orderHeld' as const } },
    orderHeld: { tags: ['submitting' as const], on: { ...orderBeingPlaced, 'checkout.history.step': putBackStep() } },
  },
};
const holdOrder = {
  target: '.orderHeld',
  // Spec §4: the attempt's previous error goes as it starts, as it does when the order is placed at once.
  actions: ['holdOrderForCart' as const, { type: 'clearError' as const, params: { field: 'orderError' as const } }],
};

/**
 * Spec §4: the review; placing the order, and confirming it when its answer was lost. ADR 039: the
 * review asks the cart for its details each time it is ready (reached, or after a refusal: the cart
 * changed since, or any other) and follows what the cart announces while it is open; the order carries
 * the digest of the cart it showed.
 */
export const reviewStep = checkoutSetup.createStateConfig({
  tags: ['review'],
  entry: recordStep('review'),
  initial: 'ready',
  invoke: { src: 'followCart' },
  on: {
    'cart.details.read': hearCart<CartDetailsRead>(({ event }) => ({ details: event.details })),
    'checkout.edit': editBackTo(['shippingAddress', 'shippingMethod', 'billingAndPayment']),
    // While the order is placed or confirmed, Back and Forward leave the review where it is.
    'checkout.history.step': putBackStep(),
  },
  states: {
    ready: {
      entry: 'restartCartReads',
      initial: 'readingCart',
      states: {
        /**
         * ADR 039, ADR 010 §6: the cart asked for its details (`askCart`); "Place order" pressed
         * meanwhile places the order once the cart has answered, with the digest of what it answered.
         */
        readingCart: {
          entry: 'countCartRead',
          invoke: { src: 'askCart' },
          ...orderHoldable,
          on: {
            'checkout.order.submit': holdOrder,
            'cart.answer': [
              ...hearCart<CartDetailsAnswer>(({ event }) => ({ details: answeredDetails(event) }), 'cartRead'),
              { guard: { type: 'cartBusy', params: ({ event }) => ({ answer: event }) }, target: 'cartBusy' },
              // Refused, lost, or the cart replaced meanwhile: the review shows what it last heard.
              { target: 'cartRead' },
            ],
          },
          // No answer within the patience (no cart, or one stopped): the review stops waiting.
          after: { cartAnswerPatience: 'cartRead' },
        },
        /** The cart was busy with a call: it is asked again shortly. */
        cartBusy: { ...orderHoldable, on: { 'checkout.order.submit': holdOrder }, after: { cartBusyRetry: 'readingCart' } },
        /** The cart answered (or could not): what it announces keeps the review up to date; an order held meanwhile goes. */
        cartRead: { always: { guard: 'orderAwaitsCart', actions: ['releaseOrderHeldForCart', 'submitOrder'] } },
      },
      on: {
        'checkout.history.step': historyMoves(),
        'checkout.order.submit': [
          rejectWithoutCart('orderError'),
          { guard: 'hostedPayment', target: 'placingHostedOrder', actions: [{ type: 'clearError', params: { field: 'orderError' } }, 'rememberReviewedCart'] },
          { target: 'submitting', actions: [{ type: 'clearError', params: { field: 'orderError' } }, 'rememberReviewedCart'] },
        ],
      },
    },
    /** Card or wallet: the order is placed, and its answer names the provider's page. */
    placingHostedOrder: {
      tags: ['submitting'],
      on: orderBeingPlaced,
      invoke: {
        src: 'placeHostedOrder',
        input: ({ context }) => ({
          cartId: requireValue(context.cartId, 'cartId'),
          code: requireValue(context.paymentCode, 'paymentMethod'),
          reviewDigest: context.reviewDigest,
        }),
        // The order now owns this cart (spec §4: after an order the cart is removed and a new one
        // created): forgetting it before leaving keeps the return from meeting "The cart isn't active."
        // The cart machine keeps it with the order's number, to give it back if the shopper returns unpaid (ADR 042).
        onDone: {
          target: '#checkout.redirecting',
          actions: [
            { type: 'rememberHostedPayment', params: ({ event }) => ({ page: event.output }) },
            { type: 'handCartToPayment', params: ({ event }) => ({ orderNumber: event.output.orderNumber }) },
          ],
        },
        onError: askWhenOutcomeUnknown('confirmingHostedOrder'),
      },
    },
    /**
     * The hosted order's answer was lost. Placed and its page known → the shopper pays
     * there, as if the answer had come; placed, page unknown → the receipt; not placed → the
     * attempt's failure and the review again. The backend unreachable → `unconfirmed`.
     */
    confirmingHostedOrder: {
      tags: ['submitting', 'confirmingOrder'],
      on: orderBeingPlaced,
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
              { type: 'handCartToPayment', params: ({ event }) => ({ orderNumber: event.output.placed ? (event.output.page?.orderNumber ?? '') : '' }) },
            ],
          },
          receiptOfPlacedOrder(),
          // Not placed: the attempt's failure, and the review (ready) asks for the cart again.
          { target: 'ready', actions: 'rejectOrderWithUnconfirmedError' },
        ],
        onError: 'unconfirmed',
      },
    },
    submitting: {
      tags: ['submitting'],
      on: orderBeingPlaced,
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
          reviewDigest: context.reviewDigest,
        }),
        // Spec §4: receipt order set, saved checkout data cleared, cart removed and a new cart created.
        onDone: {
          target: '#checkout.receipt',
          actions: [{ type: 'setReceipt', params: ({ event }) => ({ orderId: String(event.output) }) }, 'clearSavedCheckout', 'removeCart'],
        },
        onError: askWhenOutcomeUnknown('confirmingOrder'),
      },
    },
    /** The answer was lost; the backend says whether the cart became an order. */
    confirmingOrder: {
      tags: ['submitting', 'confirmingOrder'],
      on: orderBeingPlaced,
      invoke: {
        src: 'checkPlacedOrder',
        input: ({ context }) => ({ cartId: requireValue(context.cartId, 'cartId'), isSignedIn: context.isSignedIn }),
        onDone: [
          receiptOfPlacedOrder(),
          // Still an active cart: nothing was ordered, and the attempt's failure stands (the review asks for the cart again).
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
});

/** A failure after which the order may exist is asked about (`confirming`); any other is the order step's error. */
function askWhenOutcomeUnknown(confirming: 'confirmingOrder' | 'confirmingHostedOrder') {
  type Failed = { error: unknown };
  return [
    {
      guard: { type: 'orderOutcomeUnknown' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
      target: confirming,
      actions: { type: 'holdUnconfirmedOrderError' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
    },
    // Refused: the order step's error, and the review (ready) asks for the cart again (ADR 039).
    {
      target: 'ready' as const,
      actions: { type: 'rejectWith' as const, params: ({ event }: { event: Failed }) => ({ field: 'orderError' as const, error: event.error }) },
    },
  ];
}

/** The backend says the order exists: the receipt, as after an answered order (spec §4). */
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
