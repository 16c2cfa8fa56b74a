import { useSelector } from '@xstate/react';
import { selectCartDetails, selectCartId, selectCartItems, selectIsUpdatingItem, type CartSnapshot } from '../../machines/cart/cart.machine';
import type { CartItem } from '../../machines/cart/cart.types';
import type { CartItemLensOption } from './cart-page.operations';
import { lineAsItemToAdd } from './cart-line';
import { useCartActor } from '../app/shop-actor-hooks';
import { useShopActors } from '../app/shop-actors';
import { selectCartPricesIncludeTax } from '../../machines/store-view/store-view.machine';

const selectIsReady = (snapshot: CartSnapshot) => snapshot.matches('ready');
/** The line a running update or removal is about. */
const selectChangingItemUid = (snapshot: CartSnapshot) => {
  const operation = snapshot.context.operation;
  if (!snapshot.hasTag('updatingItem') && !snapshot.hasTag('removingItem')) return null;
  if (operation?.kind === 'updateItem') return operation.update.itemUid;
  if (operation?.kind === 'removeItem') return operation.itemUid;
  return null;
};

const NO_OPTIONS: readonly CartItemLensOption[] = [];
/** One list per answered line, so a line's row sees the same options until the cart answers again. */
const optionsByLine = new WeakMap<CartItem, readonly CartItemLensOption[]>();

/** A line's lens options: they come with the line in the cart's own answer (no second query to keep in step). */
export function lensOptionsOf(item: CartItem): readonly CartItemLensOption[] {
  if (!item.customizable_options?.length) return NO_OPTIONS;
  let options = optionsByLine.get(item);
  if (!options) {
    options = item.customizable_options.filter((o): o is CartItemLensOption => o !== null);
    optionsByLine.set(item, options);
  }
  return options;
}

/** Whether the store view shows cart lines' prices with their tax (Magento's `shopping_cart_display_price`: ADR 040). */
export const useCartPricesIncludeTax = () => useSelector(useShopActors().storeView, selectCartPricesIncludeTax);

/** The cart's lines with their lens options, and the cart calls a line can make (used by the cart page and the mini cart). */
export function useCartLines() {
  const cart = useCartActor();
  const cartId = useSelector(cart, selectCartId);
  const details = useSelector(cart, selectCartDetails);
  const items = useSelector(cart, selectCartItems, (a, b) => a.length === b.length && a.every((item, i) => item === b[i]));
  const isUpdating = useSelector(cart, selectIsUpdatingItem);
  const isReady = useSelector(cart, selectIsReady);
  const changingUid = useSelector(cart, selectChangingItemUid);
  const pricesIncludeTax = useCartPricesIncludeTax();

  return {
    cartId,
    details,
    items,
    /** No cart call may start: one is running, or the cart is loading. */
    busy: isUpdating || !isReady,
    changingUid,
    /** ADR 040: the store view shows the lines' prices with their tax. */
    pricesIncludeTax,
    lensOptionsOf,
    changeQuantity: (item: CartItem, quantity: number) =>
      cart.send({
        type: 'cart.updateItem',
        // A quantity change keeps the line (and its lens choices): only editing colour or size re-adds it.
        update: { itemUid: item.uid, quantity, isConfigurable: false, item: lineAsItemToAdd(item, quantity) },
      }),
    remove: (item: CartItem) => cart.send({ type: 'cart.removeItem', itemUid: item.uid }),
    beginEdit: (item: CartItem) => cart.send({ type: 'cart.beginEditItem', item }),
    refreshDetails: () => cart.send({ type: 'cart.getDetails' }),
  };
}
