import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { selectCartItems } from '../../machines/cart/cart.machine';
import type { CartItem } from '../../machines/cart/cart.types';
import { useCartActor } from '../app/shop-actor-hooks';
import { CartItemRow } from './cart-item-row';
import styles from './mini-cart.module.css';
import { lensOptionsOf, useCartPricesIncludeTax } from './use-cart-lines';

const sameLines = (a: CartItem[], b: CartItem[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * The cart's lines as an order summary lists them (checkout): picture, name, colour and
 * size, lenses and prescription, quantity and row total, with no controls: the cart is changed on
 * its own page.
 */
export function CartItemsSummary() {
  const intl = useIntl();
  const items = useSelector(useCartActor(), selectCartItems, sameLines);
  const pricesIncludeTax = useCartPricesIncludeTax();
  if (!items.length) return null;
  return (
    <ul className={styles.list} aria-label={intl.formatMessage({ id: 'checkout.summary.items', defaultMessage: 'Items in your order' })}>
      {items.map((item) => (
        <CartItemRow key={item.uid} item={item} compact lensOptions={lensOptionsOf(item)} busy={false} changing={false} pricesIncludeTax={pricesIncludeTax} />
      ))}
    </ul>
  );
}
