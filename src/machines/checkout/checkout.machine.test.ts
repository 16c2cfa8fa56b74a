import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor, fromPromise, setup, waitFor } from 'xstate';
import { cartMachine } from '../cart/cart.machine';
import type { CartDetails } from '../cart/cart.types';
import {
  cheapestShippingMethod,
  checkoutMachine,
  selectCreateAccountParams,
  selectHasReceipt,
  selectIsAddressingReceipt,
  selectReceiptAddress,
  selectIsSubmitting,
  selectOrderConfirmation,
  selectProposedShippingMethod,
  selectShippingMethod,
  selectShippingTitle,
  selectStep,
  submitCheckoutStep,
} from './checkout.machine';
import {
  RECEIPT_ADDRESS_ATTEMPTS,
  RECEIPT_ADDRESS_PATIENCE_MS,
  normalizeAddress,
  resolveBillingAddress,
  toCheckoutShippingMethod,
  type CheckoutStep,
  type PaymentInformationInput,
  type ShippingInformationInput,
} from './checkout.context';
import type { StepMove } from '../shared/step-history';
import { FIXTURE_ADDRESS } from './checkout.fixtures';
import type {
  CartShippingState,
  CheckoutShippingMethod,
  Country,
  PlacedOrderCheck,
  ReceiptAddress,
  ReceiptAddressInput,
  SavedCheckoutData,
} from './checkout.types';

const COUNTRIES: Country[] = [
  {
    id: 'CA',
    available_regions: [
      { id: 66, code: 'ON', name: 'Ontario' },
      { id: 67, code: 'QC', name: 'Québec' },
    ],
  },
  { id: 'US', available_regions: [{ id: 12, code: 'CA', name: 'California' }] },
];

const FLAT = toCheckoutShippingMethod({ carrier_code: 'flatrate', carrier_title: 'Flat Rate', method_code: 'flatrate', amount: { currency: 'CAD', value: 5 } });

function startCheckout(
  fakes: Partial<{
    saved: SavedCheckoutData;
    setShippingAddress: () => Promise<CheckoutShippingMethod[]>;
    submitShippingInformation: (input: ShippingInformationInput) => Promise<unknown>;
    submitPaymentInformation: (input: PaymentInformationInput) => Promise<string>;
    checkPlacedOrder: (input: { cartId: string; isSignedIn: boolean }) => Promise<PlacedOrderCheck>;
    fetchShippingMethods: () => Promise<CheckoutShippingMethod[]>;
    readCartShipping: () => Promise<CartShippingState>;
    readReceiptAddress: (input: ReceiptAddressInput) => Promise<ReceiptAddress>;
  }> = {},
  clock?: SimulatedClock,
) {
  const log: string[] = [];
  const cartEvents: string[] = [];
  const moves: StepMove<CheckoutStep>[] = [];
  const spies = {
    saveCheckoutValue: vi.fn(),
    setShippingAddress: vi.fn(fakes.setShippingAddress ?? (async () => [FLAT])),
    submitShippingInformation: vi.fn(fakes.submitShippingInformation ?? (async () => ({}))),
    submitPaymentInformation: vi.fn(fakes.submitPaymentInformation ?? (async () => '000000042')),
    checkPlacedOrder: vi.fn(fakes.checkPlacedOrder ?? (async (): Promise<PlacedOrderCheck> => ({ placed: false }))),
    fetchShippingMethods: vi.fn(fakes.fetchShippingMethods ?? (async () => [FLAT])),
    readCartShipping: vi.fn(fakes.readCartShipping ?? (async (): Promise<CartShippingState> => ({ street: null, methods: [], selectedMethod: null }))),
    readReceiptAddress: vi.fn(fakes.readReceiptAddress ?? (async (): Promise<ReceiptAddress> => Promise.reject(new Error('Failed to fetch')))),
  };
  const machine = checkoutMachine.provide({
    actors: {
      loadSavedCheckout: fromPromise(async () => fakes.saved ?? {}),
      setShippingAddress: fromPromise(() => spies.setShippingAddress()),
      fetchShippingMethods: fromPromise(() => spies.fetchShippingMethods()),
      submitShippingInformation: fromPromise(({ input }) => spies.submitShippingInformation(input)),
      submitPaymentInformation: fromPromise(({ input }) => spies.submitPaymentInformation(input)),
      checkPlacedOrder: fromPromise(({ input }) => spies.checkPlacedOrder(input)),
      readCartShipping: fromPromise(() => spies.readCartShipping()),
      readReceiptAddress: fromPromise(({ input }) => spies.readReceiptAddress(input)),
    },
    actions: {
      saveCheckoutValue: (_, write) => {
        log.push(`save ${write.key}`);
        spies.saveCheckoutValue(write);
      },
      clearSavedCheckout: () => log.push('clearSavedCheckout'),
      removeCart: () => log.push('removeCart'),
      // What the machine asks of the 'cart' (a standalone checkout has none in its system).
      refreshCart: () => cartEvents.push('cart.getDetails'),
      // The URL (ADR 008), recorded.
      showStep: (_, move) => void (move && moves.push(move)),
    },
  });
  const actor = createActor(machine, clock ? { clock } : {}).start();
  return { actor, log, spies, cartEvents, moves };
}

async function begin(actor: ReturnType<typeof startCheckout>['actor'], over: { cartId?: string | null; isSignedIn?: boolean } = {}) {
  actor.send({ type: 'checkout.begin', cartId: 'cart-1', isSignedIn: false, countries: COUNTRIES, ...over });
  await waitFor(actor, (s) => !s.hasTag('restoring'));
}

async function throughToReview(actor: ReturnType<typeof startCheckout>['actor']) {
  await begin(actor);
  await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
  await submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT });
  await submitCheckoutStep(actor, { type: 'checkout.billingAddress.submit', billingAddress: { sameAsShippingAddress: true } });
  await submitCheckoutStep(actor, { type: 'checkout.paymentMethod.submit', paymentMethod: { code: 'braintree', data: { nonce: 'nonce-1' } } });
}

/** A customer through every step, paying by check, then ordering. */
async function customerOrdersByCheck(actor: ReturnType<typeof startCheckout>['actor']) {
  await begin(actor, { isSignedIn: true });
  await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
  await submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT });
  await submitCheckoutStep(actor, {
    type: 'checkout.billingAndPayment.submit',
    billingAddress: { sameAsShippingAddress: true },
    paymentMethod: { code: 'checkmo' },
  });
  await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
}

describe('checkout address rules (spec §5)', () => {
  it('spec §5: addresses are normalised to country CA and the region looked up by region_code', () => {
    expect(normalizeAddress({ ...FIXTURE_ADDRESS, country_id: undefined }, COUNTRIES)).toMatchObject({
      country_id: 'CA',
      region_code: 'ON',
      region_id: 66,
      region: 'Ontario',
    });
  });

  it('spec §5: a country the shop sells to is kept, and its own region list is used', () => {
    expect(normalizeAddress({ ...FIXTURE_ADDRESS, country_id: 'US', region_code: 'CA' }, COUNTRIES)).toMatchObject({
      country_id: 'US',
      region_id: 12,
      region: 'California',
    });
  });

  it('spec §5: a country outside the allowed list falls back to CA', () => {
    expect(normalizeAddress({ ...FIXTURE_ADDRESS, country_id: 'ZZ', region_code: 'QC' }, COUNTRIES)).toMatchObject({
      country_id: 'CA',
      region_id: 67,
      region: 'Québec',
    });
  });

  it('spec §5: a billing address marked same as shipping uses the shipping address', () => {
    const shipping = normalizeAddress(FIXTURE_ADDRESS, COUNTRIES);
    expect(resolveBillingAddress({ sameAsShippingAddress: true }, shipping, COUNTRIES)).toEqual({ ...shipping, sameAsShippingAddress: true });
    expect(resolveBillingAddress({ ...FIXTURE_ADDRESS, city: 'Montréal', region_code: 'QC' }, shipping, COUNTRIES)).toMatchObject({
      city: 'Montréal',
      region_id: 67,
      sameAsShippingAddress: false,
    });
  });

  it('spec §3: shipping methods are also exposed as code and title', () => {
    expect(FLAT).toMatchObject({ code: 'flatrate', title: 'Flat Rate' });
  });
});

describe('checkout machine', () => {
  it('spec §4 Checkout: each step submits, accepts and persists; the order gives a receipt, clears saved data and removes the cart', async () => {
    const { actor, log, spies } = startCheckout();
    await throughToReview(actor);
    expect(selectStep(actor.getSnapshot())).toBe('review');
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('receipt')).toBe(true);
    expect(snapshot.context.receipt.order).toMatchObject({ id: '000000042', shipping_address: { firstname: 'Ada', country_id: 'CA', region_id: 66 } });
    expect(log).toEqual([
      'save shipping_address',
      'save availableShippingMethods',
      'save shippingMethod',
      'save billing_address',
      'save paymentMethod',
      'clearSavedCheckout',
      'removeCart',
    ]);
    expect(spies.submitShippingInformation).toHaveBeenCalledWith(
      expect.objectContaining({ cartId: 'cart-1', isSignedIn: false, carrierCode: 'flatrate', methodCode: 'flatrate' }),
    );
    expect(spies.submitPaymentInformation).toHaveBeenCalledWith(
      expect.objectContaining({
        cartId: 'cart-1',
        email: 'ada@example.com',
        paymentMethod: { method: 'braintree', additional_data: { payment_method_nonce: 'nonce-1' } },
      }),
    );
    expect(selectShippingMethod(snapshot)).toBe('flatrate');
    expect(selectShippingTitle(snapshot)).toBe('Flat Rate');
  });

  it('with no method chosen, the cheapest offered is proposed (free shipping over flat rate); a chosen one stays', async () => {
    const free = toCheckoutShippingMethod({
      carrier_code: 'freeshipping',
      carrier_title: 'Free Shipping',
      method_code: 'freeshipping',
      amount: { currency: 'CAD', value: 0 },
    });
    const unpriced = toCheckoutShippingMethod({ carrier_code: 'tablerate', carrier_title: 'Table Rate', method_code: 'bestway', amount: null });
    const freeUnderThreshold = { ...free, available: false, error_message: 'Free shipping applies to orders of $137.00 or more.' };
    expect(cheapestShippingMethod([])).toBeNull();
    expect(cheapestShippingMethod([unpriced, FLAT])).toEqual(FLAT);
    // Magento lists a method it cannot use for the cart too: it is never proposed.
    expect(cheapestShippingMethod([FLAT, freeUnderThreshold])).toEqual(FLAT);
    const { actor } = startCheckout({ setShippingAddress: async () => [FLAT, free] });
    await begin(actor);
    await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    expect(selectProposedShippingMethod(actor.getSnapshot())).toEqual(free);
    await submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT });
    actor.send({ type: 'checkout.edit', step: 'shippingMethod' });
    expect(selectProposedShippingMethod(actor.getSnapshot())).toEqual(FLAT);
  });

  it('spec §4 Checkout: a submit marks submitting and clears the step error', async () => {
    let fail = true;
    const { actor } = startCheckout({ setShippingAddress: async () => (fail ? Promise.reject(new Error('first')) : [FLAT]) });
    await begin(actor);
    await expect(submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS })).rejects.toThrow('first');
    fail = false;
    actor.send({ type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.shippingAddressError).toBeNull();
    await waitFor(actor, (s) => !selectIsSubmitting(s));
    expect(selectStep(actor.getSnapshot())).toBe('shippingMethod');
  });

  it('spec §8: a rejected step stores the error in its own field and rethrows it; what was typed is kept', async () => {
    const httpError = new Error('POST /rest/V1/guest-carts/cart-1/shipping-information 400 Bad Request: Carrier with such method not found');
    const { actor } = startCheckout({ submitShippingInformation: async () => Promise.reject(httpError) });
    await begin(actor);
    await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    await expect(submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT })).rejects.toBe(httpError);
    const { context } = actor.getSnapshot();
    expect(context.shippingMethodError).toBe(httpError);
    expect(context.shippingAddressError).toBeNull();
    expect(context.pendingShippingMethod).toEqual(FLAT);
    expect(context.selectedShippingMethod).toBeNull();
    expect(selectStep(actor.getSnapshot())).toBe('shippingMethod');
  });

  it('a shipping address whose answer was lost is read back from the cart: held → accepted, not held → its failure; never sent twice', async () => {
    const lost = new TypeError('Failed to fetch');
    let holds = true;
    const { actor, spies } = startCheckout({
      setShippingAddress: async () => Promise.reject(lost),
      readCartShipping: async () => ({ street: holds ? FIXTURE_ADDRESS.street : ['elsewhere'], methods: [FLAT], selectedMethod: null }),
    });
    await begin(actor);
    await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    expect(selectStep(actor.getSnapshot())).toBe('shippingMethod');
    expect(actor.getSnapshot().context.availableShippingMethods).toEqual([FLAT]);
    expect(spies.setShippingAddress).toHaveBeenCalledTimes(1);
    actor.send({ type: 'checkout.edit', step: 'shippingAddress' });
    holds = false;
    await expect(submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS })).rejects.toBe(lost);
    expect(selectStep(actor.getSnapshot())).toBe('shippingAddress');
    expect(spies.setShippingAddress).toHaveBeenCalledTimes(2);
  });

  it('a shipping method whose answer was lost is accepted once the cart holds it; a request never sent is not checked', async () => {
    const notSent = Object.assign(new Error('The browser is offline: the request was not sent.'), { requestNotSent: true });
    let failure: Error = new TypeError('Failed to fetch');
    const { actor, spies } = startCheckout({
      submitShippingInformation: async () => Promise.reject(failure),
      readCartShipping: async () => ({
        street: FIXTURE_ADDRESS.street,
        methods: [FLAT],
        selectedMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
      }),
    });
    await begin(actor);
    await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    failure = notSent;
    await expect(submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT })).rejects.toBe(notSent);
    expect(spies.readCartShipping).not.toHaveBeenCalled();
    failure = new TypeError('Failed to fetch');
    await submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT });
    expect(spies.readCartShipping).toHaveBeenCalledTimes(1);
    expect(selectStep(actor.getSnapshot())).toBe('billingAndPayment');
    expect(actor.getSnapshot().context.shippingMethodError).toBeNull();
  });

  it("spec §5: every step needs a cartId, else 'Missing required information: cartId'", async () => {
    const { actor, spies } = startCheckout();
    await begin(actor, { cartId: null });
    await expect(submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS })).rejects.toThrow('shop:cartIdMissing');
    expect(actor.getSnapshot().context.shippingAddressError?.message).toBe('shop:cartIdMissing');
    expect(spies.setShippingAddress).not.toHaveBeenCalled();
  });

  it('spec §5: the later steps also reject without a cartId (restored data, cart gone)', async () => {
    const saved: SavedCheckoutData = { shippingAddress: FIXTURE_ADDRESS, shippingMethod: FLAT, availableShippingMethods: [FLAT] };
    const { actor } = startCheckout({ saved });
    await begin(actor, { cartId: null });
    expect(selectStep(actor.getSnapshot())).toBe('billingAndPayment');
    await expect(submitCheckoutStep(actor, { type: 'checkout.billingAddress.submit', billingAddress: { sameAsShippingAddress: true } })).rejects.toThrow(
      'shop:cartIdMissing',
    );
    await expect(submitCheckoutStep(actor, { type: 'checkout.paymentMethod.submit', paymentMethod: { code: 'checkmo' } })).rejects.toThrow(
      'shop:cartIdMissing',
    );
    expect(actor.getSnapshot().context).toMatchObject({
      billingAddressError: { message: 'shop:cartIdMissing' },
      paymentMethodError: { message: 'shop:cartIdMissing' },
    });
    actor.send({ type: 'checkout.edit', step: 'shippingMethod' });
    await expect(submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT })).rejects.toThrow('shop:cartIdMissing');
  });

  it("spec §5: a guest shipping address needs an email, else 'Missing required information: email'", async () => {
    const { actor } = startCheckout();
    await begin(actor);
    await expect(submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: { ...FIXTURE_ADDRESS, email: null } })).rejects.toThrow(
      'shop:emailMissing',
    );
    expect(actor.getSnapshot().context.shippingAddressError?.message).toBe('shop:emailMissing');
  });

  it('spec §6: a signed-in customer needs no email on the shipping address', async () => {
    const { actor } = startCheckout();
    await begin(actor, { isSignedIn: true });
    await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: { ...FIXTURE_ADDRESS, email: null } });
    expect(selectStep(actor.getSnapshot())).toBe('shippingMethod');
  });

  it('spec §4 Checkout: begin resets, then restores shipping methods, billing address, payment, shipping address and method from storage', async () => {
    const saved: SavedCheckoutData = {
      availableShippingMethods: [FLAT],
      billingAddress: { ...FIXTURE_ADDRESS, sameAsShippingAddress: true },
      paymentMethod: { code: 'checkmo', data: null },
      shippingAddress: FIXTURE_ADDRESS,
      shippingMethod: FLAT,
    };
    const { actor } = startCheckout({ saved });
    actor.send({ type: 'checkout.begin', cartId: 'old', isSignedIn: false });
    await waitFor(actor, (s) => !s.hasTag('restoring'));
    actor.send({ type: 'checkout.edit', step: 'shippingAddress' });
    await begin(actor);
    const { context } = actor.getSnapshot();
    expect(context).toMatchObject({
      cartId: 'cart-1',
      availableShippingMethods: [FLAT],
      paymentCode: 'checkmo',
      shippingAddress: FIXTURE_ADDRESS,
      selectedShippingMethod: FLAT,
    });
    expect(selectStep(actor.getSnapshot())).toBe('review');
  });

  it('spec §4 Checkout: restored at the shipping method without its list, the machine asks the backend once (an empty answer is not asked again)', async () => {
    const { actor, spies } = startCheckout({ saved: { shippingAddress: FIXTURE_ADDRESS }, fetchShippingMethods: async () => [] });
    await begin(actor);
    const choosing = await waitFor(actor, (s) => s.matches({ shippingMethod: 'choosing' }));
    expect(choosing.context.availableShippingMethods).toEqual([]);
    expect(spies.fetchShippingMethods).toHaveBeenCalledOnce();
    const restoredWithList = startCheckout({ saved: { shippingAddress: FIXTURE_ADDRESS, availableShippingMethods: [FLAT] } });
    await begin(restoredWithList.actor);
    expect(restoredWithList.actor.getSnapshot().matches({ shippingMethod: 'choosing' })).toBe(true);
    expect(restoredWithList.spies.fetchShippingMethods).not.toHaveBeenCalled();
  });

  it('spec §4 Checkout: edit goes back to a step keeping every value', async () => {
    const { actor } = startCheckout();
    await throughToReview(actor);
    actor.send({ type: 'checkout.edit', step: 'shippingAddress' });
    expect(selectStep(actor.getSnapshot())).toBe('shippingAddress');
    expect(actor.getSnapshot().context).toMatchObject({ shippingAddress: { firstname: 'Ada' }, selectedShippingMethod: FLAT, paymentCode: 'braintree' });
  });

  it('spec §4 Checkout: a rejected order stores orderError and keeps the review', async () => {
    const { actor, log } = startCheckout({ submitPaymentInformation: async () => Promise.reject(new Error('The payment is declined')) });
    await throughToReview(actor);
    await expect(submitCheckoutStep(actor, { type: 'checkout.order.submit' })).rejects.toThrow('The payment is declined');
    expect(actor.getSnapshot().context.orderError?.message).toBe('The payment is declined');
    expect(selectStep(actor.getSnapshot())).toBe('review');
    expect(log).not.toContain('removeCart');
  });

  it('spec §2 /create-account: after a guest order the shipping address gives email, firstName and lastName', async () => {
    const { actor } = startCheckout();
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    expect(selectCreateAccountParams(actor.getSnapshot())).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('spec §6: a signed-in customer is not offered account creation', async () => {
    const { actor } = startCheckout();
    await begin(actor, { isSignedIn: true });
    await submitCheckoutStep(actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    await submitCheckoutStep(actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT });
    await submitCheckoutStep(actor, { type: 'checkout.paymentMethod.submit', paymentMethod: { code: 'checkmo' } });
    await submitCheckoutStep(actor, { type: 'checkout.billingAddress.submit', billingAddress: { sameAsShippingAddress: true } });
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    expect(actor.getSnapshot().matches('receipt')).toBe(true);
    expect(selectCreateAccountParams(actor.getSnapshot())).toBeNull();
  });

  it('a submit the current step does not take is refused, not silently dropped', async () => {
    const { actor } = startCheckout();
    await begin(actor);
    await expect(submitCheckoutStep(actor, { type: 'checkout.order.submit' })).rejects.toThrow(
      'checkout.order.submit is not possible in the current checkout step',
    );
  });

  it('spec §4 Checkout: reset empties the checkout', async () => {
    const { actor } = startCheckout();
    await throughToReview(actor);
    actor.send({ type: 'checkout.reset' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ shippingAddress: null, billingAddress: null, paymentCode: null, cartId: null });
  });
});

describe('spec §2 /success: the receipt has an address of its own, so a reload keeps it', () => {
  it("spec §2 /success, §4 order accepted: a guest's order is named by its email and billing last name; the receipt's address is /success?order=<number>, the order token only in history state", async () => {
    const { actor, spies } = startCheckout({ readReceiptAddress: async () => ({ orderNumber: '000000042', orderToken: 'tok-secret' }) });
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    await waitFor(actor, (s) => selectReceiptAddress(s) !== null);
    expect(spies.readReceiptAddress).toHaveBeenCalledWith({
      orderId: '000000042',
      isSignedIn: false,
      email: 'ada@example.com',
      lastname: FIXTURE_ADDRESS.lastname,
    });
    const address = selectReceiptAddress(actor.getSnapshot())!;
    expect(address).toEqual({ path: '/success?order=000000042', state: { orderToken: 'tok-secret' } });
    expect(address.path).not.toContain('tok-secret');
    // Leaving /checkout for the receipt's address ends this checkout.
    actor.send({ type: 'checkout.close' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it("spec §2 /success: a customer's receipt address carries no token (their sign-in proves the order theirs); it waits while the order is named", async () => {
    let name!: (address: ReceiptAddress) => void;
    const { actor, spies } = startCheckout({ readReceiptAddress: () => new Promise<ReceiptAddress>((resolve) => (name = resolve)) });
    await customerOrdersByCheck(actor);
    await waitFor(actor, (s) => selectIsAddressingReceipt(s));
    expect(selectReceiptAddress(actor.getSnapshot())).toBeNull();
    expect(spies.readReceiptAddress).toHaveBeenCalledWith(expect.objectContaining({ isSignedIn: true, orderId: '000000042' }));
    name({ orderNumber: '000000042', orderToken: null });
    await waitFor(actor, (s) => selectReceiptAddress(s) !== null);
    expect(selectReceiptAddress(actor.getSnapshot())).toEqual({ path: '/success?order=000000042', state: null });
  });

  it('spec §4 order accepted: an order that cannot be named keeps its receipt on the checkout page (no address)', async () => {
    const { actor } = startCheckout();
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !selectIsAddressingReceipt(s));
    expect(selectHasReceipt(actor.getSnapshot())).toBe(true);
    expect(selectReceiptAddress(actor.getSnapshot())).toBeNull();
  });

  it('spec §4 order accepted, ADR 027: an address whose answer is lost (the server restarted) is asked again, a bounded number of times, then the receipt stays on the checkout page', async () => {
    const { actor, spies } = startCheckout({ readReceiptAddress: () => Promise.reject(new TypeError('Failed to fetch')) });
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !selectIsAddressingReceipt(s));
    expect(spies.readReceiptAddress).toHaveBeenCalledTimes(RECEIPT_ADDRESS_ATTEMPTS);
    expect(actor.getSnapshot().matches({ receipt: 'here' })).toBe(true);
    expect(selectReceiptAddress(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.receipt.order).toMatchObject({ id: '000000042' });
  });

  it('spec §4 order accepted, ADR 027: one lost answer, then the address: the receipt goes to its own page', async () => {
    const answers = [Promise.reject(new TypeError('Failed to fetch')), Promise.resolve({ orderNumber: '000000042', orderToken: 'tok' })];
    answers[0]!.catch(() => {});
    const { actor, spies } = startCheckout({ readReceiptAddress: () => answers.shift()! });
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !selectIsAddressingReceipt(s));
    expect(spies.readReceiptAddress).toHaveBeenCalledTimes(2);
    expect(selectReceiptAddress(actor.getSnapshot())).toEqual({ path: '/success?order=000000042', state: { orderToken: 'tok' } });
  });

  it('spec §4 order accepted, ADR 027: an address whose answer never comes is asked again after the patience, then the receipt stays here (simulated clock), never a spinner forever', async () => {
    const clock = new SimulatedClock();
    const { actor, spies } = startCheckout({ readReceiptAddress: () => new Promise<ReceiptAddress>(() => {}) }, clock);
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    await waitFor(actor, (s) => selectIsAddressingReceipt(s));
    expect(spies.readReceiptAddress).toHaveBeenCalledTimes(1);
    for (let attempt = 2; attempt <= RECEIPT_ADDRESS_ATTEMPTS; attempt++) {
      clock.increment(RECEIPT_ADDRESS_PATIENCE_MS - 1);
      expect(spies.readReceiptAddress).toHaveBeenCalledTimes(attempt - 1);
      clock.increment(1);
      expect(spies.readReceiptAddress).toHaveBeenCalledTimes(attempt);
      expect(selectIsAddressingReceipt(actor.getSnapshot())).toBe(true);
    }
    clock.increment(RECEIPT_ADDRESS_PATIENCE_MS);
    expect(spies.readReceiptAddress).toHaveBeenCalledTimes(RECEIPT_ADDRESS_ATTEMPTS);
    expect(selectIsAddressingReceipt(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ receipt: 'here' })).toBe(true);
    expect(selectHasReceipt(actor.getSnapshot())).toBe(true);
  });

  it('an unnamed order (a guest whose answer was lost) is not asked for an address', async () => {
    const { actor, spies } = startCheckout({ submitPaymentInformation: lostAnswer, checkPlacedOrder: async () => ({ placed: true, orderId: null }) });
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    expect(selectHasReceipt(actor.getSnapshot())).toBe(true);
    expect(selectReceiptAddress(actor.getSnapshot())).toBeNull();
    expect(spies.readReceiptAddress).not.toHaveBeenCalled();
  });
});

/** A place-order failure whose answer was lost (the REST layer marks it so: services/rest/checkout-rest.ts). */
const lostAnswer = () => Promise.reject(Object.assign(new TypeError('Failed to fetch'), { orderOutcomeUnknown: true }));

describe('a place-order answer that was lost ends on the truth', () => {
  it('a guest: the cart is no longer active, so the order exists: the receipt (unnamed), saved data cleared, cart removed, ordered once', async () => {
    const { actor, log, spies } = startCheckout({ submitPaymentInformation: lostAnswer, checkPlacedOrder: async () => ({ placed: true, orderId: null }) });
    await throughToReview(actor);
    await submitCheckoutStep(actor, { type: 'checkout.order.submit' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('receipt')).toBe(true);
    expect(snapshot.context.receipt.order).toMatchObject({ id: null, shipping_address: { email: 'ada@example.com' } });
    expect(snapshot.context.orderError).toBeNull();
    expect(log.slice(-2)).toEqual(['clearSavedCheckout', 'removeCart']);
    expect(spies.submitPaymentInformation).toHaveBeenCalledOnce();
    expect(spies.checkPlacedOrder).toHaveBeenCalledWith({ cartId: 'cart-1', isSignedIn: false });
  });

  it('a customer: the backend names the order, and the receipt shows it', async () => {
    const { actor, spies } = startCheckout({ submitPaymentInformation: lostAnswer, checkPlacedOrder: async () => ({ placed: true, orderId: '42' }) });
    await customerOrdersByCheck(actor);
    expect(actor.getSnapshot().context.receipt.order?.id).toBe('42');
    expect(spies.checkPlacedOrder).toHaveBeenCalledWith({ cartId: 'cart-1', isSignedIn: true });
  });

  it('the cart is still active: nothing was ordered, the failure is the order error and the shopper may place the order again', async () => {
    const { actor, log } = startCheckout({ submitPaymentInformation: lostAnswer, checkPlacedOrder: async () => ({ placed: false }) });
    await throughToReview(actor);
    await expect(submitCheckoutStep(actor, { type: 'checkout.order.submit' })).rejects.toThrow('Failed to fetch');
    expect(actor.getSnapshot().matches({ review: 'ready' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'checkout.order.submit' })).toBe(true);
    expect(log).not.toContain('removeCart');
  });

  it('the backend cannot be asked: the shopper may check again, never order again, and the next check finds the order', async () => {
    let reachable = false;
    const { actor, spies } = startCheckout({
      submitPaymentInformation: lostAnswer,
      checkPlacedOrder: async () => (reachable ? { placed: true, orderId: null } : Promise.reject(new TypeError('Failed to fetch'))),
    });
    await throughToReview(actor);
    actor.send({ type: 'checkout.order.submit' });
    const unconfirmed = await waitFor(actor, (s) => s.hasTag('orderUnconfirmed'));
    expect(selectOrderConfirmation(unconfirmed)).toBe('unconfirmed');
    expect(unconfirmed.can({ type: 'checkout.order.submit' })).toBe(false);
    expect(unconfirmed.can({ type: 'checkout.edit', step: 'billingAndPayment' })).toBe(false);
    reachable = true;
    actor.send({ type: 'checkout.order.confirm' });
    await waitFor(actor, (s) => s.matches('receipt'));
    expect(spies.submitPaymentInformation).toHaveBeenCalledOnce();
    expect(spies.checkPlacedOrder).toHaveBeenCalledTimes(2);
  });

  it('a refusal the server explained is not checked: it is the order error at once', async () => {
    const { actor, spies } = startCheckout({
      submitPaymentInformation: async () => Promise.reject(new Error('The requested Payment Method is not available.')),
    });
    await throughToReview(actor);
    await expect(submitCheckoutStep(actor, { type: 'checkout.order.submit' })).rejects.toThrow('not available');
    expect(spies.checkPlacedOrder).not.toHaveBeenCalled();
  });
});

/**
 * The cart machine (its reads and cart creation faked) and the checkout in one actor system, as the
 * shop runs them; every order the checkout submits is kept.
 */
function startCartAndCheckout(cartId: string, fetchCartDetails: (cartId: string) => CartDetails) {
  let created = 0;
  const cart = cartMachine.provide({
    actors: {
      createCart: fromPromise(async () => `new-${++created}`),
      fetchCartDetails: fromPromise(async ({ input }) => fetchCartDetails(input.cartId)),
    },
  });
  const submitted: PaymentInformationInput[] = [];
  const checkout = checkoutMachine.provide({
    actors: {
      loadSavedCheckout: fromPromise(async () => ({})),
      setShippingAddress: fromPromise(async () => [FLAT]),
      submitShippingInformation: fromPromise<unknown, ShippingInformationInput>(async () => ({})),
      submitPaymentInformation: fromPromise<string, PaymentInformationInput>(async ({ input }) => {
        submitted.push(input);
        return '7';
      }),
    },
  });
  const shop = setup({ actors: { cart, checkout } }).createMachine({
    invoke: [
      { src: 'cart', systemId: 'cart', input: { cartId, isSignedIn: false } },
      { src: 'checkout', systemId: 'checkout' },
    ],
  });
  const actor = createActor(shop).start();
  const cartRef = actor.system.get('cart') as ReturnType<typeof createActor<typeof cart>>;
  const checkoutRef = actor.system.get('checkout') as ReturnType<typeof createActor<typeof checkout>>;
  return { cartRef, checkoutRef, submitted };
}

describe('checkout and cart in one actor system', () => {
  it('spec §4 Checkout: after an order the cart is removed and a new cart created', async () => {
    const { cartRef, checkoutRef } = startCartAndCheckout('paid-cart', (cartId) => ({ id: cartId, items: [] }));
    await waitFor(cartRef, (s) => s.matches('ready'));
    await throughToReview(checkoutRef);
    await submitCheckoutStep(checkoutRef, { type: 'checkout.order.submit' });
    await waitFor(cartRef, (s) => s.matches('ready') && s.context.cartId === 'new-1');
  });
});

describe('ADR 039: the review follows what the cart announces (cart.details.read), only while it is open', () => {
  it('another tab’s frame read by the cart reaches the open review, and the order carries its digest; after the review, nothing is heard', async () => {
    let reads = 0;
    const { cartRef, checkoutRef, submitted } = startCartAndCheckout('cart-1', (cartId) => ({
      id: cartId,
      items: [],
      lunette_review_digest: `read-${++reads}`,
    }));
    await waitFor(cartRef, (s) => s.matches('ready'));
    await throughToReview(checkoutRef);
    const answered = await waitFor(checkoutRef, (s) => s.matches({ review: { ready: 'cartRead' } }));
    const asAnswered = answered.context.cartDetails?.lunette_review_digest;
    expect(asAnswered).toMatch(/^read-\d+$/);

    // Another tab changed the cart (the services' channel): the cart reads it again and announces it.
    cartRef.send({ type: 'cart.changed.elsewhere', cartId: 'cart-1' });
    await waitFor(checkoutRef, (s) => s.context.cartDetails?.lunette_review_digest !== asAnswered);
    const announced = checkoutRef.getSnapshot().context.cartDetails?.lunette_review_digest;
    expect(checkoutRef.getSnapshot().matches({ review: { ready: 'cartRead' } })).toBe(true);

    // Away from the review, what the cart announces is not heard.
    checkoutRef.send({ type: 'checkout.edit', step: 'billingAndPayment' });
    await waitFor(cartRef, (s) => s.matches('ready'));
    cartRef.send({ type: 'cart.changed.elsewhere', cartId: 'cart-1' });
    await waitFor(cartRef, (s) => s.matches('ready') && s.context.details?.lunette_review_digest !== announced);
    expect(checkoutRef.getSnapshot().context.cartDetails?.lunette_review_digest).toBe(announced);

    // Back at the review, it asks again; the order carries what it was answered last.
    await submitCheckoutStep(checkoutRef, { type: 'checkout.paymentMethod.submit', paymentMethod: { code: 'checkmo' } });
    const again = await waitFor(checkoutRef, (s) => s.matches({ review: { ready: 'cartRead' } }));
    const last = again.context.cartDetails?.lunette_review_digest;
    expect(last).not.toBe(announced);
    await submitCheckoutStep(checkoutRef, { type: 'checkout.order.submit' });
    expect(submitted.at(-1)?.reviewDigest).toBe(last);
  });
});

describe('ADR 008: the steps are browser history entries', () => {
  const history = (step: CheckoutStep) => ({ type: 'checkout.history.step' as const, step });
  async function atPayment() {
    const started = startCheckout();
    await begin(started.actor);
    await submitCheckoutStep(started.actor, { type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    await submitCheckoutStep(started.actor, { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT });
    expect(selectStep(started.actor.getSnapshot())).toBe('billingAndPayment');
    return started;
  }

  it('the first step replaces the URL’s entry and each step after it pushes one', async () => {
    const { moves } = await atPayment();
    expect(moves).toEqual([
      { step: 'shippingAddress', replace: true },
      { step: 'shippingMethod', replace: false },
      { step: 'billingAndPayment', replace: false },
    ]);
  });

  it('spec §4 "edit": Back from the payment opens the shipping method with the address kept, Forward the payment again; no entry is added', async () => {
    const { actor, moves } = await atPayment();
    actor.send(history('shippingMethod'));
    expect(selectStep(actor.getSnapshot())).toBe('shippingMethod');
    expect(actor.getSnapshot().context.shippingAddress).toMatchObject({ street: FIXTURE_ADDRESS.street, city: FIXTURE_ADDRESS.city });
    expect(selectShippingMethod(actor.getSnapshot())).toBe('flatrate');
    actor.send(history('shippingAddress'));
    expect(selectStep(actor.getSnapshot())).toBe('shippingAddress');
    actor.send(history('shippingMethod'));
    actor.send(history('billingAndPayment'));
    expect(selectStep(actor.getSnapshot())).toBe('billingAndPayment');
    expect(moves).toHaveLength(3);
  });

  it('Forward to a step not open yet (the review before payment) leaves the checkout where it is and puts the URL back in place', async () => {
    const { actor, moves } = await atPayment();
    actor.send(history('review'));
    expect(selectStep(actor.getSnapshot())).toBe('billingAndPayment');
    expect(moves.at(-1)).toEqual({ step: 'billingAndPayment', replace: true });
  });

  it('a reload opens the step the URL names when its values are there, else the furthest step before it, in place', async () => {
    const saved: SavedCheckoutData = { shippingAddress: FIXTURE_ADDRESS, shippingMethod: FLAT, availableShippingMethods: [FLAT] };
    const back = startCheckout({ saved });
    back.actor.send({ type: 'checkout.begin', cartId: 'cart-1', isSignedIn: false, countries: COUNTRIES, step: 'shippingAddress' });
    await waitFor(back.actor, (s) => selectStep(s) !== null);
    expect(selectStep(back.actor.getSnapshot())).toBe('shippingAddress');
    expect(back.moves).toEqual([]);
    const ahead = startCheckout({ saved });
    ahead.actor.send({ type: 'checkout.begin', cartId: 'cart-1', isSignedIn: false, countries: COUNTRIES, step: 'review' });
    await waitFor(ahead.actor, (s) => selectStep(s) !== null);
    expect(selectStep(ahead.actor.getSnapshot())).toBe('billingAndPayment');
    expect(ahead.moves).toEqual([{ step: 'billingAndPayment', replace: true }]);
  });
});
