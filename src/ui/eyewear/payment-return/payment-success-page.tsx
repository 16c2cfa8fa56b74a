import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { orderNumberOf } from '../../../services/payment-return/payment-return-params';
import { createAccountPathOf, receiptOf } from '../../../services/payment-return/saved-receipt';
import { useSessionActor } from '../../cart/shop-actor-hooks';
import { AddressLines } from '../../checkout/address-lines';
import { buttonClassName } from '../../shared/button';
import { LinkOutcome } from '../alerts/link-outcome';
import styles from '../alerts/link-outcome.module.css';
import { sessionGateOf } from '../alerts/session-gate';

/**
 * Spec §2 `/success`: the receipt of an order paid on the provider's page — order number and
 * shipping address (handed over by the return page in router state, so a reload keeps it); a guest
 * is offered an account prefilled from the shipping address (spec §2, §6).
 */
export function PaymentSuccessPage() {
  const intl = useIntl();
  const location = useLocation();
  const isSignedIn = useSelector(useSessionActor(), sessionGateOf) === 'signedIn';
  const receipt = receiptOf((location.state as { receipt?: unknown } | null)?.receipt);
  const orderNumber = receipt?.orderNumber ?? orderNumberOf(new URLSearchParams(location.search).get('order'));
  const home = (
    <Link to="/" className={buttonClassName({ priority: 'low' })}>
      {intl.formatMessage({ id: 'alerts.continueShopping', defaultMessage: 'Continue shopping' })}
    </Link>
  );

  if (!orderNumber) {
    const title = intl.formatMessage({ id: 'payment.success.none', defaultMessage: 'There is no recent order to show' });
    return (
      <LinkOutcome
        stateKey="none"
        title={title}
        announcement={title}
        actions={
          <>
            {isSignedIn ? (
              <Link to="/order-history" className={buttonClassName({ priority: 'high' })}>
                {intl.formatMessage({ id: 'payment.success.orders', defaultMessage: 'See your orders' })}
              </Link>
            ) : null}
            {home}
          </>
        }
      >
        <p>{intl.formatMessage({ id: 'payment.success.noneDetail', defaultMessage: 'Order confirmations are also sent by email.' })}</p>
      </LinkOutcome>
    );
  }

  const title = intl.formatMessage({ id: 'payment.success.title', defaultMessage: 'Thank you for your order!' });
  const reference = intl.formatMessage({ id: 'payment.success.reference', defaultMessage: 'Your payment was approved. Your order number is {order}.' }, { order: orderNumber });
  const createAccountPath = createAccountPathOf(receipt, isSignedIn);
  return (
    <LinkOutcome
      stateKey="success"
      title={title}
      announcement={`${title} ${reference}`}
      actions={
        <>
          {isSignedIn ? (
            <Link to="/order-history" className={buttonClassName({ priority: 'normal' })}>
              {intl.formatMessage({ id: 'payment.success.orders', defaultMessage: 'See your orders' })}
            </Link>
          ) : null}
          {home}
        </>
      }
    >
      <p>{reference}</p>
      <p>{intl.formatMessage({ id: 'payment.success.email', defaultMessage: 'A confirmation is on its way to your inbox.' })}</p>
      {receipt?.shippingAddress ? (
        <section aria-labelledby="payment-ship-to">
          <h2 id="payment-ship-to" className={styles.subTitle}>
            {intl.formatMessage({ id: 'payment.success.shipTo', defaultMessage: 'Shipping to' })}
          </h2>
          <AddressLines address={receipt.shippingAddress} />
        </section>
      ) : null}
      {createAccountPath ? (
        <section aria-labelledby="payment-account" className={styles.offer}>
          <h2 id="payment-account" className={styles.subTitle}>
            {intl.formatMessage({ id: 'payment.success.accountTitle', defaultMessage: 'Save your details for next time' })}
          </h2>
          <p>{intl.formatMessage({ id: 'payment.success.accountText', defaultMessage: 'Create an account to follow this order and check out faster.' })}</p>
          <Link to={createAccountPath} className={buttonClassName({ priority: 'high' })}>
            {intl.formatMessage({ id: 'payment.success.createAccount', defaultMessage: 'Create an account' })}
          </Link>
        </section>
      ) : null}
    </LinkOutcome>
  );
}
