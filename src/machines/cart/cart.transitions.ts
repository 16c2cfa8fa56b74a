/**
 * cart — the transitions the cart's regions share, as configs that name the actions, guards and
 * actors of `cart.setup.ts`: reading the details, a mutation's answer, a lost answer checked, an
 * add that waits for the cart, and the add and update flows of spec §4 (run once, and once more
 * after an invalid-cart recovery).
 */
import type { CartDetails } from './cart.types';
import {
  requireCartId,
  operationAs,
  addOf,
  toCartError,
  type CartContext,
  type CartDetailsInput,
  type CartErrorChanges,
  type CartEvent,
  type CartOperationName,
  type FailingCall,
  type QueuedAdd,
} from './cart.context';

/*
 * What an invoked actor's done or error event carries, as the params of the named guards and actions
 * that read it: the event is typed where the transition is (`onDone`, `onError`), so nothing is cast.
 */

/** The failure an actor rejected with. */
export const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
/** The failure an actor rejected with, kept as `operation`'s error (`setErrors`). */
export const failedAs =
  (operation: CartOperationName) =>
  ({ event }: { event: { error: unknown } }): CartErrorChanges => ({ [operation]: toCartError(event.error) });
/** The cart details a read answered. */
export const detailsOf = ({ event }: { event: { output: CartDetails } }) => ({ details: event.output });
/** A mutation's answer: the cart details, or (should an implementation not answer them) anything else. */
export const answerOf = ({ event }: { event: { output: unknown } }) => ({ answer: event.output });

/**
 * Spec §5 recovers from an invalid cart once per shopper request: the request's first attempt
 * recovers (`#cart.recovering`), its retry on the new cart reports the failure like any other.
 */
export type Attempt = 'first' | 'retry';
export const recoverInvalidCart = (attempt: Attempt) =>
  attempt === 'first' ? [{ guard: { type: 'failedOnInvalidCart' as const, params: failureOf }, target: '#cart.recovering' }] : [];

/**
 * The cart's details (network only), which are also the spec §6 check that the shopper may use the
 * cart. After a mutation (`refreshing`) the mutation's tag stays on until they are received.
 */
export function fetchingDetails(attempt: Attempt = 'first', { afterSignIn = false } = {}) {
  return {
    invoke: {
      src: 'fetchCartDetails' as const,
      input: ({ context }: { context: CartContext }): CartDetailsInput => ({ cartId: requireCartId(context), ...(afterSignIn ? { afterSignIn } : {}) }),
      onDone: { target: '#cart.ready', actions: { type: 'receiveFetchedDetails' as const, params: detailsOf } },
      onError: [
        // An invalid cart is replaced and its details read; nothing is retried (after a mutation, it went through).
        ...(attempt === 'first'
          ? [{ guard: { type: 'failedOnInvalidCart' as const, params: failureOf }, target: '#cart.recovering', actions: 'markDetailsOperation' as const }]
          : []),
        { target: '#cart.detailsFailed', actions: { type: 'failFetchedDetails' as const, params: failureOf } },
      ],
    },
  };
}

/**
 * A cart mutation is done: its answer carries the cart details (one round trip); only an answer
 * without a cart falls back to reading them.
 */
export const receiveMutation = [
  {
    guard: { type: 'answeredWithCart' as const, params: answerOf },
    target: '#cart.ready',
    actions: { type: 'receiveMutationDetails' as const, params: answerOf },
  },
  { target: 'refreshing' },
];

/** Spec §4 add item: the outcome is the machine's (kept, emitted, toasted), not a view effect's. */
export const itemAdded = ['recordItemAdded', 'emitItemAdded', 'toastItemAdded', 'answerAdded'] as const;
/** The page that added the item confirms it itself; a toast would cover its "Go to the cart". */
export const itemAddedConfirmedByPage = ['recordItemAdded', 'emitItemAdded', 'answerAdded'] as const;
export const itemFailed = ['recordItemFailed', 'emitItemFailed', 'toastItemFailed', 'answerAddFailed'] as const;

/** A lost answer is first checked (`checking`), its failure held meanwhile. */
export const checkWhenAnswerLost = {
  guard: { type: 'answerLost' as const, params: failureOf },
  target: 'checking',
  actions: { type: 'holdError' as const, params: failureOf },
};

/**
 * The call's answer was lost (`isAnswerLost`), so it may have taken effect. Nothing is sent
 * again: the cart is read, and tells (`tookEffect`). It did → the cart as read, and the call's success;
 * it did not, or the cart could not be read → the call's failure as it came.
 */
export function checkingLostAnswer(
  call: FailingCall,
  coupon: 'apply' | 'remove' | null,
  onEffect: readonly CheckedAction[],
  onNoEffect: readonly CheckedAction[],
) {
  const fail = [{ type: 'failWithHeldError' as const, params: { call } }, ...onNoEffect];
  return {
    invoke: {
      src: 'fetchCartDetails' as const,
      input: ({ context }: { context: CartContext }): CartDetailsInput => ({ cartId: requireCartId(context) }),
      onDone: [
        {
          guard: { type: 'lostCallTookEffect' as const, params: ({ event }: { event: { output: CartDetails } }) => ({ coupon, after: event.output }) },
          target: '#cart.ready',
          actions: [{ type: 'receiveFetchedDetails' as const, params: detailsOf }, 'dropHeldError' as const, ...onEffect],
        },
        { target: '#cart.ready', actions: [{ type: 'receiveFetchedDetails' as const, params: detailsOf }, ...fail] },
      ],
      onError: { target: '#cart.ready', actions: fail },
    },
  };
}
export type CheckedAction = (typeof itemAdded)[number] | (typeof itemFailed)[number];

/** `cart.addItem` before the cart is ready is kept (`queueAdd`) and run once it is. */
export const queueAddOf = {
  type: 'queueAdd' as const,
  params: ({ event }: { event: Extract<CartEvent, { type: 'cart.addItem' }> }): QueuedAdd => addOf(event),
};
/** No cart came (`noCart`, `detailsFailed`): an add that waited for it fails, told as any refused add. */
export const failQueuedAddWhenQueued = { guard: 'hasQueuedAdd' as const, actions: ['failQueuedAdd' as const, ...itemFailed] };

/** Spec §4 "Add item": the mutation, then the details when its answer has none. */
export function addItemStates(attempt: Attempt) {
  return {
    mutating: {
      invoke: {
        src: 'addCartItem' as const,
        input: ({ context }: { context: CartContext }) => ({ cartId: requireCartId(context), item: operationAs(context, 'addItem').item }),
        onDone: [
          {
            guard: { type: 'answeredWithCartToConfirmingPage' as const, params: answerOf },
            target: '#cart.ready',
            actions: [{ type: 'receiveMutationDetails' as const, params: answerOf }, ...itemAddedConfirmedByPage],
          },
          {
            guard: { type: 'answeredWithCart' as const, params: answerOf },
            target: '#cart.ready',
            actions: [{ type: 'receiveMutationDetails' as const, params: answerOf }, ...itemAdded],
          },
          { guard: 'confirmedByPage' as const, target: 'refreshing', actions: itemAddedConfirmedByPage },
          { target: 'refreshing', actions: itemAdded },
        ],
        onError: [
          ...recoverInvalidCart(attempt),
          checkWhenAnswerLost,
          { target: '#cart.ready', actions: [{ type: 'setErrors' as const, params: failedAs('addItem') }, ...itemFailed] },
        ],
      },
    },
    checking: checkingLostAnswer('addItem', null, itemAdded, itemFailed),
    refreshing: fetchingDetails(attempt),
  };
}

/** Spec §4 "Update item": a configurable is removed then re-added; others get a quantity update. */
export function updateItemStates(attempt: Attempt) {
  return {
    choosing: {
      always: [{ guard: 'isConfigurableUpdate' as const, target: 'replacing' }, { target: 'changingQuantity' }],
    },
    // Removed and re-added in one request; a refused re-add puts the old line back (services).
    replacing: {
      invoke: {
        src: 'replaceCartItem' as const,
        input: ({ context }: { context: CartContext }) => {
          const { update, restore } = operationAs(context, 'updateItem');
          return { cartId: requireCartId(context), itemUid: update.itemUid, item: update.item, restore: restore ?? null };
        },
        onDone: receiveMutation,
        // A refused edit may have changed the lines (the old line put back under a new uid): the details are read again.
        onError: [
          ...recoverInvalidCart(attempt),
          checkWhenAnswerLost,
          { target: 'refreshing', actions: { type: 'setErrors' as const, params: failedAs('updateItem') } },
        ],
      },
    },
    changingQuantity: {
      invoke: {
        src: 'updateCartItem' as const,
        input: ({ context }: { context: CartContext }) => {
          const { update } = operationAs(context, 'updateItem');
          return { cartId: requireCartId(context), itemUid: update.itemUid, quantity: update.quantity };
        },
        onDone: receiveMutation,
        onError: [
          ...recoverInvalidCart(attempt),
          checkWhenAnswerLost,
          { target: '#cart.ready', actions: { type: 'setErrors' as const, params: failedAs('updateItem') } },
        ],
      },
    },
    checking: checkingLostAnswer('updateItem', null, [], []),
    refreshing: fetchingDetails(attempt),
  };
}
