import { useQuery } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectBillingAddress, selectCreateAccountParams, selectReceiptOrder, type CheckoutSnapshot } from '../../machines/checkout/checkout.machine';
import type { ReceiptOrder } from '../../machines/checkout/checkout.types';
import { GET_RECEIPT_CUSTOMER_ORDERS, GET_RECEIPT_GUEST_ORDER, PaymentInstructions, ReceiptOrderSummaryView, type ReceiptOrderDetail } from '../account';
import { useCheckoutActor } from '../app/shop-actor-hooks';
import { buttonClassName } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { LoadingRegion, Shimmer } from '../shared/skeleton';
import { AddressLines } from './address-lines';
import styles from './checkout-page.module.css';

const selectIsSignedInCheckout = (snapshot: CheckoutSnapshot) => snapshot.context.isSignedIn;

/** Magento's `CustomerOrder.id`: the order's entity id, base64-encoded. */
export const customerOrderIdOf = (entityId: string) => btoa(entityId);

/**
 * The order number of the entity id the REST checkout answers: Magento's default increment id is
 * the sequence padded to nine digits, which is the entity id on a single-store sequence (the
 * embedded backend's rule). A store with prefixed increment ids finds nothing: the receipt then
 * shows the reference alone.
 */
export const orderNumberOfEntityId = (entityId: string) => entityId.padStart(9, '0');

/** The receipt after an order; a guest is offered an account prefilled from the shipping address (spec §2, §6). */
export function CheckoutReceipt({ naming = false }: { naming?: boolean }) {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const order = useSelector(checkout, selectReceiptOrder);
  const createAccount = useSelector(checkout, selectCreateAccountParams);
  if (!order) return null;
  if (naming) {
    // The order is being named; the receipt's own page (/success) follows.
    return (
      <div className={styles.receipt}>
        <PageHeading className={styles.title}>
          <FormattedMessage id="checkout.receipt.title" defaultMessage="Thank you for your order!" />
        </PageHeading>
        <LoadingRegion label={intl.formatMessage({ id: 'checkout.receipt.loading', defaultMessage: 'Loading your order…' })}>
          <Shimmer width="100%" height={10} />
        </LoadingRegion>
      </div>
    );
  }
  const createAccountUrl = createAccount ? `/create-account?${new URLSearchParams(createAccount).toString()}` : null;
  return (
    <div className={styles.receipt}>
      <PageHeading className={styles.title}>
        <FormattedMessage id="checkout.receipt.title" defaultMessage="Thank you for your order!" />
      </PageHeading>
      {order.id !== null ? (
        <ReceiptOfOrder order={order} orderId={order.id} />
      ) : (
        // The order's answer was lost and the backend confirmed the order without naming it.
        <p>
          {order.shipping_address.email ? (
            <FormattedMessage
              id="checkout.receipt.placedUnnamed"
              defaultMessage="Your order was placed. The confirmation is on its way to {email}."
              values={{ email: <strong>{order.shipping_address.email}</strong> }}
            />
          ) : (
            <FormattedMessage
              id="checkout.receipt.placedUnnamedNoEmail"
              defaultMessage="Your order was placed. The confirmation is on its way to your email."
            />
          )}
        </p>
      )}
      <h2 className={styles.subTitle}>
        <FormattedMessage id="checkout.receipt.shipTo" defaultMessage="Shipping to" />
      </h2>
      <AddressLines address={order.shipping_address} />
      {createAccountUrl ? (
        <section className={styles.receiptOffer} aria-labelledby="receipt-account">
          <h2 id="receipt-account" className={styles.subTitle}>
            <FormattedMessage id="checkout.receipt.accountTitle" defaultMessage="Save your details for next time" />
          </h2>
          <p>
            <FormattedMessage id="checkout.receipt.accountText" defaultMessage="Create an account to follow this order and check out faster." />
          </p>
          <Link to={createAccountUrl} className={buttonClassName({ priority: 'high' })}>
            <FormattedMessage id="checkout.receipt.createAccount" defaultMessage="Create an account" />
          </Link>
        </section>
      ) : (
        <Link to="/order-history" className={buttonClassName({ priority: 'normal' })}>
          <FormattedMessage id="checkout.receipt.orders" defaultMessage="See your orders" />
        </Link>
      )}
      <p>
        <Link to="/">
          <FormattedMessage id="cart.continueShopping" defaultMessage="Continue shopping" />
        </Link>
      </p>
    </div>
  );
}

/** The order just placed, read back from the backend: a customer's from their orders, a guest's with `guestOrder`. */
function useReceiptOrderDetail(order: ReceiptOrder, orderId: string) {
  const checkout = useCheckoutActor();
  const isSignedIn = useSelector(checkout, selectIsSignedInCheckout);
  const billing = useSelector(checkout, selectBillingAddress);
  const lastname = (billing && !billing.sameAsShippingAddress && billing.lastname) || order.shipping_address.lastname;
  const email = order.shipping_address.email ?? '';
  const customer = useQuery(GET_RECEIPT_CUSTOMER_ORDERS, { skip: !isSignedIn, fetchPolicy: 'network-only' });
  const guest = useQuery(GET_RECEIPT_GUEST_ORDER, {
    skip: isSignedIn || !email,
    fetchPolicy: 'network-only',
    variables: { number: orderNumberOfEntityId(orderId), email, lastname },
  });
  const id = customerOrderIdOf(orderId);
  const detail = isSignedIn ? customer.data?.customer?.orders?.items.find((o): o is ReceiptOrderDetail => o?.id === id) : guest.data?.guestOrder;
  return { detail: detail ?? null, loading: isSignedIn ? customer.loading : guest.loading };
}

/** The order number (Magento's increment id once the order is read back) and what the order holds. */
function ReceiptOfOrder({ order, orderId }: { order: ReceiptOrder; orderId: string }) {
  const intl = useIntl();
  const { detail, loading } = useReceiptOrderDetail(order, orderId);
  const number = detail?.number ?? orderNumberOfEntityId(orderId);
  return (
    <>
      <p>
        <FormattedMessage id="checkout.receipt.number" defaultMessage="Your order number is {number}." values={{ number: <strong>#{number}</strong> }} />
      </p>
      {loading ? (
        <LoadingRegion label={intl.formatMessage({ id: 'checkout.receipt.loading', defaultMessage: 'Loading your order…' })}>
          <Shimmer width="100%" height={10} />
        </LoadingRegion>
      ) : detail ? (
        // The order is placed either way: when it cannot be read back, its number is enough.
        <>
          <PaymentInstructions payments={detail.payment_methods} orderNumber={number} headingId="receipt-pay-check" />
          <ReceiptOrderSummaryView order={detail} headingId="receipt-items" headingClassName={styles.subTitle} />
        </>
      ) : null}
    </>
  );
}
