import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import { selectPaymentReturn, selectPaymentReturnInput } from '../../machines/checkout/checkout.machine';
import { outcomePathOf, paymentReturnOf, type PaymentReturnInput } from '../../services/payment-return/payment-return-params';
import { useCheckoutActor } from '../app/shop-actor-hooks';
import { PaymentReturnView } from './payment-return-view';

/**
 * Spec §2 `/ayden/action/return.html` (card) and `/paypal/action/return.html` (wallet): the
 * provider's return is only believed once the backend has verified its signature — the checkout
 * machine does it (`checkout.payment.return`). Then: approved → /success (the order token the
 * backend answered travels in router state, so the success page can ask for the order),
 * declined → /paymentfail and cancelled → /payment-result, both with the cart the backend restored
 * made the current one. A forged, altered or already-used return is refused here and changes nothing.
 */
export function PaymentReturnPage() {
  const location = useLocation();
  const parsed = paymentReturnOf(location.search);
  if (parsed.kind === 'incomplete') return <PaymentReturnView state={{ status: 'incomplete' }} />;
  if (parsed.kind === 'pending') {
    const order = parsed.orderNumber ? `&order=${encodeURIComponent(parsed.orderNumber)}` : '';
    return <Navigate to={`/payment-result?status=pending${order}`} replace />;
  }
  return <PaymentVerification input={parsed.input} orderNumber={parsed.orderNumber} />;
}

const sameInput = (a: PaymentReturnInput | null, b: PaymentReturnInput) =>
  a !== null && a.payment_token === b.payment_token && a.result === b.result && a.signature === b.signature;

function PaymentVerification({ input, orderNumber }: { input: PaymentReturnInput; orderNumber: string | null }) {
  const intl = useIntl();
  const checkout = useCheckoutActor();
  const status = useSelector(checkout, selectPaymentReturn);
  const verifying = useSelector(checkout, selectPaymentReturnInput);
  const { payment_token: token, result, signature } = input;
  // The page hands its return to the machine, which verifies the same return only once.
  useEffect(() => {
    checkout.send({ type: 'checkout.payment.return', input: { payment_token: token, result, signature }, orderNumber });
  }, [checkout, token, result, signature, orderNumber]);

  if (!status || !sameInput(verifying, input) || status.status === 'verifying') return <PaymentReturnView state={{ status: 'verifying' }} />;
  if (status.status === 'verified') {
    const orderToken = status.payment.result === 'APPROVED' ? (status.payment.order_token ?? null) : null;
    return <Navigate to={outcomePathOf(status.payment)} replace state={orderToken ? { orderToken } : null} />;
  }
  if (status.status === 'refused') return <PaymentReturnView state={{ status: 'refused', message: status.message, orderNumber: status.orderNumber }} />;
  return (
    <PaymentReturnView
      state={{
        status: 'error',
        message: intl.formatMessage({ id: 'payment.unreachable', defaultMessage: 'The shop could not be reached. Check your connection, then check again.' }),
        onRetry: () => checkout.send({ type: 'checkout.payment.retry' }),
      }}
    />
  );
}
