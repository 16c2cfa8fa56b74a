/**
 * cart — spec §4 "Cart lifecycle", §5 (cart-invalid errors), §8 ("Unable to create cart").
 * systemId: 'cart'.
 *
 * Files (read in this order; ADR 032): this one is the chart's top level, the events any state
 * takes, and the selectors views and other machines read; `cart.context.ts` the context, events,
 * tags, the error record (one error per operation, `CartContext.errors`) and the spec's cart rules
 * as pure functions; `cart.setup.ts` every named action, guard and actor; `cart.transitions.ts` the
 * transitions the regions share; the regions, each built on that setup with `createStateConfig`:
 * `cart.getting-cart.ts` (starting, creating, reading the cart), `cart.calls.ts` (the shopper's
 * calls on a ready cart: lines and coupon), `cart.recovery.ts` (invalid-cart recovery, the merge
 * after sign-in).
 *
 * Injected by the services (`cart.actors.ts`), every one with `.provide()`:
 * - actor `createCart`: () => string                          (createCart / createEmptyCart: the new cart id)
 * - actor `fetchCustomerCartId`: () => string                 (the signed-in customer's cart id, merge target)
 * - actor `fetchCartDetails`: ({ cartId, afterSignIn? }) => CartDetails   (cart details, network only; with
 *   `afterSignIn: true` the services read it with GetCartDetailsAfterSignIn, spec §7: the cart after the
 *   sign-in merge, with the cart page fragment, so the cart page finds it cached)
 * - actor `addCartItem`: ({ cartId, item: CartItemToAdd }) => CartDetails | null
 * - actor `updateCartItem`: ({ cartId, itemUid, quantity }) => CartDetails | null
 * - actor `removeCartItem`: ({ cartId, itemUid }) => CartDetails | null
 * - actor `replaceCartItem`: ({ cartId, itemUid, item, restore }) => CartDetails | null  (a configurable
 *   line's update, spec §4 "removed then re-added", sent as ONE request; a refused re-add puts `restore`
 *   — the line as it was — back and rejects with the refusal)
 *   The cart mutations answer the cart details (one round trip per add, update, remove): the
 *   machine takes them from the answer; only a null answer makes it read them (`refreshing`).
 * - actor `applyCoupon`: ({ cartId, code }) => CartDetails | null   (spec §3 applied_coupons; the answer is the details)
 * - actor `removeCoupon`: ({ cartId }) => CartDetails | null
 * - actor `mergeCarts`: ({ sourceCartId, destinationCartId }) => { cartId: string }
 *   Actors reject with the Apollo error shape `{ message, graphQLErrors?, networkError? }` (see CartError).
 * - action `saveCartId`: ({ cartId }) => void    (local storage, key with the store-code suffix: spec §9)
 * - action `clearCartId`: () => void
 * - action `reloadPage`: () => void              (another tab changed the stored cart id)
 * - action `notifyMergeFailed`: ({ message }) => void (e.g. an error toast)
 * - action `requestSignOut`: () => void          (default: `sendTo` the system's 'session': `session.signOut`)
 *
 * Emitted for views (`cart.on(...)`): `cart.item.added { item }` when an added item is in the cart,
 * `cart.item.failed { item, error }` when the backend refused it. The same outcome is kept in
 * `lastAddition` (views render it) and raised as a toast: `sendTo` the system's 'toast' actor
 * `{ type: 'toast.add', toast }` (the toast machine stamps the time: machines cannot read the clock).
 * Emitted for the machines that show the cart (ADR 039: the checkout's review): `cart.details.read
 * { details }` each time the cart comes to rest with its details (`ready`: read, or answered by a call).
 *
 * Requests (ADR 010 §6): `cart.addItem` and `cart.updateItem` carrying `request: { id, replyTo }` are
 * answered `cart.answer`; `cart.getDetails` carrying one is answered `cart.answer` with the
 * details read (ready, or its read failed: read again), or failed: the read refused or its answer
 * lost, not taken (busy with a call or a read, no cart), dropped (the cart replaced while it read).
 *
 * Input: { cartId: string | null (the stored id), isSignedIn: boolean }.
 * Events from other actors: the session sends `cart.session.signedIn` / `cart.session.signedOut` and,
 * as the last step of signing out, `cart.remove`; the checkout sends `cart.remove` after an order;
 * the services' storage listener sends `cart.storage.changed`, their connectivity listener `cart.online`
 * (a cart whose read failed reads it again), their cart channel `cart.changed.elsewhere`
 * (another tab changed a cart: this one, when ready, reads its own again, ADR 039); the abandoned-cart restore and a payment
 * return send `cart.adopt { cartId }` to make a cart the current one without a page reload.
 *
 * Spec §6 "a check that the user may query the current cart" (spec §7 checkUserIsAuthed): the check
 * runs for EVERY stored cart id, guest and signed-in alike, as Venia does — a guest can hold an id
 * that became an order or belongs to a customer. It is folded into the request the machine already
 * makes first: the details query reads `cart(cart_id:)` under the same bearer token, so Magento
 * answers it with the very errors checkUserIsAuthed would get ("Could not find a cart", "The cart
 * isn't active", "The current user cannot perform operations on cart"). A separate checkUserIsAuthed
 * before it would add a request and a round trip to every first load and tell nothing more
 * (cart.actors.test.ts counts the requests: one with a stored id, two without). So the cart is not
 * used (state `ready`) before that answer; a cart-invalid answer goes through `recovering`, a
 * network error (after the link's retries, spec §9) keeps the cart id and lands in `detailsFailed`.
 * The same holds for an adopted cart (`adopting`) and the cart after sign-in (`loadingDetailsAfterSignIn`).
 */
import { type SnapshotFrom } from 'xstate';
import type { CartError, CartItem, CartRequest, ShippingMethod } from './cart.types';
import { EMPTY_CART_CURRENCY, initialContext, isCartEmpty, requestParams, requireRequest, type CartOperationName } from './cart.context';
import { gettingCartStates } from './cart.getting-cart';
import { callStates } from './cart.calls';
import { recoveryStates } from './cart.recovery';
import { cartSetup } from './cart.setup';

// What the cart's module has always offered its readers (services, views, other machines): one import path.
export {
  CART_NOT_ACTIVE,
  CART_NOT_READY_ERROR,
  CART_OPERATION_NAMES,
  CART_STOPPED_ERROR,
  EMPTY_CART_CURRENCY,
  INVALID_CART_MESSAGES,
  ITEM_ADDED_TOAST,
  UNABLE_TO_ADD_ITEM,
  errorsWith,
  isCartDetails,
  isCartEmpty,
  isInvalidCartError,
  itemFailedToast,
  lineOf,
  paymentLeftToast,
  resolveUpdate,
  toCartError,
  tookEffect,
  updateOperation,
  type CartAddition,
  type CartContext,
  type CartDetailsInput,
  type CartEmitted,
  type CartErrorChanges,
  type CartErrors,
  type CartEvent,
  type CartInput,
  type CartOperation,
  type CartOperationName,
  type CartTag,
  type QueuedAdd,
  type ReplaceCartItemInput,
} from './cart.context';

/** A request the state in force does not take is answered at once that it was not (ADR 010 §6). */
const answerWhenNotTaken = {
  guard: { type: 'carriesRequest' as const, params: requestParams },
  actions: { type: 'answerNotTaken' as const, params: ({ event }: { event: { request?: CartRequest } }) => ({ request: requireRequest(event.request) }) },
};

export const cartMachine = cartSetup.createMachine({
  id: 'cart',
  context: ({ input }) => ({
    ...initialContext(input.cartId, input.isSignedIn),
    onServer: input.onServer ?? false,
    createOnStart: input.createOnStart ?? false,
    pendingPayment: input.pendingPayment ?? null,
  }),
  initial: 'starting',
  on: {
    'cart.beginEditItem': { actions: { type: 'rememberEditingItem', params: ({ event }) => ({ item: event.item }) } },
    'cart.endEditItem': { actions: 'forgetEditingItem' },
    // A request the state in force does not take is answered all the same (ADR 010 §6).
    'cart.addItem': answerWhenNotTaken,
    'cart.updateItem': answerWhenNotTaken,
    'cart.getDetails': answerWhenNotTaken,
    'cart.reset': { target: '.noCart', actions: ['answerDropped', 'resetCart'] },
    'cart.remove': { target: '.creatingCart', actions: ['answerDropped', 'clearCartId', 'resetCart'] },
    'cart.paymentPending': {
      target: '.creatingCart',
      actions: [
        'answerDropped',
        { type: 'savePendingPayment', params: ({ context, event }) => ({ cartId: context.cartId, orderNumber: event.orderNumber }) },
        'clearCartId',
        'resetCart',
      ],
    },
    'cart.session.signedIn': { actions: 'markSignedIn' },
    'cart.session.signedOut': { actions: 'markSignedOut' },
    'cart.storage.changed': {
      guard: { type: 'storedIdDiffers', params: ({ event }) => ({ cartId: event.cartId }) },
      actions: 'reloadPage',
    },
    // From any state: a running call on the old cart is dropped (its answer would be about another cart).
    'cart.adopt': {
      guard: { type: 'isCartId', params: ({ event }) => ({ cartId: event.cartId }) },
      target: '.adopting',
      actions: [
        'answerDropped',
        { type: 'adoptCart', params: ({ event }) => ({ cartId: event.cartId }) },
        { type: 'saveCartId', params: ({ event }) => ({ cartId: event.cartId }) },
      ],
    },
  },
  states: { ...gettingCartStates, ...callStates, ...recoveryStates },
});

export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

// Selectors: views select these narrow slices (ADR 010), never the whole snapshot.
export const selectCartId = (snapshot: CartSnapshot) => snapshot.context.cartId;
export const selectCartDetails = (snapshot: CartSnapshot) => snapshot.context.details;
export const selectCartItems = (snapshot: CartSnapshot): CartItem[] =>
  (snapshot.context.details?.items ?? []).filter((item): item is CartItem => item !== null);
export const selectIsEmpty = (snapshot: CartSnapshot) => isCartEmpty(snapshot.context.details);
/** Spec §4/§9: USD when the cart is empty. */
export const selectCurrencyCode = (snapshot: CartSnapshot) =>
  isCartEmpty(snapshot.context.details) ? EMPTY_CART_CURRENCY : (snapshot.context.details?.prices?.grand_total?.currency ?? EMPTY_CART_CURRENCY);
/** Spec §3: the sum of quantities; 0 when empty. */
export const selectNumItems = (snapshot: CartSnapshot) => selectCartItems(snapshot).reduce((sum, item) => sum + item.quantity, 0);
/** Spec §3: the grand total value; 0 when empty. */
export const selectSubtotal = (snapshot: CartSnapshot) =>
  isCartEmpty(snapshot.context.details) ? 0 : (snapshot.context.details?.prices?.grand_total?.value ?? 0);
export const selectShippingMethods = (snapshot: CartSnapshot): ShippingMethod[] =>
  snapshot.context.details?.shipping_addresses?.[0]?.available_shipping_methods ?? [];
export const selectIsLoading = (snapshot: CartSnapshot) => snapshot.hasTag('loading');
/** Also while an add waits for the cart (a new visitor's first add creates the cart first). */
export const selectIsAddingItem = (snapshot: CartSnapshot) => snapshot.hasTag('addingItem') || snapshot.context.queuedAdd !== null;
/** Spec §3 isUpdatingItem: an update or a removal is running. */
export const selectIsUpdatingItem = (snapshot: CartSnapshot) => snapshot.hasTag('updatingItem') || snapshot.hasTag('removingItem');
export const selectIsRemovingItem = (snapshot: CartSnapshot) => snapshot.hasTag('removingItem');
/** An operation's error record: why it last failed, null when it has not (or ran again since). */
export const selectCartError = (snapshot: CartSnapshot, operation: CartOperationName): CartError | null => snapshot.context.errors[operation] ?? null;
/** Spec §8 "Unable to create cart". */
export const selectGetCartError = (snapshot: CartSnapshot) => selectCartError(snapshot, 'getCart');
export const selectDetailsError = (snapshot: CartSnapshot) => selectCartError(snapshot, 'getDetails');
export const selectAddItemError = (snapshot: CartSnapshot) => selectCartError(snapshot, 'addItem');
export const selectUpdateItemError = (snapshot: CartSnapshot) => selectCartError(snapshot, 'updateItem');
export const selectRemoveItemError = (snapshot: CartSnapshot) => selectCartError(snapshot, 'removeItem');
export const selectMergeError = (snapshot: CartSnapshot) => selectCartError(snapshot, 'mergeCarts');
export const selectEditingItem = (snapshot: CartSnapshot) => snapshot.context.editingItem;
export const selectCouponError = (snapshot: CartSnapshot) => selectCartError(snapshot, 'coupon');
export const selectIsChangingCoupon = (snapshot: CartSnapshot) => snapshot.hasTag('changingCoupon');
export const selectLastAddition = (snapshot: CartSnapshot) => snapshot.context.lastAddition;
