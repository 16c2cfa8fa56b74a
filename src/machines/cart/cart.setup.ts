/**
 * cart — every action, guard and actor the cart machine names (XState `setup`), with the answers
 * to other machines' requests (ADR 010 §6). The effects are injected by the services with
 * `.provide()` (see the list in `cart.machine.ts`); the regions are built on this setup with
 * `createStateConfig` (`cart.getting-cart.ts`, `cart.calls.ts`, `cart.recovery.ts`), so a name used
 * there is checked against these (ADR 032).
 */
import { assign, emit, sendTo, setup } from 'xstate';
import { isAnswerLost, notProvidedActor } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import { shopFailureMessage } from '../shared/shop-failure';
import type { CartDetails, CartError, CartItem, CartItemToAdd, CartRequest, RestoredPaymentCart } from './cart.types';
import {
  CALL_ERRORS_CLEARED,
  CART_NOT_ACTIVE,
  CART_NOT_READY_ERROR,
  CART_STOPPED_ERROR,
  ITEM_ADDED_TOAST,
  UNABLE_TO_ADD_ITEM,
  addOf,
  answerTo,
  errorsWith,
  initialContext,
  isCartDetails,
  isConfirmedByPage,
  isInvalidCartError,
  itemFailedToast,
  operationAs,
  paymentLeftToast,
  requestOf,
  requireMergeDestination,
  toCartError,
  tookEffect,
  withoutRequest,
  type CartContext,
  type CartDetailsInput,
  type CartEmitted,
  type CartErrorChanges,
  type CartEvent,
  type CartInput,
  type CartOperation,
  type CartTag,
  type FailingCall,
  type QueuedAdd,
  type ReplaceCartItemInput,
} from './cart.context';

const baseSetup = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
    tags: {} as CartTag,
    emitted: {} as CartEmitted,
  },
  actors: {
    createCart: notProvidedActor<string>('createCart'),
    fetchCustomerCartId: notProvidedActor<string>('fetchCustomerCartId'),
    restorePendingPayment: notProvidedActor<RestoredPaymentCart | null, { cartId: string; cameBack: boolean }>('restorePendingPayment'),
    fetchCartDetails: notProvidedActor<CartDetails, CartDetailsInput>('fetchCartDetails'),
    // The mutations answer the cart details (or, should an implementation not, anything else: then the details are read).
    addCartItem: notProvidedActor<unknown, { cartId: string; item: CartItemToAdd }>('addCartItem'),
    updateCartItem: notProvidedActor<unknown, { cartId: string; itemUid: string; quantity: number }>('updateCartItem'),
    removeCartItem: notProvidedActor<unknown, { cartId: string; itemUid: string }>('removeCartItem'),
    replaceCartItem: notProvidedActor<unknown, ReplaceCartItemInput>('replaceCartItem'),
    applyCoupon: notProvidedActor<unknown, { cartId: string; code: string }>('applyCoupon'),
    removeCoupon: notProvidedActor<unknown, { cartId: string }>('removeCoupon'),
    mergeCarts: notProvidedActor<{ cartId: string }, { sourceCartId: string; destinationCartId: string }>('mergeCarts'),
  },
  actions: {
    saveCartId: (_, _params: { cartId: string }) => {},
    clearCartId: () => {},
    reloadPage: () => {},
    notifyMergeFailed: (_, _params: { message: string }) => {},
    requestSignOut: sendTo(({ system }) => systemActor(system, 'session'), { type: 'session.signOut' }),
    /** The added item is in the cart: kept for views, emitted, and told in a toast. */
    recordItemAdded: assign(({ context }) => ({ lastAddition: { item: operationAs(context, 'addItem').item, outcome: 'added' as const, error: null } })),
    emitItemAdded: emit(({ context }) => ({ type: 'cart.item.added' as const, item: operationAs(context, 'addItem').item })),
    toastItemAdded: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      () => ({ type: 'toast.add', toast: { ...ITEM_ADDED_TOAST } }),
    ),
    /** The backend refused the item: kept for views (with the reason), emitted, and told in a toast. */
    recordItemFailed: assign(({ context }) => ({
      lastAddition: { item: operationAs(context, 'addItem').item, outcome: 'failed' as const, error: context.errors.addItem ?? null },
    })),
    emitItemFailed: emit(({ context }) => ({
      type: 'cart.item.failed' as const,
      item: operationAs(context, 'addItem').item,
      error: context.errors.addItem ?? { message: UNABLE_TO_ADD_ITEM },
    })),
    toastItemFailed: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      ({ context }) => ({
        type: 'toast.add',
        toast: itemFailedToast(context.errors.addItem?.message ?? UNABLE_TO_ADD_ITEM),
      }),
    ),
    storeCartId: assign(({ context }, params: { cartId: string }) => ({ cartId: params.cartId, errors: errorsWith(context.errors, { getCart: null }) })),
    /** ADR 042: kept in the browser by the services (this tab marked as the one that went to pay). */
    savePendingPayment: (_, _params: { cartId: string | null; orderNumber: string }) => {},
    /** ADR 042: the services forget the pending payment (given back, or nothing waits any more). */
    clearPendingPayment: () => {},
    dropPendingPayment: assign({ pendingPayment: null }),
    toastPaymentLeft: sendTo(
      ({ system }) => systemActor(system, 'toast'),
      (_, params: { orderNumber: string }) => ({ type: 'toast.add', toast: paymentLeftToast(params.orderNumber) }),
    ),
    /** The mutation answered the cart details (`answeredWithCart`): they are the cart's now. */
    receiveMutationDetails: assign(({ context }, params: { answer: unknown }) => ({
      details: isCartDetails(params.answer) ? params.answer : context.details,
      errors: errorsWith(context.errors, { getDetails: null }),
    })),
    receiveFetchedDetails: assign(({ context }, params: { details: CartDetails }) => ({
      details: params.details,
      errors: errorsWith(context.errors, { getDetails: null }),
    })),
    /**
     * Spec §4: a fetch error clears the cart data to its initial state; the id is kept so a retry can
     * refetch, and the running call, so that its request is answered (ADR 010 §6).
     */
    failFetchedDetails: assign(({ context }, params: { error: unknown }) => ({
      ...initialContext(context.cartId, context.isSignedIn),
      operation: context.operation,
      queuedAdd: context.queuedAdd,
      errors: { getDetails: toCartError(params.error) },
    })),
    /** An invalid cart met while reading: the recovery reads the new cart's details (a details request rides along, answered with them). */
    markDetailsOperation: assign(({ context }) => ({
      operation: context.operation?.kind === 'getDetails' ? context.operation : { kind: 'getDetails' as const },
    })),
    /** Another machine asks for the details (ADR 039): the read about to run answers it. */
    takeDetailsRequest: assign(({ event }) =>
      event.type === 'cart.getDetails' && event.request ? { operation: { kind: 'getDetails' as const, request: event.request } } : {},
    ),
    /** A guest's new cart lacks the line being updated: the update is retried as an add of the item. */
    retryUpdateAsAdd: assign(({ context }) => ({
      operation:
        context.operation?.kind === 'updateItem'
          ? {
              kind: 'addItem' as const,
              ...addOf({ item: context.operation.update.item, ...(context.operation.request ? { request: context.operation.request } : {}) }),
            }
          : context.operation,
    })),
    /** Spec §8: creating a cart failed; everything is back to the initial state (the running call kept, to be answered). */
    failCreateCart: assign(({ context }) => ({
      ...initialContext(null, context.isSignedIn),
      operation: context.operation,
      queuedAdd: context.queuedAdd,
      errors: { getCart: { message: shopFailureMessage('cartNotCreated') } },
    })),
    /** A queued add survives (a new cart after sign-out or an order takes it; `noCart` reports it failed). */
    resetCart: assign(({ context }) => ({ ...initialContext(null, context.isSignedIn), queuedAdd: context.queuedAdd })),
    /** Another cart becomes the current one: nothing of the old cart (lines, errors, merge, edit) is kept. */
    adoptCart: assign(({ context }, params: { cartId: string }) => ({ ...initialContext(params.cartId, context.isSignedIn), queuedAdd: context.queuedAdd })),
    /** Recovery keeps what it must retry. */
    forgetInvalidCart: assign(({ context }) => ({ ...initialContext(null, context.isSignedIn), operation: context.operation, queuedAdd: context.queuedAdd })),
    /** The add waits for the cart (the first one: the button is busy meanwhile). */
    queueAdd: assign(({ context }, params: QueuedAdd) => ({
      queuedAdd: context.queuedAdd ?? params,
      lastAddition: context.queuedAdd ? context.lastAddition : null,
      errors: errorsWith(context.errors, { addItem: null }),
    })),
    /** The cart is ready: the queued add becomes the running one. */
    startQueuedAdd: assign(({ context }) => {
      const queued = context.queuedAdd;
      if (!queued) return {};
      const operation: CartOperation = { kind: 'addItem', ...queued };
      return { operation, queuedAdd: null, lastAddition: null, errors: errorsWith(context.errors, CALL_ERRORS_CLEARED) };
    }),
    /** No cart to add to (creation or reading failed, or the cart was reset): the queued add fails, with the reason. */
    failQueuedAdd: assign(({ context }) => {
      const queued = context.queuedAdd;
      if (!queued) return {};
      const operation: CartOperation = { kind: 'addItem', ...queued };
      const error = context.errors.getCart ?? context.errors.getDetails ?? { message: UNABLE_TO_ADD_ITEM };
      return { operation, queuedAdd: null, errors: errorsWith(context.errors, { addItem: error }) };
    }),
    startOperation: assign(({ context }, params: { operation: CartOperation }) => ({
      operation: params.operation,
      lastAddition: params.operation.kind === 'addItem' ? null : context.lastAddition,
      errors: errorsWith(context.errors, CALL_ERRORS_CLEARED),
    })),
    holdError: assign((_, params: { error: unknown }) => ({ heldError: toCartError(params.error) })),
    dropHeldError: assign({ heldError: null }),
    failWithHeldError: assign(({ context }, params: { call: FailingCall }) => ({
      errors: errorsWith(context.errors, { [params.call]: context.heldError ?? { message: UNABLE_TO_ADD_ITEM } }),
      heldError: null,
    })),
    /** Each named operation's failure kept for views, or (null) cleared: the error record's setter in the chart. */
    setErrors: assign(({ context }, params: CartErrorChanges) => ({ errors: errorsWith(context.errors, params) })),
    startApplyingCoupon: assign(({ context }, params: { code: string }) => ({
      errors: errorsWith(context.errors, { coupon: null }),
      couponCode: params.code.trim(),
    })),
    rememberEditingItem: assign((_, params: { item: CartItem }) => ({ editingItem: params.item })),
    forgetEditingItem: assign({ editingItem: null }),
    /** Only a cart created as a guest needs merging into the customer's cart. */
    markSignedIn: assign(({ context }) => ({ isSignedIn: true, mergeSourceCartId: context.isSignedIn ? null : context.cartId })),
    markSignedOut: assign({ isSignedIn: false, mergeSourceCartId: null }),
    /** The customer's cart is the guest cart: nothing to merge. */
    forgetMergeSource: assign({ mergeSourceCartId: null }),
    rememberMergeDestination: assign(({ context }, params: { cartId: string }) => ({
      mergeDestinationCartId: params.cartId,
      errors: errorsWith(context.errors, { mergeCarts: null }),
    })),
    /** No customer cart to merge into: the guest cart stays in use, the failure is kept. */
    keepGuestCart: assign(({ context }, params: { error: unknown }) => ({
      mergeSourceCartId: null,
      errors: errorsWith(context.errors, { mergeCarts: toCartError(params.error) }),
    })),
    useMergedCart: assign((_, params: { cartId: string }) => ({ cartId: params.cartId, mergeSourceCartId: null, mergeDestinationCartId: null })),
    /** The merge was lost and not made: the customer's cart is kept, with the held failure. */
    keepHeldMergeFailure: assign(({ context }) => ({
      cartId: requireMergeDestination(context),
      mergeSourceCartId: null,
      mergeDestinationCartId: null,
      errors: errorsWith(context.errors, { mergeCarts: context.heldError }),
      heldError: null,
    })),
    /** A failed merge keeps the customer's cart, and the failure. */
    keepCustomerCart: assign(({ context }, params: { error: unknown }) => ({
      cartId: requireMergeDestination(context),
      mergeSourceCartId: null,
      mergeDestinationCartId: null,
      errors: errorsWith(context.errors, { mergeCarts: toCartError(params.error) }),
    })),
  },
  guards: {
    hasCartId: ({ context }) => context.cartId !== null,
    hasQueuedAdd: ({ context }) => context.queuedAdd !== null,
    isOnServer: ({ context }) => context.onServer,
    createsOnStart: ({ context }) => context.createOnStart,
    hasCouponCode: (_, params: { code: unknown }) => typeof params.code === 'string' && params.code.trim() !== '',
    confirmedByPage: ({ context }) => isConfirmedByPage(context),
    /** The mutation answered the cart details. */
    answeredWithCart: (_, params: { answer: unknown }) => isCartDetails(params.answer),
    /** The add answered the cart details, and the page that asked confirms the addition itself. */
    answeredWithCartToConfirmingPage: ({ context }, params: { answer: unknown }) => isCartDetails(params.answer) && isConfirmedByPage(context),
    /** Spec §5: the cart can no longer be used (a network error says nothing about it). */
    failedOnInvalidCart: (_, params: { error: unknown }) => isInvalidCartError(params.error),
    /** The guest cart of a merge is no longer active, or no longer there: it was merged. */
    sourceCartGone: (_, params: { error: unknown }) =>
      isInvalidCartError(params.error) &&
      (toCartError(params.error).graphQLErrors ?? []).some((e) => e.message.includes(CART_NOT_ACTIVE) || e.message.includes('Could not find a cart')),
    /** No answer came (or the server failed): the call may have taken effect. */
    answerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    /** The cart as read now shows the lost call took effect. */
    lostCallTookEffect: ({ context }, params: { coupon: 'apply' | 'remove' | null; after: CartDetails }) =>
      tookEffect(
        params.coupon === 'apply'
          ? { kind: 'applyCoupon', code: context.couponCode ?? '' }
          : params.coupon === 'remove'
            ? { kind: 'removeCoupon' }
            : context.operation,
        context.details,
        params.after,
      ),
    isConfigurableUpdate: ({ context }) => operationAs(context, 'updateItem').update.isConfigurable,
    isSignedIn: ({ context }) => context.isSignedIn,
    retriesAdd: ({ context }) => context.operation?.kind === 'addItem',
    retriesUpdate: ({ context }) => context.operation?.kind === 'updateItem',
    hasGuestCartToMerge: ({ context }) => context.mergeSourceCartId !== null,
    isMergeSource: ({ context }, params: { cartId: string }) => params.cartId === context.mergeSourceCartId,
    storedIdDiffers: ({ context }, params: { cartId: string | null }) => params.cartId !== context.cartId,
    isCurrentCart: ({ context }, params: { cartId: string }) => params.cartId === context.cartId,
    hasPendingPayment: ({ context }) => context.pendingPayment !== null,
    cartGivenBack: (_, params: { answer: RestoredPaymentCart | null }) => typeof params.answer?.cartId === 'string' && params.answer.cartId !== '',
    paymentStillWaits: (_, params: { answer: RestoredPaymentCart | null }) => params.answer !== null && params.answer.cartId === null,
    /** An adopted cart id must be a non-empty string; anything else is ignored (the sender validates first). */
    isCartId: (_, params: { cartId: unknown }) => typeof params.cartId === 'string' && params.cartId.trim() !== '',
  },
});

/** Answers the running call's request, once (then forgets it), with the error `errorOf` gives (none: done). */
const answerRunning = (errorOf: (context: CartContext) => CartError | null) =>
  baseSetup.enqueueActions(({ context, enqueue }) => {
    const request = requestOf(context.operation);
    if (!request) return;
    enqueue.sendTo(request.replyTo, answerTo(request, errorOf(context), context.operation?.kind === 'getDetails' ? context.details : null));
    enqueue.assign({ operation: withoutRequest(context.operation) });
  });

/** Answers to other machines' requests (ADR 010 §6): each request is answered once, whatever becomes of it. */
export const cartSetup = baseSetup.extend({
  actions: {
    /**
     * ADR 039: the details just received (read, or answered by a mutation) announced, for the machines
     * that show them (the review); a cart at rest with none (a lost call's check that failed) announces nothing.
     */
    announceDetails: baseSetup.enqueueActions(({ context, enqueue }) => {
      if (context.details) enqueue.emit({ type: 'cart.details.read', details: context.details });
    }),
    /** The running add ended with the item in the cart. */
    answerAdded: answerRunning(() => null),
    /** The running add ended refused (its reason in the `addItem` error record). */
    answerAddFailed: answerRunning((context) => context.errors.addItem ?? { message: UNABLE_TO_ADD_ITEM }),
    /**
     * The cart came to rest with a request unanswered: an update ended (refused when it kept an error,
     * or when the cart could not be read after it), an add ended without its outcome (no cart came), a
     * details request's read ended (answered with the details, or with why there are none: ADR 039).
     */
    answerAtRest: answerRunning(({ operation, errors, details }) =>
      operation?.kind === 'updateItem'
        ? (errors.updateItem ?? errors.getCart ?? errors.getDetails ?? null)
        : // A details request is answered with the details read, or why there are none (refused, lost, no cart).
          (errors.getCart ?? errors.getDetails ?? (operation?.kind === 'getDetails' && details ? null : CART_STOPPED_ERROR)),
    ),
    /** The cart is replaced while a request's call runs: the call is dropped, and said so. */
    answerDropped: answerRunning(() => CART_STOPPED_ERROR),
    /** A request the cart cannot take now (busy with another call, replacing its cart; a details request: without a cart too). */
    answerNotTaken: sendTo(
      (_, params: { request: CartRequest }) => params.request.replyTo,
      (_, params: { request: CartRequest }) => answerTo(params.request, CART_NOT_READY_ERROR),
    ),
  },
  guards: {
    /** Another machine's request, which the cart answers even when it cannot take it. */
    carriesRequest: (_, params: { request: CartRequest | undefined }) => params.request !== undefined,
  },
});
