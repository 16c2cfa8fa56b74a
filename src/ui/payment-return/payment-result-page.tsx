import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { orderNumberOf, paymentResultStatusOf } from '../../services/payment-return/payment-return-params';
import { buttonClassName } from '../shared/button';
import { LinkOutcome } from '../shared/link-page/link-outcome';

/**
 * Spec §2 `/payment-result`: outcomes that are neither paid nor declined — a payment the shopper
 * cancelled (the cart is back), one the provider is still processing, or one nobody knows yet.
 */
export function PaymentResultPage() {
  const intl = useIntl();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const status = paymentResultStatusOf(params);
  const orderNumber = orderNumberOf(params.get('order'));
  const link = (to: string, priority: 'high' | 'low', text: string) => (
    <Link to={to} className={buttonClassName({ priority })}>
      {text}
    </Link>
  );
  const checkout = link('/checkout', 'high', intl.formatMessage({ id: 'payment.result.backToCheckout', defaultMessage: 'Back to checkout' }));
  const cart = link('/cart', 'low', intl.formatMessage({ id: 'payment.viewCart', defaultMessage: 'View your cart' }));
  const home = link('/', 'low', intl.formatMessage({ id: 'alerts.continueShopping', defaultMessage: 'Continue shopping' }));
  const contact = link('/contact-us', 'low', intl.formatMessage({ id: 'payment.contactUs', defaultMessage: 'Contact us' }));
  const order = orderNumber ?? '';

  if (status === 'cancelled') {
    const title = intl.formatMessage({ id: 'payment.result.cancelled', defaultMessage: 'You cancelled the payment' });
    const detail = orderNumber
      ? intl.formatMessage(
          { id: 'payment.result.cancelledOrder', defaultMessage: 'Order #{order} was cancelled and nothing was charged. Your cart has been restored.' },
          { order },
        )
      : intl.formatMessage({ id: 'payment.result.cancelledDetail', defaultMessage: 'Nothing was charged. Your cart has been restored.' });
    return (
      <LinkOutcome
        stateKey="cancelled"
        title={title}
        announcement={`${title}. ${detail}`}
        actions={
          <>
            {checkout}
            {cart}
          </>
        }
      >
        <p>{detail}</p>
        <p>{intl.formatMessage({ id: 'payment.result.cancelledNext', defaultMessage: 'You can return to checkout whenever you are ready.' })}</p>
      </LinkOutcome>
    );
  }
  if (status === 'pending') {
    const title = intl.formatMessage({ id: 'payment.result.pending', defaultMessage: 'Your payment is being processed' });
    const detail = orderNumber
      ? intl.formatMessage(
          { id: 'payment.result.pendingOrder', defaultMessage: 'The payment provider has not confirmed the payment for order #{order} yet.' },
          { order },
        )
      : intl.formatMessage({ id: 'payment.result.pendingDetail', defaultMessage: 'The payment provider has not confirmed your payment yet.' });
    return (
      <LinkOutcome
        stateKey="pending"
        title={title}
        announcement={`${title}. ${detail}`}
        actions={
          <>
            {home}
            {contact}
          </>
        }
      >
        <p>{detail}</p>
        <p>
          {intl.formatMessage({ id: 'payment.result.pendingNext', defaultMessage: 'We will email you as soon as it is confirmed. Please do not pay again.' })}
        </p>
      </LinkOutcome>
    );
  }
  const title = intl.formatMessage({ id: 'payment.result.unknown', defaultMessage: "We don't know the outcome of this payment yet" });
  return (
    <LinkOutcome
      stateKey="unknown"
      title={title}
      actions={
        <>
          {cart}
          {contact}
        </>
      }
    >
      <p>
        {intl.formatMessage({
          id: 'payment.result.unknownDetail',
          defaultMessage:
            'If you completed the payment, you will receive an order confirmation by email. If you did not, your cart is still here and you can check out again.',
        })}
      </p>
    </LinkOutcome>
  );
}
