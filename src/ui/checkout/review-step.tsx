import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  selectCartChanges,
  selectIsRedirecting,
  selectIsSubmitting,
  selectOrderConfirmation,
  selectOrderError,
  selectPaymentCode,
} from '../../machines/checkout/checkout.machine';
import { selectIsLoading } from '../../machines/cart/cart.machine';
import { HOSTED_PAGE_MISSING } from '../../services/checkout/checkout-words';
import { Button } from '../shared/button';
import { SummaryBlock } from '../shared/summary-block';
import { useCartActor, useCheckoutActor } from '../app/shop-actor-hooks';
import styles from './checkout-page.module.css';
import { StepError } from './checkout-step';
import { isHostedPayment } from './payment-methods';
import { CartChangesNotice } from './cart-changes-notice';
import { namesChanges } from '../../machines/checkout/cart-changes';

/** One thing chosen in an earlier step, shown at the review with a button back to change it. */
export interface ReviewBlock {
  key: string;
  title: string;
  content: ReactNode;
  onChange?: () => void;
  changeLabel: string;
}

/**
 * Step 4: place the order. What was chosen is shown first, as the design system's summary blocks
 * (ADR 031), each with a "Change …" button named after what it changes. The checkout machine places it: an offline payment gives the receipt,
 * a hosted payment method (card, wallet) sends the shopper on to the provider's page. When the
 * order's answer was lost the machine asks the backend what happened; if it cannot, the shopper is
 * offered to check again, never to order again.
 */
export function ReviewStep({ blocks }: { blocks: readonly ReviewBlock[] }) {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const submitting = useSelector(checkout, selectIsSubmitting);
  const redirecting = useSelector(checkout, selectIsRedirecting);
  const orderError = useSelector(checkout, selectOrderError);
  const paymentCode = useSelector(checkout, selectPaymentCode);
  const confirmation = useSelector(checkout, selectOrderConfirmation);
  const cartChanges = useSelector(checkout, selectCartChanges);
  // ADR 039: the order carries the digest of the cart the review shows; while the review reads the
  // cart again, what it shows is not yet the cart to order, so the order waits for it.
  const cartReading = useSelector(useCartActor(), selectIsLoading);
  const hosted = isHostedPayment(paymentCode);
  const error =
    orderError?.message === HOSTED_PAGE_MISSING
      ? intl.formatMessage({
          id: 'checkout.hosted.noPage',
          defaultMessage: 'The payment provider did not answer with a payment page. Choose another payment method.',
        })
      : orderError;
  const busy = submitting || redirecting;
  if (confirmation !== null) return <OrderConfirmation status={confirmation} onCheckAgain={() => checkout.send({ type: 'checkout.order.confirm' })} />;
  return (
    <div className={styles.choiceForm}>
      <div className={styles.reviewBlocks}>
        {blocks.map((block) => (
          <SummaryBlock
            key={block.key}
            title={block.title}
            action={
              block.onChange ? (
                // Spec §4: nothing changes an order being placed; the machine takes no "Change" meanwhile either.
                <Button priority="low" disabled={busy} onClick={block.onChange}>
                  {block.changeLabel}
                </Button>
              ) : null
            }
          >
            <div className={styles.reviewContent}>{block.content}</div>
          </SummaryBlock>
        ))}
      </div>
      {/* ADR 039: refused as changed, with the new cart read: what changed, in place of the refusal's general words. */}
      {orderError && cartChanges && namesChanges(cartChanges) ? (
        <CartChangesNotice id="order-error" changes={cartChanges} />
      ) : (
        <StepError id="order-error" error={error} />
      )}
      <div className={styles.choiceActions}>
        <Button priority="high" disabled={busy || cartReading} aria-describedby="order-error" onClick={() => checkout.send({ type: 'checkout.order.submit' })}>
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

/** The order's answer was lost: the backend is being asked, or could not be (check again, never order again). */
function OrderConfirmation({ status, onCheckAgain }: { status: 'confirming' | 'unconfirmed'; onCheckAgain: () => void }) {
  const intl = useIntl();
  return (
    <div className={styles.choiceForm}>
      <div id="order-error" role="alert" className={status === 'unconfirmed' ? styles.stepError : undefined}>
        {status === 'confirming'
          ? intl.formatMessage({ id: 'checkout.order.confirming', defaultMessage: 'Checking whether your order went through…' })
          : intl.formatMessage({
              id: 'checkout.order.unconfirmed',
              defaultMessage: "We couldn't confirm your order yet. Please don't order again: check again in a moment.",
            })}
      </div>
      <div className={styles.choiceActions}>
        <Button priority="high" disabled={status === 'confirming'} aria-describedby="order-error" onClick={onCheckAgain}>
          {status === 'confirming'
            ? intl.formatMessage({ id: 'checkout.order.checking', defaultMessage: 'Checking…' })
            : intl.formatMessage({ id: 'checkout.order.checkAgain', defaultMessage: 'Check again' })}
        </Button>
      </div>
    </div>
  );
}
