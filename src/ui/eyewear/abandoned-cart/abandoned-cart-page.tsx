import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import { abandonedCartLinkOf, type AbandonedCartLink } from '../../../services/abandoned-cart/abandoned-cart-link';
import { adoptCart } from '../../../services/abandoned-cart/cart-adoption';
import { restoreAbandonedCart } from '../../../services/abandoned-cart/restore-abandoned-cart';
import { requestFailureOf } from '../../../services/alerts/request-failure';
import { useSessionActor } from '../../cart/shop-actor-hooks';
import { sessionGateOf } from '../alerts/session-gate';
import { useOneTimeRequest } from '../alerts/use-one-time-request';
import { AbandonedCartView, type AbandonedCartViewState } from './abandoned-cart-view';
import { useCartAdoptionDeps } from './use-cart-adoption';
import { useShopClient } from '../alerts/use-shop-client';

/** The backend's word for a cart that became an order (Magento's "The cart isn't active."). */
const CART_NOT_ACTIVE = "The cart isn't active";

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

function CartRestore({ link, isSignedIn, from }: { link: AbandonedCartLink; isSignedIn: boolean; from: string }) {
  const client = useShopClient();
  const intl = useIntl();
  const adoption = useCartAdoptionDeps();
  const { state, retry } = useOneTimeRequest(`abandoned-cart:${link.cart_id}:${link.token}:${isSignedIn ? 'customer' : 'guest'}`, async () => {
    const cartId = await restoreAbandonedCart(client, link, isSignedIn);
    return adoptCart(adoption, cartId, '/cart');
  });

  let view: AbandonedCartViewState;
  if (state.status === 'done') view = { status: 'restored' };
  else if (state.status === 'failed') {
    const failure = requestFailureOf(state.error);
    if (failure.kind === 'unauthorized') view = isSignedIn ? { status: 'badLink' } : { status: 'signInNeeded', from };
    else if (failure.kind === 'refused') view = failure.message.includes(CART_NOT_ACTIVE) ? { status: 'unavailable' } : { status: 'badLink' };
    else
      view = {
        status: 'error',
        message: intl.formatMessage({ id: 'alerts.unreachable', defaultMessage: 'The shop could not be reached. Check your connection and try again.' }),
        onRetry: retry,
      };
  } else view = { status: 'restoring' };
  return <AbandonedCartView state={view} />;
}
