/**
 * The checkout machine owns the whole checkout: begin/resume from the page, the cart
 * refresh before payment, payment-method changes, the hosted payment (placing, redirect, return,
 * verification, outcome), the success page's order check and the guest email check.
 * spec §4 Checkout, §2 payment routes, §6 roles, §7 calls.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, enqueueActions, fromPromise, setup, SimulatedClock, waitFor, type EventObject } from 'xstate';
import { CART_NOT_READY_ERROR, type CartEmitted, type CartEvent } from '../cart/cart.context';
import type { CartDetails, CartItem } from '../cart/cart.types';
import { ShopFailure } from '../shared/shop-failure';
import {
  checkoutMachine,
  selectCartChanges,
  selectEmailWithAccount,
  selectIsSubmitting,
  selectOrderLookup,
  selectPaymentReturn,
  selectStep,
} from './checkout.machine';
import {
  CART_ANSWER_PATIENCE_MS,
  CART_BUSY_RETRY_MS,
  CART_READ_ATTEMPTS,
  EMAIL_HAS_ACCOUNT_TOAST,
  ORDER_LOOKUP_PATIENCE_MS,
  type PaymentInformationInput,
  type ShippingInformationInput,
  toCheckoutShippingMethod,
} from './checkout.context';
import { FIXTURE_ADDRESS } from './checkout.fixtures';
import type {
  ConfirmedOrder,
  Country,
  EmailAvailability,
  HostedOrderCheck,
  HostedOrderInput,
  HostedPaymentPage,
  OrderLookupInput,
  PaymentReturnInput,
  SavedCheckoutData,
  VerifiedPayment,
} from './checkout.types';

const COUNTRIES: Country[] = [{ id: 'CA', available_regions: [{ id: 66, code: 'ON', name: 'Ontario' }] }];
const FLAT = toCheckoutShippingMethod({ carrier_code: 'flatrate', carrier_title: 'Flat Rate', method_code: 'flatrate' });
/** What storage holds after a card payment was cancelled: everything, the card included. */
const SAVED_AFTER_CARD: SavedCheckoutData = {
  shippingAddress: FIXTURE_ADDRESS,
  shippingMethod: FLAT,
  availableShippingMethods: [FLAT],
  billingAddress: { ...FIXTURE_ADDRESS, sameAsShippingAddress: true },
  paymentMethod: { code: 'lunettepay_card' },
};
const RETURN: PaymentReturnInput = { payment_token: 'tok', result: 'approved', signature: 'sig' };
const OPEN = { type: 'checkout.open', cartId: 'cart-1', isSignedIn: false, countries: COUNTRIES } as const;

interface Fakes {
  saved?: SavedCheckoutData;
  /** ADR 039: the review digests the cart's details name, one per read (`cart.getDetails` moves to the next). */
  cartDigests?: string[];
  /** ADR 039: the cart's whole details, one per read, instead of digests alone. */
  carts?: CartDetails[];
  /** ADR 039: how the cart answers each request for its details, in turn (beyond the list: with the details it read). */
  cartAnswers?: Array<'details' | 'busy' | 'silent'>;
  /** ADR 039: the cart's snapshot keeps the details it started with, whatever it reads and answers. */
  snapshotStays?: boolean;
  placeHostedOrder?: (input: HostedOrderInput) => Promise<HostedPaymentPage>;
  submitPaymentInformation?: (input: PaymentInformationInput) => Promise<string>;
  verifyPaymentReturn?: (input: PaymentReturnInput) => Promise<VerifiedPayment>;
  lookUpOrder?: (input: OrderLookupInput) => Promise<ConfirmedOrder | null>;
  checkEmailAvailability?: (input: { email: string }) => Promise<EmailAvailability>;
  checkPlacedHostedOrder?: (input: { cartId: string; isSignedIn: boolean }) => Promise<HostedOrderCheck>;
  confirmPaymentReturn?: (input: { input: PaymentReturnInput; orderNumber: string | null }) => Promise<VerifiedPayment>;
}

/** The checkout with a recording 'cart' and 'toast' in one actor system, as the shop runs them. */
function startShop(fakes: Fakes = {}, clock?: SimulatedClock) {
  const received: Record<'cart' | 'toast', EventObject[]> = { cart: [], toast: [] };
  const recorder = (id: 'cart' | 'toast') => createMachine({ on: { '*': { actions: ({ event }) => void received[id].push(event) } } });
  // The cart's details as the page shows them: each `cart.getDetails` reads the next digest (the backend's cart now),
  // announces it and, asked for it (ADR 039, ADR 010 §6), answers the request with it, as the cart machine does.
  const digests = fakes.cartDigests ?? [];
  const carts: Array<Partial<CartDetails>> = fakes.carts ?? digests.map((digest) => ({ lunette_review_digest: digest }));
  const detailsOf = (read: number): CartDetails => ({ id: 'cart-1', ...carts[Math.min(read, carts.length - 1)] });
  const answers = fakes.cartAnswers ?? [];
  const cart = setup({
    types: { context: {} as { reads: number; asked: number; details: CartDetails }, events: {} as CartEvent, emitted: {} as CartEmitted },
  }).createMachine({
    context: { reads: 0, asked: 0, details: detailsOf(0) },
    on: {
      '*': { actions: ({ event }) => void received.cart.push(event) },
      'cart.getDetails': {
        actions: [
          ({ event }) => void received.cart.push(event),
          enqueueActions(({ context, event, enqueue }) => {
            const mode = event.request ? (answers[context.asked] ?? 'details') : 'details';
            enqueue.assign({ asked: context.asked + (event.request ? 1 : 0) });
            if (mode === 'silent') return;
            if (mode === 'busy') {
              if (event.request)
                enqueue.sendTo(event.request.replyTo, {
                  type: 'cart.answer',
                  requestId: event.request.id,
                  outcome: 'failed',
                  error: CART_NOT_READY_ERROR,
                });
              return;
            }
            const read = detailsOf(context.reads + 1);
            enqueue.assign({ reads: context.reads + 1, details: fakes.snapshotStays ? context.details : read });
            enqueue.emit({ type: 'cart.details.read', details: read });
            if (event.request) enqueue.sendTo(event.request.replyTo, { type: 'cart.answer', requestId: event.request.id, outcome: 'done', details: read });
          }),
        ],
      },
    },
  });
  const effects: string[] = [];
  const spies = {
    placeHostedOrder: vi.fn(fakes.placeHostedOrder ?? (async ({ code }) => ({ orderNumber: '000000042', paymentUrl: `https://pay.example/${code}` }))),
    submitPaymentInformation: vi.fn(fakes.submitPaymentInformation ?? (async () => '7')),
    verifyPaymentReturn: vi.fn(
      fakes.verifyPaymentReturn ??
        (async () => ({ result: 'APPROVED', order_number: '000000042', message: 'ok', cart_id: null, order_token: 'otok' }) as VerifiedPayment),
    ),
    lookUpOrder: vi.fn(
      fakes.lookUpOrder ??
        (async (input: OrderLookupInput) => ({
          number: input.orderNumber,
          status: 'Processing',
          email: 'ada@example.com',
          paymentCode: 'lunettepay_card',
          shippingAddress: FIXTURE_ADDRESS,
        })),
    ),
    checkEmailAvailability: vi.fn(fakes.checkEmailAvailability ?? (async ({ email }) => ({ email, available: false, checkedAt: 1234 }))),
    redirectToProvider: vi.fn(),
    checkPlacedHostedOrder: vi.fn(fakes.checkPlacedHostedOrder ?? (async (): Promise<HostedOrderCheck> => ({ placed: false }))),
    confirmPaymentReturn: vi.fn(
      fakes.confirmPaymentReturn ??
        (async () => ({ result: 'APPROVED', order_number: '000000042', message: '', cart_id: null, order_token: null }) as VerifiedPayment),
    ),
  };
  const checkout = checkoutMachine.provide({
    actors: {
      loadSavedCheckout: fromPromise(async () => fakes.saved ?? {}),
      setShippingAddress: fromPromise(async () => [FLAT]),
      fetchShippingMethods: fromPromise(async () => [FLAT]),
      submitShippingInformation: fromPromise<unknown, ShippingInformationInput>(async () => ({})),
      submitPaymentInformation: fromPromise(({ input }) => spies.submitPaymentInformation(input)),
      placeHostedOrder: fromPromise(({ input }) => spies.placeHostedOrder(input)),
      verifyPaymentReturn: fromPromise(({ input }) => spies.verifyPaymentReturn(input)),
      lookUpOrder: fromPromise(({ input }) => spies.lookUpOrder(input)),
      checkEmailAvailability: fromPromise(({ input }) => spies.checkEmailAvailability(input)),
      checkPlacedHostedOrder: fromPromise(({ input }) => spies.checkPlacedHostedOrder(input)),
      confirmPaymentReturn: fromPromise(({ input }) => spies.confirmPaymentReturn(input)),
    },
    actions: {
      saveCheckoutValue: (_, write) => void effects.push(`save ${write.key}=${JSON.stringify(write.key === 'paymentMethod' ? write.value.code : '')}`),
      clearSavedCheckout: () => void effects.push('clearSavedCheckout'),
      redirectToProvider: (_, params) => spies.redirectToProvider(params.url),
    },
  });
  const shop = setup({ actors: { checkout, cart, toast: recorder('toast') } }).createMachine({
    invoke: [
      { src: 'cart', systemId: 'cart' },
      { src: 'toast', systemId: 'toast' },
      { src: 'checkout', systemId: 'checkout' },
    ],
  });
  const root = createActor(shop, clock ? { clock } : {}).start();
  const actor = root.system.get('checkout') as ReturnType<typeof createActor<typeof checkout>>;
  return { actor, received, effects, spies };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The review's request for the cart's details (ADR 039, ADR 010 §6): answered to the actor that asked. */
const askedForDetails = { type: 'cart.getDetails', request: { id: expect.any(String), replyTo: expect.objectContaining({ sessionId: expect.any(String) }) } };

describe('spec §4 Checkout: begin and resume, driven by the checkout page', () => {
  it('checkout.open begins once the cart, the shopper and the countries are known', async () => {
    const { actor } = startShop({ saved: { shippingAddress: FIXTURE_ADDRESS } });
    actor.send({ ...OPEN, countries: null });
    actor.send({ ...OPEN, isSignedIn: null });
    actor.send({ ...OPEN, cartId: null });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'shippingMethod');
    expect(actor.getSnapshot().context).toMatchObject({ cartId: 'cart-1', countries: COUNTRIES, shippingAddress: FIXTURE_ADDRESS });
  });

  it('the same cart and shopper go on where they were, with everything typed kept; another cart or shopper begins again', async () => {
    const { actor } = startShop();
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'shippingAddress');
    actor.send({ type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    await waitFor(actor, (s) => selectStep(s) === 'shippingMethod');
    actor.send(OPEN);
    expect(selectStep(actor.getSnapshot())).toBe('shippingMethod');
    actor.send({ ...OPEN, isSignedIn: true });
    await waitFor(actor, (s) => selectStep(s) === 'shippingAddress');
    expect(actor.getSnapshot().context).toMatchObject({ isSignedIn: true, shippingAddress: null });
    actor.send({ ...OPEN, isSignedIn: true, cartId: 'cart-2' });
    expect(actor.getSnapshot().context.cartId).toBe('cart-2');
  });

  it('a receipt stays while the page shows it, whatever the cart becomes; leaving the page ends the checkout', async () => {
    const { actor, received } = startShop();
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'shippingAddress');
    actor.send({ type: 'checkout.shippingAddress.submit', address: FIXTURE_ADDRESS });
    await waitFor(actor, (s) => selectStep(s) === 'shippingMethod');
    actor.send({ type: 'checkout.shippingMethod.submit', shippingMethod: FLAT });
    await waitFor(actor, (s) => selectStep(s) === 'billingAndPayment');
    actor.send({ type: 'checkout.billingAndPayment.submit', billingAddress: { sameAsShippingAddress: true }, paymentMethod: { code: 'checkmo' } });
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('receipt'));
    await settle();
    expect(received.cart.map((e) => e.type)).toContain('cart.remove');
    actor.send({ ...OPEN, cartId: 'new-cart' });
    expect(actor.getSnapshot().hasTag('receipt')).toBe(true);
    actor.send({ type: 'checkout.close' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('checkout.close outside the receipt changes nothing', async () => {
    const { actor } = startShop();
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'shippingAddress');
    actor.send({ type: 'checkout.close' });
    expect(selectStep(actor.getSnapshot())).toBe('shippingAddress');
  });

  it('the cart is refreshed (cart.getDetails, sent with sendTo) when billing and payment is reached: prices follow the shipping method', async () => {
    const { actor, received } = startShop({ saved: { shippingAddress: FIXTURE_ADDRESS, shippingMethod: FLAT } });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'billingAndPayment');
    await settle();
    expect(received.cart).toEqual([{ type: 'cart.getDetails' }]);
  });
});

describe('spec §4 Checkout: payment-method changes always reach the provider page', () => {
  it('after a cancelled card payment, choosing the wallet under "Edit billing and payment" is kept and the wallet order is placed', async () => {
    const { actor, spies, effects, received } = startShop({ saved: SAVED_AFTER_CARD });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    expect(actor.getSnapshot().context.paymentCode).toBe('lunettepay_card');
    actor.send({ type: 'checkout.edit', step: 'billingAndPayment' });
    actor.send({ type: 'checkout.billingAndPayment.submit', billingAddress: { sameAsShippingAddress: true }, paymentMethod: { code: 'lunettepay_wallet' } });
    expect(selectStep(actor.getSnapshot())).toBe('review');
    expect(actor.getSnapshot().context.paymentCode).toBe('lunettepay_wallet');
    expect(effects).toContain('save paymentMethod="lunettepay_wallet"');

    actor.send({ type: 'checkout.order.submit' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    expect(spies.placeHostedOrder).toHaveBeenCalledWith({ cartId: 'cart-1', code: 'lunettepay_wallet', reviewDigest: null });
    expect(spies.redirectToProvider).toHaveBeenCalledWith('https://pay.example/lunettepay_wallet');
    await settle();
    // The review asked the cart for its details when it was reached, twice (ADR 039), the payment step refreshed it;
    // the order owns the cart now: it is handed to the payment before the shopper leaves (a new cart begins; ADR 042
    // keeps this one to give back).
    expect(received.cart).toEqual([
      askedForDetails,
      { type: 'cart.getDetails' },
      askedForDetails,
      { type: 'cart.paymentPending', orderNumber: expect.any(String) },
    ]);
  });

  it('the billing address and the payment method are accepted together, whichever was already in', async () => {
    const { actor } = startShop({ saved: SAVED_AFTER_CARD });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.edit', step: 'billingAndPayment' });
    const other = { ...FIXTURE_ADDRESS, street: ['9 Bay St'] };
    actor.send({ type: 'checkout.billingAndPayment.submit', billingAddress: other, paymentMethod: { code: 'checkmo' } });
    expect(actor.getSnapshot().context).toMatchObject({ paymentCode: 'checkmo', billingAddress: { street: ['9 Bay St'], sameAsShippingAddress: false } });
  });

  it("spec §5: billing and payment without a cartId is rejected with 'Missing required information: cartId'", async () => {
    // Restored data reaches billing and payment even when the cart is gone.
    const restored = startShop({ saved: { shippingAddress: FIXTURE_ADDRESS, shippingMethod: FLAT } });
    restored.actor.send({ type: 'checkout.begin', cartId: null, isSignedIn: false, countries: COUNTRIES });
    await waitFor(restored.actor, (s) => selectStep(s) === 'billingAndPayment');
    restored.actor.send({ type: 'checkout.billingAndPayment.submit', billingAddress: { sameAsShippingAddress: true }, paymentMethod: { code: 'checkmo' } });
    expect(restored.actor.getSnapshot().context.paymentMethodError?.message).toBe('shop:cartIdMissing');
    expect(selectStep(restored.actor.getSnapshot())).toBe('billingAndPayment');
  });
});

describe('spec §4 Checkout: the hosted payment (card, wallet)', () => {
  it('a refused hosted order stores orderError, keeps the review and the cart, and sends nobody away', async () => {
    const { actor, spies, received } = startShop({
      saved: SAVED_AFTER_CARD,
      placeHostedOrder: async () => {
        throw new Error('Unable to place order: Some of the products are out of stock.');
      },
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !s.hasTag('submitting'));
    expect(actor.getSnapshot().context.orderError?.message).toBe('Unable to place order: Some of the products are out of stock.');
    expect(selectStep(actor.getSnapshot())).toBe('review');
    expect(spies.redirectToProvider).not.toHaveBeenCalled();
    await settle();
    expect(received.cart.map((e) => e.type)).not.toContain('cart.remove');
  });

  const lostAnswer = () => Object.assign(new TypeError('Failed to fetch'), { orderOutcomeUnknown: true as const });

  it('a hosted order whose answer was lost and whose page the backend names sends the shopper to pay there; one placeOrder', async () => {
    const { actor, spies, received } = startShop({
      saved: SAVED_AFTER_CARD,
      placeHostedOrder: async () => Promise.reject(lostAnswer()),
      checkPlacedHostedOrder: async () => ({ placed: true, orderId: '9', page: { orderNumber: '000000009', paymentUrl: 'https://pay.example/t' } }),
    });
    actor.send({ ...OPEN, isSignedIn: true });
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    expect(spies.checkPlacedHostedOrder).toHaveBeenCalledWith({ cartId: 'cart-1', isSignedIn: true });
    expect(spies.placeHostedOrder).toHaveBeenCalledTimes(1);
    expect(spies.redirectToProvider).toHaveBeenCalledWith('https://pay.example/t');
    expect(actor.getSnapshot().context.orderError).toBeNull();
    await settle();
    // The review asked the cart for its details when it was reached (ADR 039); the order owns it now, handed to its payment (ADR 042).
    expect(received.cart).toEqual([askedForDetails, { type: 'cart.paymentPending', orderNumber: '000000009' }]);
  });

  it('a guest hosted order whose answer was lost: the plain receipt, the saved checkout cleared and the cart removed', async () => {
    const { actor, effects, received } = startShop({
      saved: SAVED_AFTER_CARD,
      placeHostedOrder: async () => Promise.reject(lostAnswer()),
      checkPlacedHostedOrder: async () => ({ placed: true, orderId: null, page: null }),
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('receipt'));
    expect(actor.getSnapshot().context.receipt.order).toMatchObject({ id: null, shipping_address: { email: FIXTURE_ADDRESS.email } });
    expect(effects).toContain('clearSavedCheckout');
    await settle();
    expect(received.cart.map((e) => e.type)).toContain('cart.remove');
  });

  it('a hosted order the backend says was not placed: the plain refusal and the review again, nothing sent twice', async () => {
    const { actor, spies } = startShop({ saved: SAVED_AFTER_CARD, placeHostedOrder: async () => Promise.reject(lostAnswer()) });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.matches({ review: 'ready' }) && s.context.orderError !== null);
    expect(actor.getSnapshot().context.orderError?.message).toBe('Failed to fetch');
    expect(spies.placeHostedOrder).toHaveBeenCalledTimes(1);
    expect(spies.redirectToProvider).not.toHaveBeenCalled();
  });

  it('the backend unreachable for the question: only checking again is possible, and it asks again', async () => {
    let asked = 0;
    const { actor, spies } = startShop({
      saved: SAVED_AFTER_CARD,
      placeHostedOrder: async () => Promise.reject(lostAnswer()),
      checkPlacedHostedOrder: async () => {
        asked += 1;
        if (asked === 1) throw new TypeError('Failed to fetch');
        return { placed: true, orderId: null, page: null };
      },
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('orderUnconfirmed'));
    expect(actor.getSnapshot().can({ type: 'checkout.order.submit' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'checkout.edit', step: 'shippingAddress' })).toBe(false);
    actor.send({ type: 'checkout.order.confirm' });
    await waitFor(actor, (s) => s.hasTag('receipt'));
    expect(spies.checkPlacedHostedOrder).toHaveBeenCalledTimes(2);
    expect(spies.placeHostedOrder).toHaveBeenCalledTimes(1);
  });

  it('an offline payment (check / money order) is placed with payment-information, not on the provider page', async () => {
    const { actor, spies } = startShop({ saved: { ...SAVED_AFTER_CARD, paymentMethod: { code: 'checkmo' } } });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('receipt'));
    expect(spies.placeHostedOrder).not.toHaveBeenCalled();
  });

  it('while the shopper is on the way to the provider, the new empty cart does not begin another checkout', async () => {
    const { actor } = startShop({ saved: SAVED_AFTER_CARD });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    actor.send({ ...OPEN, cartId: 'new-cart' });
    expect(actor.getSnapshot().hasTag('redirecting')).toBe(true);
  });
});

describe('spec §2 payment return: the provider result, verified by the backend', () => {
  it('approved: the saved checkout data is cleared and the order token kept for the success page', async () => {
    const { actor, effects, spies } = startShop();
    actor.send({ type: 'checkout.payment.return', input: RETURN, orderNumber: '000000042' });
    expect(selectPaymentReturn(actor.getSnapshot())).toEqual({ status: 'verifying' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'approved' }));
    expect(spies.verifyPaymentReturn).toHaveBeenCalledWith(RETURN);
    expect(effects).toEqual(['clearSavedCheckout']);
    expect(selectPaymentReturn(actor.getSnapshot())).toMatchObject({ status: 'verified', payment: { result: 'APPROVED', order_token: 'otok' } });
  });

  it('the same return sent again (a second render, a reload of the state) is verified once', async () => {
    const { actor, spies } = startShop();
    actor.send({ type: 'checkout.payment.return', input: RETURN, orderNumber: '000000042' });
    actor.send({ type: 'checkout.payment.return', input: RETURN, orderNumber: '000000042' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'approved' }));
    actor.send({ type: 'checkout.payment.return', input: RETURN, orderNumber: '000000042' });
    expect(spies.verifyPaymentReturn).toHaveBeenCalledTimes(1);
  });

  it('declined: the cart the backend gave back becomes the current cart (cart.adopt, sent with sendTo); nothing is cleared', async () => {
    const { actor, received, effects } = startShop({
      verifyPaymentReturn: async () => ({ result: 'DECLINED', order_number: '000000042', message: 'declined', cart_id: 'restored-cart', order_token: null }),
    });
    actor.send({ type: 'checkout.payment.return', input: { ...RETURN, result: 'declined' }, orderNumber: '000000042' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'notPaid' }));
    await settle();
    expect(received.cart).toEqual([{ type: 'cart.adopt', cartId: 'restored-cart' }]);
    expect(effects).toEqual([]);
    expect(selectPaymentReturn(actor.getSnapshot())).toMatchObject({ status: 'verified', payment: { result: 'DECLINED' } });
  });

  it('cancelled without a cart to give back: nothing is adopted', async () => {
    const { actor, received } = startShop({
      verifyPaymentReturn: async () => ({ result: 'CANCELLED', order_number: '000000042', message: 'cancelled', cart_id: null }),
    });
    actor.send({ type: 'checkout.payment.return', input: { ...RETURN, result: 'cancelled' }, orderNumber: '000000042' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'notPaid' }));
    await settle();
    expect(received.cart).toEqual([]);
  });

  it('a forged or used return is refused with the backend message, the order number kept for the help text', async () => {
    const { actor } = startShop({
      verifyPaymentReturn: async () => {
        throw { kind: 'refused', message: 'The payment could not be found.' };
      },
    });
    actor.send({ type: 'checkout.payment.return', input: RETURN, orderNumber: '000000042' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'refused' }));
    expect(selectPaymentReturn(actor.getSnapshot())).toEqual({ status: 'refused', message: 'The payment could not be found.', orderNumber: '000000042' });
  });

  it('a lost verification answer is asked about before anything is shown; unreachable again, the shopper may only check again', async () => {
    let asked = 0;
    const { actor, spies, effects } = startShop({
      verifyPaymentReturn: async () => {
        throw { kind: 'unreachable', message: 'Failed to fetch' };
      },
      confirmPaymentReturn: async () => {
        asked += 1;
        if (asked === 1) throw { kind: 'unreachable', message: 'Failed to fetch' };
        return { result: 'APPROVED', order_number: '000000042', message: '', cart_id: null, order_token: 'otok' };
      },
    });
    actor.send({ type: 'checkout.payment.return', input: RETURN, orderNumber: '000000042' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'unreachable' }));
    expect(spies.confirmPaymentReturn).toHaveBeenCalledWith({ input: RETURN, orderNumber: '000000042' });
    expect(selectPaymentReturn(actor.getSnapshot())).toEqual({ status: 'unreachable', message: 'Failed to fetch' });
    actor.send({ type: 'checkout.payment.retry' });
    expect(selectPaymentReturn(actor.getSnapshot())).toEqual({ status: 'verifying' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'approved' }));
    // The verification ran once; the later looks are the confirming question (the same signed return, answered alike: ADR 011).
    expect(spies.verifyPaymentReturn).toHaveBeenCalledTimes(1);
    expect(effects).toEqual(['clearSavedCheckout']);
  });

  it('a lost verification answer of a cancelled payment: the cart the backend names is adopted', async () => {
    const { actor, received } = startShop({
      verifyPaymentReturn: async () => {
        throw { kind: 'unreachable', message: 'The operation was aborted.' };
      },
      confirmPaymentReturn: async () => ({ result: 'CANCELLED', order_number: '000000042', message: '', cart_id: 'restored-cart', order_token: null }),
    });
    actor.send({ type: 'checkout.payment.return', input: { ...RETURN, result: 'cancelled' }, orderNumber: '000000042' });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'notPaid' }));
    await settle();
    expect(received.cart).toEqual([{ type: 'cart.adopt', cartId: 'restored-cart' }]);
  });

  it('after a failed payment the checkout page begins again from what was saved', async () => {
    const { actor } = startShop({
      saved: SAVED_AFTER_CARD,
      verifyPaymentReturn: async () => ({ result: 'CANCELLED', order_number: '000000042', message: 'c', cart_id: 'cart-1' }),
    });
    actor.send({ type: 'checkout.payment.return', input: RETURN, orderNumber: null });
    await waitFor(actor, (s) => s.matches({ paymentReturn: 'notPaid' }));
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
  });
});

describe('spec §2 /success: an order is shown only once the backend confirms it belongs to this shopper', () => {
  it('a guest with the token of a verified return: the backend is asked and the order confirmed', async () => {
    const { actor, spies } = startShop();
    actor.send({ type: 'checkout.order.lookup', orderNumber: '000000042', orderToken: 'otok', isSignedIn: false });
    expect(selectOrderLookup(actor.getSnapshot())).toEqual({ status: 'checking' });
    await waitFor(actor, (s) => s.matches({ orderLookup: 'confirmed' }));
    expect(spies.lookUpOrder).toHaveBeenCalledWith({ orderNumber: '000000042', orderToken: 'otok', isSignedIn: false });
    expect(selectOrderLookup(actor.getSnapshot())).toMatchObject({ status: 'confirmed', order: { number: '000000042', shippingAddress: FIXTURE_ADDRESS } });
  });

  it('/success?order=<any number> for a guest without a token shows no order, without asking anyone', async () => {
    const { actor, spies } = startShop();
    actor.send({ type: 'checkout.order.lookup', orderNumber: '000000001', orderToken: null, isSignedIn: false });
    expect(selectOrderLookup(actor.getSnapshot())).toEqual({ status: 'notFound' });
    actor.send({ type: 'checkout.order.lookup', orderNumber: null, orderToken: 'otok', isSignedIn: true });
    expect(selectOrderLookup(actor.getSnapshot())).toEqual({ status: 'notFound' });
    expect(spies.lookUpOrder).not.toHaveBeenCalled();
  });

  it('a customer is asked about with their own token; an order that is not theirs (null, or another number) shows nothing', async () => {
    const { actor, spies } = startShop({ lookUpOrder: async () => null });
    actor.send({ type: 'checkout.order.lookup', orderNumber: '000000001', orderToken: null, isSignedIn: true });
    await waitFor(actor, (s) => s.matches({ orderLookup: 'notFound' }));
    expect(spies.lookUpOrder).toHaveBeenCalledWith({ orderNumber: '000000001', orderToken: null, isSignedIn: true });
    const other = startShop({
      lookUpOrder: async () => ({ number: '000000099', status: 'Pending', email: null, paymentCode: 'checkmo', shippingAddress: null }),
    });
    other.actor.send({ type: 'checkout.order.lookup', orderNumber: '000000001', orderToken: 'otok', isSignedIn: false });
    await waitFor(other.actor, (s) => s.matches({ orderLookup: 'notFound' }));
  });

  it('the same question is asked once; a failure can be retried', async () => {
    let calls = 0;
    const { actor, spies } = startShop({
      lookUpOrder: async (input) => {
        calls += 1;
        if (calls === 1) throw new Error('Failed to fetch');
        return { number: input.orderNumber, status: 'Processing', email: null, paymentCode: 'lunettepay_card', shippingAddress: null };
      },
    });
    const lookup = { type: 'checkout.order.lookup', orderNumber: '000000042', orderToken: 'otok', isSignedIn: false } as const;
    actor.send(lookup);
    await waitFor(actor, (s) => s.matches({ orderLookup: 'failed' }));
    expect(selectOrderLookup(actor.getSnapshot())).toEqual({ status: 'failed', error: new Error('Failed to fetch') });
    actor.send(lookup);
    expect(spies.lookUpOrder).toHaveBeenCalledTimes(1);
    actor.send({ type: 'checkout.order.lookup.retry' });
    await waitFor(actor, (s) => s.matches({ orderLookup: 'confirmed' }));
  });

  it('a lookup whose answer never comes (the server restarted mid-request) offers "Check again" after its patience (simulated clock), never a spinner forever', async () => {
    const clock = new SimulatedClock();
    const { actor, spies } = startShop({ lookUpOrder: () => new Promise(() => {}) }, clock);
    actor.send({ type: 'checkout.order.lookup', orderNumber: '000000042', orderToken: 'otok', isSignedIn: false });
    clock.increment(ORDER_LOOKUP_PATIENCE_MS - 1);
    expect(selectOrderLookup(actor.getSnapshot())).toEqual({ status: 'checking' });
    clock.increment(1);
    const failed = selectOrderLookup(actor.getSnapshot());
    expect(failed).toMatchObject({ status: 'failed', error: { name: 'TimeoutError' } });
    actor.send({ type: 'checkout.order.lookup.retry' });
    expect(selectOrderLookup(actor.getSnapshot())).toEqual({ status: 'checking' });
    expect(spies.lookUpOrder).toHaveBeenCalledTimes(2);
  });
});

describe('spec §6: a guest email that already has an account', () => {
  async function onShippingAddress(fakes: Fakes = {}, isSignedIn = false) {
    const shop = startShop(fakes);
    shop.actor.send({ ...OPEN, isSignedIn });
    await waitFor(shop.actor, (s) => selectStep(s) === 'shippingAddress');
    return shop;
  }

  it('raises the toast (toast.add with the answer time, sent with sendTo) and the hint next to the field', async () => {
    const { actor, received, spies } = await onShippingAddress();
    actor.send({ type: 'checkout.email.check', email: ' ada@example.com ' });
    expect(actor.getSnapshot().hasTag('checkingEmail')).toBe(true);
    await waitFor(actor, (s) => s.matches({ shippingAddress: { editing: 'emailHasAccount' } }));
    expect(spies.checkEmailAvailability).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(selectEmailWithAccount(actor.getSnapshot())).toBe('ada@example.com');
    await settle();
    expect(received.toast).toEqual([{ type: 'toast.add', toast: { ...EMAIL_HAS_ACCOUNT_TOAST }, timestamp: 1234 }]);
  });

  it('a free email clears the hint and raises nothing', async () => {
    let available = false;
    const { actor, received } = await onShippingAddress({ checkEmailAvailability: async ({ email }) => ({ email, available, checkedAt: 1 }) });
    actor.send({ type: 'checkout.email.check', email: 'ada@example.com' });
    await waitFor(actor, (s) => s.matches({ shippingAddress: { editing: 'emailHasAccount' } }));
    available = true;
    actor.send({ type: 'checkout.email.check', email: 'new@example.com' });
    await waitFor(actor, (s) => s.matches({ shippingAddress: { editing: 'emailFree' } }));
    expect(selectEmailWithAccount(actor.getSnapshot())).toBeNull();
    await settle();
    expect(received.toast).toHaveLength(1);
  });

  it('something that is not an email, or a signed-in customer, is not checked; a failed check lets the guest go on', async () => {
    const { actor, spies } = await onShippingAddress({
      checkEmailAvailability: async () => {
        throw new Error('down');
      },
    });
    actor.send({ type: 'checkout.email.check', email: 'ada' });
    expect(spies.checkEmailAvailability).not.toHaveBeenCalled();
    actor.send({ type: 'checkout.email.check', email: 'ada@example.com' });
    await waitFor(actor, (s) => s.matches({ shippingAddress: { editing: 'emailUnchecked' } }));
    expect(selectEmailWithAccount(actor.getSnapshot())).toBeNull();
    const customer = await onShippingAddress({}, true);
    customer.actor.send({ type: 'checkout.email.check', email: 'ada@example.com' });
    expect(customer.spies.checkEmailAvailability).not.toHaveBeenCalled();
  });
});

describe('ADR 039: the order is the cart the review showed', () => {
  const CHANGED = 'The cart changed after you reviewed it (items: 2, order total: 356.41 USD). Review the order and place it again.';

  it('reaching the review reads the cart; a card order carries the digest the review showed; a refusal reads the cart again and the next order carries the new one', async () => {
    let refuse = true;
    const { actor, spies, received } = startShop({
      saved: SAVED_AFTER_CARD,
      cartDigests: ['as-first-shown', 'as-reviewed', 'changed-elsewhere'],
      placeHostedOrder: async ({ code }) => {
        if (refuse) throw new Error(CHANGED);
        return { orderNumber: '000000042', paymentUrl: `https://pay.example/${code}` };
      },
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    await settle();
    expect(received.cart).toEqual([askedForDetails]);

    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !s.hasTag('submitting'));
    expect(spies.placeHostedOrder).toHaveBeenLastCalledWith({ cartId: 'cart-1', code: 'lunettepay_card', reviewDigest: 'as-reviewed' });
    expect(selectStep(actor.getSnapshot())).toBe('review');
    expect(actor.getSnapshot().context.orderError?.message).toBe(CHANGED);
    await settle();
    expect(received.cart).toEqual([askedForDetails, askedForDetails]);

    refuse = false;
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    expect(spies.placeHostedOrder).toHaveBeenLastCalledWith({ cartId: 'cart-1', code: 'lunettepay_card', reviewDigest: 'changed-elsewhere' });
  });

  it('an offline order (REST payment-information) carries the digest too; a cart with no digest sends none', async () => {
    const { actor, spies } = startShop({
      saved: { ...SAVED_AFTER_CARD, paymentMethod: { code: 'checkmo' } },
      cartDigests: ['as-first-shown', 'as-reviewed'],
      submitPaymentInformation: async () => Promise.reject(new Error(CHANGED)),
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !s.hasTag('submitting'));
    expect(spies.submitPaymentInformation).toHaveBeenCalledWith(expect.objectContaining({ cartId: 'cart-1', reviewDigest: 'as-reviewed' }));
    expect(actor.getSnapshot().context.orderError?.message).toBe(CHANGED);

    const without = startShop({ saved: { ...SAVED_AFTER_CARD, paymentMethod: { code: 'checkmo' } } });
    without.actor.send(OPEN);
    await waitFor(without.actor, (s) => selectStep(s) === 'review');
    without.actor.send({ type: 'checkout.order.submit' });
    await waitFor(without.actor, (s) => s.hasTag('receipt'));
    expect(without.spies.submitPaymentInformation).toHaveBeenCalledWith(expect.objectContaining({ reviewDigest: null }));
  });
});

describe('ADR 039, ADR 010 §6: the review asks the cart for its details and hears its answer, within a bound', () => {
  const reading = (actor: ReturnType<typeof startShop>['actor']) => actor.getSnapshot().matches({ review: { ready: 'readingCart' } });
  const read = (actor: ReturnType<typeof startShop>['actor']) => actor.getSnapshot().matches({ review: { ready: 'cartRead' } });

  it('the order carries the digest of the details the cart answered, not of anything else the cart holds', async () => {
    const { actor, spies } = startShop({ saved: SAVED_AFTER_CARD, cartDigests: ['held-before', 'as-answered'], snapshotStays: true });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    await settle();
    expect(actor.getSnapshot().context.cartDetails).toMatchObject({ lunette_review_digest: 'as-answered' });
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    expect(spies.placeHostedOrder).toHaveBeenCalledWith({ cartId: 'cart-1', code: 'lunettepay_card', reviewDigest: 'as-answered' });
  });

  it('a cart that never answers is waited for CART_ANSWER_PATIENCE_MS (simulated clock), "Place order" taken meanwhile; then the review stops waiting', async () => {
    const clock = new SimulatedClock();
    const { actor, received } = startShop({ saved: SAVED_AFTER_CARD, cartAnswers: ['silent'] }, clock);
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    expect(reading(actor)).toBe(true);
    expect(actor.getSnapshot().can({ type: 'checkout.order.submit' })).toBe(true);
    clock.increment(CART_ANSWER_PATIENCE_MS - 1);
    expect(reading(actor)).toBe(true);
    clock.increment(1);
    expect(read(actor)).toBe(true);
    expect(actor.getSnapshot().context.cartDetails).toBeNull();
    expect(received.cart).toEqual([askedForDetails]);
  });

  it('a busy cart (not ready) is asked again after CART_BUSY_RETRY_MS, at most CART_READ_ATTEMPTS times', async () => {
    const clock = new SimulatedClock();
    const answered = startShop({ saved: SAVED_AFTER_CARD, cartDigests: ['first', 'read-when-free'], cartAnswers: ['busy', 'busy'] }, clock);
    answered.actor.send(OPEN);
    await waitFor(answered.actor, (s) => selectStep(s) === 'review');
    expect(answered.actor.getSnapshot().matches({ review: { ready: 'cartBusy' } })).toBe(true);
    clock.increment(CART_BUSY_RETRY_MS);
    expect(answered.received.cart).toEqual([askedForDetails, askedForDetails]);
    clock.increment(CART_BUSY_RETRY_MS);
    expect(read(answered.actor)).toBe(true);
    expect(answered.actor.getSnapshot().context.cartDetails).toMatchObject({ lunette_review_digest: 'read-when-free' });

    const busy = startShop({ saved: SAVED_AFTER_CARD, cartAnswers: Array(CART_READ_ATTEMPTS + 1).fill('busy') }, clock);
    busy.actor.send(OPEN);
    await waitFor(busy.actor, (s) => selectStep(s) === 'review');
    for (let attempt = 1; attempt < CART_READ_ATTEMPTS; attempt += 1) clock.increment(CART_BUSY_RETRY_MS);
    expect(read(busy.actor)).toBe(true);
    for (let wait = 0; wait < 5; wait += 1) clock.increment(CART_BUSY_RETRY_MS);
    expect(busy.received.cart).toHaveLength(CART_READ_ATTEMPTS);
  });

  it('"Place order" pressed while the cart is busy waits for its answer and carries the digest it answered', async () => {
    const clock = new SimulatedClock();
    const { actor, spies } = startShop({ saved: SAVED_AFTER_CARD, cartDigests: ['first', 'as-answered'], cartAnswers: ['busy'] }, clock);
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    expect(actor.getSnapshot().matches({ review: { ready: 'cartBusy' } })).toBe(true);
    actor.send({ type: 'checkout.order.submit' });
    await settle();
    expect(spies.placeHostedOrder).not.toHaveBeenCalled();
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    clock.increment(CART_BUSY_RETRY_MS);
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    expect(spies.placeHostedOrder).toHaveBeenCalledTimes(1);
    expect(spies.placeHostedOrder).toHaveBeenCalledWith({ cartId: 'cart-1', code: 'lunettepay_card', reviewDigest: 'as-answered' });
  });

  it('"Place order" pressed while a silent cart is awaited is placed once the wait ends, once, with the digest last heard', async () => {
    const clock = new SimulatedClock();
    const { actor, spies } = startShop({ saved: SAVED_AFTER_CARD, cartAnswers: ['silent'] }, clock);
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'checkout.order.submit' });
    // Held, the order is being placed: the page shows its progress, and the review is not at rest.
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'checkout.order.submit' });
    await settle();
    expect(spies.placeHostedOrder).not.toHaveBeenCalled();
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    clock.increment(CART_ANSWER_PATIENCE_MS);
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    expect(spies.placeHostedOrder).toHaveBeenCalledTimes(1);
    expect(spies.placeHostedOrder).toHaveBeenCalledWith({ cartId: 'cart-1', code: 'lunettepay_card', reviewDigest: null });
  });

  it('spec §4: an order being placed, held or sent, takes no "Change", no Back and no new checkout; its answer lands as it would have', async () => {
    const clock = new SimulatedClock();
    const interruptions = [
      { type: 'checkout.edit', step: 'shippingAddress' },
      { type: 'checkout.edit', step: 'billingAndPayment' },
      { type: 'checkout.history.step', step: 'shippingMethod' },
      OPEN,
    ] as const;
    let answerOrder: (page: { orderNumber: string; paymentUrl: string }) => void = () => {};
    const { actor, spies } = startShop(
      {
        saved: SAVED_AFTER_CARD,
        cartAnswers: ['silent'],
        placeHostedOrder: () => new Promise((done) => (answerOrder = done)),
      },
      clock,
    );
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    // Held for the cart's answer.
    for (const event of interruptions) actor.send(event);
    expect(selectStep(actor.getSnapshot())).toBe('review');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    clock.increment(CART_ANSWER_PATIENCE_MS);
    await settle();
    expect(spies.placeHostedOrder).toHaveBeenCalledTimes(1);
    // Sent, its answer awaited.
    for (const event of interruptions) actor.send(event);
    expect(selectStep(actor.getSnapshot())).toBe('review');
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    answerOrder({ orderNumber: '000000042', paymentUrl: 'https://pay.example/lunettepay_card' });
    await waitFor(actor, (s) => s.hasTag('redirecting'));
    expect(spies.placeHostedOrder).toHaveBeenCalledTimes(1);
  });

  it('each time the review is ready again (after a refusal) it asks again, counting its attempts afresh', async () => {
    const clock = new SimulatedClock();
    const { actor, received } = startShop(
      {
        saved: SAVED_AFTER_CARD,
        cartAnswers: ['busy', 'busy', 'busy', 'busy'],
        placeHostedOrder: async () => Promise.reject(new Error('Unable to place order: Some of the products are out of stock.')),
      },
      clock,
    );
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    for (let attempt = 1; attempt <= CART_READ_ATTEMPTS; attempt += 1) clock.increment(CART_BUSY_RETRY_MS);
    expect(received.cart).toHaveLength(CART_READ_ATTEMPTS);
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => s.context.orderError !== null);
    expect(received.cart).toHaveLength(CART_READ_ATTEMPTS + 1);
    clock.increment(CART_BUSY_RETRY_MS);
    expect(received.cart).toHaveLength(CART_READ_ATTEMPTS + 2);
    expect(actor.getSnapshot().context.cartReadAttempts).toBe(2);
  });
});

describe('ADR 039: after an order refused as changed, the review says what changed since the shopper reviewed it', () => {
  const line = (uid: string, name: string, quantity: number, colour = 'Black', extra: Partial<CartItem> = {}): CartItem => ({
    uid,
    quantity,
    product: { uid: `p-${name}`, name, sku: name.toUpperCase().replace(' ', '-') },
    configurable_options: [
      {
        id: 1,
        configurable_product_option_uid: 'colour',
        option_label: 'Colour',
        configurable_product_option_value_uid: colour,
        value_label: colour,
        value_id: 1,
      },
    ],
    ...extra,
  });
  const cartOf = (digest: string, items: CartItem[], total: number): CartDetails => ({
    id: 'cart-1',
    items,
    prices: { grand_total: { currency: 'CAD', value: total } },
    lunette_review_digest: digest,
  });
  const REVIEWED = cartOf('as-reviewed', [line('1', 'Aurora', 1)], 210.64);
  const lenses = (value: string): Partial<CartItem> => ({
    customizable_options: [
      { customizable_option_uid: 'rx', label: 'Prescription', type: 'area', values: [{ customizable_option_value_uid: 'rx', label: '', value }] },
    ],
  });

  /** The review reached, the order submitted and refused as changed, the cart read again as `now`. */
  async function refusedWith(now: CartDetails, reviewed: CartDetails = REVIEWED) {
    const { actor } = startShop({
      saved: { ...SAVED_AFTER_CARD, paymentMethod: { code: 'checkmo' } },
      carts: [reviewed, reviewed, now],
      submitPaymentInformation: async () => Promise.reject(new ShopFailure('cartChangedSinceReview')),
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    expect(selectCartChanges(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !s.hasTag('submitting'));
    await settle();
    return actor;
  }
  const none = { added: [], removed: [], quantities: [], options: [], total: null };

  it('a frame added: named with its quantity, and the total before and after', async () => {
    const actor = await refusedWith(cartOf('changed', [line('1', 'Aurora', 1), line('2', 'Milo Round', 1)], 356.41));
    expect(selectCartChanges(actor.getSnapshot())).toEqual({
      ...none,
      added: [{ name: 'Milo Round', quantity: 1 }],
      total: { from: { currency: 'CAD', value: 210.64 }, to: { currency: 'CAD', value: 356.41 } },
    });
  });

  it('a frame removed', async () => {
    const actor = await refusedWith(cartOf('changed', [], 0), cartOf('as-reviewed', [line('1', 'Aurora', 1), line('2', 'Milo Round', 2)], 500));
    expect(selectCartChanges(actor.getSnapshot())).toMatchObject({
      removed: [
        { name: 'Aurora', quantity: 1 },
        { name: 'Milo Round', quantity: 2 },
      ],
      added: [],
    });
  });

  it('a quantity changed', async () => {
    const actor = await refusedWith(cartOf('changed', [line('1', 'Aurora', 3)], 631.92));
    expect(selectCartChanges(actor.getSnapshot())).toMatchObject({ quantities: [{ name: 'Aurora', from: 1, to: 3 }], added: [], removed: [] });
  });

  it('a line whose colour changed (removed and added again: another uid) is the same frame with other options', async () => {
    const actor = await refusedWith(cartOf('changed', [line('9', 'Aurora', 1, 'Tortoise')], 210.64));
    expect(selectCartChanges(actor.getSnapshot())).toEqual({ ...none, options: [{ name: 'Aurora' }] });
  });

  it('a line whose prescription changed', async () => {
    const reviewed = cartOf('as-reviewed', [line('1', 'Aurora', 1, 'Black', lenses('{"od":{"sph":-1}}'))], 310);
    const actor = await refusedWith(cartOf('changed', [line('1', 'Aurora', 1, 'Black', lenses('{"od":{"sph":-2}}'))], 310), reviewed);
    expect(selectCartChanges(actor.getSnapshot())).toEqual({ ...none, options: [{ name: 'Aurora' }] });
  });

  it('only the total changed (a price or the shipping): the totals alone', async () => {
    const actor = await refusedWith(cartOf('changed', [line('1', 'Aurora', 1)], 199.99));
    expect(selectCartChanges(actor.getSnapshot())).toEqual({
      ...none,
      total: { from: { currency: 'CAD', value: 210.64 }, to: { currency: 'CAD', value: 199.99 } },
    });
  });

  it('the cart read again is still the one reviewed: nothing is named yet; placing again forgets the changes', async () => {
    const stale = await refusedWith(REVIEWED);
    expect(selectCartChanges(stale.getSnapshot())).toBeNull();

    const actor = await refusedWith(cartOf('changed', [line('1', 'Aurora', 2)], 421.28));
    expect(selectCartChanges(actor.getSnapshot())).not.toBeNull();
    actor.send({ type: 'checkout.order.submit' });
    expect(selectCartChanges(actor.getSnapshot())).toBeNull();
  });

  it('another refusal than a changed cart names no change', async () => {
    const { actor } = startShop({
      saved: { ...SAVED_AFTER_CARD, paymentMethod: { code: 'checkmo' } },
      carts: [REVIEWED, REVIEWED, cartOf('changed', [line('1', 'Aurora', 2)], 421.28)],
      submitPaymentInformation: async () => Promise.reject(new Error('The requested Payment Method is not available.')),
    });
    actor.send(OPEN);
    await waitFor(actor, (s) => selectStep(s) === 'review');
    actor.send({ type: 'checkout.order.submit' });
    await waitFor(actor, (s) => !s.hasTag('submitting'));
    await settle();
    expect(actor.getSnapshot().context.orderError?.message).toBe('The requested Payment Method is not available.');
    expect(selectCartChanges(actor.getSnapshot())).toBeNull();
  });
});
