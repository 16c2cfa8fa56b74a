import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import { sameLinkOutcome, selectLinkOutcome, type LinkRequestActor } from '../../machines/link-request/link-request.machine';
import { productAlertUnsubscribeInputOf, unsubscribeByIdInputOf, type AlertUnsubscribeInput } from '../../services/alerts/alert-links';
import { usePageActor } from '../app/page-actors';
import { useSessionActor } from '../app/shop-actor-hooks';
import { AlertUnsubscribeView, type AlertUnsubscribeViewState } from './alert-unsubscribe-view';
import { sessionGateOf } from '../shared/link-page/session-gate';

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

/** The link machine of this unsubscribe link: one machine per link, kept for the page load (ADR 009), so the link is used once. */
function Unsubscription({ input }: { input: AlertUnsubscribeInput }) {
  const actor = usePageActor('alertUnsubscription', input);
  if (!actor) return <AlertUnsubscribeView state={{ status: 'working' }} />;
  return <UnsubscriptionOutcome actor={actor} />;
}

/** What a running unsubscribe link machine shows (the page's actor, or a story's). */
export function UnsubscriptionOutcome({ actor }: { actor: LinkRequestActor }) {
  const intl = useIntl();
  const outcome = useSelector(actor, selectLinkOutcome, sameLinkOutcome);
  let view: AlertUnsubscribeViewState;
  if (outcome.status === 'done') view = { status: 'unsubscribed', productName: outcome.answer.productName };
  else if (outcome.status === 'refused') view = { status: 'badLink' };
  else if (outcome.status === 'failed')
    view = {
      status: 'error',
      message:
        outcome.detail ??
        intl.formatMessage({ id: 'alerts.unreachable', defaultMessage: 'The shop could not be reached. Check your connection and try again.' }),
      onRetry: () => actor.send({ type: 'link.retry' }),
    };
  else view = { status: 'working' };
  return <AlertUnsubscribeView state={view} />;
}
