/**
 * How the lens wizard learns what the cart made of its line (spec §4 "Add item", "Update item").
 *
 * The wizard sends the cart machine its own event (`cart.addItem` / `cart.updateItem`) with `sendTo`
 * the system's 'cart', then invokes `cartOutcomeRelay`: a callback actor that listens to that cart and
 * answers the wizard with `customise.cart.done` or `customise.cart.failed { message }`.
 *
 * - An add: the cart machine emits its outcome, `cart.item.added` / `cart.item.failed`, for the item
 *   it was given (`cart.on(…)`); the relay passes on the one for the wizard's item.
 * - An update: the cart machine emits nothing for an update (only a guest's update retried after an
 *   invalid cart, which the cart turns into an add, spec §4 "Cart-invalid errors", emits). Its outcome
 *   is only in its snapshot, so the relay reads `updateItemError` once the cart comes to rest.
 * - The cart comes to rest without a word (it did not take the line, or its recovery from an invalid
 *   cart ended without a cart): the wizard is told so, with the cart's error when it has one.
 */
import { fromCallback, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { cartMachine } from '../cart/cart.machine';
import type { CartError, CartItemToAdd } from '../cart/cart.types';
import { systemActor } from '../shared/system-actor';
import type { CartOperationKind } from './customise.types';
import { shopFailureMessage } from '../shared/shop-failure';

/** The cart took no line (it was at rest): a failure of the shop's own, as a message (shop-failure.ts). */
export const CART_NOT_READY = shopFailureMessage('cartNotReady');
export const OUT_OF_STOCK_AT_ADD = shopFailureMessage('soldOutAtAdd');
export const CART_STOPPED = shopFailureMessage('cartStopped');

/**
 * The shopper's words for a cart failure: an out-of-stock answer says so (Magento's "The requested
 * qty is not available" / "Product that you are trying to add is not available"), anything else is
 * the cart's own message.
 */
export function cartFailureMessage(error: CartError): string {
  const text = [error.message, ...(error.graphQLErrors ?? []).map((e) => e.message)].join(' ');
  if (/not available|out of stock|qty is not|salable quantity/i.test(text)) return OUT_OF_STOCK_AT_ADD;
  return error.graphQLErrors?.[0]?.message ?? error.message;
}

export interface CartOutcomeInput {
  kind: CartOperationKind;
  /** The item the wizard's event carries (an update's item): the cart's emitted outcome names it. */
  item: CartItemToAdd;
}

/** What the relay tells the wizard. */
export type CartOutcomeEvent = { type: 'customise.cart.done' } | { type: 'customise.cart.failed'; message: string };

type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/** The cart holds no call of the wizard's any more (nor is it loading on the way to one). */
const atRest = (cart: CartSnapshot) => !cart.hasTag('addingItem') && !cart.hasTag('updatingItem') && !cart.hasTag('loading');

const sameItem = (a: CartItemToAdd, b: CartItemToAdd) => a === b || JSON.stringify(a) === JSON.stringify(b);

const failed = (message: string): CartOutcomeEvent => ({ type: 'customise.cart.failed', message });

/** The outcome a cart at rest shows, when it emitted none for the wizard's item. */
function restingOutcome(kind: CartOperationKind, cart: CartSnapshot): CartOutcomeEvent {
  const { updateItemError, getCartError, detailsError } = cart.context;
  const error = (kind === 'update' ? updateItemError : null) ?? getCartError ?? detailsError;
  if (error) return failed(cartFailureMessage(error));
  return kind === 'update' ? { type: 'customise.cart.done' } : failed(CART_STOPPED);
}

export const cartOutcomeRelay = fromCallback<CartOutcomeEvent, CartOutcomeInput>(({ input, system, sendBack }) => {
  const cart = systemActor(system, 'cart') as ActorRefFrom<typeof cartMachine>;
  let settled = false;
  const settle = (event: CartOutcomeEvent) => {
    if (settled) return;
    settled = true;
    sendBack(event);
  };
  // The cart emits before its observers see the new state: an emitted outcome always comes first.
  const subscriptions = [
    cart.on('cart.item.added', (event) => {
      if (sameItem(event.item, input.item)) settle({ type: 'customise.cart.done' });
    }),
    cart.on('cart.item.failed', (event) => {
      if (sameItem(event.item, input.item)) settle(failed(cartFailureMessage(event.error)));
    }),
    cart.subscribe((snapshot) => {
      if (atRest(snapshot)) settle(restingOutcome(input.kind, snapshot));
    }),
  ];
  // The wizard's event was sent just before: a cart at rest now did not take it.
  if (atRest(cart.getSnapshot())) settle(failed(CART_NOT_READY));
  return () => subscriptions.forEach((s) => s.unsubscribe());
});
