/**
 * What the views read of the store view machine's record of the cart a switch left behind
 * (store-view.machine.ts): a module of its own, so only the cart's lazily loaded views carry it.
 */
import type { CartLeft, StoreViewContext } from './store-view.machine';

/** The cart left behind in another store view, shown while this one is ready (null once back in that view). */
export const selectCartLeft = (snapshot: { context: StoreViewContext; matches(state: 'ready'): boolean }): CartLeft | null => {
  const { cartLeft, storeCode } = snapshot.context;
  return snapshot.matches('ready') && cartLeft && cartLeft.storeCode !== storeCode ? cartLeft : null;
};
