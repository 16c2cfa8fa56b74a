import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectOrderLookup, selectOrderLookupInput } from '../../machines/checkout/checkout.machine';
import { isHostedPayment } from '../../machines/checkout/checkout.types';
import { orderNumberOf } from '../../services/payment-return/payment-return-params';
import { createAccountPathOf } from '../../services/payment-return/saved-receipt';
import { useCheckoutActor, useSessionActor } from '../app/shop-actor-hooks';
import { CUSTOMER_ORDER_BY_NUMBER, GUEST_ORDER_BY_TOKEN } from '../../services/checkout/order-requests.operations';
import { PaymentInstructions, ReceiptOrderSummaryView } from '../account';
import { AddressLines } from '../checkout';
import { buttonClassName } from '../shared/button';
import { ContinueShoppingLink, LinkErrorOutcome, LinkOutcome, WorkingOutcome } from '../shared/link-page/link-outcome';
import styles from '../shared/link-page/link-outcome.module.css';
import { sessionGateOf } from '../shared/link-page/session-gate';

/** The order token a verified payment return handed over in router state (a reload keeps it). */
function orderTokenOf(state: unknown): string | null {
  const token = (state as { orderToken?: unknown } | null)?.orderToken;
  return typeof token === 'string' && token !== '' ? token : null;
}

/**
 * Spec §2 `/success`: the receipt of an order paid on the provider's page. Nothing in the URL is
 * believed: the checkout machine asks the backend (`checkout.order.lookup`) and the order is shown
 * only when it is this shopper's — a customer's own order, or a guest's order read with the token
 * its verified payment return carried. `/success?order=<another order>` shows no order. A guest is
 * offered an account prefilled from the order's shipping address (spec §2, §6).
 */
export function PaymentSuccessPage() {
  const intl = useIntl();
  const location = useLocation();
  const checkout = useCheckoutActor();
  const gate = useSelector(useSessionActor(), sessionGateOf);
  const isSignedIn = gate === 'signedIn';
  const orderNumber = orderNumberOf(new URLSearchParams(location.search).get('order'));
  const orderToken = orderTokenOf(location.state);
  const lookup = useSelector(checkout, selectOrderLookup);
  const asked = useSelector(checkout, selectOrderLookupInput);
  // Asked once the session is known: a customer's orders are read with their token.
  useEffect(() => {
    if (gate === 'unknown') return;
    checkout.send({ type: 'checkout.order.lookup', orderNumber, orderToken, isSignedIn: gate === 'signedIn' });
  }, [checkout, gate, orderNumber, orderToken]);

  const home = <ContinueShoppingLink />;
  const orders = (priority: 'high' | 'normal') =>
    isSignedIn ? (
      <Link to="/order-history" className={buttonClassName({ priority })}>
        {intl.formatMessage({ id: 'payment.success.orders', defaultMessage: 'See your orders' })}
      </Link>
    ) : null;
  const current = asked !== null && asked.orderNumber === (orderNumber ?? '') && asked.orderToken === orderToken && asked.isSignedIn === isSignedIn;

  if (gate === 'unknown' || !current || !lookup || lookup.status === 'checking') {
    return (
      <WorkingOutcome
        stateKey="checking"
        title={intl.formatMessage({ id: 'payment.success.checking.title', defaultMessage: 'Your order' })}
        label={intl.formatMessage({ id: 'payment.success.checking', defaultMessage: 'Looking up your order…' })}
      />
    );
  }
  if (lookup.status === 'failed') {
    return (
      <LinkErrorOutcome
        title={intl.formatMessage({ id: 'payment.success.failed', defaultMessage: "We couldn't look up your order yet" })}
        message={lookup.error}
        retryLabel={intl.formatMessage({ id: 'payment.checkAgain', defaultMessage: 'Check again' })}
        onRetry={() => checkout.send({ type: 'checkout.order.lookup.retry' })}
        otherAction={home}
      />
    );
  }
  if (lookup.status === 'notFound') {
    const title = intl.formatMessage({ id: 'payment.success.none', defaultMessage: 'There is no recent order to show' });
    const why = orderNumber
      ? intl.formatMessage(
          {
            id: 'payment.success.notYours',
            defaultMessage: 'Order #{order} cannot be shown here: it was not paid in this browser, or it belongs to another account.',
          },
          { order: orderNumber },
        )
      : null;
    return (
      <LinkOutcome
        stateKey="none"
        title={title}
        announcement={why ? `${title}. ${why}` : title}
        actions={
          <>
            {orders('high')}
            {home}
          </>
        }
      >
        {why ? <p>{why}</p> : null}
        <p>{intl.formatMessage({ id: 'payment.success.noneDetail', defaultMessage: 'Order confirmations are also sent by email.' })}</p>
      </LinkOutcome>
    );
  }
  const { order } = lookup;
  const title = intl.formatMessage({ id: 'payment.success.title', defaultMessage: 'Thank you for your order!' });
  // A card or wallet order was paid on the provider's page; an offline one (check / money order) is still to be paid.
  const reference = isHostedPayment(order.paymentCode)
    ? intl.formatMessage(
        { id: 'payment.success.reference', defaultMessage: 'Your payment was approved. Your order number is #{order}.' },
        { order: order.number },
      )
    : intl.formatMessage({ id: 'payment.success.placed', defaultMessage: 'Your order number is #{order}.' }, { order: order.number });
  const createAccountPath = createAccountPathOf({ orderNumber: order.number, shippingAddress: order.shippingAddress }, isSignedIn);
  return (
    <LinkOutcome
      stateKey="success"
      title={title}
      announcement={`${title} ${reference}`}
      actions={
        <>
          {orders('normal')}
          {home}
        </>
      }
    >
      <p>{reference}</p>
      <p>{intl.formatMessage({ id: 'payment.success.email', defaultMessage: 'A confirmation is on its way to your inbox.' })}</p>
      <PaidOrderLines orderNumber={order.number} orderToken={orderToken} isSignedIn={isSignedIn} />
      {order.shippingAddress ? (
        <section aria-labelledby="payment-ship-to">
          <h2 id="payment-ship-to" className={styles.subTitle}>
            {intl.formatMessage({ id: 'payment.success.shipTo', defaultMessage: 'Shipping to' })}
          </h2>
          <AddressLines address={order.shippingAddress} />
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

/**
 * What the paid order holds: the order the machine confirmed is read again from the cache its
 * look-up filled (the same document, nothing fetched), and listed as every receipt lists it.
 */
function PaidOrderLines({ orderNumber, orderToken, isSignedIn }: { orderNumber: string; orderToken: string | null; isSignedIn: boolean }) {
  const customer = useQuery(CUSTOMER_ORDER_BY_NUMBER, { variables: { number: orderNumber }, skip: !isSignedIn, fetchPolicy: 'cache-only' });
  const guest = useQuery(GUEST_ORDER_BY_TOKEN, { variables: { token: orderToken ?? '' }, skip: isSignedIn || !orderToken, fetchPolicy: 'cache-only' });
  const order = isSignedIn ? customer.data?.customer?.orders?.items.find((o) => o?.number === orderNumber) : guest.data?.guestOrderByToken;
  return order ? (
    <>
      <PaymentInstructions payments={order.payment_methods} orderNumber={orderNumber} headingId="payment-pay-check" />
      <ReceiptOrderSummaryView order={order} headingId="payment-items" headingClassName={styles.subTitle} />
    </>
  ) : null;
}
