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
import type {
  Address,
  CheckoutShippingMethod,
  CheckoutStorageWrite,
  ConfirmedOrder,
  EmailAvailability,
  HostedPaymentPage,
  OrderLookupInput,
  PaymentCheckFailure,
  PaymentReturnInput,
  PlacedOrderCheck,
  SavedCheckoutData,
  VerifiedPayment,
} from '../../machines/checkout/checkout.types';
import { requestFailureOf } from '../alerts/request-failure';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import { pageLog } from '../app/log-buffer';
import type { LoadRestClient } from '../rest/lazy-rest-client';
import type { BrowserStorage } from '../storage/browser-storage';
import { CHECKOUT_KEYS, STORAGE_KEYS } from '../storage/storage-keys';
import {
  CUSTOMER_ORDER_BY_NUMBER,
  GET_SHIPPING_METHODS,
  GUEST_ORDER_BY_TOKEN,
  IS_EMAIL_AVAILABLE,
  NEWEST_CUSTOMER_ORDER,
  PLACE_HOSTED_ORDER,
  PLACED_ORDER_CART,
  SET_GUEST_EMAIL,
  SET_SHIPPING_ADDRESS,
  VERIFY_PAYMENT_RETURN,
  type CartShippingMethods,
  type OrderAnswer,
  type ShippingMethodAnswer,
} from './checkout.operations';

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
}

/** Said when placeOrder answered without the provider's page (the review shows it in words). */
export const HOSTED_PAGE_MISSING = 'The payment provider did not answer with a payment page. Choose another payment method.';

/** The provider's page in a placed order's payment data. */
export function hostedPaymentUrl(additionalData: ReadonlyArray<{ name: string | null; value: string | null } | null> | null | undefined): string | null {
  return additionalData?.find((entry) => entry?.name === 'hosted_payment_url')?.value ?? null;
}

/** An order answer as the machine keeps it. */
export function confirmedOrderOf(order: OrderAnswer): ConfirmedOrder {
  const address = order.shipping_address;
  return {
    number: order.number,
    status: order.status,
    email: order.email,
    shippingAddress: address
      ? {
          firstname: address.firstname ?? '',
          lastname: address.lastname ?? '',
          street: (address.street ?? []).filter((line): line is string => Boolean(line)),
          city: address.city ?? '',
          region: address.region,
          region_id: address.region_id === null ? null : Number(address.region_id),
          postcode: address.postcode ?? '',
          country_id: address.country_code,
          telephone: address.telephone ?? '',
          email: order.email,
        }
      : null,
  };
}

/**
 * Spec §2 /success: the order, if the backend says it is this shopper's. A customer's own orders
 * are read with their token; a guest's with the token of the verified return. "Not found" and
 * "please sign in" answer null; only an unreachable shop is an error (checking again is offered).
 */
export async function lookUpOrder(client: ApolloClient<NormalizedCacheObject>, input: OrderLookupInput): Promise<ConfirmedOrder | null> {
  try {
    if (input.isSignedIn) {
      const { customer } = await runQuery(client, CUSTOMER_ORDER_BY_NUMBER, { number: input.orderNumber }, 'network-only');
      const order = (customer?.orders?.items ?? []).find((item) => item?.number === input.orderNumber);
      return order ? confirmedOrderOf(order) : null;
    }
    if (!input.orderToken) return null;
    const { guestOrderByToken } = await runQuery(client, GUEST_ORDER_BY_TOKEN, { token: input.orderToken }, 'network-only');
    return guestOrderByToken ? confirmedOrderOf(guestOrderByToken) : null;
  } catch (error) {
    if (requestFailureOf(error).kind === 'unreachable') throw error;
    return null;
  }
}

/**
 * Issue 20: was an order placed from this cart? Magento deactivates a cart when it becomes an order,
 * so reading it answers "The cart isn't active." A customer's order is then their newest one; a
 * guest's cannot be named (Magento has no guest order lookup by cart), only known to exist. An
 * unreachable backend rejects: the machine lets the shopper check again.
 */
export async function checkPlacedOrder(client: ApolloClient<NormalizedCacheObject>, input: { cartId: string; isSignedIn: boolean }): Promise<PlacedOrderCheck> {
  try {
    await runQuery(client, PLACED_ORDER_CART, { cartId: input.cartId }, 'network-only');
    return { placed: false };
  } catch (error) {
    const failure = requestFailureOf(error);
    if (failure.kind === 'unreachable') throw error;
    if (!/isn't active/.test(failure.message)) return { placed: false };
  }
  if (!input.isSignedIn) return { placed: true, orderId: null };
  const { customer } = await runQuery(client, NEWEST_CUSTOMER_ORDER, {}, 'network-only').catch(() => ({ customer: null }));
  const newest = customer?.orders?.items?.[0];
  return { placed: true, orderId: newest ? entityIdOfCustomerOrder(newest.id) : null };
}

/** Magento's `CustomerOrder.id` is the entity id, base64-encoded; anything else names no order. */
function entityIdOfCustomerOrder(id: string): string | null {
  try {
    const decoded = atob(id);
    return /^\d+$/.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
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
        // Spec §8: the full text (request, status, server message) goes to the log; the shopper reads plain words.
        return rest.submitPaymentInformation(client, deps.storeCode, input).catch((error: unknown) => {
          pageLog.write('Placing the order failed', error);
          throw error;
        });
      }),
      placeHostedOrder: fromPromise<HostedPaymentPage, { cartId: string; code: string }>(async ({ input }) => {
        const data = await runMutation(client, PLACE_HOSTED_ORDER, input);
        const refused = (data.placeOrder?.errors ?? []).filter((error) => error !== null);
        if (refused.length) throw new Error(refused.map((error) => error.message).join('\n'));
        const order = data.placeOrder?.orderV2;
        const paymentUrl = hostedPaymentUrl(order?.payment_methods?.[0]?.additional_data);
        if (!order || !paymentUrl) throw new Error(HOSTED_PAGE_MISSING);
        return { orderNumber: order.number, paymentUrl };
      }),
      verifyPaymentReturn: fromPromise<VerifiedPayment, PaymentReturnInput>(async ({ input }) => {
        try {
          const { lunetteVerifyPaymentReturn: verified } = await runMutation(client, VERIFY_PAYMENT_RETURN, { input });
          if (!verified) throw new Error('The shop answered without a payment result.');
          return verified;
        } catch (error) {
          const failure = requestFailureOf(error);
          throw { kind: failure.kind === 'unreachable' ? 'unreachable' : 'refused', message: failure.message } satisfies PaymentCheckFailure;
        }
      }),
      lookUpOrder: fromPromise<ConfirmedOrder | null, OrderLookupInput>(({ input }) => lookUpOrder(client, input)),
      checkPlacedOrder: fromPromise<PlacedOrderCheck, { cartId: string; isSignedIn: boolean }>(({ input }) => checkPlacedOrder(client, input)),
      checkEmailAvailability: fromPromise<EmailAvailability, { email: string }>(async ({ input }) => {
        const { isEmailAvailable } = await runQuery(client, IS_EMAIL_AVAILABLE, { email: input.email }, 'network-only');
        return { email: input.email, available: isEmailAvailable?.is_email_available !== false, checkedAt: (deps.now ?? Date.now)() };
      }),
    },
    actions: {
      redirectToProvider: (_: unknown, params: { url: string }) => (deps.redirect ?? ((url: string) => window.location.assign(url)))(params.url),
      saveCheckoutValue: (_: unknown, write: CheckoutStorageWrite) => storage.setItem(write.key, write.value),
      clearSavedCheckout: () => CHECKOUT_KEYS.forEach((key) => storage.removeItem(key)),
    },
  };
}
