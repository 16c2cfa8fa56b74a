import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectDrawer } from '../../machines/app/app.machine';
import { selectIsEmpty, selectIsLoading } from '../../machines/cart/cart.machine';
import { buttonClassName } from '../shared/button';
import { ModalDrawer } from '../shared/modal-drawer';
import { Price } from '../shared/price';
import { CartItemRow } from './cart-item-row';
import { CartLeftNotice } from './cart-left-notice';
import { CartShimmer } from './cart-page';
import { CartStatus } from './cart-status';
import styles from './mini-cart.module.css';
import { useAppActor, useCartActor } from '../app/shop-actor-hooks';
import { useCartLines } from './use-cart-lines';

/** The name of the mini cart in the app machine's drawer state. */
export const MINI_CART_DRAWER = 'cart';

/** The mini cart: a side drawer with the cart's lines, its total, and the ways to the cart and checkout. */
export function MiniCart() {
  const intl = useIntl();
  const app = useAppActor();
  const cart = useCartActor();
  const open = useSelector(app, selectDrawer) === MINI_CART_DRAWER;
  const isEmpty = useSelector(cart, selectIsEmpty);
  const isLoading = useSelector(cart, selectIsLoading);
  const lines = useCartLines();
  const close = () => app.send({ type: 'app.drawer.close' });
  const total = lines.details?.prices?.grand_total ?? null;
  const showLines = Boolean(lines.details) && !isEmpty;

  return (
    <ModalDrawer
      open={open}
      onClose={close}
      side="right"
      title={intl.formatMessage({ id: 'cart.mini.title', defaultMessage: 'Your cart' })}
      footer={
        showLines ? (
          <div className={styles.footer}>
            {total ? (
              <p className={styles.total}>
                <span>
                  <FormattedMessage id="cart.mini.subtotal" defaultMessage="Total" />
                </span>
                <Price value={total.value} currency={total.currency} />
              </p>
            ) : null}
            <Link to="/checkout" className={buttonClassName({ priority: 'high' }, styles.action)} onClick={close}>
              <FormattedMessage id="cart.checkout" defaultMessage="Proceed to checkout" />
            </Link>
            <Link to="/cart" className={buttonClassName({ priority: 'normal' }, styles.action)} onClick={close}>
              <FormattedMessage id="cart.mini.editCart" defaultMessage="Edit cart" />
            </Link>
          </div>
        ) : null
      }
    >
      <CartStatus />
      {isLoading && !lines.details ? (
        <CartShimmer />
      ) : showLines ? (
        <ul className={styles.list} aria-busy={lines.busy || undefined}>
          {lines.items.map((item) => (
            <CartItemRow
              key={item.uid}
              item={item}
              compact
              lensOptions={lines.lensOptionsOf(item)}
              busy={lines.busy}
              changing={lines.changingUid === item.uid}
              pricesIncludeTax={lines.pricesIncludeTax}
              onQuantityChange={(quantity) => lines.changeQuantity(item, quantity)}
              onRemove={() => lines.remove(item)}
            />
          ))}
        </ul>
      ) : isEmpty ? (
        <div className={styles.empty}>
          <CartLeftNotice />
          <p>
            <FormattedMessage id="cart.empty" defaultMessage="There are no items in your cart." />
          </p>
          <Link to="/" className={buttonClassName({ priority: 'normal' })} onClick={close}>
            <FormattedMessage id="cart.continueShopping" defaultMessage="Continue shopping" />
          </Link>
        </div>
      ) : null}
    </ModalDrawer>
  );
}
