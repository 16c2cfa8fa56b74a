/**
 * The live effects of the prescription pages' machines: the prescription fix (`prescriptionFix`)
 * and the saved prescriptions (`savedPrescriptions`). GraphQL documents in customise.operations.ts.
 */
import { ApolloError, type ApolloClient } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { FixedLine, FixPrescriptionInput, PrescriptionFixOrder } from '../../machines/prescription/prescription-fix.machine';
import type { SavedPrescriptionInput } from '../../machines/prescription/saved-prescriptions.machine';
import type { SavedPrescription } from '../../machines/customise/customise.types';
import {
  ADD_SAVED_PRESCRIPTION,
  DELETE_SAVED_PRESCRIPTION,
  FIX_ORDER_PRESCRIPTION,
  PRESCRIPTION_FIX_ORDER,
  SAVED_PRESCRIPTIONS,
  UPDATE_SAVED_PRESCRIPTION,
} from './customise.operations';
import { dataOrThrow } from '../apollo/operation-helpers';
import { savedPrescriptionOf } from './lens-product';
import { ShopFailure } from '../../machines/shared/shop-failure';
import type { ReadPrescriptionPhoto } from '../../machines/prescription-scan/prescription-reading';
import { loadPrescriptionReader, scanningPrescriptionForm } from '../prescription-scan/scan.actors';

/** The backend's own words for a GraphQL error (its first message), else the error's. */
function wordsOf(error: unknown): Error {
  if (error instanceof ApolloError) return new Error(error.graphQLErrors[0]?.message ?? error.message);
  return error instanceof Error ? error : new Error(String(error));
}

/** A signed-out (or expired) customer: Magento's authorization category or its wording. */
function isUnauthorised(error: unknown): boolean {
  return (
    error instanceof ApolloError && error.graphQLErrors.some((e) => e.extensions?.category === 'graphql-authorization' || /authori[sz]ed/i.test(e.message))
  );
}

/**
 * ADR 041: a corrected order is no longer the one this browser kept: the signed-in customer's orders
 * (`Customer.orders`, every filter and page) leave the cache, persisted copy included, so the order
 * detail and the history ask the backend again.
 */
function forgetCustomerOrders(client: ApolloClient<object>): void {
  const customer = client.cache.identify({ __typename: 'Customer' });
  if (customer && client.cache.evict({ id: customer, fieldName: 'orders' })) client.cache.gc();
}

export function prescriptionFixImplementations(deps: { client: ApolloClient<object>; loadReader?: () => Promise<ReadPrescriptionPhoto> }) {
  return {
    actors: {
      prescriptionForm: scanningPrescriptionForm({ loadReader: deps.loadReader ?? loadPrescriptionReader }),
      fetchFixOrder: fromPromise<PrescriptionFixOrder, { orderNumber: string; key: string }>(async ({ input }) => {
        try {
          // A link turns "used" once fixed: never answer it from a cache (Apollo's, or the browser's for GET queries).
          const result = await deps.client.query({
            query: PRESCRIPTION_FIX_ORDER,
            variables: { orderNumber: input.orderNumber, key: input.key },
            fetchPolicy: 'network-only',
            errorPolicy: 'all',
            context: { fetchOptions: { cache: 'no-store' } },
          });
          const order = dataOrThrow(result.data, result.errors).lunettePrescriptionFixOrder;
          if (!order) throw new ShopFailure('fixLinkInvalid');
          return {
            orderNumber: order.order_number,
            orderDate: order.order_date,
            items: order.items.flatMap((i) =>
              i
                ? [
                    {
                      uid: i.uid,
                      name: i.product_name,
                      sku: i.product_sku,
                      options: i.selected_options.flatMap((o) => (o ? [{ label: o.label, value: o.value }] : [])),
                      prescription: i.prescription ?? null,
                      correctedAt: i.corrected_at ?? null,
                    },
                  ]
                : [],
            ),
          };
        } catch (error) {
          throw wordsOf(error);
        }
      }),
      fixPrescription: fromPromise<FixedLine, FixPrescriptionInput>(async ({ input }) => {
        try {
          const result = await deps.client.mutate({
            mutation: FIX_ORDER_PRESCRIPTION,
            variables: {
              input: {
                order_number: input.orderNumber,
                key: input.key,
                order_item_uid: input.lineUid,
                prescription: input.prescription,
                comment: input.comment,
              },
            },
            errorPolicy: 'all',
          });
          const fixed = dataOrThrow(result.data, result.errors).lunetteFixOrderPrescription;
          if (!fixed) throw new ShopFailure('fixLinkInvalid');
          forgetCustomerOrders(deps.client);
          return { orderNumber: fixed.order_number, lineUid: fixed.order_item_uid, linkOpen: fixed.link_open };
        } catch (error) {
          throw wordsOf(error);
        }
      }),
    },
  };
}

export function savedPrescriptionsImplementations(deps: { client: ApolloClient<object>; loadReader?: () => Promise<ReadPrescriptionPhoto> }) {
  return {
    actors: {
      prescriptionForm: scanningPrescriptionForm({ loadReader: deps.loadReader ?? loadPrescriptionReader }),
      fetchSavedPrescriptions: fromPromise<SavedPrescription[], void>(async () => {
        try {
          const result = await deps.client.query({ query: SAVED_PRESCRIPTIONS, variables: {}, fetchPolicy: 'network-only', errorPolicy: 'all' });
          return (dataOrThrow(result.data, result.errors).lunetteSavedPrescriptions ?? []).flatMap((p) => (p ? [savedPrescriptionOf(p)] : []));
        } catch (error) {
          throw isUnauthorised(error) ? Object.assign(new ShopFailure('signInForPrescriptions'), { unauthorised: true }) : wordsOf(error);
        }
      }),
      saveSavedPrescription: fromPromise<unknown, SavedPrescriptionInput>(async ({ input }) => {
        try {
          const variables = { input: { name: input.name, prescription: input.prescription } };
          const result = input.uid
            ? await deps.client.mutate({ mutation: UPDATE_SAVED_PRESCRIPTION, variables: { uid: input.uid, ...variables }, errorPolicy: 'all' })
            : await deps.client.mutate({ mutation: ADD_SAVED_PRESCRIPTION, variables, errorPolicy: 'all' });
          return dataOrThrow(result.data, result.errors);
        } catch (error) {
          throw wordsOf(error);
        }
      }),
      deleteSavedPrescription: fromPromise<unknown, { uid: string }>(async ({ input }) => {
        try {
          const result = await deps.client.mutate({ mutation: DELETE_SAVED_PRESCRIPTION, variables: { uid: input.uid }, errorPolicy: 'all' });
          return dataOrThrow(result.data, result.errors);
        } catch (error) {
          throw wordsOf(error);
        }
      }),
    },
  };
}
