/**
 * checkout — every action, guard and actor the checkout machine names (XState `setup`). The
 * effects are injected by the services with `.provide()` (see the list in `checkout.machine.ts`);
 * the state regions are built on this setup with `createStateConfig` (`checkout.*-steps.ts`,
 * `checkout.after-order.ts`), so a name used there is checked against these.
 */
import { assign, fromCallback, raise, sendTo, setup, type ActorRef, type AnyActorRef, type EventObject, type Snapshot } from 'xstate';
import { isAnswerLost, notProvidedActor, toError } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import { followedStepHistory, putBackStepHistory, stepEntryOf, type StepMove } from '../shared/step-history';
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
  type HostedOrderInput,
  type HostedPaymentPage,
  type OrderLookupInput,
  type PlacedOrderCheck,
  type PaymentMethodSelection,
  type PaymentReturnInput,
  type SavedCheckoutData,
  type VerifiedPayment,
  type ReceiptAddress,
  type ReceiptAddressInput,
} from './checkout.types';
import {
  CART_ANSWER_PATIENCE_MS,
  CART_BUSY_RETRY_MS,
  CART_READ_ATTEMPTS,
  EMAIL_HAS_ACCOUNT_TOAST,
  RECEIPT_ADDRESS_ATTEMPTS,
  RECEIPT_ADDRESS_PATIENCE_MS,
  ORDER_LOOKUP_PATIENCE_MS,
  initialContext,
  missingForShippingAddress,
  normalizeAddress,
  billingAndPaymentDone,
  checkoutStepOpens,
  openIsComplete,
  paymentCheckFailureOf,
  requireValue,
  resolveBillingAddress,
  sameReturn,
  type CheckoutContext,
  type CheckoutEvent,
  type CheckoutStep,
  type CheckoutTag,
  type ErrorField,
  type OpenEvent,
  type PaymentInformationInput,
  type ShippingInformationInput,
} from './checkout.context';
import type { CartDetails, CartDetailsAnswer } from '../cart/cart.types';
import { CART_NOT_READY_ERROR, CART_STOPPED_ERROR, type CartEmitted, type CartEvent } from '../cart/cart.context';
import { shopFailureMessage } from '../shared/shop-failure';
import { cartChangesOf, reviewedCartOf } from './cart-changes';

/** The cart as the checkout reaches it in its system: its requests and what it announces (ADR 010 §6, ADR 039). */
type CartInSystem = ActorRef<Snapshot<unknown>, CartEvent, CartEmitted>;
const cartIn = (system: { get(systemId: string): AnyActorRef | undefined }): CartInSystem | undefined => system.get('cart');

/**
 * ADR 039, ADR 010 §6: the review asks the system's 'cart' for its details, as a request whose id is
 * this actor's own, and hands the checkout the cart's answer (`cart.answer`): the details it
 * read, or why it has none. The state that invokes it bounds the wait (`after`); leaving that state
 * stops this actor, so a late answer reaches nobody. A shop with no cart is answered at once (failed).
 */
const askCart = fromCallback<CartDetailsAnswer>(({ system, self, sendBack, receive }) => {
  const cart = cartIn(system);
  // Nothing would answer: an order held for the answer goes now.
  if (!cart) return sendBack({ type: 'cart.answer', requestId: self.sessionId, outcome: 'failed', error: CART_STOPPED_ERROR });
  receive((answer) => {
    if (answer.type === 'cart.answer' && answer.requestId === self.sessionId) sendBack(answer);
  });
  cart.send({ type: 'cart.getDetails', request: { id: self.sessionId, replyTo: self } });
});

/**
 * ADR 039: while the review is open, the details the system's 'cart' announces it read
 * (`cart.details.read`, emitted, heard with `actor.on`) reach the checkout: a frame another tab added
 * shows in the review. Nothing else of the cart is watched. A shop with no cart tells nothing.
 */
const followCart = fromCallback<EventObject>(({ system, sendBack }) => {
  const heard = cartIn(system)?.on('cart.details.read', (read) => sendBack(read));
  return () => heard?.unsubscribe();
});

/** The backend refused the order because the cart changed since the review (ADR 039). */
const CART_CHANGED_REFUSAL = shopFailureMessage('cartChangedSinceReview');

export const checkoutSetup = setup({
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
    placeHostedOrder: notProvidedActor<HostedPaymentPage, HostedOrderInput>('placeHostedOrder'),
    verifyPaymentReturn: notProvidedActor<VerifiedPayment, PaymentReturnInput>('verifyPaymentReturn'),
    lookUpOrder: notProvidedActor<ConfirmedOrder | null, OrderLookupInput>('lookUpOrder'),
    checkEmailAvailability: notProvidedActor<EmailAvailability, { email: string }>('checkEmailAvailability'),
    checkPlacedOrder: notProvidedActor<PlacedOrderCheck, { cartId: string; isSignedIn: boolean }>('checkPlacedOrder'),
    checkPlacedHostedOrder: notProvidedActor<HostedOrderCheck, { cartId: string; isSignedIn: boolean }>('checkPlacedHostedOrder'),
    confirmPaymentReturn: notProvidedActor<VerifiedPayment, { input: PaymentReturnInput; orderNumber: string | null }>('confirmPaymentReturn'),
    readReceiptAddress: notProvidedActor<ReceiptAddress, ReceiptAddressInput>('readReceiptAddress'),
    askCart,
    followCart,
  },
  actions: {
    saveCheckoutValue: (_, _write: CheckoutStorageWrite) => {},
    clearSavedCheckout: () => {},
    redirectToProvider: (_, _params: { url: string }) => {},
    removeCart: sendTo(({ system }) => systemActor(system, 'cart'), { type: 'cart.remove' }),
    /**
     * ADR 042: the shopper leaves to pay this cart's order on the provider's page: the cart machine
     * begins a new cart and remembers this one with the order, to give it back if they return unpaid.
     */
    handCartToPayment: sendTo(
      ({ system }) => systemActor(system, 'cart'),
      (_, params: { orderNumber: string }) => ({ type: 'cart.paymentPending' as const, orderNumber: params.orderNumber }),
    ),
    /**
     * Prices and payment methods change with the shipping method: the cart's details are read again,
     * for the pages that show them (a command: nothing here waits for the outcome; the review asks, `askCart`).
     */
    refreshCart: sendTo(({ system }) => systemActor(system, 'cart'), { type: 'cart.getDetails' }),
    /**
     * ADR 039: the order submitted is the cart the review shows: the details the cart answered or
     * announced last (`cartDetails`) name its digest, which travels with the order for the backend to check.
     */
    rememberReviewedCart: assign(({ context }) => ({
      reviewDigest: context.cartDetails?.lunette_review_digest ?? null,
      reviewedCart: reviewedCartOf(context.cartDetails),
      cartChanges: null,
    })),
    /** ADR 039: the cart's details as the cart answered or announced them: what the review shows now. */
    holdCartDetails: assign((_, params: { details: CartDetails }) => ({ cartDetails: params.details })),
    /** ADR 039: the review (re)opened: its requests for the cart's details are counted from none. */
    restartCartReads: assign({ cartReadAttempts: 0, orderAwaitsCart: false }),
    /** ADR 039: the order asked for before the cart answered waits for the answer, so that it carries the digest of the cart shown. */
    holdOrderForCart: assign({ orderAwaitsCart: true }),
    /** ADR 039: the cart answered (or the wait ended): the order asked for meanwhile is placed now. */
    releaseOrderHeldForCart: assign({ orderAwaitsCart: false }),
    submitOrder: raise({ type: 'checkout.order.submit' as const }),
    countCartRead: assign(({ context }) => ({ cartReadAttempts: context.cartReadAttempts + 1 })),
    /** The order was refused as changed and the review now shows another cart: what changed since the shopper reviewed it. */
    noteCartChanges: assign(({ context }, params: { details: CartDetails }) => {
      const now = reviewedCartOf(params.details);
      return { cartChanges: context.reviewedCart && now ? cartChangesOf(context.reviewedCart, now) : null };
    }),
    /** A failed payment gave its cart back: it becomes the current cart. */
    adoptCart: sendTo(
      ({ system }) => systemActor(system, 'cart'),
      (_, params: { cartId: string }) => ({ type: 'cart.adopt' as const, cartId: params.cartId }),
    ),
    toastEmailHasAccount: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (_, params: { timestamp: number }) => ({ type: 'toast.add' as const, toast: { ...EMAIL_HAS_ACCOUNT_TOAST }, timestamp: params.timestamp }),
    ),
    begin: assign((_, params: { cartId: string | null; isSignedIn: boolean; countries: Country[]; step: CheckoutStep | null }) =>
      initialContext(params.cartId, params.isSignedIn, params.countries, params.step),
    ),
    // --- history (ADR 008) ---
    /** Injected by the services: the URL shows the step, in a new history entry or in place of the current one. */
    showStep: (_, _move: StepMove<CheckoutStep> | null) => {},
    /** A step entered: the URL now shows it (the move `showStep` was given). */
    noteStepShown: assign(({ context }, params: { step: CheckoutStep }) => ({ history: stepEntryOf(context.history, params.step).history })),
    /** Back or Forward moved the URL to the step the checkout opens: it adds no entry. */
    followHistory: assign((_, params: { step: CheckoutStep }) => ({ history: followedStepHistory(params.step) })),
    /** A step that cannot open (yet, or while the order is placed): the URL shows the checkout's step again, in place (after `showStep`). */
    notePutBack: assign(({ context }) => ({ history: putBackStepHistory(context.history) })),
    /** The reload's request is answered: a later Back is the shopper's own. */
    forgetRequestedStep: assign({ requestedStep: null }),
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
    /** The failure stands only if the backend says no order was placed. */
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
    countReceiptAddressAttempt: assign(({ context }) => ({ receiptAddressAttempts: context.receiptAddressAttempts + 1 })),
    rememberOrderLookupError: assign((_, params: { error: unknown }) => ({ orderLookupError: toError(params.error) })),
    /** No answer within the patience: a timeout, which the page words as "the shop could not be reached". */
    rememberOrderLookupTimeout: assign(() => ({
      orderLookupError: Object.assign(new Error(`The order lookup got no answer within ${ORDER_LOOKUP_PATIENCE_MS / 1000} s.`), { name: 'TimeoutError' }),
    })),
  },
  delays: {
    receiptAddressPatience: RECEIPT_ADDRESS_PATIENCE_MS,
    orderLookupPatience: ORDER_LOOKUP_PATIENCE_MS,
    cartAnswerPatience: CART_ANSWER_PATIENCE_MS,
    cartBusyRetry: CART_BUSY_RETRY_MS,
  },
  guards: {
    shippingAddressIncomplete: ({ context }, params: { address: Address }) => missingForShippingAddress(context, params.address) !== null,
    cartIdMissing: ({ context }) => !context.cartId,
    billingAndPaymentDone: ({ context }) => billingAndPaymentDone(context),
    lacksShippingMethod: ({ context }) => context.selectedShippingMethod === null,
    lacksShippingMethods: ({ context }) => context.availableShippingMethods.length === 0 && context.cartId !== null,
    editsTo: ({ event }, params: { step: CheckoutStep }) => event.type === 'checkout.edit' && event.step === params.step,
    /** Back or Forward asks for this step, and what it needs is accepted (ADR 008). */
    historyOpens: ({ context, event }, params: { step: CheckoutStep }) =>
      event.type === 'checkout.history.step' && event.step === params.step && checkoutStepOpens(context, params.step),
    /** The URL shows the step the checkout is on already (its own entry). */
    historyShowsCurrent: ({ context, event }) => event.type === 'checkout.history.step' && event.step === context.history.shown,
    /** A reload's URL named this step, and it can open (else the checkout resumes at the furthest step open). */
    resumesAt: ({ context }, params: { step: CheckoutStep }) => context.requestedStep === params.step && checkoutStepOpens(context, params.step),
    lacksShippingAddress: ({ context }) => context.shippingAddress === null,
    /** Spec §6: only a guest gives an email; a check needs something that looks like one. */
    emailCheckable: ({ context }, params: { email: string }) => !context.isSignedIn && /^[^\s@]+@[^\s@]+$/.test(params.email.trim()),
    emailHasAccount: (_, params: { answer: EmailAvailability }) => !params.answer.available,
    hostedPayment: ({ context }) => isHostedPayment(context.paymentCode),
    /** The order may exist although its answer did not say so. */
    orderOutcomeUnknown: (_, params: { error: unknown }) => isOrderOutcomeUnknown(params.error),
    /** A step's answer was lost: it may have taken effect. */
    answerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    /** The cart holds the shipping address that was sent (the same street). */
    holdsPendingAddress: ({ context }, params: { shipping: CartShippingState }) =>
      params.shipping.street !== null && params.shipping.street.join('\n') === (context.pendingShippingAddress?.street ?? []).join('\n'),
    /** The cart holds the shipping method that was sent. */
    holdsPendingMethod: ({ context }, params: { shipping: CartShippingState }) =>
      params.shipping.selectedMethod !== null &&
      params.shipping.selectedMethod.carrier_code === context.pendingShippingMethod?.carrier_code &&
      params.shipping.selectedMethod.method_code === context.pendingShippingMethod?.method_code,
    /** The order was refused as changed, and the cart read is not the one reviewed (ADR 039). */
    showsChangedCart: ({ context }, params: { details: CartDetails | null }) =>
      params.details !== null &&
      context.reviewedCart !== null &&
      context.orderError?.message === CART_CHANGED_REFUSAL &&
      (params.details.lunette_review_digest ?? null) !== context.reviewedCart.digest,
    /** ADR 039: the cart answered with its details. */
    answeredDetails: (_, params: { details: CartDetails | null }) => params.details !== null,
    /** ADR 039: "Place order" was pressed while the review waited for the cart's answer. */
    orderAwaitsCart: ({ context }) => context.orderAwaitsCart,
    /** ADR 039: the cart was busy with a call (or had no cart yet), and may be asked again. */
    cartBusy: ({ context }, params: { answer: CartDetailsAnswer }) =>
      params.answer.outcome === 'failed' && params.answer.error.message === CART_NOT_READY_ERROR.message && context.cartReadAttempts < CART_READ_ATTEMPTS,
    orderPlaced: (_, params: { check: PlacedOrderCheck | HostedOrderCheck }) => params.check.placed,
    /** The hosted order exists and the backend named the provider's page it waits to be paid on. */
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
    /** The receipt's address may be asked for again: its answer was lost, and asks are left (RECEIPT_ADDRESS_ATTEMPTS). */
    receiptAddressAskable: ({ context }) => context.receiptAddressAttempts < RECEIPT_ADDRESS_ATTEMPTS,
    /** The receipt's address was not answered (the answer lost on the way) and may be asked for again. */
    receiptAddressLost: ({ context }, params: { error: unknown }) => isAnswerLost(params.error) && context.receiptAddressAttempts < RECEIPT_ADDRESS_ATTEMPTS,
    isTheOrder: ({ context }, params: { order: ConfirmedOrder | null }) => params.order !== null && params.order.number === context.orderLookup?.orderNumber,
  },
});
