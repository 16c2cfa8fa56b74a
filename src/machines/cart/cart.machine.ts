/**
 * cart — spec §4 "Cart lifecycle", §5 (cart-invalid errors), §8 ("Unable to create cart").
 * systemId: 'cart'.
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
import { assign, emit, sendTo, setup, type SnapshotFrom } from 'xstate';
import { errorMessageOf, isAnswerLost, notProvidedActor } from '../shared/effects';
import { systemActor } from '../shared/system-actor';
import { keepingLineOptions, lineAsItemToAdd } from './cart-line-options';
import type {
  CartAnswer,
  CartDetails,
  CartError,
  CartItem,
  CartItemToAdd,
  CartItemUpdate,
  CartRequest,
  PendingPayment,
  RestoredPaymentCart,
  ShippingMethod,
} from './cart.types';
import { ShopFailure, shopFailureMessage } from '../shared/shop-failure';

export const UNABLE_TO_ADD_ITEM = 'The item could not be added.';
/** The empty cart's currency (spec §9). */
export const EMPTY_CART_CURRENCY = 'USD';

/** Magento's word for a cart that can no longer be used, as after it became an order. */
export const CART_NOT_ACTIVE = "The cart isn't active";

/** Messages of GraphQL errors that mean the stored cart can no longer be used (spec §5). */
export const INVALID_CART_MESSAGES = ['Could not find a cart', CART_NOT_ACTIVE, 'The current user cannot perform operations on cart'] as const;

/**
 * Spec §5: a GraphQL error whose message contains one of the cart-invalid messages; network errors
 * are excluded (a network failure says nothing about the cart).
 */
export function isInvalidCartError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { graphQLErrors, networkError } = error as Partial<CartError>;
  if (networkError) return false;
  if (!Array.isArray(graphQLErrors)) return false;
  return graphQLErrors.some(
    (graphQLError) => typeof graphQLError?.message === 'string' && INVALID_CART_MESSAGES.some((invalid) => graphQLError.message.includes(invalid)),
  );
}

const totalQuantity = (details: CartDetails | null) => (details?.items ?? []).reduce((sum, line) => sum + (line?.quantity ?? 0), 0);

/**
 * Whether a cart call whose answer was lost took effect, judged from the cart as the backend
 * holds it now (`after`) against the cart before the call (`before`): an add raised the cart's quantity,
 * an update left the line at its new quantity (a configurable's replaced line is gone), a removed line
 * is gone, a coupon is applied (or, removing, none is).
 */
export function tookEffect(
  operation: CartOperation | { kind: 'applyCoupon'; code: string } | { kind: 'removeCoupon' } | null,
  before: CartDetails | null,
  after: CartDetails,
): boolean {
  switch (operation?.kind) {
    case 'addItem':
      return totalQuantity(after) > totalQuantity(before);
    case 'updateItem': {
      const line = lineOf(after, operation.update.itemUid);
      return operation.update.isConfigurable ? line === null : line?.quantity === operation.update.quantity;
    }
    case 'removeItem':
      return lineOf(after, operation.itemUid) === null;
    case 'applyCoupon':
      return (after.applied_coupons ?? []).some((coupon) => coupon.code.toUpperCase() === operation.code.toUpperCase());
    case 'removeCoupon':
      return (after.applied_coupons ?? []).length === 0;
    default:
      return false;
  }
}

/** Anything an actor threw, as a CartError the views can show (GraphQL details kept). */
export function toCartError(error: unknown): CartError {
  const cartError: CartError = { message: errorMessageOf(error) };
  if (typeof error === 'object' && error !== null) {
    const { graphQLErrors, networkError } = error as Partial<CartError>;
    if (Array.isArray(graphQLErrors)) cartError.graphQLErrors = graphQLErrors;
    if (networkError) cartError.networkError = networkError;
  }
  return cartError;
}

/** A mutation's answer that is the cart details (a cart with its id), not a bare acknowledgement. */
export function isCartDetails(value: unknown): value is CartDetails {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** Spec §4: empty when details or items are missing or the list is empty. */
export function isCartEmpty(details: CartDetails | null): boolean {
  return !details || !details.items || details.items.length === 0;
}

/**
 * The cart's operations that can fail, each with one error record (`CartContext.errors`): creating
 * the cart (spec §8), reading its details, adding, updating and removing a line, merging the guest
 * cart (spec §4), applying or removing a coupon (spec §3 applied_coupons).
 */
export const CART_OPERATION_NAMES = ['getCart', 'getDetails', 'addItem', 'updateItem', 'removeItem', 'mergeCarts', 'coupon'] as const;
export type CartOperationName = (typeof CART_OPERATION_NAMES)[number];
/** Each operation's last failure, kept for views until the operation runs again (or the cart is replaced). */
export type CartErrors = Partial<Record<CartOperationName, CartError>>;
/** Changes to the error record: an operation's failure kept, or (null) cleared. */
export type CartErrorChanges = Partial<Record<CartOperationName, CartError | null>>;

/** The error record with `changes` made (the one way the cart writes it). */
export function errorsWith(errors: CartErrors, changes: CartErrorChanges): CartErrors {
  const next: CartErrors = { ...errors };
  for (const operation of CART_OPERATION_NAMES) {
    const change = changes[operation];
    if (change === undefined) continue;
    if (change === null) delete next[operation];
    else next[operation] = change;
  }
  return next;
}

/** A new cart call clears the failures of the calls before it. */
const CALL_ERRORS_CLEARED: CartErrorChanges = { addItem: null, updateItem: null, removeItem: null };

/** What a failed cart call retries after recovery (spec §4 "Cart-invalid errors"). */
export type CartOperation =
  | { kind: 'addItem'; item: CartItemToAdd; confirmedByPage?: boolean; request?: CartRequest }
  | { kind: 'updateItem'; update: CartItemUpdate; restore?: CartItemToAdd | null; request?: CartRequest }
  | { kind: 'removeItem'; itemUid: string }
  | { kind: 'getDetails' };

/** The cart line with this uid, as the backend last answered it. */
export function lineOf(details: CartDetails | null, itemUid: string): CartItem | null {
  return (details?.items ?? []).find((line): line is CartItem => line !== null && line.uid === itemUid) ?? null;
}

/**
 * An update as the machine runs it: with `keepLineOptions`, the item re-added carries every custom
 * option of the line it does not change (lenses, typed prescription, uploaded prescription), read
 * from the backend's answer for that line; otherwise the item's options replace the line's.
 */
export function resolveUpdate(details: CartDetails | null, update: CartItemUpdate): CartItemUpdate {
  if (!update.keepLineOptions) return update;
  const line = lineOf(details, update.itemUid);
  return line ? { ...update, item: keepingLineOptions(line, update.item) } : update;
}

/** The update operation for a shopper's update: resolved options, and the line as it was (put back if the re-add is refused). */
export function updateOperation(details: CartDetails | null, update: CartItemUpdate): Extract<CartOperation, { kind: 'updateItem' }> {
  const line = lineOf(details, update.itemUid);
  return { kind: 'updateItem', update: resolveUpdate(details, update), restore: update.isConfigurable && line ? lineAsItemToAdd(line) : null };
}

/** What the details fetch needs; `afterSignIn` asks for spec §7 GetCartDetailsAfterSignIn. */
export interface CartDetailsInput {
  cartId: string;
  afterSignIn?: boolean;
}

/** What the configurable update's actor needs (spec §4: removed then re-added, in one request). */
export interface ReplaceCartItemInput {
  cartId: string;
  itemUid: string;
  item: CartItemToAdd;
  /** The line as it was, added back when the re-add is refused; null when unknown. */
  restore: CartItemToAdd | null;
}

export interface CartInput {
  cartId: string | null;
  isSignedIn: boolean;
  /** A page rendered on the server is rendered for no shopper: the cart stays without one and never creates one. */
  onServer?: boolean;
  /**
   * With no stored id, the new cart is created on `cart.start` (the app sends it once the
   * page has loaded and the browser is idle), not before the page is ready; a call that needs the
   * cart sooner (`cart.getCart`, `cart.getDetails`) creates it at once. Without it, at once.
   */
  createOnStart?: boolean;
  /** ADR 042: a hosted payment this browser was sent to pay and has not heard the end of (the services' storage). */
  pendingPayment?: PendingPayment | null;
}

export interface CartContext {
  /** See CartInput.onServer. */
  onServer: boolean;
  /** See CartInput.createOnStart. */
  createOnStart: boolean;
  /** See CartInput.pendingPayment: asked about once, on start. */
  pendingPayment: PendingPayment | null;
  cartId: string | null;
  details: CartDetails | null;
  isSignedIn: boolean;
  /**
   * One error record per operation (`CartOperationName`): why it last failed, read by views and
   * other machines only through the selectors below (`selectCartError`); `coupon`: why the last
   * code was refused (or could not be removed), shown next to the field.
   */
  errors: CartErrors;
  editingItem: CartItem | null;
  /** The coupon code being applied. */
  couponCode: string | null;
  /** The outcome of the last add-to-cart (cleared when another add starts). */
  lastAddition: CartAddition | null;
  /** The running (or last) cart call, retried after an invalid-cart recovery. */
  operation: CartOperation | null;
  /** The guest cart to merge into the customer's cart after sign-in. */
  mergeSourceCartId: string | null;
  /** The customer's cart the guest cart is merged into. */
  mergeDestinationCartId: string | null;
  /** The failure of a call whose answer was lost, held while the cart tells whether it took effect. */
  heldError: CartError | null;
  /**
   * An add received before the cart could take it (a new visitor's cart not yet created, a
   * stored cart still loading). The cart is created (or read) at once and the add goes ahead as soon
   * as the cart is ready; no cart → the add fails with the reason. One at a time.
   */
  queuedAdd: QueuedAdd | null;
}

/** An add that waits for the cart (CartContext.queuedAdd). */
export interface QueuedAdd {
  item: CartItemToAdd;
  confirmedByPage?: boolean;
  request?: CartRequest;
}

export type CartEvent =
  /** The page is ready; a visitor with no cart gets one now (CartInput.createOnStart). */
  | { type: 'cart.start' }
  | { type: 'cart.getCart' }
  | { type: 'cart.getDetails' }
  /** `confirmedByPage`: the sending page confirms the addition itself (the lens wizard), so no toast covers it. */
  | { type: 'cart.addItem'; item: CartItemToAdd; confirmedByPage?: boolean; request?: CartRequest }
  /** `request`: another machine's, answered with `cart.answer` (ADR 010 §6). */
  | { type: 'cart.updateItem'; update: CartItemUpdate; request?: CartRequest }
  | { type: 'cart.removeItem'; itemUid: string }
  /** Spec §3 applied_coupons: apply a coupon code to the cart, or remove the applied one. */
  | { type: 'cart.applyCoupon'; code: string }
  | { type: 'cart.removeCoupon' }
  | { type: 'cart.beginEditItem'; item: CartItem }
  | { type: 'cart.endEditItem' }
  | { type: 'cart.reset' }
  /** Forget this cart (stored id cleared) and create a new one: sign-out, order placed. */
  | { type: 'cart.remove' }
  | { type: 'cart.session.signedIn' }
  | { type: 'cart.session.signedOut' }
  /** The stored cart id changed in another browser tab. */
  | { type: 'cart.storage.changed'; cartId: string | null }
  /**
   * ADR 042: the checkout sends the shopper to pay this cart's order on the provider's page: the
   * cart is the order's now (a new one begins, as after `cart.remove`), and remembered with the
   * order's number so that coming back unpaid gives it back.
   */
  | { type: 'cart.paymentPending'; orderNumber: string }
  /** The browser is online again (the services' connectivity listener): a cart it could not read is read again. */
  | { type: 'cart.online' }
  /** ADR 039: another tab of the shop changed a cart (the services' cart channel). */
  | { type: 'cart.changed.elsewhere'; cartId: string }
  /** Make this cart the current one (stored, details loaded), e.g. a restored abandoned cart. */
  | { type: 'cart.adopt'; cartId: string };

/** What the cart machine emits for views (XState `emit`). */
export type CartEmitted = { type: 'cart.item.added'; item: CartItemToAdd } | { type: 'cart.item.failed'; item: CartItemToAdd; error: CartError };

/** The outcome of the last add-to-cart, as views show it ("Added to your cart", the refusal). */
export interface CartAddition {
  item: CartItemToAdd;
  outcome: 'added' | 'failed';
  error: CartError | null;
}

/** The toasts the cart raises (the toast machine's ToastInput, with the message id for the shopper's language). */
export const ITEM_ADDED_TOAST = { type: 'success', message: 'Added to your cart.', messageId: 'cart.toast.added', dismissable: true } as const;
/** `message` is the complete English text (shown when the region does not know the id); the reason is the backend's words. */
export const itemFailedToast = (reason: string) =>
  ({
    type: 'error',
    message: `This item could not be added to your cart: ${reason}`,
    messageId: 'cart.toast.addFailed',
    values: { reason },
    dismissable: true,
    timeout: false,
  }) as const;

/** ADR 042: the cart came back from a payment left unpaid; the shopper is told which order was cancelled. */
export const paymentLeftToast = (orderNumber: string) =>
  ({
    type: 'info',
    message: `Your payment for order #${orderNumber} was not completed: that order is cancelled and your cart is back. Place the order again when you are ready.`,
    messageId: 'cart.toast.paymentLeft',
    values: { orderNumber },
    dismissable: true,
    timeout: false,
  }) as const;

export type CartTag = 'changingCoupon' | 'loading' | 'gettingCart' | 'addingItem' | 'updatingItem' | 'removingItem' | 'recovering' | 'merging';

function initialContext(cartId: string | null, isSignedIn: boolean): Omit<CartContext, 'onServer' | 'createOnStart' | 'pendingPayment'> {
  return {
    cartId,
    details: null,
    isSignedIn,
    errors: {},
    editingItem: null,
    couponCode: null,
    lastAddition: null,
    operation: null,
    mergeSourceCartId: null,
    mergeDestinationCartId: null,
    heldError: null,
    queuedAdd: null,
  };
}

function requireMergeDestination(context: CartContext): string {
  if (!context.mergeDestinationCartId) throw new Error('cart: no customer cart to merge into');
  return context.mergeDestinationCartId;
}

function requirePendingPayment(context: CartContext): PendingPayment {
  if (!context.pendingPayment) throw new Error('cart: no pending payment to ask about');
  return context.pendingPayment;
}

/** ADR 042: the cart the backend gave back for an order left unpaid (`cartGivenBack`), with that order's number. */
function requireGivenBack(answer: RestoredPaymentCart | null): { cartId: string; orderNumber: string } {
  if (!answer?.cartId) throw new Error('cart: no cart given back');
  return { cartId: answer.cartId, orderNumber: answer.orderNumber };
}

function requireCartId(context: CartContext): string {
  if (!context.cartId) throw new ShopFailure('cartIdMissing');
  return context.cartId;
}

function operationAs<K extends CartOperation['kind']>(context: CartContext, kind: K): Extract<CartOperation, { kind: K }> {
  const operation = context.operation;
  if (operation?.kind !== kind) throw new Error(`cart: expected a ${kind} operation, found ${operation?.kind ?? 'none'}`);
  return operation as Extract<CartOperation, { kind: K }>;
}

/** The add an event asks for, as the cart keeps it (queued or running). */
function addOf({ item, confirmedByPage, request }: { item: CartItemToAdd; confirmedByPage?: boolean; request?: CartRequest }): QueuedAdd {
  return { item, ...(confirmedByPage ? { confirmedByPage: true } : {}), ...(request ? { request } : {}) };
}

/** The request an event carries (`carriesRequest`). */
function requireRequest(request: CartRequest | undefined): CartRequest {
  if (!request) throw new Error('cart: the event carries no request');
  return request;
}

/** The running add's page confirms the addition itself (no toast covers it). */
const isConfirmedByPage = (context: CartContext) => context.operation?.kind === 'addItem' && context.operation.confirmedByPage === true;

/** The request of the running call, while it is not answered. */
function requestOf(operation: CartOperation | null): CartRequest | null {
  return operation?.kind === 'addItem' || operation?.kind === 'updateItem' ? (operation.request ?? null) : null;
}

/** The running call once its request is answered. */
function withoutRequest(operation: CartOperation | null): CartOperation | null {
  if (operation?.kind !== 'addItem' && operation?.kind !== 'updateItem') return operation;
  const { request: _answered, ...answered } = operation;
  return answered;
}

const answerTo = (request: CartRequest, error: CartError | null): CartAnswer =>
  error ? { type: 'cart.answer', requestId: request.id, outcome: 'failed', error } : { type: 'cart.answer', requestId: request.id, outcome: 'done' };

/** A request the cart could not take: it was busy with another call, or had no cart to take it to. */
export const CART_NOT_READY_ERROR: CartError = { message: shopFailureMessage('cartNotReady') };
/** A request whose call the cart dropped: the cart was replaced (reset, removed, adopted) before it ended. */
export const CART_STOPPED_ERROR: CartError = { message: shopFailureMessage('cartStopped') };

/*
 * What an invoked actor's done or error event carries, as the params of the named guards and actions
 * that read it: the event is typed where the transition is (`onDone`, `onError`), so nothing is cast.
 */

/** The failure an actor rejected with. */
const failureOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
/** The failure an actor rejected with, kept as `operation`'s error (`setErrors`). */
const failedAs =
  (operation: CartOperationName) =>
  ({ event }: { event: { error: unknown } }): CartErrorChanges => ({ [operation]: toCartError(event.error) });
/** The cart details a read answered. */
const detailsOf = ({ event }: { event: { output: CartDetails } }) => ({ details: event.output });
/** A mutation's answer: the cart details, or (should an implementation not answer them) anything else. */
const answerOf = ({ event }: { event: { output: unknown } }) => ({ answer: event.output });

/**
 * Spec §5 recovers from an invalid cart once per shopper request: the request's first attempt
 * recovers (`#cart.recovering`), its retry on the new cart reports the failure like any other.
 */
type Attempt = 'first' | 'retry';
const recoverInvalidCart = (attempt: Attempt) =>
  attempt === 'first' ? [{ guard: { type: 'failedOnInvalidCart' as const, params: failureOf }, target: '#cart.recovering' }] : [];

/**
 * The cart's details (network only), which are also the spec §6 check that the shopper may use the
 * cart. After a mutation (`refreshing`) the mutation's tag stays on until they are received.
 */
function fetchingDetails(attempt: Attempt = 'first', { afterSignIn = false } = {}) {
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
const receiveMutation = [
  {
    guard: { type: 'answeredWithCart' as const, params: answerOf },
    target: '#cart.ready',
    actions: { type: 'receiveMutationDetails' as const, params: answerOf },
  },
  { target: 'refreshing' },
];

/** Spec §4 add item: the outcome is the machine's (kept, emitted, toasted), not a view effect's. */
const itemAdded = ['recordItemAdded', 'emitItemAdded', 'toastItemAdded', 'answerAdded'] as const;
/** The page that added the item confirms it itself; a toast would cover its "Go to the cart". */
const itemAddedConfirmedByPage = ['recordItemAdded', 'emitItemAdded', 'answerAdded'] as const;
const itemFailed = ['recordItemFailed', 'emitItemFailed', 'toastItemFailed', 'answerAddFailed'] as const;

/** The error record of a cart call whose failure views show. */
type FailingCall = Extract<CartOperationName, 'addItem' | 'updateItem' | 'removeItem' | 'coupon'>;

/** A lost answer is first checked (`checking`), its failure held meanwhile. */
const checkWhenAnswerLost = {
  guard: { type: 'answerLost' as const, params: failureOf },
  target: 'checking',
  actions: { type: 'holdError' as const, params: failureOf },
};

/**
 * The call's answer was lost (`isAnswerLost`), so it may have taken effect. Nothing is sent
 * again: the cart is read, and tells (`tookEffect`). It did → the cart as read, and the call's success;
 * it did not, or the cart could not be read → the call's failure as it came.
 */
function checkingLostAnswer(call: FailingCall, coupon: 'apply' | 'remove' | null, onEffect: readonly CheckedAction[], onNoEffect: readonly CheckedAction[]) {
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
type CheckedAction = (typeof itemAdded)[number] | (typeof itemFailed)[number];

/** `cart.addItem` before the cart is ready is kept (`queueAdd`) and run once it is. */
const queueAddOf = {
  type: 'queueAdd' as const,
  params: ({ event }: { event: Extract<CartEvent, { type: 'cart.addItem' }> }): QueuedAdd => addOf(event),
};
/** No cart came (`noCart`, `detailsFailed`): an add that waited for it fails, told as any refused add. */
const failQueuedAddWhenQueued = { guard: 'hasQueuedAdd' as const, actions: ['failQueuedAdd' as const, ...itemFailed] };

/** Spec §4 "Add item": the mutation, then the details when its answer has none. */
function addItemStates(attempt: Attempt) {
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
function updateItemStates(attempt: Attempt) {
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

const cartSetup = setup({
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
    /** Spec §4: a fetch error clears the cart data to its initial state; the id is kept so a retry can refetch. */
    failFetchedDetails: assign(({ context }, params: { error: unknown }) => ({
      ...initialContext(context.cartId, context.isSignedIn),
      queuedAdd: context.queuedAdd,
      errors: { getDetails: toCartError(params.error) },
    })),
    markDetailsOperation: assign({ operation: { kind: 'getDetails' } }),
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
    /** Spec §8: creating a cart failed; everything is back to the initial state. */
    failCreateCart: assign(({ context }) => ({
      ...initialContext(null, context.isSignedIn),
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
  cartSetup.enqueueActions(({ context, enqueue }) => {
    const request = requestOf(context.operation);
    if (!request) return;
    enqueue.sendTo(request.replyTo, answerTo(request, errorOf(context)));
    enqueue.assign({ operation: withoutRequest(context.operation) });
  });

/** Answers to other machines' requests (ADR 010 §6): each request is answered once, whatever becomes of it. */
const answeringCartSetup = cartSetup.extend({
  actions: {
    /** The running add ended with the item in the cart. */
    answerAdded: answerRunning(() => null),
    /** The running add ended refused (its reason in the `addItem` error record). */
    answerAddFailed: answerRunning((context) => context.errors.addItem ?? { message: UNABLE_TO_ADD_ITEM }),
    /**
     * The cart came to rest with a request unanswered: an update ended (refused when it kept an error,
     * or when the cart could not be read after it), an add ended without its outcome (no cart came).
     */
    answerAtRest: answerRunning(({ operation, errors }) =>
      operation?.kind === 'updateItem'
        ? (errors.updateItem ?? errors.getCart ?? errors.getDetails ?? null)
        : (errors.getCart ?? errors.getDetails ?? CART_STOPPED_ERROR),
    ),
    /** The cart is replaced while a request's call runs: the call is dropped, and said so. */
    answerDropped: answerRunning(() => CART_STOPPED_ERROR),
    /** A request the cart cannot take now (busy with another call, or replacing its cart). */
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

export const cartMachine = answeringCartSetup.createMachine({
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
    'cart.addItem': {
      guard: { type: 'carriesRequest', params: ({ event }) => ({ request: event.request }) },
      actions: { type: 'answerNotTaken', params: ({ event }) => ({ request: requireRequest(event.request) }) },
    },
    'cart.updateItem': {
      guard: { type: 'carriesRequest', params: ({ event }) => ({ request: event.request }) },
      actions: { type: 'answerNotTaken', params: ({ event }) => ({ request: requireRequest(event.request) }) },
    },
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
  states: {
    starting: {
      always: [
        { guard: 'isOnServer', target: 'noCart' },
        { guard: 'hasPendingPayment', target: 'restoringPendingPayment' },
        { guard: 'hasCartId', target: 'loadingDetails' },
        { guard: 'createsOnStart', target: 'awaitingStart' },
        { target: 'creatingCart' },
      ],
    },
    /**
     * A visitor with no cart yet; it is created once the page is ready (`cart.start`), or at
     * once when something asks for it. Tagged as the creation is: views and callers wait the same way.
     */
    awaitingStart: {
      tags: ['loading', 'gettingCart'],
      on: {
        'cart.start': 'creatingCart',
        'cart.getCart': 'creatingCart',
        'cart.getDetails': 'creatingCart',
        // "Add to cart" before the page is ready creates the cart at once, then adds (`ready`).
        'cart.addItem': { target: 'creatingCart', actions: queueAddOf },
      },
    },
    creatingCart: {
      tags: ['loading', 'gettingCart'],
      // A `cart.start` meanwhile is not handled here: one cart is created.
      on: { 'cart.addItem': { actions: queueAddOf } },
      invoke: {
        src: 'createCart',
        onDone: {
          target: 'loadingDetails',
          actions: [
            { type: 'storeCartId', params: ({ event }) => ({ cartId: event.output }) },
            { type: 'saveCartId', params: ({ event }) => ({ cartId: event.output }) },
          ],
        },
        onError: { target: 'noCart', actions: 'failCreateCart' },
      },
    },
    /**
     * ADR 042: this browser went to pay an order on the provider's page and has not heard how it
     * ended. The backend gives the cart back when the shopper came back unpaid (Back, in the tab that
     * went) or the order outlived its pending-payment lifetime: it becomes the current cart and the
     * shopper is told which order was cancelled. An order still waiting (another tab may be paying
     * it) is left alone and asked about again next time; nothing waiting (paid, cancelled) is
     * forgotten. The backend unreachable: the cart starts as it would have, and asks next time.
     */
    restoringPendingPayment: {
      tags: ['loading'],
      on: { 'cart.addItem': { actions: queueAddOf } },
      invoke: {
        src: 'restorePendingPayment',
        input: ({ context }) => {
          const { cartId, cameBack } = requirePendingPayment(context);
          return { cartId, cameBack };
        },
        onDone: [
          {
            guard: { type: 'cartGivenBack', params: ({ event }) => ({ answer: event.output }) },
            target: 'loadingDetails',
            actions: [
              { type: 'storeCartId', params: ({ event }) => ({ cartId: requireGivenBack(event.output).cartId }) },
              { type: 'saveCartId', params: ({ event }) => ({ cartId: requireGivenBack(event.output).cartId }) },
              { type: 'toastPaymentLeft', params: ({ event }) => ({ orderNumber: requireGivenBack(event.output).orderNumber }) },
              'clearPendingPayment',
              'dropPendingPayment',
            ],
          },
          { guard: { type: 'paymentStillWaits', params: ({ event }) => ({ answer: event.output }) }, target: 'starting', actions: 'dropPendingPayment' },
          { target: 'starting', actions: ['clearPendingPayment', 'dropPendingPayment'] },
        ],
        onError: { target: 'starting', actions: 'dropPendingPayment' },
      },
    },
    /** No usable cart: creation failed or the cart was reset. */
    noCart: {
      entry: 'answerAtRest',
      always: failQueuedAddWhenQueued,
      on: { 'cart.getCart': 'creatingCart', 'cart.addItem': { target: 'creatingCart', actions: queueAddOf } },
    },
    loadingDetails: { tags: ['loading'], on: { 'cart.addItem': { actions: queueAddOf } }, ...fetchingDetails() },
    /** `cart.adopt`: the adopted cart's details. */
    adopting: { tags: ['loading'], ...fetchingDetails() },
    /**
     * Spec §4/§7: after sign-in (and the merge of the guest cart) the customer's cart is read with
     * GetCartDetailsAfterSignIn, network only; it replaces the plain details fetch, not adds to it.
     */
    loadingDetailsAfterSignIn: { tags: ['loading'], ...fetchingDetails('first', { afterSignIn: true }) },
    detailsFailed: {
      entry: 'answerAtRest',
      always: failQueuedAddWhenQueued,
      on: {
        'cart.addItem': [
          { guard: 'hasCartId', target: 'loadingDetails', actions: queueAddOf },
          { target: 'creatingCart', actions: queueAddOf },
        ],
        'cart.getDetails': [{ guard: 'hasCartId', target: 'loadingDetails' }, { target: 'creatingCart' }],
        'cart.getCart': [{ guard: 'hasCartId', target: 'loadingDetails' }, { target: 'creatingCart' }],
        // Spec §4: the failed read cleared the cart; the connection's return reads it again, so a
        // page that lost it offline (the review after an order the network refused) shows it once more.
        'cart.online': { guard: 'hasCartId', target: 'loadingDetails' },
      },
    },
    ready: {
      entry: 'answerAtRest',
      always: [
        // Spec §4: after sign-in a guest cart is merged into the customer's cart.
        { guard: 'hasGuestCartToMerge', target: 'merging' },
        // An add that waited for the cart goes ahead now.
        { guard: 'hasQueuedAdd', target: 'addingItem', actions: 'startQueuedAdd' },
      ],
      on: {
        'cart.getDetails': 'loadingDetails',
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
    },
    // Spec §3 applied_coupons: one request, the answer is the cart details; a refusal is kept for the field.
    applyingCoupon: {
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
    },
    removingCoupon: {
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
    },
    // Spec §4 "Add item": request, mutation, refresh details, receive.
    addingItem: {
      tags: ['addingItem'],
      initial: 'mutating',
      states: {
        ...addItemStates('first'),
        /** After an invalid-cart recovery, the add once more on the new cart: an invalid cart now is reported. */
        retry: { initial: 'mutating', states: addItemStates('retry') },
      },
    },
    updatingItem: {
      tags: ['updatingItem'],
      initial: 'choosing',
      states: {
        ...updateItemStates('first'),
        /** After an invalid-cart recovery, the update once more on the new cart: an invalid cart now is reported. */
        retry: { initial: 'choosing', states: updateItemStates('retry') },
      },
    },
    // Spec §4 "Remove item": mutation, then details refresh.
    removingItem: {
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
    },
    /**
     * Spec §4 "Cart-invalid errors": a signed-in user is signed out, a guest cart is reset (stored id
     * cleared); a new cart is created, details are refetched and the operation is retried.
     */
    recovering: {
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
    },
    /** Spec §4: after sign-in the guest cart is merged into the customer's cart. */
    merging: {
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
    },
  },
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
