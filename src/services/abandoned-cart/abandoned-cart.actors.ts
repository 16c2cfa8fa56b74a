/**
 * The live `request` of the link machine for the abandoned-cart link (spec §2
 * `/abandonedcart/checkout/cart/id/{id}/token/{token}/`): the backend checks the link, then the
 * restored cart becomes the current one and the shopper goes to /cart. A refused link leaves the
 * current cart exactly as it was (nothing is written before the backend accepts it).
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import { CART_NOT_ACTIVE } from '../../machines/cart/cart.machine';
import type { LinkFailure, LinkRequestOutput } from '../../machines/link-request/link-request.machine';
import { requestFailureOf } from '../alerts/request-failure';
import type { AbandonedCartLink } from './abandoned-cart-link';
import { adoptCart, type CartAdoptionDeps } from './cart-adoption';
import { restoreAbandonedCart } from './restore-abandoned-cart';

export function restoreFailureOf(error: unknown, isSignedIn: boolean): LinkFailure {
  const failure = requestFailureOf(error);
  if (failure.kind === 'unauthorized') return { kind: 'refused', reason: isSignedIn ? 'badLink' : 'signInNeeded' };
  if (failure.kind === 'refused') return { kind: 'refused', reason: failure.message.includes(CART_NOT_ACTIVE) ? 'unavailable' : 'badLink' };
  return { kind: 'retryable', detail: null };
}

export interface AbandonedCartRequestDeps {
  client: ApolloClient<NormalizedCacheObject>;
  now: () => number;
  adoption: CartAdoptionDeps;
}

export function restoreAbandonedCartRequest({ client, now, adoption }: AbandonedCartRequestDeps, link: AbandonedCartLink, isSignedIn: boolean) {
  return fromPromise<LinkRequestOutput, { attempt: number }>(async () => {
    const cartId = await restoreAbandonedCart(client, link, isSignedIn).catch((error: unknown) => Promise.reject(restoreFailureOf(error, isSignedIn)));
    await adoptCart(adoption, cartId, '/cart');
    return { at: now(), answer: { productName: null, productPath: null } };
  });
}
