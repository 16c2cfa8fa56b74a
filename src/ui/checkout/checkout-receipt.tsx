import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectCreateAccountParams, selectReceiptOrder } from '../../machines/checkout/checkout.machine';
import { buttonClassName } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { useCheckoutActor } from '../cart/shop-actor-hooks';
import { AddressLines } from './address-lines';
import styles from './checkout-page.module.css';

/** The receipt after an order; a guest is offered an account prefilled from the shipping address (spec §2, §6). */
export function CheckoutReceipt() {
  const checkout = useCheckoutActor();
  const order = useSelector(checkout, selectReceiptOrder);
  const createAccount = useSelector(checkout, selectCreateAccountParams);
  if (!order) return null;
  const createAccountUrl = createAccount ? `/create-account?${new URLSearchParams(createAccount).toString()}` : null;
  return (
    <div className={styles.receipt}>
      <PageHeading className={styles.title}>
        <FormattedMessage id="checkout.receipt.title" defaultMessage="Thank you for your order!" />
      </PageHeading>
      <p>
        <FormattedMessage id="checkout.receipt.reference" defaultMessage="Your order reference is {id}." values={{ id: <strong>{order.id}</strong> }} />
      </p>
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
