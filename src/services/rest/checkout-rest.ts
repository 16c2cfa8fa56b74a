/**
 * Checkout REST calls (spec §7, bodies per Magento's REST API): guests use guest-carts/{cartId},
 * signed-in customers carts/mine (Magento takes their cart from the token). Loaded with the
 * checkout only, never in the home page's chunk.
 */
import type { PaymentInformationInput, ShippingInformationInput } from '../../machines/checkout/checkout.context';
import { CART_CHANGED, type Address, type OrderOutcomeUnknown } from '../../machines/checkout/checkout.types';
import { ShopFailure } from '../../machines/shared/shop-failure';
import { RestResponseError, type RestClient } from './rest-client';

/** Magento's address shape (AddressInterface): only its own fields, nothing empty (it refuses unknown properties). */
export function toMagentoAddress(address: Address): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    firstname: address.firstname,
    lastname: address.lastname,
    street: address.street,
    city: address.city,
    region: address.region,
    region_id: address.region_id,
    region_code: address.region_code,
    postcode: address.postcode,
    telephone: address.telephone,
    country_id: address.country_id,
    email: address.email,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

function cartPath(storeCode: string, cartId: string, isSignedIn: boolean, resource: string): string {
  const cart = isSignedIn ? 'carts/mine' : `guest-carts/${encodeURIComponent(cartId)}`;
  return `/rest/${encodeURIComponent(storeCode)}/V1/${cart}/${resource}`;
}

export function shippingInformationRequest(storeCode: string, input: ShippingInformationInput) {
  return {
    path: cartPath(storeCode, input.cartId, input.isSignedIn, 'shipping-information'),
    body: {
      addressInformation: {
        shipping_address: toMagentoAddress(input.shippingAddress),
        billing_address: toMagentoAddress(input.billingAddress),
        shipping_carrier_code: input.carrierCode,
        shipping_method_code: input.methodCode,
      },
    },
  };
}

export function paymentInformationRequest(storeCode: string, input: PaymentInformationInput) {
  const nonce = input.paymentMethod.additional_data.payment_method_nonce;
  const paymentMethod = {
    method: input.paymentMethod.method,
    ...(nonce ? { additional_data: { payment_method_nonce: nonce } } : {}),
    // ADR 039: the cart as reviewed, as the payment's extension attribute (Magento's PaymentInterface).
    ...(input.reviewDigest ? { extension_attributes: { lunette_review_digest: input.reviewDigest } } : {}),
  };
  const billingAddress = toMagentoAddress(input.billingAddress);
  return {
    path: cartPath(storeCode, input.cartId, input.isSignedIn, 'payment-information'),
    // Guests name their cart and email; for a customer Magento reads both from the token.
    body: input.isSignedIn
      ? { paymentMethod, billingAddress }
      : { cartId: input.cartId, email: input.email ?? input.billingAddress.email ?? '', paymentMethod, billingAddress },
  };
}

export async function submitShippingInformation(rest: RestClient, storeCode: string, input: ShippingInformationInput): Promise<unknown> {
  const { path, body } = shippingInformationRequest(storeCode, input);
  return rest.post(path, body);
}

/**
 * Places the order: Magento answers with the order id. A failure after which the order may exist
 * is marked (`OrderOutcomeUnknown`): the checkout machine asks the backend before saying anything.
 */
export async function submitPaymentInformation(rest: RestClient, storeCode: string, input: PaymentInformationInput): Promise<string> {
  const { path, body } = paymentInformationRequest(storeCode, input);
  const orderId = await rest.post<unknown>(path, body).catch((error: unknown) => {
    // ADR 039: the cart changed since its review: nothing was ordered, whoever the shopper is.
    if (error instanceof RestResponseError && error.reason === CART_CHANGED) throw new ShopFailure('cartChangedSinceReview');
    return Promise.reject(markOrderOutcome(error, input.isSignedIn));
  });
  if (typeof orderId !== 'string' && typeof orderId !== 'number') throw new Error(`Placing the order answered without an order id: ${JSON.stringify(orderId)}`);
  return String(orderId);
}

/** Magento's words for a cart that became an order, and for one it cannot find (REST and GraphQL). */
const CART_GONE = /isn't active|No such entity with cartId|Could not find a cart/;

/**
 * A place-order failure after which the order may exist: no answer came (the network
 * failed, the request was aborted or timed out), the server failed (5xx), or the cart was already
 * gone (a second click after a lost answer). A guest's refusal the server explained (another 4xx)
 * is not; a customer's is, since `carts/mine` names whatever cart is active now: after a lost answer
 * that is a new, empty one, and its refusal says nothing of the order.
 */
export function orderOutcomeIsUnknown(error: unknown, isSignedIn: boolean): boolean {
  if (error instanceof RestResponseError) return isSignedIn || error.status >= 500 || CART_GONE.test(error.serverMessage);
  // fetch rejects with a TypeError for a network failure, a DOMException for an abort or a timeout.
  return (
    error instanceof TypeError ||
    (typeof error === 'object' && error !== null && ['AbortError', 'TimeoutError'].includes((error as { name?: unknown }).name as string))
  );
}

/** The error, marked when the order may exist (the checkout machine then asks the backend). */
export function markOrderOutcome(error: unknown, isSignedIn: boolean): unknown {
  if (!orderOutcomeIsUnknown(error, isSignedIn)) return error;
  const marked: Error & OrderOutcomeUnknown = Object.assign(error instanceof Error ? error : new Error(String(error)), { orderOutcomeUnknown: true as const });
  return marked;
}
