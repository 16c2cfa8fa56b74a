import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectAddItemError,
  selectDetailsError,
  selectGetCartError,
  selectRemoveItemError,
  selectUpdateItemError,
  type CartSnapshot,
} from '../../machines/cart/cart.machine';
import { Button } from '../shared/button';
import { errorMessages } from '../shared/error-messages';
import styles from './cart-status.module.css';
import { useCartActor } from '../app/shop-actor-hooks';
import { shopperMessageOf } from '../shared/shopper-message';

const selectIsRecovering = (snapshot: CartSnapshot) => snapshot.hasTag('recovering');
const selectIsMerging = (snapshot: CartSnapshot) => snapshot.hasTag('merging');
const selectIsUpdating = (snapshot: CartSnapshot) => snapshot.hasTag('updatingItem') || snapshot.hasTag('removingItem');
const selectHasNoCart = (snapshot: CartSnapshot) => snapshot.matches('noCart');
const selectDetailsFailed = (snapshot: CartSnapshot) => snapshot.matches('detailsFailed');

/**
 * What the cart machine is doing and what went wrong, in words: a polite status while it works, an
 * alert with a retry when a call failed. The cart's lines stay on screen whatever happens here.
 */
export function CartStatus() {
  const intl = useIntl();
  const cart = useCartActor();
  const recovering = useSelector(cart, selectIsRecovering);
  const merging = useSelector(cart, selectIsMerging);
  const updating = useSelector(cart, selectIsUpdating);
  const noCart = useSelector(cart, selectHasNoCart);
  const detailsFailed = useSelector(cart, selectDetailsFailed);
  const getCartError = useSelector(cart, selectGetCartError);
  const detailsError = useSelector(cart, selectDetailsError);
  const addItemError = useSelector(cart, selectAddItemError);
  const updateItemError = useSelector(cart, selectUpdateItemError);
  const removeItemError = useSelector(cart, selectRemoveItemError);

  const progress = recovering
    ? intl.formatMessage({ id: 'cart.status.recovering', defaultMessage: 'Your cart had expired. Setting up a new one and trying again…' })
    : merging
      ? intl.formatMessage({ id: 'cart.status.merging', defaultMessage: 'Adding the items you chose as a guest to your account’s cart…' })
      : updating
        ? intl.formatMessage({ id: 'cart.status.updating', defaultMessage: 'Updating your cart…' })
        : '';
  const callError = updateItemError ?? removeItemError ?? addItemError;
  return (
    <>
      <p role="status" className={progress ? styles.progress : 'visually-hidden'}>
        {progress}
      </p>
      {noCart && getCartError ? (
        <div role="alert" className={styles.alert}>
          <p>{shopperMessageOf(getCartError, intl)}</p>
          <Button onClick={() => cart.send({ type: 'cart.getCart' })}>
            <FormattedMessage id="cart.retry" defaultMessage="Try again" />
          </Button>
        </div>
      ) : null}
      {detailsFailed ? (
        <div role="alert" className={styles.alert}>
          <p>{intl.formatMessage(errorMessages.generic)}</p>
          {detailsError ? <p className={styles.detail}>{shopperMessageOf(detailsError, intl)}</p> : null}
          <Button onClick={() => cart.send({ type: 'cart.getDetails' })}>
            <FormattedMessage id="cart.retry" defaultMessage="Try again" />
          </Button>
        </div>
      ) : null}
      {callError ? (
        <div role="alert" className={styles.alert}>
          <p>{shopperMessageOf(callError, intl)}</p>
        </div>
      ) : null}
    </>
  );
}
