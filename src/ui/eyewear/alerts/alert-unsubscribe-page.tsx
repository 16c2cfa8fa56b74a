import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import { productAlertUnsubscribeInputOf, unsubscribeByIdInputOf, type AlertUnsubscribeInput } from '../../../services/alerts/alert-links';
import { requestFailureOf } from '../../../services/alerts/request-failure';
import { runMutation } from '../../../services/apollo/operation-helpers';
import { useSessionActor } from '../../cart/shop-actor-hooks';
import { AlertUnsubscribeView, type AlertUnsubscribeViewState } from './alert-unsubscribe-view';
import { UNSUBSCRIBE_PRODUCT_ALERT } from './product-alert.operations';
import { sessionGateOf } from './session-gate';
import { useOneTimeRequest } from './use-one-time-request';
import { useShopClient } from './use-shop-client';

/**
 * Spec §2 `/productalert/unsubscribe/{action}/product/{product}/product_id/{product_id}/hash/{hash}/type/{type}`
 * and its variant without `/product/{product}`: the link from an alert email. Public: the hash is
 * the proof, no sign-in needed.
 */
export function ProductAlertUnsubscribePage() {
  const { action, product, productId, hash, type } = useParams();
  const input = productAlertUnsubscribeInputOf({ action, product, productId, hash, type });
  if (!input) return <AlertUnsubscribeView state={{ status: 'badLink' }} />;
  return <Unsubscription input={input} />;
}

/**
 * Spec §2 `/unsubscribe/{id}/{code?}`: with the code anyone holding the link may unsubscribe;
 * without it, only the signed-in owner of the alert (a signed-out shopper is asked to sign in).
 */
export function UnsubscribeByIdPage() {
  const { id, code } = useParams();
  const location = useLocation();
  const gate = useSelector(useSessionActor(), sessionGateOf);
  const link = unsubscribeByIdInputOf(id, code);
  if (!link) return <AlertUnsubscribeView state={{ status: 'badLink' }} />;
  if (link.needsSignIn && gate === 'unknown') return <AlertUnsubscribeView state={{ status: 'working' }} />;
  if (link.needsSignIn && gate === 'signedOut') return <AlertUnsubscribeView state={{ status: 'signInNeeded', from: location.pathname }} />;
  return <Unsubscription input={link.input} />;
}

function Unsubscription({ input }: { input: AlertUnsubscribeInput }) {
  const client = useShopClient();
  const intl = useIntl();
  const { state, retry } = useOneTimeRequest(`unsubscribe:${JSON.stringify(input)}`, async () => {
    const { lunetteProductAlertUnsubscribe: answer } = await runMutation(client, UNSUBSCRIBE_PRODUCT_ALERT, { input });
    return answer?.product_name ?? null;
  });
  let view: AlertUnsubscribeViewState;
  if (state.status === 'done') view = { status: 'unsubscribed', productName: state.value };
  else if (state.status === 'failed') {
    const failure = requestFailureOf(state.error);
    // The backend refuses an unknown, used or forged link with one message: the link does not work.
    view =
      failure.kind === 'unreachable'
        ? {
            status: 'error',
            message: intl.formatMessage({ id: 'alerts.unreachable', defaultMessage: 'The shop could not be reached. Check your connection and try again.' }),
            onRetry: retry,
          }
        : { status: 'badLink' };
  } else view = { status: 'working' };
  return <AlertUnsubscribeView state={view} />;
}
