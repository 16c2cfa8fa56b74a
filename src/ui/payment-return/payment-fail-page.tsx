import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectIsEmpty, selectIsLoading, selectNumItems } from '../../machines/cart/cart.machine';
import { orderNumberOf } from '../../services/payment-return/payment-return-params';
import { useCartActor } from '../app/shop-actor-hooks';
import { buttonClassName } from '../shared/button';
import { LinkOutcome } from '../shared/link-page/link-outcome';
import styles from '../shared/link-page/link-outcome.module.css';

/**
 * Spec §2 `/paymentfail`: the provider declined the payment. The backend cancelled the order and
 * gave its cart back (the return page made it the current cart), so the shopper tries again from
 * checkout with everything still there; the count shown is the live cart's, not a promise.
 */
export function PaymentFailPage() {
  const intl = useIntl();
  const location = useLocation();
  const cart = useCartActor();
  const numItems = useSelector(cart, selectNumItems);
  const isEmpty = useSelector(cart, selectIsEmpty);
  const isLoading = useSelector(cart, selectIsLoading);
  const orderNumber = orderNumberOf(new URLSearchParams(location.search).get('order'));
  const title = intl.formatMessage({ id: 'payment.fail.title', defaultMessage: "Your payment didn't go through" });
  const declined = orderNumber
    ? intl.formatMessage(
        { id: 'payment.fail.declinedOrder', defaultMessage: 'The payment for order #{order} was declined, so the order was cancelled.' },
        { order: orderNumber },
      )
    : // No order named (an address typed or kept without one): nothing is known to be cancelled, so nothing is claimed (ADR 039).
      intl.formatMessage({
        id: 'payment.fail.noOrder',
        defaultMessage: 'This page names no order, so no order was cancelled. If you were paying for one, its email or your account shows where it stands.',
      });
  const cartLine = isLoading
    ? intl.formatMessage({ id: 'payment.fail.cartLoading', defaultMessage: 'Loading your cart…' })
    : isEmpty
      ? intl.formatMessage({ id: 'payment.fail.cartEmpty', defaultMessage: 'Your cart is empty.' })
      : intl.formatMessage(
          { id: 'payment.fail.cartKept', defaultMessage: 'Your cart is just as you left it: {count, plural, one {# item} other {# items}}.' },
          { count: numItems },
        );
  return (
    <LinkOutcome
      stateKey="paymentfail"
      tone="problem"
      title={title}
      announcement={`${title}. ${declined}`}
      actions={
        <>
          {isEmpty && !isLoading ? null : (
            <Link to="/checkout" className={buttonClassName({ priority: 'high' })}>
              {intl.formatMessage({ id: 'payment.fail.tryAgain', defaultMessage: 'Try again' })}
            </Link>
          )}
          <Link to="/cart" className={buttonClassName({ priority: 'low' })}>
            {intl.formatMessage({ id: 'payment.viewCart', defaultMessage: 'View your cart' })}
          </Link>
        </>
      }
    >
      <p>{declined}</p>
      <p className={styles.cartSummary} aria-live="polite">
        {cartLine}
      </p>
      <p>
        {intl.formatMessage({
          id: 'payment.fail.detail',
          defaultMessage: 'You were not charged. Try again with another card or payment method, or contact your bank if it keeps happening.',
        })}
      </p>
    </LinkOutcome>
  );
}
