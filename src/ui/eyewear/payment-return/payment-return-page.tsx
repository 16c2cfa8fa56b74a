import { useIntl } from 'react-intl';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { adoptCart } from '../../../services/abandoned-cart/cart-adoption';
import { requestFailureOf } from '../../../services/alerts/request-failure';
import { runMutation } from '../../../services/apollo/operation-helpers';
import { outcomePathOf, paymentReturnOf, type PaymentReturnInput } from '../../../services/payment-return/payment-return-params';
import { takeSavedReceipt } from '../../../services/payment-return/saved-receipt';
import { useCartAdoptionDeps } from '../abandoned-cart/use-cart-adoption';
import { useOneTimeRequest } from '../alerts/use-one-time-request';
import { VERIFY_PAYMENT_RETURN } from './payment-return.operations';
import { PaymentReturnView, type PaymentReturnViewState } from './payment-return-view';
import { useShopClient } from '../alerts/use-shop-client';

/**
 * Spec §2 `/ayden/action/return.html` (card) and `/paypal/action/return.html` (wallet): the
 * provider's return is only believed once the backend has verified its signature. Then:
 * approved → /success (the receipt travels in router state), declined → /paymentfail and
 * cancelled → /payment-result, both with the cart the backend restored made the current one.
 * A forged, altered or already-used return is refused on this page and changes nothing.
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

function PaymentVerification({ input, orderNumber }: { input: PaymentReturnInput; orderNumber: string | null }) {
  const client = useShopClient();
  const intl = useIntl();
  const navigate = useNavigate();
  const adoption = useCartAdoptionDeps();
  const { state, retry } = useOneTimeRequest(`payment-return:${input.payment_token}:${input.result}:${input.signature}`, async () => {
    const { lunetteVerifyPaymentReturn: verified } = await runMutation(client, VERIFY_PAYMENT_RETURN, { input });
    if (!verified) throw new Error('The shop answered without a payment result.');
    const path = outcomePathOf(verified);
    if (verified.result === 'APPROVED') {
      // Spec §4 order accepted: the receipt is set and the saved checkout data cleared.
      const receipt = takeSavedReceipt(adoption.storage, verified.order_number);
      void navigate(path, { replace: true, state: { receipt } });
    } else if (verified.cart_id) {
      // The order was cancelled and its cart given back: it becomes the current cart again.
      await adoptCart(adoption, verified.cart_id, path);
    } else {
      void navigate(path, { replace: true });
    }
    return path;
  });

  let view: PaymentReturnViewState;
  if (state.status === 'done') view = { status: 'continuing', path: state.value };
  else if (state.status === 'failed') {
    const failure = requestFailureOf(state.error);
    view =
      failure.kind === 'unreachable'
        ? {
            status: 'error',
            message: intl.formatMessage({ id: 'payment.unreachable', defaultMessage: 'The shop could not be reached. Check your connection, then check again.' }),
            onRetry: retry,
          }
        : { status: 'refused', message: failure.message, orderNumber };
  } else view = { status: 'verifying' };
  return <PaymentReturnView state={view} />;
}
