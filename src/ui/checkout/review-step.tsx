import { useMutation } from '@apollo/client';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { selectCartId } from '../../machines/cart/cart.machine';
import { selectIsSubmitting, selectOrderError, selectPaymentCode } from '../../machines/checkout/checkout.machine';
import { Button } from '../shared/button';
import { useCartActor, useCheckoutActor } from '../cart/shop-actor-hooks';
import { PLACE_HOSTED_ORDER } from './checkout-page.operations';
import styles from './checkout-page.module.css';
import { StepError } from './checkout-step';
import { hostedPaymentUrl, isHostedPayment } from './payment-methods';

/** Step 4: place the order; a hosted payment method continues on the provider's page. */
export function ReviewStep({ redirect }: { redirect: (url: string) => void }) {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const cart = useCartActor();
  const cartId = useSelector(cart, selectCartId);
  const submitting = useSelector(checkout, selectIsSubmitting);
  const orderError = useSelector(checkout, selectOrderError);
  const paymentCode = useSelector(checkout, selectPaymentCode);
  const hosted = isHostedPayment(paymentCode);
  const [placeHosted, hostedOrder] = useMutation(PLACE_HOSTED_ORDER);
  const [hostedError, setHostedError] = useState<Error | null>(null);

  const placeWithProvider = async () => {
    if (!cartId || !paymentCode) return;
    setHostedError(null);
    try {
      const { data } = await placeHosted({ variables: { cartId, code: paymentCode } });
      const refused = (data?.placeOrder?.errors ?? []).filter(Boolean);
      if (refused.length) throw new Error(refused.map((e) => e!.message).join('\n'));
      const url = hostedPaymentUrl(data?.placeOrder?.orderV2?.payment_methods?.[0]?.additional_data);
      if (!url) throw new Error(intl.formatMessage({ id: 'checkout.hosted.noPage', defaultMessage: 'The payment provider did not answer with a payment page. Choose another payment method.' }));
      // The order now owns this cart (spec §4: after an order the cart is removed and a new one
      // created). Forgetting it before leaving keeps the return from the provider from meeting
      // "The cart isn't active." — which would sign a customer out in invalid-cart recovery.
      cart.send({ type: 'cart.remove' });
      redirect(url);
    } catch (error) {
      setHostedError(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const busy = submitting || hostedOrder.loading || Boolean(hostedOrder.data && !hostedError);
  return (
    <div className={styles.choiceForm}>
      <StepError id="order-error" error={orderError ?? hostedError} />
      <div className={styles.choiceActions}>
        <Button
          priority="high"
          disabled={busy}
          aria-describedby="order-error"
          onClick={() => (hosted ? void placeWithProvider() : checkout.send({ type: 'checkout.order.submit' }))}
        >
          {busy
            ? intl.formatMessage({ id: 'checkout.order.placing', defaultMessage: 'Placing your order…' })
            : hosted
              ? intl.formatMessage({ id: 'checkout.order.placeAndPay', defaultMessage: 'Place order and pay' })
              : intl.formatMessage({ id: 'checkout.order.place', defaultMessage: 'Place order' })}
        </Button>
      </div>
    </div>
  );
}
