/**
 * Browser events the machines hear about (ADR 001: machines never touch window): connectivity
 * (spec §4 App), the cart id changed in another tab (spec §4 Cart), unhandled errors (spec §8).
 * Each listener returns its removal.
 */
import type { AnyActorRef } from 'xstate';
import { cartIdKey } from '../storage/storage-keys';

type EventSource = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export function listenToConnectivity(target: EventSource, app: AnyActorRef): () => void {
  const online = () => app.send({ type: 'app.online' });
  const offline = () => app.send({ type: 'app.offline' });
  target.addEventListener('online', online);
  target.addEventListener('offline', offline);
  return () => {
    target.removeEventListener('online', online);
    target.removeEventListener('offline', offline);
  };
}

/**
 * The connection came back: the cart hears `cart.online`, so a cart whose details a lost connection
 * kept it from reading (spec §4: a fetch error clears the cart) is read again without a reload; the
 * route machine hears `route.online`, so a page that failed for want of a connection (ADR 007)
 * is resolved again.
 */
export function listenToConnectionBack(target: EventSource, actors: { cart: AnyActorRef; route: AnyActorRef }): () => void {
  const online = () => {
    actors.cart.send({ type: 'cart.online' });
    actors.route.send({ type: 'route.online' });
  };
  target.addEventListener('online', online);
  return () => target.removeEventListener('online', online);
}

/** The cart id a storage event carries (the browser-storage record's value), or null. */
export function cartIdOfStoredValue(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const record = JSON.parse(raw) as { value?: unknown } | null;
    return typeof record?.value === 'string' ? record.value : null;
  } catch {
    return null;
  }
}

export function listenToCartIdChanges(target: EventSource, storeCode: string, cart: AnyActorRef): () => void {
  const key = cartIdKey(storeCode);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    cart.send({ type: 'cart.storage.changed', cartId: cartIdOfStoredValue(event.newValue) });
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/** The part of a BroadcastChannel the cart's tabs use. */
export type CartChannel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener'>;

/** One channel per store view: the tabs of the same shop and store view share a cart (spec §9: the key carries the store code). */
export function openCartChannel(storeCode: string): CartChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(`lunette-cart-${storeCode}`) : null;
}

/** ADR 039: this tab changed the cart: the shop's other tabs read it again (the channel does not deliver to its sender). */
export function announceCartChange(channel: CartChannel | null, cartId: string): void {
  channel?.postMessage({ type: 'cart.changed', cartId });
}

/** ADR 039: another tab changed a cart: the cart machine hears `cart.changed.elsewhere` and reads it again if it is its own. */
export function listenToCartChangesElsewhere(channel: CartChannel, cart: AnyActorRef): () => void {
  const onMessage = (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; cartId?: unknown } | null;
    if (data?.type === 'cart.changed' && typeof data.cartId === 'string') cart.send({ type: 'cart.changed.elsewhere', cartId: data.cartId });
  };
  channel.addEventListener('message', onMessage as EventListener);
  return () => channel.removeEventListener('message', onMessage as EventListener);
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Browsers report a ResizeObserver that could not deliver every notice in one frame as a window
 * error without an error object; nothing failed, so the shopper must not see the error overlay.
 */
export function isBenignWindowError(event: Pick<ErrorEvent, 'error' | 'message'>): boolean {
  return event.error == null && /^ResizeObserver loop/.test(event.message ?? '');
}

export function listenToUnhandledErrors(target: EventSource, app: AnyActorRef, now: () => number, random: () => number = Math.random): () => void {
  const report = (error: unknown) =>
    app.send({ type: 'app.error.unhandled', error, occurredAt: now(), randomLetter: LETTERS.charAt(Math.floor(random() * LETTERS.length)) });
  const onError = (event: ErrorEvent) => {
    if (!isBenignWindowError(event)) report(event.error ?? new Error(event.message));
  };
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
