import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router-dom';
import { alertSubscribeRequestOf, type AlertSubscribeRequest, type AlertType } from '../../../services/alerts/alert-links';
import { requestFailureOf } from '../../../services/alerts/request-failure';
import { runMutation, runQuery } from '../../../services/apollo/operation-helpers';
import { useSessionActor } from '../../cart/shop-actor-hooks';
import { ALERT_PRODUCT_PAGE, SUBSCRIBE_PRODUCT_ALERT } from './product-alert.operations';
import { ProductAlertView, type ProductAlertViewState } from './product-alert-view';
import { sessionGateOf } from './session-gate';
import { useOneTimeRequest } from './use-one-time-request';
import { useShopClient } from './use-shop-client';

/** The message Magento gives for an unknown SKU starts like this (graphql-no-such-entity). */
const UNKNOWN_PRODUCT = 'Could not find a product';

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
  return <AlertSubscription type={type} request={request} from={from} />;
}

/** A product's page inside the store (Magento's url_key + url_suffix). */
const productPathOf = (product: { url_key: string | null; url_suffix: string | null }) => `/${product.url_key ?? ''}${product.url_suffix ?? '.html'}`;

interface Subscribed {
  productName: string;
  productPath: string | null;
}

function AlertSubscription({ type, request, from }: { type: AlertType; request: AlertSubscribeRequest; from: string }) {
  const client = useShopClient();
  const intl = useIntl();
  const { state, retry } = useOneTimeRequest<Subscribed>(`alert:${type}:${request.sku}:${request.parentSku ?? ''}`, async () => {
    const { lunetteProductAlertSubscribe: alert } = await runMutation(client, SUBSCRIBE_PRODUCT_ALERT, { sku: request.sku, type });
    const productName = alert?.product?.name ?? request.sku;
    // A variant has no page of its own: the confirmation links back to its frame.
    const page = await runQuery(client, ALERT_PRODUCT_PAGE, { sku: request.parentSku ?? request.sku }, 'cache-first').catch(() => null);
    const product = page?.products?.items?.find((item) => item?.url_key);
    return { productName, productPath: product ? productPathOf(product) : null };
  });

  let view: ProductAlertViewState;
  if (state.status === 'done') view = { status: 'subscribed', ...state.value };
  else if (state.status === 'failed') {
    const failure = requestFailureOf(state.error);
    if (failure.kind === 'unauthorized') view = { status: 'signInAgain', from };
    else if (failure.kind === 'refused' && failure.message.startsWith(UNKNOWN_PRODUCT)) view = { status: 'unknownProduct', sku: request.sku };
    else
      view = {
        status: 'error',
        message: failure.kind === 'unreachable' ? intl.formatMessage({ id: 'alerts.unreachable', defaultMessage: 'The shop could not be reached. Check your connection and try again.' }) : failure.message,
        onRetry: retry,
      };
  } else view = { status: 'subscribing' };
  return <ProductAlertView type={type} state={view} />;
}
