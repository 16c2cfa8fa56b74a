/**
 * cart — the context, events, tags and error record of the cart machine, and the spec's cart rules
 * as pure functions (spec §3 "Cart", §4 "Cart lifecycle", §5 cart-invalid errors, §8). The chart is
 * `cart.machine.ts`; every named action, guard and actor is in `cart.setup.ts` (ADR 032).
 */
import { errorMessageOf } from '../shared/effects';
import { ShopFailure, shopFailureMessage } from '../shared/shop-failure';
import { keepingLineOptions, lineAsItemToAdd } from './cart-line-options';
import type {
  CartAnswer,
  CartDetails,
  CartDetailsAnswer,
  CartDetailsRead,
  CartError,
  CartItem,
  CartItemToAdd,
  CartItemUpdate,
  CartRequest,
  PendingPayment,
  RestoredPaymentCart,
} from './cart.types';

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
/** Each operation's last failure (null or absent: none), kept for views until the operation runs again (or the cart is replaced). */
export type CartErrors = Partial<Record<CartOperationName, CartError | null>>;
/** Changes to the error record: an operation's failure kept, or (null) cleared. */
export type CartErrorChanges = CartErrors;

/** The error record with `changes` made (the one way the cart writes it). */
export const errorsWith = (errors: CartErrors, changes: CartErrorChanges): CartErrors => ({ ...errors, ...changes });

/** The error record of a cart call whose failure views show. */
export type FailingCall = Extract<CartOperationName, 'addItem' | 'updateItem' | 'removeItem' | 'coupon'>;

/** A new cart call clears the failures of the calls before it. */
export const CALL_ERRORS_CLEARED: CartErrorChanges = { addItem: null, updateItem: null, removeItem: null };

/** What a failed cart call retries after recovery (spec §4 "Cart-invalid errors"). */
export type CartOperation =
  | { kind: 'addItem'; item: CartItemToAdd; confirmedByPage?: boolean; request?: CartRequest }
  | { kind: 'updateItem'; update: CartItemUpdate; restore?: CartItemToAdd | null; request?: CartRequest }
  | { kind: 'removeItem'; itemUid: string }
  /** Reading the details: a plain read (a refresh, a recovery's) or another machine's request for them (ADR 039). */
  | { kind: 'getDetails'; request?: CartRequest };

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
  /** `request`: another machine's, answered with `cart.answer` carrying the details read (ADR 010 §6, ADR 039). */
  | { type: 'cart.getDetails'; request?: CartRequest }
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

/** What the cart machine emits for views (XState `emit`), and the details it read for the machines that show them (ADR 039). */
export type CartEmitted =
  { type: 'cart.item.added'; item: CartItemToAdd } | { type: 'cart.item.failed'; item: CartItemToAdd; error: CartError } | CartDetailsRead;

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

export function initialContext(cartId: string | null, isSignedIn: boolean): Omit<CartContext, 'onServer' | 'createOnStart' | 'pendingPayment'> {
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

export function requireMergeDestination(context: CartContext): string {
  if (!context.mergeDestinationCartId) throw new Error('cart: no customer cart to merge into');
  return context.mergeDestinationCartId;
}

export function requirePendingPayment(context: CartContext): PendingPayment {
  if (!context.pendingPayment) throw new Error('cart: no pending payment to ask about');
  return context.pendingPayment;
}

/** ADR 042: the cart the backend gave back for an order left unpaid (`cartGivenBack`), with that order's number. */
export function requireGivenBack(answer: RestoredPaymentCart | null): { cartId: string; orderNumber: string } {
  if (!answer?.cartId) throw new Error('cart: no cart given back');
  return { cartId: answer.cartId, orderNumber: answer.orderNumber };
}

export function requireCartId(context: CartContext): string {
  if (!context.cartId) throw new ShopFailure('cartIdMissing');
  return context.cartId;
}

export function operationAs<K extends CartOperation['kind']>(context: CartContext, kind: K): Extract<CartOperation, { kind: K }> {
  const operation = context.operation;
  if (operation?.kind !== kind) throw new Error(`cart: expected a ${kind} operation, found ${operation?.kind ?? 'none'}`);
  return operation as Extract<CartOperation, { kind: K }>;
}

/** The add an event asks for, as the cart keeps it (queued or running). */
export function addOf({ item, confirmedByPage, request }: { item: CartItemToAdd; confirmedByPage?: boolean; request?: CartRequest }): QueuedAdd {
  return { item, ...(confirmedByPage ? { confirmedByPage: true } : {}), ...(request ? { request } : {}) };
}

/** The request an event carries (`carriesRequest`). */
export function requireRequest(request: CartRequest | undefined): CartRequest {
  if (!request) throw new Error('cart: the event carries no request');
  return request;
}

/** The request an event may carry, as a named guard's or action's params. */
export const requestParams = ({ event }: { event: { request?: CartRequest } }) => ({ request: event.request });

/** The running add's page confirms the addition itself (no toast covers it). */
export const isConfirmedByPage = (context: CartContext) => context.operation?.kind === 'addItem' && context.operation.confirmedByPage === true;

/** The request of the running call, while it is not answered. */
export function requestOf(operation: CartOperation | null): CartRequest | null {
  return (operation && 'request' in operation && operation.request) || null;
}

/** The running call once its request is answered. */
export function withoutRequest(operation: CartOperation | null): CartOperation | null {
  if (!operation || !('request' in operation)) return operation;
  const { request: _answered, ...answered } = operation;
  return answered;
}

/** The answer to a request: failed with `error`, else done (a details request's with the `details` read, ADR 039). */
export const answerTo = (request: CartRequest, error: CartError | null, details?: CartDetails | null): CartAnswer | CartDetailsAnswer =>
  error
    ? { type: 'cart.answer', requestId: request.id, outcome: 'failed', error }
    : { type: 'cart.answer', requestId: request.id, outcome: 'done', ...(details && { details }) };

/** A request the cart could not take: it was busy with another call, or had no cart to take it to. */
export const CART_NOT_READY_ERROR: CartError = { message: shopFailureMessage('cartNotReady') };
/** A request whose call the cart dropped: the cart was replaced (reset, removed, adopted) before it ended. */
export const CART_STOPPED_ERROR: CartError = { message: shopFailureMessage('cartStopped') };
