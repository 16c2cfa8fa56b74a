/**
 * The live effects of the checkout machine (see the header of checkout.machine.ts). The REST
 * calls (spec §7) load with the first checkout step that needs them, not with the home page.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import {
  toCheckoutShippingMethod,
  type PaymentInformationInput,
  type ShippingInformationInput,
} from '../../machines/checkout/checkout.machine';
import type { Address, CheckoutShippingMethod, CheckoutStorageWrite, SavedCheckoutData } from '../../machines/checkout/checkout.types';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import type { LoadRestClient } from '../rest/lazy-rest-client';
import type { BrowserStorage } from '../storage/browser-storage';
import { CHECKOUT_KEYS, STORAGE_KEYS } from '../storage/storage-keys';
import { GET_SHIPPING_METHODS, SET_GUEST_EMAIL, SET_SHIPPING_ADDRESS, type CartShippingMethods, type ShippingMethodAnswer } from './checkout.operations';

export interface CheckoutDeps {
  client: ApolloClient<NormalizedCacheObject>;
  /** The REST client, loaded with the first REST step. */
  rest: LoadRestClient;
  storage: BrowserStorage;
  storeCode: string;
}

/** The first shipping address's methods, also exposed as code and title (spec §3). */
export function shippingMethodsOf(cart: CartShippingMethods | null | undefined): CheckoutShippingMethod[] {
  const methods = cart?.shipping_addresses?.[0]?.available_shipping_methods ?? [];
  return methods
    .filter((m): m is ShippingMethodAnswer => m !== null)
    .map((m) =>
      toCheckoutShippingMethod({ carrier_code: m.carrier_code, carrier_title: m.carrier_title, method_code: m.method_code ?? '', method_title: m.method_title, amount: m.amount }),
    );
}

function objectOrNull<T>(value: unknown): T | null {
  return typeof value === 'object' && value !== null ? (value as T) : null;
}

/** Spec §4 "Begin … reloads saved shipping methods, billing address, payment, shipping address and shipping method". */
export function readSavedCheckout(storage: BrowserStorage): SavedCheckoutData {
  const methods = storage.getItem<unknown>(STORAGE_KEYS.availableShippingMethods);
  return {
    availableShippingMethods: Array.isArray(methods) ? (methods as CheckoutShippingMethod[]) : null,
    billingAddress: objectOrNull<Address>(storage.getItem(STORAGE_KEYS.billingAddress)),
    paymentMethod: objectOrNull(storage.getItem(STORAGE_KEYS.paymentMethod)),
    shippingAddress: objectOrNull<Address>(storage.getItem(STORAGE_KEYS.shippingAddress)),
    shippingMethod: objectOrNull<CheckoutShippingMethod>(storage.getItem(STORAGE_KEYS.shippingMethod)),
  };
}

export function checkoutImplementations(deps: CheckoutDeps) {
  const { client, storage } = deps;
  return {
    actors: {
      loadSavedCheckout: fromPromise<SavedCheckoutData, void>(async () => readSavedCheckout(storage)),
      setShippingAddress: fromPromise<CheckoutShippingMethod[], { cartId: string; isSignedIn: boolean; address: Address }>(async ({ input }) => {
        const { cartId, address } = input;
        // Spec §6: a guest supplies an email for shipping.
        if (!input.isSignedIn) {
          if (!address.email) throw new Error('Missing required information: email');
          await runMutation(client, SET_GUEST_EMAIL, { cartId, email: address.email });
        }
        const data = await runMutation(client, SET_SHIPPING_ADDRESS, {
          cartId,
          firstname: address.firstname,
          lastname: address.lastname,
          street: address.street,
          city: address.city,
          region_code: address.region_code ?? null,
          region_id: address.region_id ?? null,
          postcode: address.postcode,
          telephone: address.telephone,
          country_id: address.country_id ?? 'CA',
        });
        return shippingMethodsOf(data.setShippingAddressesOnCart?.cart);
      }),
      fetchShippingMethods: fromPromise<CheckoutShippingMethod[], { cartId: string }>(async ({ input }) => {
        const { cart } = await runQuery(client, GET_SHIPPING_METHODS, { cartId: input.cartId }, 'network-only');
        return shippingMethodsOf(cart);
      }),
      submitShippingInformation: fromPromise<unknown, ShippingInformationInput>(async ({ input }) => {
        const [rest, client] = await Promise.all([import('../rest/checkout-rest'), deps.rest()]);
        return rest.submitShippingInformation(client, deps.storeCode, input);
      }),
      submitPaymentInformation: fromPromise<string, PaymentInformationInput>(async ({ input }) => {
        const [rest, client] = await Promise.all([import('../rest/checkout-rest'), deps.rest()]);
        return rest.submitPaymentInformation(client, deps.storeCode, input);
      }),
    },
    actions: {
      saveCheckoutValue: (_: unknown, write: CheckoutStorageWrite) => storage.setItem(write.key, write.value),
      clearSavedCheckout: () => CHECKOUT_KEYS.forEach((key) => storage.removeItem(key)),
    },
  };
}
