import { describe, expect, it, vi } from 'vitest';
import { isOrderOutcomeUnknown, type Address } from '../../machines/checkout/checkout.types';
import { markOrderOutcome, orderOutcomeIsUnknown, paymentInformationRequest, shippingInformationRequest, submitPaymentInformation } from './checkout-rest';
import { RestResponseError, type RestClient } from './rest-client';

const address: Address = {
  firstname: 'Ada',
  lastname: 'L',
  street: ['1 Main St'],
  city: 'Montreal',
  region_code: 'QC',
  region_id: 76,
  region: 'Quebec',
  postcode: 'H2X 1Y4',
  telephone: '5145550100',
  country_id: 'CA',
  email: 'ada@example.com',
  sameAsShippingAddress: true,
};
const magentoAddress = {
  firstname: 'Ada',
  lastname: 'L',
  street: ['1 Main St'],
  city: 'Montreal',
  region: 'Quebec',
  region_id: 76,
  region_code: 'QC',
  postcode: 'H2X 1Y4',
  telephone: '5145550100',
  country_id: 'CA',
  email: 'ada@example.com',
};

describe('checkout REST calls (spec §7)', () => {
  it('spec §7: a guest posts shipping information to guest-carts/{cartId} with addressInformation', () => {
    const request = shippingInformationRequest('fr', {
      cartId: 'masked/1',
      isSignedIn: false,
      shippingAddress: address,
      billingAddress: address,
      carrierCode: 'flatrate',
      methodCode: 'flatrate',
    });
    expect(request.path).toBe('/rest/fr/V1/guest-carts/masked%2F1/shipping-information');
    expect(request.body).toEqual({
      addressInformation: {
        shipping_address: magentoAddress,
        billing_address: magentoAddress,
        shipping_carrier_code: 'flatrate',
        shipping_method_code: 'flatrate',
      },
    });
  });

  it('spec §6/§7: a signed-in customer uses carts/mine', () => {
    const request = shippingInformationRequest('ca', {
      cartId: 'x',
      isSignedIn: true,
      shippingAddress: address,
      billingAddress: address,
      carrierCode: 'tablerate',
      methodCode: 'bestway',
    });
    expect(request.path).toBe('/rest/ca/V1/carts/mine/shipping-information');
  });

  it('spec §7: payment information carries billingAddress, cartId, email and paymentMethod with the nonce', () => {
    const request = paymentInformationRequest('ca', {
      cartId: 'c1',
      isSignedIn: false,
      billingAddress: address,
      email: 'ada@example.com',
      paymentMethod: { method: 'braintree', additional_data: { payment_method_nonce: 'nonce-1' } },
    });
    expect(request.path).toBe('/rest/ca/V1/guest-carts/c1/payment-information');
    expect(request.body).toEqual({
      cartId: 'c1',
      email: 'ada@example.com',
      billingAddress: magentoAddress,
      paymentMethod: { method: 'braintree', additional_data: { payment_method_nonce: 'nonce-1' } },
    });
    const mine = paymentInformationRequest('ca', {
      cartId: 'c1',
      isSignedIn: true,
      billingAddress: address,
      email: null,
      paymentMethod: { method: 'checkmo', additional_data: { payment_method_nonce: null } },
    });
    expect(mine).toEqual({
      path: '/rest/ca/V1/carts/mine/payment-information',
      body: { billingAddress: magentoAddress, paymentMethod: { method: 'checkmo' } },
    });
  });

  it("ADR 039: the digest of the reviewed cart travels as the payment method's extension attribute", () => {
    const request = paymentInformationRequest('ca', {
      cartId: 'c1',
      isSignedIn: true,
      billingAddress: address,
      email: null,
      paymentMethod: { method: 'checkmo', additional_data: { payment_method_nonce: null } },
      reviewDigest: 'abc123',
    });
    expect(request.body.paymentMethod).toEqual({ method: 'checkmo', extension_attributes: { lunette_review_digest: 'abc123' } });
  });

  it('spec §7: placing the order answers the order id', async () => {
    const rest: RestClient = { get: vi.fn(), request: vi.fn(), post: vi.fn(async () => 1000021) as RestClient['post'] };
    await expect(
      submitPaymentInformation(rest, 'ca', {
        cartId: 'c1',
        isSignedIn: false,
        billingAddress: address,
        email: 'a@b.c',
        paymentMethod: { method: 'checkmo', additional_data: { payment_method_nonce: null } },
      }),
    ).resolves.toBe('1000021');
  });
});

describe('a place-order failure after which the order may exist is marked', () => {
  const refusal = (status: number, serverMessage: string) =>
    new RestResponseError({
      method: 'POST',
      url: 'https://shop.test/rest/ca/V1/guest-carts/abc/payment-information',
      status,
      statusText: 'x',
      bodyText: JSON.stringify({ message: serverMessage }),
    });

  it("ADR 039: a refusal whose reason is a cart changed since its review is the shop's own failure, for a guest and a customer alike", async () => {
    const changed = new RestResponseError({
      method: 'POST',
      url: 'https://shop.test/rest/ca/V1/carts/mine/payment-information',
      status: 400,
      statusText: 'Bad Request',
      bodyText: JSON.stringify({ message: 'Le panier a changé…', parameters: { reason: 'LUNETTE_CART_CHANGED' } }),
    });
    const rest: RestClient = { get: vi.fn(), request: vi.fn(), post: vi.fn(async () => Promise.reject(changed)) as RestClient['post'] };
    for (const isSignedIn of [false, true]) {
      const placing = submitPaymentInformation(rest, 'ca', {
        cartId: 'c1',
        isSignedIn,
        billingAddress: address,
        email: 'a@b.c',
        paymentMethod: { method: 'checkmo', additional_data: { payment_method_nonce: null } },
        reviewDigest: 'd1',
      });
      await expect(placing).rejects.toMatchObject({ name: 'ShopFailure', code: 'cartChangedSinceReview' });
      await expect(placing).rejects.not.toHaveProperty('orderOutcomeUnknown');
    }
  });

  it('no answer (network failure, abort, timeout) and server failures leave the outcome unknown', () => {
    expect(orderOutcomeIsUnknown(new TypeError('Failed to fetch'), false)).toBe(true);
    expect(orderOutcomeIsUnknown(new DOMException('The user aborted a request.', 'AbortError'), false)).toBe(true);
    expect(orderOutcomeIsUnknown(new DOMException('signal timed out', 'TimeoutError'), false)).toBe(true);
    expect(orderOutcomeIsUnknown(refusal(503, 'Service Unavailable'), false)).toBe(true);
  });

  it("a cart already gone (the second click after a lost answer) leaves it unknown; a guest's explained refusal does not", () => {
    expect(orderOutcomeIsUnknown(refusal(404, "The cart isn't active."), false)).toBe(true);
    expect(orderOutcomeIsUnknown(refusal(404, 'No such entity with cartId = abc'), false)).toBe(true);
    expect(orderOutcomeIsUnknown(refusal(400, 'The requested Payment Method is not available.'), false)).toBe(false);
  });

  it("a customer's refusal leaves it unknown: carts/mine names the cart active now, a new one after a lost answer", () => {
    expect(orderOutcomeIsUnknown(refusal(400, 'The shipping address is missing. Set the address and try again.'), true)).toBe(true);
  });

  it('submitPaymentInformation rejects with the same error, marked, so the checkout machine asks the backend', async () => {
    const rest = { post: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) } as unknown as RestClient;
    const error = await submitPaymentInformation(rest, 'ca', {
      cartId: 'abc',
      isSignedIn: false,
      billingAddress: { firstname: 'A', lastname: 'B', street: ['1'], city: 'C', postcode: 'P', telephone: '1' },
      email: 'a@example.com',
      paymentMethod: { method: 'checkmo', additional_data: { payment_method_nonce: null } },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isOrderOutcomeUnknown(error)).toBe(true);
    expect(isOrderOutcomeUnknown(markOrderOutcome(refusal(400, 'Refused.'), false))).toBe(false);
  });
});
