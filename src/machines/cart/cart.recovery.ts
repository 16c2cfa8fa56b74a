/**
 * cart — recovering from an invalid cart (spec §4 "Cart-invalid errors", §5) and merging the guest
 * cart into the customer's after sign-in (spec §4).
 */
import { errorMessageOf } from '../shared/effects';
import { requireCartId, requireMergeDestination } from './cart.context';
import { cartSetup } from './cart.setup';
import { detailsOf, failureOf } from './cart.transitions';

export const recoveryStates = {
  /**
   * Spec §4 "Cart-invalid errors": a signed-in user is signed out, a guest cart is reset (stored id
   * cleared); a new cart is created, details are refetched and the operation is retried.
   */
  recovering: cartSetup.createStateConfig({
    tags: ['loading', 'recovering'],
    initial: 'choosing',
    states: {
      choosing: {
        always: [
          // A signed-in customer retries an update as it was, once signed out.
          { guard: 'isSignedIn', target: 'awaitingSignOut', actions: 'requestSignOut' },
          { target: 'creatingCart', actions: ['clearCartId', 'forgetInvalidCart', 'retryUpdateAsAdd'] },
        ],
      },
      /** The session's sign-out ends by sending `cart.remove`; only then is the new cart a guest's. */
      awaitingSignOut: {
        on: { 'cart.remove': { target: 'creatingCart', actions: ['clearCartId', 'forgetInvalidCart'] } },
      },
      creatingCart: {
        invoke: {
          src: 'createCart',
          onDone: {
            target: 'refetching',
            actions: [
              { type: 'storeCartId', params: ({ event }) => ({ cartId: event.output }) },
              { type: 'saveCartId', params: ({ event }) => ({ cartId: event.output }) },
            ],
          },
          onError: { target: '#cart.noCart', actions: 'failCreateCart' },
        },
      },
      refetching: {
        invoke: {
          src: 'fetchCartDetails',
          input: ({ context }) => ({ cartId: requireCartId(context) }),
          onDone: { target: 'retrying', actions: { type: 'receiveFetchedDetails', params: detailsOf } },
          onError: { target: '#cart.detailsFailed', actions: { type: 'failFetchedDetails', params: failureOf } },
        },
      },
      retrying: {
        always: [
          { guard: 'retriesAdd', target: '#cart.addingItem.retry' },
          { guard: 'retriesUpdate', target: '#cart.updatingItem.retry' },
          // On remove (and a plain details fetch) nothing is retried: details were refetched.
          { target: '#cart.ready' },
        ],
      },
    },
  }),
  /** Spec §4: after sign-in the guest cart is merged into the customer's cart. */
  merging: cartSetup.createStateConfig({
    tags: ['loading', 'merging'],
    initial: 'findingCustomerCart',
    states: {
      findingCustomerCart: {
        invoke: {
          src: 'fetchCustomerCartId',
          onDone: [
            // Already the customer's cart: nothing to merge.
            {
              guard: { type: 'isMergeSource', params: ({ event }) => ({ cartId: event.output }) },
              target: '#cart.loadingDetailsAfterSignIn',
              actions: 'forgetMergeSource',
            },
            { target: 'mergingCarts', actions: { type: 'rememberMergeDestination', params: ({ event }) => ({ cartId: event.output }) } },
          ],
          // No customer cart to merge into: the guest cart stays in use.
          onError: {
            target: '#cart.loadingDetailsAfterSignIn',
            actions: [
              { type: 'keepGuestCart', params: failureOf },
              { type: 'notifyMergeFailed', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
            ],
          },
        },
      },
      mergingCarts: {
        invoke: {
          src: 'mergeCarts',
          input: ({ context }) => ({
            sourceCartId: context.mergeSourceCartId ?? requireCartId(context),
            destinationCartId: requireMergeDestination(context),
          }),
          onDone: {
            target: '#cart.loadingDetailsAfterSignIn',
            actions: [
              { type: 'useMergedCart', params: ({ event }) => ({ cartId: event.output.cartId }) },
              { type: 'saveCartId', params: ({ event }) => ({ cartId: event.output.cartId }) },
            ],
          },
          // A failed merge keeps the customer's cart and tells the shopper.
          onError: [
            // The merge's answer was lost: the guest cart says whether it was merged (then it is gone).
            { guard: { type: 'answerLost', params: failureOf }, target: 'checkingMerge', actions: { type: 'holdError', params: failureOf } },
            {
              target: '#cart.loadingDetailsAfterSignIn',
              actions: [
                { type: 'keepCustomerCart', params: failureOf },
                { type: 'saveCartId', params: ({ context }) => ({ cartId: requireCartId(context) }) },
                { type: 'notifyMergeFailed', params: ({ event }) => ({ message: errorMessageOf(event.error) }) },
              ],
            },
          ],
        },
      },
      /**
       * The merge's answer was lost. Nothing is merged again: the guest cart is read. Gone
       * (merged into the customer's cart, so no longer active) → the customer's cart, as after an
       * answered merge; still there, or unreadable → the merge's failure, as it came.
       */
      checkingMerge: {
        invoke: {
          src: 'fetchCartDetails',
          input: ({ context }) => ({ cartId: context.mergeSourceCartId ?? requireCartId(context) }),
          onDone: {
            target: '#cart.loadingDetailsAfterSignIn',
            actions: [
              'keepHeldMergeFailure',
              { type: 'saveCartId', params: ({ context }) => ({ cartId: requireCartId(context) }) },
              { type: 'notifyMergeFailed', params: ({ context }) => ({ message: context.errors.mergeCarts?.message ?? '' }) },
            ],
          },
          onError: [
            {
              guard: { type: 'sourceCartGone', params: failureOf },
              target: '#cart.loadingDetailsAfterSignIn',
              actions: [
                { type: 'useMergedCart', params: ({ context }) => ({ cartId: requireMergeDestination(context) }) },
                { type: 'saveCartId', params: ({ context }) => ({ cartId: requireCartId(context) }) },
                'dropHeldError',
              ],
            },
            {
              target: '#cart.loadingDetailsAfterSignIn',
              actions: [
                'keepHeldMergeFailure',
                { type: 'saveCartId', params: ({ context }) => ({ cartId: requireCartId(context) }) },
                { type: 'notifyMergeFailed', params: ({ context }) => ({ message: context.errors.mergeCarts?.message ?? '' }) },
              ],
            },
          ],
        },
      },
    },
  }),
};
