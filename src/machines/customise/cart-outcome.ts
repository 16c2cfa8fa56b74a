/**
 * How the lens wizard asks the cart for its line and learns the outcome (spec §4 "Add item", "Update
 * item"; ADR 010 §6): only from the cart's answer.
 *
 * `cartRequest` is a callback actor the wizard invokes: it sends the system's 'cart' the wizard's event
 * (`cart.addItem`, or `cart.updateItem` with every option) carrying a request `{ id, replyTo }`, and the
 * cart answers it once with `cart.answer` (done, or failed with the cart's error) whatever becomes of
 * it: added, refused, not taken (the cart was busy or had no cart), dropped (the cart was replaced).
 * The actor turns the answer into the wizard's `customise.cart.done` / `customise.cart.failed`.
 * A cart that is stopped before it answers cannot answer: its end is the answer (the shop replaced
 * it), and a shop with no cart at all is told at once.
 */
import { fromCallback, type AnyActorRef } from 'xstate';
import { CART_NOT_READY_ERROR, CART_STOPPED_ERROR } from '../cart/cart.machine';
import type { CartAnswer, CartError } from '../cart/cart.types';
import type { CartEventOfWizard } from './customise-choices';
import { shopFailureMessage } from '../shared/shop-failure';

/** The cart could not take the line (busy, or no cart in the shop): a failure of the shop's own, as a message (shop-failure.ts). */
export const CART_NOT_READY = CART_NOT_READY_ERROR.message;
export const OUT_OF_STOCK_AT_ADD = shopFailureMessage('soldOutAtAdd');
/** The cart dropped the line, or stopped, before it answered. */
export const CART_STOPPED = CART_STOPPED_ERROR.message;

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

export interface CartRequestInput {
  /** The wizard's event for the cart (its line to add, or the edited line's update). */
  event: CartEventOfWizard;
}

/** What the request tells the wizard. */
export type CartOutcomeEvent = { type: 'customise.cart.done' } | { type: 'customise.cart.failed'; message: string };

const failed = (message: string): CartOutcomeEvent => ({ type: 'customise.cart.failed', message });

const outcomeOf = (answer: CartAnswer): CartOutcomeEvent =>
  answer.outcome === 'done' ? { type: 'customise.cart.done' } : failed(cartFailureMessage(answer.error));

export const cartRequest = fromCallback<CartAnswer, CartRequestInput>(({ input, system, self, sendBack, receive }) => {
  const cart = system.get('cart') as AnyActorRef | undefined;
  if (!cart || cart.getSnapshot().status !== 'active') {
    sendBack(failed(CART_NOT_READY));
    return;
  }
  // The request's id is this request actor's own: unique in the system, never reused.
  const requestId = self.sessionId;
  let settled = false;
  const settle = (event: CartOutcomeEvent) => {
    if (settled) return;
    settled = true;
    sendBack(event);
  };
  receive((answer) => {
    if (answer.type === 'cart.answer' && answer.requestId === requestId) settle(outcomeOf(answer));
  });
  const end = () => settle(failed(CART_STOPPED));
  const watch = cart.subscribe({ complete: end, error: end });
  cart.send({ ...input.event, request: { id: requestId, replyTo: self } });
  return () => watch.unsubscribe();
});
