import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import {
  selectCartDetails,
  selectCartId,
  selectCartItems,
  selectIsUpdatingItem,
  type CartSnapshot,
} from '../../machines/cart/cart.machine';
import type { CartItem } from '../../machines/cart/cart.types';
import { GET_CART_LENS_OPTIONS, type CartItemLensOption } from './cart-page.operations';
import { lineAsItemToAdd } from './cart-line';
import { useCartActor } from './shop-actor-hooks';

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

/** The cart's lines with their lens options, and the cart calls a line can make (used by the cart page and the mini cart). */
export function useCartLines() {
  const cart = useCartActor();
  const cartId = useSelector(cart, selectCartId);
  const details = useSelector(cart, selectCartDetails);
  const items = useSelector(cart, selectCartItems, (a, b) => a.length === b.length && a.every((item, i) => item === b[i]));
  const isUpdating = useSelector(cart, selectIsUpdatingItem);
  const isReady = useSelector(cart, selectIsReady);
  const changingUid = useSelector(cart, selectChangingItemUid);

  const itemsKey = items.map((item) => `${item.uid}:${item.quantity}`).join();
  const lens = useQuery(GET_CART_LENS_OPTIONS, { variables: { cartId: cartId ?? '' }, skip: !cartId || items.length === 0 });
  const { refetch } = lens;
  useEffect(() => {
    // A line added, changed or removed: its lens options may be new.
    if (cartId && itemsKey) void refetch().catch(() => undefined);
  }, [cartId, itemsKey, refetch]);

  const lensOptionsByUid = useMemo(() => {
    const map = new Map<string, CartItemLensOption[]>();
    for (const line of lens.data?.cart?.items ?? []) {
      if (line) map.set(line.uid, (line.customizable_options ?? []).filter((o): o is CartItemLensOption => o !== null));
    }
    return map;
  }, [lens.data]);
  const lensOptionsOf = (item: CartItem) => lensOptionsByUid.get(item.uid) ?? NO_OPTIONS;

  return {
    cartId,
    details,
    items,
    /** No cart call may start: one is running, or the cart is loading. */
    busy: isUpdating || !isReady,
    changingUid,
    lensOptionsOf,
    changeQuantity: (item: CartItem, quantity: number) =>
      cart.send({
        type: 'cart.updateItem',
        // A quantity change keeps the line (and its lens choices): only editing colour or size re-adds it.
        update: { itemUid: item.uid, quantity, isConfigurable: false, item: lineAsItemToAdd(item, quantity, lensOptionsOf(item)) },
      }),
    remove: (item: CartItem) => cart.send({ type: 'cart.removeItem', itemUid: item.uid }),
    beginEdit: (item: CartItem) => cart.send({ type: 'cart.beginEditItem', item }),
    refreshDetails: () => cart.send({ type: 'cart.getDetails' }),
  };
}
