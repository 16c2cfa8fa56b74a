/**
 * The live effects of the checkout machine (see the header of checkout.machine.ts). The REST
 * calls (spec §7) load with the first checkout step that needs them, not with the home page.
 */
import { browserLocation, showStepInUrl, type SearchNavigate } from '../history/step-url';
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import { toCheckoutShippingMethod, type PaymentInformationInput, type ShippingInformationInput } from '../../machines/checkout/checkout.context';
import type {
  CartShippingState,
  Address,
  CheckoutShippingMethod,
  CheckoutStorageWrite,
  ConfirmedOrder,
  EmailAvailability,
  HostedOrderCheck,
  HostedOrderInput,
  HostedPaymentPage,
  OrderLookupInput,
  PaymentReturnInput,
  PlacedOrderCheck,
  ReceiptAddress,
  ReceiptAddressInput,
  SavedCheckoutData,
  VerifiedPayment,
} from '../../machines/checkout/checkout.types';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import { pageLog } from '../app/log-buffer';
import type { LoadRestClient } from '../rest/lazy-rest-client';
import type { BrowserStorage } from '../storage/browser-storage';
import { CHECKOUT_KEYS, STORAGE_KEYS } from '../storage/storage-keys';
import type { CartShippingMethods } from './checkout.operations';
import { ShopFailure } from '../../machines/shared/shop-failure';

/** The order's requests (hosted order, return, success page, lost-answer check) load when one runs. */
const orderRequests = () => import('./order-requests');
/** The checkout steps' documents load with the first step that sends one, not with every page. */
const checkoutOperations = () => import('./checkout.operations');

export interface CheckoutDeps {
  client: ApolloClient<NormalizedCacheObject>;
  /** The REST client, loaded with the first REST step. */
  rest: LoadRestClient;
  storage: BrowserStorage;
  storeCode: string;
  /** Leaves the shop for the provider's payment page (default: a full browser redirect). */
  redirect?: (url: string) => void;
  /** The time a toast is raised at (default: the clock). */
  now?: () => number;
  /** The router's navigate once it runs (ADR 008: the steps are history entries); null before. */
  navigate?: () => SearchNavigate | null;
}

/** The checkout page's path: only there does a step show in the URL (a payment return's page keeps its own). */
const onCheckoutPage = (pathname: string) => /\/checkout\/?$/.test(pathname);

/** The first shipping address's methods, also exposed as code and title (spec §3). */
export function shippingMethodsOf(cart: CartShippingMethods | null | undefined): CheckoutShippingMethod[] {
  const methods = cart?.shipping_addresses?.[0]?.available_shipping_methods ?? [];
  return methods
    .flatMap((m) => (m ? [m] : []))
    .map((m) =>
      toCheckoutShippingMethod({
        carrier_code: m.carrier_code,
        carrier_title: m.carrier_title,
        method_code: m.method_code ?? '',
        method_title: m.method_title,
        amount: m.amount.currency !== null && m.amount.value !== null ? { currency: m.amount.currency, value: m.amount.value } : null,
        available: m.available,
        error_message: m.error_message,
        delivery_days: m.lunette_delivery_days ?? null,
      }),
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
      loadSavedCheckout: fromPromise<SavedCheckoutData, void>(async () => {
        // The code every later step needs (REST calls, the place-order question) is loaded
        // as the checkout begins, while the network is known to work: a step sent offline must find
        // it loaded (a failed dynamic import is not tried again by the browser).
        void Promise.all([import('../rest/checkout-rest'), deps.rest(), orderRequests(), checkoutOperations()]).catch(() => undefined);
        return readSavedCheckout(storage);
      }),
      setShippingAddress: fromPromise<CheckoutShippingMethod[], { cartId: string; isSignedIn: boolean; address: Address }>(async ({ input }) => {
        const { cartId, address } = input;
        // Spec §6: a guest supplies an email for shipping.
        if (!input.isSignedIn) {
          if (!address.email) throw new ShopFailure('emailMissing');
          await runMutation(client, (await checkoutOperations()).SET_GUEST_EMAIL, { cartId, email: address.email });
        }
        const data = await runMutation(client, (await checkoutOperations()).SET_SHIPPING_ADDRESS, {
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
        const { cart } = await runQuery(client, (await checkoutOperations()).GET_SHIPPING_METHODS, { cartId: input.cartId }, 'network-only');
        return shippingMethodsOf(cart);
      }),
      // What the cart holds after a shipping step whose answer was lost (network only: the truth, not the cache).
      readCartShipping: fromPromise<CartShippingState, { cartId: string }>(async ({ input }) => {
        const { cart } = await runQuery(client, (await checkoutOperations()).GET_CART_SHIPPING, { cartId: input.cartId }, 'network-only');
        const address = cart?.shipping_addresses?.[0] ?? null;
        const selected = address?.selected_shipping_method ?? null;
        return {
          street: address ? address.street.flatMap((line) => (line === null ? [] : [line])) : null,
          methods: shippingMethodsOf(cart),
          selectedMethod: selected ? { carrier_code: selected.carrier_code, method_code: selected.method_code } : null,
        };
      }),
      submitShippingInformation: fromPromise<unknown, ShippingInformationInput>(async ({ input }) => {
        const [rest, client] = await Promise.all([import('../rest/checkout-rest'), deps.rest()]);
        return rest.submitShippingInformation(client, deps.storeCode, input);
      }),
      submitPaymentInformation: fromPromise<string, PaymentInformationInput>(async ({ input }) => {
        // The lost-answer check's code is loaded now, while the network is known to work: after a lost
        // answer it may not be (a failed dynamic import is not tried again by the browser).
        const [rest, client] = await Promise.all([import('../rest/checkout-rest'), deps.rest(), orderRequests()]);
        // Spec §8: the full text (request, status, server message) goes to the log; the shopper reads plain words.
        return rest.submitPaymentInformation(client, deps.storeCode, input).catch((error: unknown) => {
          pageLog.write('Placing the order failed', error);
          throw error;
        });
      }),
      placeHostedOrder: fromPromise<HostedPaymentPage, HostedOrderInput>(async ({ input }) =>
        // Spec §8: the full text goes to the log; the shopper reads plain words.
        (await orderRequests()).placeHostedOrder(client, input).catch((error: unknown) => {
          pageLog.write('Placing the order failed', error);
          throw error;
        }),
      ),
      verifyPaymentReturn: fromPromise<VerifiedPayment, PaymentReturnInput>(async ({ input }) =>
        (await orderRequests()).verifyPaymentReturn(client, input).catch((error: unknown) => {
          pageLog.write('Verifying the payment failed', error);
          throw error;
        }),
      ),
      lookUpOrder: fromPromise<ConfirmedOrder | null, OrderLookupInput>(async ({ input }) => (await orderRequests()).lookUpOrder(client, input)),
      readReceiptAddress: fromPromise<ReceiptAddress, ReceiptAddressInput>(async ({ input }) => (await orderRequests()).readReceiptAddress(client, input)),
      checkPlacedOrder: fromPromise<PlacedOrderCheck, { cartId: string; isSignedIn: boolean }>(async ({ input }) =>
        (await orderRequests()).checkPlacedOrder(client, input),
      ),
      checkPlacedHostedOrder: fromPromise<HostedOrderCheck, { cartId: string; isSignedIn: boolean }>(async ({ input }) =>
        (await orderRequests()).checkPlacedHostedOrder(client, input),
      ),
      confirmPaymentReturn: fromPromise<VerifiedPayment, { input: PaymentReturnInput; orderNumber: string | null }>(async ({ input }) =>
        (await orderRequests()).confirmPaymentReturn(client, input),
      ),
      checkEmailAvailability: fromPromise<EmailAvailability, { email: string }>(async ({ input }) => {
        const { isEmailAvailable } = await runQuery(client, (await checkoutOperations()).IS_EMAIL_AVAILABLE, { email: input.email }, 'network-only');
        return { email: input.email, available: isEmailAvailable?.is_email_available !== false, checkedAt: (deps.now ?? Date.now)() };
      }),
    },
    actions: {
      showStep: showStepInUrl(deps.navigate ?? (() => null), browserLocation, onCheckoutPage),
      redirectToProvider: (_: unknown, params: { url: string }) => (deps.redirect ?? ((url: string) => window.location.assign(url)))(params.url),
      saveCheckoutValue: (_: unknown, write: CheckoutStorageWrite) => storage.setItem(write.key, write.value),
      clearSavedCheckout: () => CHECKOUT_KEYS.forEach((key) => storage.removeItem(key)),
    },
  };
}
