/**
 * cart — the shopper's calls on a ready cart: adding, updating and removing a line (spec §4), applying
 * and removing a coupon (spec §3 applied_coupons); each answers the cart details or fails into its
 * own error record.
 */
import { addOf, requireCartId, operationAs, updateOperation } from './cart.context';
import { cartSetup } from './cart.setup';
import {
  answerOf,
  checkWhenAnswerLost,
  checkingLostAnswer,
  failedAs,
  failureOf,
  fetchingDetails,
  receiveMutation,
  addItemStates,
  updateItemStates,
} from './cart.transitions';

export const callStates = {
  ready: cartSetup.createStateConfig({
    // ADR 039: at rest with its details (read, or answered by a call): a request answered, the details announced.
    entry: ['answerAtRest', 'announceDetails'],
    always: [
      // Spec §4: after sign-in a guest cart is merged into the customer's cart.
      { guard: 'hasGuestCartToMerge', target: 'merging' },
      // An add that waited for the cart goes ahead now.
      { guard: 'hasQueuedAdd', target: 'addingItem', actions: 'startQueuedAdd' },
    ],
    on: {
      'cart.getDetails': { target: 'loadingDetails', actions: 'takeDetailsRequest' },
      // ADR 039: another tab changed this cart: every page of this one shows it as it is now.
      // (A call under way answers the cart as it is after it; a load under way reads it anyway.)
      'cart.changed.elsewhere': { guard: { type: 'isCurrentCart', params: ({ event }) => ({ cartId: event.cartId }) }, target: 'loadingDetails' },
      'cart.addItem': {
        target: 'addingItem',
        actions: { type: 'startOperation', params: ({ event }) => ({ operation: { kind: 'addItem', ...addOf(event) } }) },
      },
      'cart.updateItem': {
        target: 'updatingItem',
        actions: {
          type: 'startOperation',
          params: ({ context, event }) => ({
            operation: { ...updateOperation(context.details, event.update), ...(event.request ? { request: event.request } : {}) },
          }),
        },
      },
      'cart.removeItem': {
        target: 'removingItem',
        actions: { type: 'startOperation', params: ({ event }) => ({ operation: { kind: 'removeItem', itemUid: event.itemUid } }) },
      },
      'cart.applyCoupon': {
        guard: { type: 'hasCouponCode', params: ({ event }) => ({ code: event.code }) },
        target: 'applyingCoupon',
        actions: { type: 'startApplyingCoupon', params: ({ event }) => ({ code: event.code }) },
      },
      'cart.removeCoupon': { target: 'removingCoupon', actions: { type: 'setErrors', params: { coupon: null } } },
    },
  }),
  // Spec §3 applied_coupons: one request, the answer is the cart details; a refusal is kept for the field.
  applyingCoupon: cartSetup.createStateConfig({
    tags: ['changingCoupon'],
    initial: 'mutating',
    states: {
      mutating: {
        invoke: {
          src: 'applyCoupon',
          input: ({ context }) => ({ cartId: requireCartId(context), code: context.couponCode ?? '' }),
          onDone: [
            { guard: { type: 'answeredWithCart', params: answerOf }, target: '#cart.ready', actions: { type: 'receiveMutationDetails', params: answerOf } },
            { target: '#cart.loadingDetails' },
          ],
          onError: [checkWhenAnswerLost, { target: '#cart.ready', actions: { type: 'setErrors', params: failedAs('coupon') } }],
        },
      },
      checking: checkingLostAnswer('coupon', 'apply', [], []),
    },
  }),
  removingCoupon: cartSetup.createStateConfig({
    tags: ['changingCoupon'],
    initial: 'mutating',
    states: {
      mutating: {
        invoke: {
          src: 'removeCoupon',
          input: ({ context }) => ({ cartId: requireCartId(context) }),
          onDone: [
            { guard: { type: 'answeredWithCart', params: answerOf }, target: '#cart.ready', actions: { type: 'receiveMutationDetails', params: answerOf } },
            { target: '#cart.loadingDetails' },
          ],
          onError: [checkWhenAnswerLost, { target: '#cart.ready', actions: { type: 'setErrors', params: failedAs('coupon') } }],
        },
      },
      checking: checkingLostAnswer('coupon', 'remove', [], []),
    },
  }),
  // Spec §4 "Add item": request, mutation, refresh details, receive.
  addingItem: cartSetup.createStateConfig({
    tags: ['addingItem'],
    initial: 'mutating',
    states: {
      ...addItemStates('first'),
      /** After an invalid-cart recovery, the add once more on the new cart: an invalid cart now is reported. */
      retry: { initial: 'mutating', states: addItemStates('retry') },
    },
  }),
  updatingItem: cartSetup.createStateConfig({
    tags: ['updatingItem'],
    initial: 'choosing',
    states: {
      ...updateItemStates('first'),
      /** After an invalid-cart recovery, the update once more on the new cart: an invalid cart now is reported. */
      retry: { initial: 'choosing', states: updateItemStates('retry') },
    },
  }),
  // Spec §4 "Remove item": mutation, then details refresh.
  removingItem: cartSetup.createStateConfig({
    tags: ['removingItem'],
    initial: 'mutating',
    states: {
      mutating: {
        invoke: {
          src: 'removeCartItem',
          input: ({ context }) => ({ cartId: requireCartId(context), itemUid: operationAs(context, 'removeItem').itemUid }),
          onDone: receiveMutation,
          onError: [
            { guard: { type: 'failedOnInvalidCart', params: failureOf }, target: '#cart.recovering' },
            checkWhenAnswerLost,
            { target: '#cart.ready', actions: { type: 'setErrors', params: failedAs('removeItem') } },
          ],
        },
      },
      checking: checkingLostAnswer('removeItem', null, [], []),
      refreshing: fetchingDetails(),
    },
  }),
};
