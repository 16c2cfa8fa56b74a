/**
 * Making another cart the current one: a restored abandoned cart (spec §2), or the cart a failed
 * hosted payment gave back. The cart machine has no event to swap its cart id, so the new id is
 * written where the machine reads it on start (the stored cart id, key with the store-code suffix,
 * spec §9) and the page is loaded again at the destination. That is the behaviour spec §4 already
 * gives a changed stored cart id ("the page reloads"), and every other open tab follows through the
 * cross-tab storage listener.
 *
 * When the machine already holds that cart (the same link opened twice), nothing is reloaded: its
 * details are refreshed and the shopper is taken to the destination inside the app.
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
  /** In-app navigation, relative to the store's base path. */
  navigate: (path: string) => void;
  /** A full page load of an absolute path (`/ca/cart`). */
  loadPage: (path: string) => void;
}

export type CartAdoption = 'navigated' | 'reloaded';

export async function adoptCart(deps: CartAdoptionDeps, cartId: string, destination: string): Promise<CartAdoption> {
  // Waiting first: a machine still creating or recovering a cart would save its own id over ours.
  const current = await deps.settledCartId();
  await deps.revalidateCart(cartId).catch(() => undefined);
  if (current === cartId) {
    deps.refreshCart();
    deps.navigate(destination);
    return 'navigated';
  }
  deps.storage.setItem(cartIdKey(deps.storeCode), cartId);
  deps.loadPage(`/${deps.storeCode}${destination.startsWith('/') ? destination : `/${destination}`}`);
  return 'reloaded';
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
  await client.query({ query: GET_CART_DETAILS, variables: { cartId }, fetchPolicy: 'network-only', errorPolicy: 'all', context: { fetchOptions: { cache: 'reload' } } });
}
