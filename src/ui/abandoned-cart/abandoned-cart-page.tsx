import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { sameLinkOutcome, selectLinkOutcome, type LinkRequestActor } from '../../machines/link-request/link-request.machine';
import { abandonedCartLinkOf, type AbandonedCartLink } from '../../services/abandoned-cart/abandoned-cart-link';
import { usePageActor } from '../app/page-actors';
import { useSessionActor } from '../app/shop-actor-hooks';
import { sessionGateOf } from '../shared/link-page/session-gate';
import { AbandonedCartView, type AbandonedCartViewState } from './abandoned-cart-view';

/**
 * Spec §2 `/abandonedcart/checkout/cart/id/{id}/token/{token}/`: the reminder email's link makes
 * that cart the current one and opens /cart. A wrong or expired token says so and leaves the
 * current cart exactly as it was (nothing is written before the backend accepts the link).
 */
export function AbandonedCartPage() {
  const { id, token } = useParams();
  const location = useLocation();
  const gate = useSelector(useSessionActor(), sessionGateOf);
  const link = abandonedCartLinkOf(id, token);
  if (!link) return <AbandonedCartView state={{ status: 'badLink' }} />;
  if (gate === 'unknown') return <AbandonedCartView state={{ status: 'restoring' }} />;
  return <CartRestore link={link} isSignedIn={gate === 'signedIn'} from={location.pathname} />;
}

/** The link machine of this cart link: one machine per link and session, kept for the page load (ADR 009), so the cart is restored once. */
function CartRestore({ link, isSignedIn, from }: { link: AbandonedCartLink; isSignedIn: boolean; from: string }) {
  const actor = usePageActor('cartRestore', { cart_id: link.cart_id, token: link.token, isSignedIn });
  if (!actor) return <AbandonedCartView state={{ status: 'restoring' }} />;
  return <CartRestoreOutcome actor={actor} from={from} />;
}

/**
 * What a running cart link machine shows (the page's actor, or a story's). Once the cart is the
 * current one the page goes to /cart (`goToCart`; a story stays on the "restored" view).
 */
export function CartRestoreOutcome({ actor, from, goToCart = true }: { actor: LinkRequestActor; from: string; goToCart?: boolean }) {
  const intl = useIntl();
  const outcome = useSelector(actor, selectLinkOutcome, sameLinkOutcome);
  let view: AbandonedCartViewState;
  if (outcome.status === 'done') {
    if (goToCart) return <Navigate to="/cart" replace />;
    view = { status: 'restored' };
  } else if (outcome.status === 'refused')
    view =
      outcome.reason === 'signInNeeded'
        ? { status: 'signInNeeded', from }
        : outcome.reason === 'unavailable'
          ? { status: 'unavailable' }
          : { status: 'badLink' };
  else if (outcome.status === 'failed')
    view = {
      status: 'error',
      message: intl.formatMessage({ id: 'alerts.unreachable', defaultMessage: 'The shop could not be reached. Check your connection and try again.' }),
      onRetry: () => actor.send({ type: 'link.retry' }),
    };
  else view = { status: 'restoring' };
  return <AbandonedCartView state={view} />;
}
