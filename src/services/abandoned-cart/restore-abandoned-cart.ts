/**
 * Spec §2 abandoned-cart link: the backend checks the link's token and answers the cart to use.
 * A guest uses that cart. A signed-in customer keeps working in their own cart (spec §6: customers
 * use their cart, a guest cart cannot be read with a customer token), so a guest cart's link adds
 * its lines to the customer's cart with Magento's mergeCarts; the customer's own cart comes back as is.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import type { AbandonedCartLink } from './abandoned-cart-link';
import { MERGE_RESTORED_CART, RESTORE_ABANDONED_CART, RESTORING_CUSTOMER_CART } from './abandoned-cart.operations';

/** The cart id to make current once the link is accepted; rejects with the Apollo error otherwise. */
export async function restoreAbandonedCart(client: ApolloClient<NormalizedCacheObject>, link: AbandonedCartLink, isSignedIn: boolean): Promise<string> {
  const { lunetteRestoreAbandonedCart: restored } = await runMutation(client, RESTORE_ABANDONED_CART, { input: link });
  if (!restored?.cart_id) throw new Error('The shop answered without a cart.');
  if (!isSignedIn) return restored.cart_id;
  const { customerCart } = await runQuery(client, RESTORING_CUSTOMER_CART, {}, 'network-only');
  if (!customerCart?.id || customerCart.id === restored.cart_id) return restored.cart_id;
  const { mergeCarts } = await runMutation(client, MERGE_RESTORED_CART, { source: restored.cart_id, destination: customerCart.id });
  return mergeCarts?.id ?? customerCart.id;
}
