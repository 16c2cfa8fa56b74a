/**
 * Making another cart the current one: a restored abandoned cart (spec §2), or the cart a failed
 * hosted payment gave back.
 *
 * With `adoptInCart` (see `sendCartAdopt`): the cart machine is sent `cart.adopt { cartId }`. It
 * drops whatever it was doing with its old cart (a cart still being created cannot save its id over
 * the adopted one), stores the id under the cart key with the store-code suffix (spec §9), loads the
 * cart's details (which also check that the shopper may use it, spec §6) and the shopper goes on to
 * the destination inside the app: no page reload. Other open tabs follow through the cross-tab
 * storage listener (spec §4 "the page reloads").
 *
 * Without it (a caller that has no cart actor) the earlier way stays: the new id is written where the
 * machine reads it on start and the page is loaded again at the destination; when the machine
 * already holds that cart its details are refreshed and the shopper navigates inside the app.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { waitFor, type ActorRefFrom } from 'xstate';
import type { cartMachine } from '../../machines/cart/cart.machine';
import { GET_CART_DETAILS } from '../cart/cart.operations';
import type { BrowserStorage } from '../storage/browser-storage';
import { cartIdKey } from '../storage/storage-keys';

export interface CartAdoptionDeps {
  storage: BrowserStorage;
  storeCode: string;
  /** The cart machine's cart id once it is not loading (see `settledCartId`). */
  settledCartId: () => Promise<string | null>;
  /**
   * Fetches the cart's details past the browser's HTTP cache, so the cart machine does not read a
   * stale answer for that id (GET queries are cached: an answer from before the restore, e.g.
   * "The cart isn't active.", would otherwise come back). Failures are ignored: it is a freshness aid.
   */
  revalidateCart: (cartId: string) => Promise<void>;
  /** Refetches the current cart's details (`cart.getDetails`). */
  refreshCart: () => void;
  /** A full page load of an absolute path (`/ca/cart`). */
  loadPage: (path: string) => void;
  /** Makes the cart the cart machine's current one (`sendCartAdopt`); when given, nothing is reloaded. */
  adoptInCart?: (cartId: string) => void;
}

/**
 * `adopted`: the cart machine took the cart in place; `navigated`: it already held it (its details
 * are refreshed); `reloaded`: the destination page is being loaded. For the first two the caller's
 * view goes to the destination once the request is done: a navigate function captured when a
 * request starts may belong to a render React never committed, and React Router ignores it then.
 */
export type CartAdoption = 'adopted' | 'navigated' | 'reloaded';

export async function adoptCart(deps: CartAdoptionDeps, cartId: string, destination: string): Promise<CartAdoption> {
  if (typeof cartId !== 'string' || cartId.trim() === '') throw new Error('A cart id is needed to make a cart the current one.');
  if (deps.adoptInCart) {
    // The machine fetches the details itself, network only (cart answers are never HTTP-cached:
    // the backend sends no-store, Magento marks `cart` uncacheable), so no revalidation is needed.
    deps.adoptInCart(cartId);
    return 'adopted';
  }
  // Waiting first: a machine still creating or recovering a cart would save its own id over ours.
  const current = await deps.settledCartId();
  await deps.revalidateCart(cartId).catch(() => undefined);
  if (current === cartId) {
    deps.refreshCart();
    return 'navigated';
  }
  deps.storage.setItem(cartIdKey(deps.storeCode), cartId);
  deps.loadPage(`/${deps.storeCode}${destination.startsWith('/') ? destination : `/${destination}`}`);
  return 'reloaded';
}

/**
 * Sends `cart.adopt` to the cart machine: the actor given IS the shop's cart (the caller holds its
 * ref), so nothing is looked up in its system, and no fallback could pick another actor.
 */
export function sendCartAdopt(cart: ActorRefFrom<typeof cartMachine>, cartId: string): void {
  cart.send({ type: 'cart.adopt', cartId });
}

/** How long to wait for a busy cart machine before adopting anyway. */
export const CART_SETTLE_TIMEOUT_MS = 15_000;

/** The cart machine's id once it has stopped loading (creating, fetching, recovering, merging). */
export async function settledCartId(cart: ActorRefFrom<typeof cartMachine>, timeoutMs = CART_SETTLE_TIMEOUT_MS): Promise<string | null> {
  try {
    const settled = await waitFor(cart, (snapshot) => !snapshot.hasTag('loading'), { timeout: timeoutMs });
    return settled.context.cartId;
  } catch {
    return cart.getSnapshot().context.cartId;
  }
}

/** The cart machine's details query for that id, sent past the HTTP cache (`cache: 'reload'` refreshes the stored answer). */
export async function revalidateCartDetails(client: ApolloClient<NormalizedCacheObject>, cartId: string): Promise<void> {
  await client.query({
    query: GET_CART_DETAILS,
    variables: { cartId },
    fetchPolicy: 'network-only',
    errorPolicy: 'all',
    context: { fetchOptions: { cache: 'reload' } },
  });
}

/**
 * What adopting another cart needs from the running shop (the composition root's page machines
 * registry gives it): the page's storage, the store code and the cart actor, which adopts the cart
 * in place. The page itself goes to /cart once the link's request is done.
 */
export function shopCartAdoption(shop: {
  client: ApolloClient<NormalizedCacheObject>;
  cart: ActorRefFrom<typeof cartMachine>;
  storage: BrowserStorage;
  storeCode: string;
  loadPage: (path: string) => void;
}): CartAdoptionDeps {
  const { client, cart, storage, storeCode, loadPage } = shop;
  return {
    storage,
    storeCode,
    settledCartId: () => settledCartId(cart),
    revalidateCart: (cartId) => revalidateCartDetails(client, cartId),
    refreshCart: () => cart.send({ type: 'cart.getDetails' }),
    // The cart machine takes the restored cart as the current one: no page load.
    adoptInCart: (cartId) => sendCartAdopt(cart, cartId),
    loadPage,
  };
}
