/**
 * ADR 042: the hosted payment this browser was sent to pay, kept until the shop hears how it ended.
 * The record (cart, order number) is the store view's, in localStorage, so any tab can ask about it;
 * the tab that went to the provider's page marks itself in its sessionStorage, which Back keeps and
 * a new tab does not have: only that tab "came back" and gets the cart at once.
 */
import { gql, type ApolloClient, type NormalizedCacheObject, type TypedDocumentNode } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { PendingPayment, RestoredPaymentCart } from '../../machines/cart/cart.types';
import { runMutation } from '../apollo/operation-helpers';
import { isProviderReturnPath } from '../payment-return/payment-return-params';
import type { BrowserStorage } from '../storage/browser-storage';
import { pendingPaymentKey } from '../storage/storage-keys';

interface StoredPendingPayment {
  cartId: string;
  orderNumber: string;
}

const isStoredPendingPayment = (value: unknown): value is StoredPendingPayment =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredPendingPayment).cartId === 'string' &&
  (value as StoredPendingPayment).cartId !== '' &&
  typeof (value as StoredPendingPayment).orderNumber === 'string';

/**
 * The pending payment of this store view, and whether this tab is the one that went to pay it. On the
 * provider's return page there is none: the provider says how the payment ended, and that page's
 * verification completes the order or gives the cart back; asking to give it back there would race it.
 */
export function readPendingPayment(storage: BrowserStorage, tabStorage: BrowserStorage, storeCode: string, pathname: string): PendingPayment | null {
  if (isProviderReturnPath(pathname)) {
    clearPendingPayment(storage, tabStorage, storeCode);
    return null;
  }
  const stored = storage.getItem<unknown>(pendingPaymentKey(storeCode));
  if (!isStoredPendingPayment(stored)) return null;
  const wentFromThisTab = tabStorage.getItem<unknown>(pendingPaymentKey(storeCode)) === stored.orderNumber;
  return { cartId: stored.cartId, orderNumber: stored.orderNumber, cameBack: wentFromThisTab };
}

export function savePendingPayment(storage: BrowserStorage, tabStorage: BrowserStorage, storeCode: string, payment: StoredPendingPayment): void {
  storage.setItem(pendingPaymentKey(storeCode), payment);
  tabStorage.setItem(pendingPaymentKey(storeCode), payment.orderNumber);
}

export function clearPendingPayment(storage: BrowserStorage, tabStorage: BrowserStorage, storeCode: string): void {
  storage.removeItem(pendingPaymentKey(storeCode));
  tabStorage.removeItem(pendingPaymentKey(storeCode));
}

export const RESTORE_PENDING_PAYMENT_CART: TypedDocumentNode<
  { lunetteRestorePendingPaymentCart: { cart_id: string | null; order_number: string } | null },
  { cartId: string; cameBack: boolean }
> = gql`
  mutation RestorePendingPaymentCart($cartId: String!, $cameBack: Boolean!) {
    lunetteRestorePendingPaymentCart(cart_id: $cartId, came_back: $cameBack) {
      cart_id
      order_number
    }
  }
`;

/** The cart machine's `restorePendingPayment`: the backend decides, from the order's own state, whether the cart comes back. */
export const restorePendingPaymentActor = (client: ApolloClient<NormalizedCacheObject>) =>
  fromPromise<RestoredPaymentCart | null, { cartId: string; cameBack: boolean }>(async ({ input }) => {
    const { lunetteRestorePendingPaymentCart: answer } = await runMutation(client, RESTORE_PENDING_PAYMENT_CART, input);
    return answer ? { orderNumber: answer.order_number, cartId: answer.cart_id } : null;
  });
