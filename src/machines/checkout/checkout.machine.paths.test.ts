/**
 * Path-based tests (every state of every machine reached and checked): xstate/graph walks the checkout with every shopper event and every
 * outcome of its actors; each path is replayed on a live actor whose actors never settle (the path's
 * own done/error events drive it), and invariants are checked on every state reached.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { CART_STOPPED_ERROR } from '../cart/cart.context';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { checkoutMachine, selectStep, type CheckoutSnapshot } from './checkout.machine';
import { toCheckoutShippingMethod, type CheckoutEvent } from './checkout.context';
import type { Address, Country } from './checkout.types';

const COUNTRIES: Country[] = [
  { id: 'CA', available_regions: [{ id: 66, code: 'ON', name: 'Ontario' }] },
  { id: 'US', available_regions: [] },
];
const ADDRESS: Address = {
  firstname: 'Ada',
  lastname: 'L',
  street: ['1 King St'],
  city: 'Toronto',
  region_code: 'ON',
  postcode: 'M5H',
  telephone: '1',
  email: 'ada@example.com',
};
const FLAT = toCheckoutShippingMethod({ carrier_code: 'flatrate', carrier_title: 'Flat Rate', method_code: 'flatrate' });

const OUTCOMES: Record<string, Array<{ output: unknown } | { error: unknown }>> = {
  loadSavedCheckout: [
    { output: {} },
    { output: { shippingAddress: ADDRESS, shippingMethod: FLAT, availableShippingMethods: [FLAT] } },
    { error: new Error('storage') },
  ],
  setShippingAddress: [{ output: [FLAT] }, { error: new Error('Region is required') }],
  fetchShippingMethods: [{ output: [FLAT] }, { error: new Error('down') }],
  submitShippingInformation: [{ output: {} }, { error: new Error('POST /rest/V1/guest-carts/c/shipping-information 400 Bad Request') }],
  submitPaymentInformation: [
    { output: '000000042' },
    { error: new Error('The payment is declined') },
    // The answer was lost; the order may exist.
    { error: Object.assign(new TypeError('Failed to fetch'), { orderOutcomeUnknown: true }) },
  ],
  checkPlacedOrder: [{ output: { placed: true, orderId: null } }, { output: { placed: false } }, { error: new TypeError('Failed to fetch') }],
  // Spec §2 /success: the receipt's address, or the order not named (the receipt stays on the page).
  readReceiptAddress: [{ output: { orderNumber: '000000042', orderToken: 'tok' } }, { error: new TypeError('Failed to fetch') }],
};

const SHOPPER_EVENTS: CheckoutEvent[] = [
  { type: 'checkout.begin', cartId: 'c', isSignedIn: false, countries: COUNTRIES },
  { type: 'checkout.begin', cartId: null, isSignedIn: false, countries: COUNTRIES },
  { type: 'checkout.begin', cartId: 'c', isSignedIn: true, countries: COUNTRIES },
  { type: 'checkout.shippingAddress.submit', address: ADDRESS },
  { type: 'checkout.shippingAddress.submit', address: { ...ADDRESS, email: null, country_id: 'ZZ' } },
  { type: 'checkout.shippingMethods.request' },
  { type: 'checkout.shippingMethod.submit', shippingMethod: FLAT },
  { type: 'checkout.billingAddress.submit', billingAddress: { sameAsShippingAddress: true } },
  { type: 'checkout.paymentMethod.submit', paymentMethod: { code: 'braintree', data: { nonce: 'n' } } },
  { type: 'checkout.order.submit' },
  { type: 'checkout.order.confirm' },
  { type: 'checkout.edit', step: 'shippingAddress' },
  { type: 'checkout.edit', step: 'shippingMethod' },
  { type: 'checkout.edit', step: 'billingAndPayment' },
  { type: 'checkout.reset' },
];

/** ADR 039: the cart's answer to the review's request for its details (here: no cart to read; the review shows what it last heard). */
const CART_GONE: CheckoutEvent = { type: 'cart.answer', requestId: 'askCart', outcome: 'failed', error: CART_STOPPED_ERROR };

function actorEvents(snapshot: CheckoutSnapshot): CheckoutEvent[] {
  return Object.entries(snapshot.children as Record<string, AnyActorRef>).flatMap(([id, child]) =>
    String(child.src) === 'askCart'
      ? [CART_GONE]
      : (OUTCOMES[String(child.src)] ?? []).map(
          (outcome) =>
            ('output' in outcome
              ? { type: `xstate.done.actor.${id}`, output: outcome.output, actorId: id }
              : { type: `xstate.error.actor.${id}`, error: outcome.error, actorId: id }) as unknown as CheckoutEvent,
        ),
  );
}

const ERROR_FIELDS = ['shippingAddressError', 'shippingMethodError', 'billingAddressError', 'paymentMethodError', 'orderError'] as const;

function serializeState(snapshot: CheckoutSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.cartId !== null,
    context.isSignedIn,
    context.shippingAddress !== null,
    context.selectedShippingMethod !== null,
    context.billingAddress !== null,
    context.paymentCode !== null,
    ERROR_FIELDS.map((field) => context[field] !== null),
  ]);
}

const never = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

/** The checkout with effects that record themselves and actors that never settle (the path's events settle them). */
function recordingCheckout(effects: string[]) {
  return checkoutMachine.provide({
    actors: {
      // The review's request for the cart's details is answered by the path's events (CART_GONE).
      askCart: fromCallback(() => {}),
      loadSavedCheckout: never,
      setShippingAddress: never,
      fetchShippingMethods: never,
      submitShippingInformation: never,
      submitPaymentInformation: never,
      checkPlacedOrder: never,
    } as never,
    actions: {
      saveCheckoutValue: (_, write) => void effects.push(`save ${write.key}`),
      clearSavedCheckout: () => void effects.push('clearSavedCheckout'),
      removeCart: () => void effects.push('removeCart'),
      refreshCart: () => void effects.push('refreshCart'),
    },
  });
}

function replay(path: StatePath<CheckoutSnapshot, CheckoutEvent>) {
  const effects: string[] = [];
  const actor = createActor(recordingCheckout(effects)).start();
  const reached: Array<{ expected: CheckoutSnapshot; actual: CheckoutSnapshot }> = [];
  // The first step is the machine's start (xstate.init, typed as the machine's event by xstate/graph): nothing to send.
  for (const [index, step] of path.steps.entries()) {
    if (index > 0) actor.send(step.event);
    reached.push({ expected: step.state, actual: actor.getSnapshot() });
  }
  return { reached, effects };
}

function checkInvariants(snapshot: CheckoutSnapshot, effects: string[]) {
  const { context } = snapshot;
  expect(snapshot.status).toBe('active');
  const step = selectStep(snapshot);
  // Spec §4: a submit clears its step's error while it runs.
  if (snapshot.hasTag('submitting')) {
    const field = { shippingAddress: 'shippingAddressError', shippingMethod: 'shippingMethodError', review: 'orderError' }[
      step as 'shippingAddress' | 'shippingMethod' | 'review'
    ];
    expect(context[field as (typeof ERROR_FIELDS)[number]]).toBeNull();
  }
  // Steps are reached only with the values of the steps before them.
  if (step === 'shippingMethod' || step === 'billingAndPayment' || step === 'review') expect(context.shippingAddress).not.toBeNull();
  if (step === 'billingAndPayment' || step === 'review') expect(context.selectedShippingMethod).not.toBeNull();
  if (step === 'review') expect([context.billingAddress !== null, context.paymentCode !== null]).toEqual([true, true]);
  // Spec §5: addresses are normalised (CA unless an allowed country); a guest's shipping address has an email.
  for (const address of [context.shippingAddress, context.billingAddress]) {
    if (address) expect(COUNTRIES.map((c) => c.id)).toContain(address.country_id);
  }
  if (context.shippingAddress && !context.isSignedIn && !snapshot.matches('idle')) expect(context.shippingAddress.email).toBeTruthy();
  // Spec §5: the missing-cartId rejection only happens without a cartId.
  for (const field of ERROR_FIELDS) {
    if (context[field]?.message === 'shop:cartIdMissing') expect(context.cartId).toBeNull();
  }
  // Spec §4: a receipt means an order (named by its id, or confirmed by the backend without one), cleared checkout data and a removed cart.
  if (snapshot.matches('receipt')) {
    expect(['000000042', null]).toContain(context.receipt.order?.id);
    expect(context.receipt.order).not.toBeNull();
    expect(effects.slice(-2)).toEqual(['clearSavedCheckout', 'removeCart']);
  }
  if (!snapshot.matches('receipt'))
    expect(effects.filter((e) => e === 'removeCart').length).toBeLessThanOrEqual(effects.includes('clearSavedCheckout') ? 1 : 0);
  // While an order's outcome is unknown it can be checked again, never placed again nor edited.
  if (snapshot.hasTag('confirmingOrder') || snapshot.hasTag('orderUnconfirmed')) {
    expect(snapshot.can({ type: 'checkout.order.submit' })).toBe(false);
    expect(snapshot.can({ type: 'checkout.edit', step: 'shippingAddress' })).toBe(false);
    // Another cart's checkout (the cart made a new cart meanwhile) does not begin over the unconfirmed order.
    expect(snapshot.can({ type: 'checkout.open', cartId: 'another-cart', isSignedIn: false, countries: COUNTRIES })).toBe(false);
  }
}

describe('checkout paths', () => {
  const events = (snapshot: CheckoutSnapshot) => [...SHOPPER_EVENTS, ...actorEvents(snapshot)];
  const graphed = recordingCheckout([]);
  const shortest = getShortestPaths(graphed, { events, serializeState });

  it('reaches every step, the receipt and each rejection', () => {
    const values = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
    for (const value of [
      '{"receipt":"addressed"}',
      '{"receipt":"here"}',
      '{"review":"submitting"}',
      '{"review":"confirmingOrder"}',
      '{"review":"unconfirmed"}',
      '{"shippingMethod":"loadingMethods"}',
      '{"billingAndPayment":"editing"}',
    ])
      expect(values).toContain(value);
    for (const field of ERROR_FIELDS) expect(shortest.some((path) => path.state.context[field] !== null)).toBe(true);
  });

  it('spec §4/§5/§7: every shortest path replays on a live actor and keeps the invariants', () => {
    expect(shortest.length).toBeGreaterThan(30);
    for (const path of shortest) {
      const { reached, effects } = replay(path);
      for (const { expected, actual } of reached) {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual, effects);
      }
    }
    // Every path replayed on a live actor: 7–10 s on an idle core, 35 s beside a whole gate run.
  }, 120_000);

  it('spec §4 Checkout: every simple path of a guest from begin to the receipt keeps the invariants', () => {
    const guestEvents = (snapshot: CheckoutSnapshot) => [
      SHOPPER_EVENTS[0]!,
      ...SHOPPER_EVENTS.slice(3, 10),
      ...actorEvents(snapshot).filter((event) => !JSON.stringify(event).includes('storage')),
    ];
    const paths = getSimplePaths(graphed, { events: guestEvents, serializeState, toState: (snapshot) => snapshot.matches('receipt') });
    expect(paths.length).toBeGreaterThan(1);
    for (const path of paths) {
      const { reached, effects } = replay(path);
      for (const { expected, actual } of reached) {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual, effects);
      }
      expect(reached[reached.length - 1]!.actual.matches('receipt')).toBe(true);
    }
  });
});
