/**
 * The live `request` of the link machine for the alert pages (spec §2 `/stock`, `/price`,
 * `/productalert/unsubscribe/...`, `/unsubscribe/{id}/{code?}`): the mutation, and how its failure
 * reads to the shopper (`LinkFailure`: refused for good, or worth trying again).
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { LinkFailure, LinkRequestOutput } from '../../machines/link-request/link-request.machine';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import type { AlertSubscribeRequest, AlertType, AlertUnsubscribeInput } from './alert-links';
import { ALERT_PRODUCT_PAGE, SUBSCRIBE_PRODUCT_ALERT, UNSUBSCRIBE_PRODUCT_ALERT } from './product-alert.operations';
import { requestFailureOf } from './request-failure';

export interface LinkDeps {
  client: ApolloClient<NormalizedCacheObject>;
  now: () => number;
}

/** The message Magento gives for an unknown SKU starts like this (graphql-no-such-entity). */
const UNKNOWN_PRODUCT = 'Could not find a product';

/** Why subscribing failed: the session ended, no such product, or something to try again. */
export function subscribeFailureOf(error: unknown): LinkFailure {
  const failure = requestFailureOf(error);
  if (failure.kind === 'unauthorized') return { kind: 'refused', reason: 'signInAgain' };
  if (failure.kind === 'refused' && failure.message.startsWith(UNKNOWN_PRODUCT)) return { kind: 'refused', reason: 'unknownProduct' };
  return { kind: 'retryable', detail: failure.kind === 'unreachable' ? null : failure.message };
}

/** The backend refuses an unknown, used or forged link with one message: the link does not work. */
export function unsubscribeFailureOf(error: unknown): LinkFailure {
  const failure = requestFailureOf(error);
  return failure.kind === 'unreachable' ? { kind: 'retryable', detail: null } : { kind: 'refused', reason: 'badLink' };
}

/** A product's page inside the store (Magento's url_key + url_suffix). */
const productPathOf = (product: { url_key: string | null; url_suffix: string | null }) => `/${product.url_key ?? ''}${product.url_suffix ?? '.html'}`;

export function subscribeAlertRequest({ client, now }: LinkDeps, type: AlertType, request: AlertSubscribeRequest) {
  return fromPromise<LinkRequestOutput, { attempt: number }>(async () => {
    const alert = await runMutation(client, SUBSCRIBE_PRODUCT_ALERT, { sku: request.sku, type }).then(
      (answer) => answer.lunetteProductAlertSubscribe,
      (error: unknown) => Promise.reject(subscribeFailureOf(error)),
    );
    const productName = alert?.product?.name ?? request.sku;
    // A variant has no page of its own: the confirmation links back to its frame.
    const page = await runQuery(client, ALERT_PRODUCT_PAGE, { sku: request.parentSku ?? request.sku }, 'cache-first').catch(() => null);
    const product = page?.products?.items?.find((item) => item?.url_key);
    return { at: now(), answer: { productName, productPath: product ? productPathOf(product) : null } };
  });
}

export function unsubscribeAlertRequest({ client, now }: LinkDeps, input: AlertUnsubscribeInput) {
  return fromPromise<LinkRequestOutput, { attempt: number }>(async () => {
    const answer = await runMutation(client, UNSUBSCRIBE_PRODUCT_ALERT, { input }).catch((error: unknown) => Promise.reject(unsubscribeFailureOf(error)));
    return { at: now(), answer: { productName: answer.lunetteProductAlertUnsubscribe?.product_name ?? null, productPath: null } };
  });
}
