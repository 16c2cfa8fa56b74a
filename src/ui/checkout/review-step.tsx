import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { selectIsRedirecting, selectIsSubmitting, selectOrderError, selectPaymentCode } from '../../machines/checkout/checkout.machine';
import { HOSTED_PAGE_MISSING } from '../../services/checkout/checkout.actors';
import { Button } from '../shared/button';
import { useCheckoutActor } from '../cart/shop-actor-hooks';
import styles from './checkout-page.module.css';
import { StepError } from './checkout-step';
import { isHostedPayment } from './payment-methods';

/**
 * Step 4: place the order. The checkout machine places it: an offline payment gives the receipt,
 * a hosted payment method (card, wallet) sends the shopper on to the provider's page.
 */
export function ReviewStep() {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const submitting = useSelector(checkout, selectIsSubmitting);
  const redirecting = useSelector(checkout, selectIsRedirecting);
  const orderError = useSelector(checkout, selectOrderError);
  const paymentCode = useSelector(checkout, selectPaymentCode);
  const hosted = isHostedPayment(paymentCode);
  const error =
    orderError?.message === HOSTED_PAGE_MISSING
      ? new Error(intl.formatMessage({ id: 'checkout.hosted.noPage', defaultMessage: 'The payment provider did not answer with a payment page. Choose another payment method.' }))
      : orderError;
  const busy = submitting || redirecting;
  return (
    <div className={styles.choiceForm}>
      <StepError id="order-error" error={error} />
      <div className={styles.choiceActions}>
        <Button priority="high" disabled={busy} aria-describedby="order-error" onClick={() => checkout.send({ type: 'checkout.order.submit' })}>
          {redirecting
            ? intl.formatMessage({ id: 'checkout.order.toProvider', defaultMessage: 'Taking you to the payment page…' })
            : busy
              ? intl.formatMessage({ id: 'checkout.order.placing', defaultMessage: 'Placing your order…' })
              : hosted
                ? intl.formatMessage({ id: 'checkout.order.placeAndPay', defaultMessage: 'Place order and pay' })
                : intl.formatMessage({ id: 'checkout.order.place', defaultMessage: 'Place order' })}
        </Button>
      </div>
    </div>
  );
}
