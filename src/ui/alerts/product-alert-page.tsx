import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import { sameLinkOutcome, selectLinkOutcome, type LinkOutcome, type LinkRequestActor } from '../../machines/link-request/link-request.machine';
import { alertSubscribeRequestOf, type AlertType } from '../../services/alerts/alert-links';
import { usePageActor } from '../app/page-actors';
import { useSessionActor } from '../app/shop-actor-hooks';
import { ProductAlertView, type ProductAlertViewState } from './product-alert-view';
import { sessionGateOf } from '../shared/link-page/session-gate';

/**
 * Spec §2 `/stock` and `/price` (`?product=<sku>[&parent=<frame sku>]`): a signed-in customer is
 * subscribed to the alert on arrival (as Magento's productalert/add does) and told so, with the
 * product's name and a link back to it. A shopper who is not signed in is sent to /sign-in, which
 * brings them back here (`state.from`, as every signed-in-only route does).
 */
export function ProductAlertPage({ type }: { type: AlertType }) {
  const location = useLocation();
  const gate = useSelector(useSessionActor(), sessionGateOf);
  const from = `${location.pathname}${location.search}`;
  if (gate === 'signedOut') return <Navigate to="/sign-in" replace state={{ from }} />;
  const request = alertSubscribeRequestOf(location.search);
  if (!request) return <ProductAlertView type={type} state={{ status: 'badLink' }} />;
  if (gate === 'unknown') return <ProductAlertView type={type} state={{ status: 'subscribing' }} />;
  return <AlertSubscription type={type} sku={request.sku} parentSku={request.parentSku} from={from} />;
}

/** The link machine subscribing to this alert: one machine per alert link, kept for the page load (ADR 009). */
function AlertSubscription({ type, sku, parentSku, from }: { type: AlertType; sku: string; parentSku: string | null; from: string }) {
  const actor = usePageActor('alertSubscription', { type, sku, parentSku });
  if (!actor) return <ProductAlertView type={type} state={{ status: 'subscribing' }} />;
  return <ProductAlertOutcome type={type} sku={sku} actor={actor} from={from} />;
}

/** What a running alert link machine shows (the page's actor, or a story's). */
export function ProductAlertOutcome({ type, sku, actor, from }: { type: AlertType; sku: string; actor: LinkRequestActor; from: string }) {
  const intl = useIntl();
  const outcome = useSelector(actor, selectLinkOutcome, sameLinkOutcome);
  return (
    <ProductAlertView
      type={type}
      state={productAlertViewStateOf(
        outcome,
        actor,
        { sku, from },
        intl.formatMessage({ id: 'alerts.unreachable', defaultMessage: 'The shop could not be reached. Check your connection and try again.' }),
      )}
    />
  );
}

function productAlertViewStateOf(
  outcome: LinkOutcome,
  actor: LinkRequestActor,
  { sku, from }: { sku: string; from: string },
  unreachable: string,
): ProductAlertViewState {
  switch (outcome.status) {
    case 'requesting':
      return { status: 'subscribing' };
    case 'done':
      return { status: 'subscribed', productName: outcome.answer.productName ?? '', productPath: outcome.answer.productPath };
    case 'refused':
      return outcome.reason === 'signInAgain' ? { status: 'signInAgain', from } : { status: 'unknownProduct', sku };
    case 'failed':
      return { status: 'error', message: outcome.detail ?? unreachable, onRetry: () => actor.send({ type: 'link.retry' }) };
  }
}
