/**
 * The checkout's requests of the order's moments: placing a hosted-payment order, verifying the
 * provider's return, the success page's order, and asking whether a cart became an order after a
 * lost answer (ADR 011). `checkout.actors.ts` loads this module when one of them runs, so neither it
 * nor its documents weigh on the home page's code (bundle budget).
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { CART_NOT_ACTIVE } from '../../machines/cart/cart.machine';
import {
  CART_CHANGED,
  type ConfirmedOrder,
  type HostedOrderCheck,
  type HostedOrderInput,
  type HostedPaymentPage,
  type OrderOutcomeUnknown,
  type OrderLookupInput,
  type PaymentCheckFailure,
  type ReceiptAddress,
  type ReceiptAddressInput,
  type PaymentReturnInput,
  type PlacedOrderCheck,
  type VerifiedPayment,
} from '../../machines/checkout/checkout.types';
import { ShopFailure } from '../../machines/shared/shop-failure';
import { requestFailureOf } from '../alerts/request-failure';
import { runMutation, runQuery, SEND_AS_POST } from '../apollo/operation-helpers';
import { CHECK_USER_IS_AUTHED } from '../cart/cart.operations';
import { HOSTED_PAGE_MISSING } from './checkout-words';
import {
  CUSTOMER_ORDER_BY_NUMBER,
  GUEST_ORDER_BY_TOKEN,
  GUEST_ORDER_TOKEN,
  HOSTED_PAYMENT_OF_CART,
  NEWEST_CUSTOMER_ORDER,
  PLACE_HOSTED_ORDER,
  VERIFY_PAYMENT_RETURN,
  type OrderAnswer,
} from './order-requests.operations';

/** The provider's page in a placed order's payment data. */
export function hostedPaymentUrl(additionalData: ReadonlyArray<{ name: string | null; value: string | null } | null> | null | undefined): string | null {
  return additionalData?.find((entry) => entry?.name === 'hosted_payment_url')?.value ?? null;
}

/** An order answer as the machine keeps it. */
export function confirmedOrderOf(order: OrderAnswer): ConfirmedOrder {
  const { number, status, email, payment_methods: payments, shipping_address: address } = order;
  return {
    number,
    status,
    email,
    paymentCode: payments?.find((payment) => payment?.type)?.type ?? null,
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
          email,
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
    const { guestOrderByToken } = await runQuery(client, GUEST_ORDER_BY_TOKEN, { token: input.orderToken }, 'network-only', SEND_AS_POST);
    return guestOrderByToken ? confirmedOrderOf(guestOrderByToken) : null;
  } catch (error) {
    if (requestFailureOf(error).kind === 'unreachable') throw error;
    return null;
  }
}

/**
 * Spec §2 /success: the just-placed order's receipt address. A customer's is their newest order
 * (its number as the backend writes it); a guest's is read with Magento's `guestOrder` (number,
 * email, billing last name, sent in a POST body) for its token. Rejects when the order cannot be
 * named: the receipt then stays on the checkout page.
 */
export async function readReceiptAddress(client: ApolloClient<NormalizedCacheObject>, input: ReceiptAddressInput): Promise<ReceiptAddress> {
  // Magento's default increment id: the entity id padded to nine digits (a customer's newest order names it as written).
  const number = input.orderId.padStart(9, '0');
  if (input.isSignedIn) {
    const { customer } = await runQuery(client, NEWEST_CUSTOMER_ORDER, {}, 'network-only');
    const newest = customer?.orders?.items?.[0];
    return { orderNumber: newest && entityIdOfCustomerOrder(newest.id) === input.orderId ? newest.number : number, orderToken: null };
  }
  const { guestOrder } = await runQuery(client, GUEST_ORDER_TOKEN, { number, email: input.email, lastname: input.lastname }, 'network-only', SEND_AS_POST);
  if (!guestOrder?.token) throw new Error('The shop answered without the order.');
  return { orderNumber: guestOrder.number, orderToken: guestOrder.token };
}

/**
 * Was an order placed from this cart? Magento deactivates a cart when it becomes an order,
 * so reading it (spec §6 checkUserIsAuthed, the cart's own check) answers "The cart isn't active." A customer's order is then their newest one; a
 * guest's cannot be named (Magento has no guest order lookup by cart), only known to exist. An
 * unreachable backend rejects: the machine lets the shopper check again.
 */
export async function checkPlacedOrder(client: ApolloClient<NormalizedCacheObject>, input: { cartId: string; isSignedIn: boolean }): Promise<PlacedOrderCheck> {
  try {
    await runQuery(client, CHECK_USER_IS_AUTHED, { cartId: input.cartId }, 'network-only');
    return { placed: false };
  } catch (error) {
    const failure = requestFailureOf(error);
    if (failure.kind === 'unreachable') throw error;
    if (!failure.message.includes(CART_NOT_ACTIVE)) return { placed: false };
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

/** Magento's words (and placeOrder error codes) for a cart that is gone: already an order, or not found. */
const CART_GONE = /isn't active|Could not find a cart|No such entity with cartId/;
const CART_GONE_CODES = new Set(['CART_NOT_ACTIVE', 'CART_NOT_FOUND']);

/** A refusal the shop explained in placeOrder's own `errors` list. */
class PlaceOrderRefusal extends Error {
  constructor(readonly errors: ReadonlyArray<{ code: string; message: string }>) {
    super(errors.map((error) => error.message).join('\n'));
    this.name = 'PlaceOrderRefusal';
  }
  /** The same shape as a GraphQL refusal, so the shopper's words come from the shop's message. */
  get graphQLErrors() {
    return this.errors.map((error) => ({ message: error.message }));
  }
}

/**
 * A hosted place-order failure after which the order may exist: no answer (network error,
 * abort, timeout, a 5xx or an unreadable answer), or a cart that is already gone (a second click
 * after a lost answer). Any other refusal the shop explained leaves nothing placed.
 */
export function hostedOrderOutcomeIsUnknown(error: unknown): boolean {
  // A request that provably never left (offline, no connection) placed nothing.
  if (neverSent(error)) return false;
  if (error instanceof PlaceOrderRefusal) return error.errors.some((e) => CART_GONE_CODES.has(e.code) || CART_GONE.test(e.message));
  const failure = requestFailureOf(error);
  return failure.kind === 'unreachable' || CART_GONE.test(failure.message);
}

function neverSent(error: unknown): boolean {
  const failure = error as { requestNotSent?: unknown; networkError?: { requestNotSent?: unknown } | null } | null;
  return failure?.requestNotSent === true || failure?.networkError?.requestNotSent === true;
}

function markHostedOrderOutcome(error: unknown): unknown {
  if (!hostedOrderOutcomeIsUnknown(error)) return error;
  return Object.assign(error instanceof Error ? error : new Error(String(error)), { orderOutcomeUnknown: true as const } satisfies OrderOutcomeUnknown);
}

/** Places a card or wallet order: the order's number and the provider's page to pay it on. */
export async function placeHostedOrder(client: ApolloClient<NormalizedCacheObject>, input: HostedOrderInput): Promise<HostedPaymentPage> {
  const data = await runMutation(client, PLACE_HOSTED_ORDER, input).catch((error: unknown) => Promise.reject(markHostedOrderOutcome(error)));
  const refused = (data.placeOrder?.errors ?? []).filter((error) => error !== null);
  // ADR 039: the cart changed since its review: nothing was ordered; the shop's own words say so.
  if (refused.some((error) => error.code === CART_CHANGED)) throw new ShopFailure('cartChangedSinceReview');
  if (refused.length) throw markHostedOrderOutcome(new PlaceOrderRefusal(refused));
  const order = data.placeOrder?.orderV2;
  const paymentUrl = hostedPaymentUrl(order?.payment_methods?.[0]?.additional_data);
  if (!order || !paymentUrl) throw new Error(HOSTED_PAGE_MISSING);
  return { orderNumber: order.number, paymentUrl };
}

/**
 * Was a card or wallet order placed from this cart, and where is it paid? The cart still
 * active → nothing was placed. Gone → a customer's newest order names its number and, while it
 * waits for its payment, the provider's page; a guest's order cannot be named (Magento has no guest
 * order lookup by cart). An unreachable backend rejects: the machine lets the shopper check again.
 */
export async function checkPlacedHostedOrder(
  client: ApolloClient<NormalizedCacheObject>,
  input: { cartId: string; isSignedIn: boolean },
): Promise<HostedOrderCheck> {
  const placed = await checkPlacedOrder(client, { cartId: input.cartId, isSignedIn: false });
  if (!placed.placed) return { placed: false };
  if (!input.isSignedIn) {
    // A guest's order is named by the payment module, from the cart it was placed from.
    const { lunetteHostedPaymentOfCart: pending } = await runQuery(client, HOSTED_PAYMENT_OF_CART, { cartId: input.cartId }, 'network-only').catch(() => ({
      lunetteHostedPaymentOfCart: null,
    }));
    return { placed: true, orderId: null, page: pending ? { orderNumber: pending.order_number, paymentUrl: pending.payment_url } : null };
  }
  const { customer } = await runQuery(client, NEWEST_CUSTOMER_ORDER, {}, 'network-only').catch(() => ({ customer: null }));
  const newest = customer?.orders?.items?.[0];
  if (!newest) return { placed: true, orderId: null, page: null };
  const paymentUrl = hostedPaymentUrl(newest.payment_methods?.[0]?.additional_data);
  const waitsForPayment = newest.status === 'Pending Payment' || newest.status === 'pending_payment';
  return {
    placed: true,
    orderId: entityIdOfCustomerOrder(newest.id),
    page: waitsForPayment && paymentUrl ? { orderNumber: newest.number, paymentUrl } : null,
  };
}

/** The backend's verification of the provider's signed return; rejects with a PaymentCheckFailure. */
export async function verifyPaymentReturn(client: ApolloClient<NormalizedCacheObject>, input: PaymentReturnInput): Promise<VerifiedPayment> {
  try {
    const { lunetteVerifyPaymentReturn: verified } = await runMutation(client, VERIFY_PAYMENT_RETURN, { input });
    if (!verified) throw new Error('The shop answered without a payment result.');
    return verified;
  } catch (error) {
    const failure = requestFailureOf(error);
    throw { kind: failure.kind === 'unreachable' ? 'unreachable' : 'refused', message: failure.message } satisfies PaymentCheckFailure;
  }
}

/**
 * The verification's answer was lost. The verification is itself the question: the backend
 * answers the same signed return the same way every time and acts on it at most once (the payment
 * session is completed once; a second call only reads it: backend payment-return resolver). So it is
 * asked again, never trusting the unsigned address for the outcome. Unreachable → a PaymentCheckFailure.
 */
export async function confirmPaymentReturn(
  client: ApolloClient<NormalizedCacheObject>,
  request: { input: PaymentReturnInput; orderNumber: string | null },
): Promise<VerifiedPayment> {
  return verifyPaymentReturn(client, request.input);
}
