/**
 * Browser events the machines hear about (DESIGN §3: machines never touch window): connectivity
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
