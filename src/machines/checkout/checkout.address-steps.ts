/**
 * checkout — the shipping address and shipping method steps (spec §4 Checkout, §5), with the
 * check a step makes against the cart when its answer was lost.
 */
import { type CartShippingState, type CheckoutShippingMethod } from './checkout.types';
import { missingForShippingAddress, requireValue, type CheckoutContext, type CheckoutStep, type ErrorField } from './checkout.context';
import { checkoutSetup } from './checkout.setup';
import { historyMoves, recordStep } from './checkout.history';
import { ShopFailure } from '../shared/shop-failure';

/** Spec §4: the shipping address; a guest's email is checked for an account meanwhile. */
export const shippingAddressStep = checkoutSetup.createStateConfig({
  tags: ['shippingAddress'],
  entry: recordStep('shippingAddress'),
  on: { 'checkout.history.step': historyMoves() },
  initial: 'editing',
  states: {
    editing: {
      initial: 'emailUnchecked',
      states: {
        emailUnchecked: {},
        /** A guest typed an email: does it already have an account? */
        checkingEmail: {
          tags: ['checkingEmail'],
          invoke: {
            src: 'checkEmailAvailability',
            input: ({ event }) => ({ email: event.type === 'checkout.email.check' ? event.email.trim() : '' }),
            onDone: [
              {
                guard: { type: 'emailHasAccount', params: ({ event }) => ({ answer: event.output }) },
                target: 'emailHasAccount',
                actions: [
                  { type: 'rememberEmailWithAccount', params: ({ event }) => ({ email: event.output.email }) },
                  { type: 'toastEmailHasAccount', params: ({ event }) => ({ timestamp: event.output.checkedAt }) },
                ],
              },
              { target: 'emailFree', actions: { type: 'rememberEmailWithAccount', params: { email: null } } },
            ],
            // The check only helps: when it cannot be made the guest goes on as a guest.
            onError: { target: 'emailUnchecked', actions: { type: 'rememberEmailWithAccount', params: { email: null } } },
          },
        },
        emailHasAccount: {},
        emailFree: {},
      },
      on: {
        'checkout.email.check': {
          guard: { type: 'emailCheckable', params: ({ event }) => ({ email: event.email }) },
          target: '.checkingEmail',
          reenter: true,
        },
        'checkout.shippingAddress.submit': [
          {
            guard: { type: 'shippingAddressIncomplete', params: ({ event }) => ({ address: event.address }) },
            actions: {
              type: 'rejectWith',
              params: ({ context, event }) => ({ field: 'shippingAddressError', error: missingForShippingAddress(context, event.address) }),
            },
          },
          {
            target: 'submitting',
            actions: [
              { type: 'clearError', params: { field: 'shippingAddressError' } },
              { type: 'holdShippingAddress', params: ({ event }) => ({ address: event.address }) },
            ],
          },
        ],
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        src: 'setShippingAddress',
        input: ({ context }) => ({
          cartId: requireValue(context.cartId, 'cartId'),
          isSignedIn: context.isSignedIn,
          address: requireValue(context.pendingShippingAddress, 'shippingAddress'),
        }),
        onDone: { target: '#checkout.shippingMethod', actions: acceptedShippingAddress((event: { output: CheckoutShippingMethod[] }) => event.output) },
        // What was typed is kept: the address stays in context for the form.
        onError: [
          checkWhenAnswerLost(),
          { target: 'editing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingAddressError', error: event.error }) } },
        ],
      },
    },
    /** The address's answer was lost: the cart says whether it holds the address (nothing is sent again). */
    checking: checkingCartShipping(
      'holdsPendingAddress',
      '#checkout.shippingMethod',
      acceptedShippingAddress((event: { output: CartShippingState }) => event.output.methods),
      'shippingAddressError',
      'editing',
    ),
  },
});

/** Spec §4: the shipping method, its list read from the backend when it is not known. */
export const shippingMethodStep = checkoutSetup.createStateConfig({
  tags: ['shippingMethod'],
  entry: recordStep('shippingMethod'),
  initial: 'entering',
  on: { 'checkout.edit': editBackTo(['shippingAddress']), 'checkout.history.step': historyMoves() },
  states: {
    /** Restored from storage without the methods (or they were never read): the backend is asked once. */
    entering: {
      always: [{ guard: 'lacksShippingMethods', target: 'loadingMethods' }, { target: 'choosing' }],
    },
    choosing: {
      on: {
        'checkout.shippingMethods.request': [
          rejectWithoutCart('shippingMethodError'),
          { target: 'loadingMethods', actions: { type: 'clearError', params: { field: 'shippingMethodError' } } },
        ],
        'checkout.shippingMethod.submit': [
          rejectWithoutCart('shippingMethodError'),
          {
            target: 'submitting',
            actions: [
              { type: 'clearError', params: { field: 'shippingMethodError' } },
              { type: 'holdShippingMethod', params: ({ event }) => ({ method: event.shippingMethod }) },
            ],
          },
        ],
      },
    },
    /** Spec §4: shipping methods request/receive. */
    loadingMethods: {
      tags: ['loadingShippingMethods'],
      invoke: {
        src: 'fetchShippingMethods',
        input: ({ context }) => ({ cartId: requireValue(context.cartId, 'cartId') }),
        onDone: {
          target: 'choosing',
          actions: [
            { type: 'rememberShippingMethods', params: ({ event }) => ({ methods: event.output }) },
            { type: 'saveCheckoutValue', params: ({ event }) => ({ key: 'availableShippingMethods', value: event.output }) },
          ],
        },
        onError: { target: 'choosing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingMethodError', error: event.error }) } },
      },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        src: 'submitShippingInformation',
        input: ({ context }) => {
          const shippingAddress = requireValue(context.shippingAddress, 'shippingAddress');
          const method = requireValue(context.pendingShippingMethod, 'shippingMethod');
          return {
            cartId: requireValue(context.cartId, 'cartId'),
            isSignedIn: context.isSignedIn,
            shippingAddress,
            // The billing address is not chosen yet on the first pass: Magento needs one, the shipping one stands in.
            billingAddress: context.billingAddress ?? shippingAddress,
            carrierCode: method.carrier_code,
            methodCode: method.method_code,
          };
        },
        onDone: { target: '#checkout.billingAndPayment', actions: acceptedShippingMethodActions() },
        onError: [
          checkWhenAnswerLost(),
          { target: 'choosing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingMethodError', error: event.error }) } },
        ],
      },
    },
    /** The method's answer was lost: the cart says whether it holds the method (nothing is sent again). */
    checking: checkingCartShipping('holdsPendingMethod', '#checkout.billingAndPayment', acceptedShippingMethodActions(), 'shippingMethodError', 'choosing'),
  },
});

/** A step whose answer was lost is checked against the cart (`checking`), its failure held meanwhile. */
function checkWhenAnswerLost() {
  type Failed = { error: unknown };
  return {
    guard: { type: 'answerLost' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
    target: 'checking' as const,
    actions: { type: 'holdStepError' as const, params: ({ event }: { event: Failed }) => ({ error: event.error }) },
  };
}

/**
 * A shipping step whose answer was lost reads the cart's shipping: it holds what was sent
 * (`holds`) → the step accepted (`accepted`, `onHeld`); not, or unreadable → the step's held failure, back to `back`.
 */
function checkingCartShipping<const A extends readonly unknown[]>(
  holds: 'holdsPendingAddress' | 'holdsPendingMethod',
  accepted: '#checkout.shippingMethod' | '#checkout.billingAndPayment',
  onHeld: A,
  field: ErrorField,
  back: 'editing' | 'choosing',
) {
  const fail = { target: back, actions: { type: 'rejectWithHeldStepError' as const, params: { field } } };
  return {
    tags: ['submitting' as const],
    invoke: {
      src: 'readCartShipping' as const,
      input: ({ context }: { context: CheckoutContext }) => ({ cartId: requireValue(context.cartId, 'cartId') }),
      onDone: [
        {
          guard: { type: holds, params: ({ event }: { event: { output: CartShippingState } }) => ({ shipping: event.output }) },
          target: accepted,
          actions: ['dropHeldStepError' as const, ...onHeld],
        },
        fail,
      ],
      onError: fail,
    },
  };
}

/** Spec §4: the shipping address accepted (as answered, or as the cart holds it after a lost answer) and saved (spec §9). */
function acceptedShippingAddress<E>(methodsOf: (event: E) => CheckoutShippingMethod[]) {
  return [
    { type: 'acceptShippingAddress' as const, params: ({ event }: { event: E }) => ({ methods: methodsOf(event) }) },
    {
      type: 'saveCheckoutValue' as const,
      params: ({ context }: { context: CheckoutContext }) => ({
        key: 'shipping_address' as const,
        value: requireValue(context.shippingAddress, 'shippingAddress'),
      }),
    },
    {
      type: 'saveCheckoutValue' as const,
      params: ({ context }: { context: CheckoutContext }) => ({ key: 'availableShippingMethods' as const, value: context.availableShippingMethods }),
    },
  ];
}

/** Spec §4: the shipping method accepted and saved (spec §9). */
function acceptedShippingMethodActions() {
  return [
    'acceptShippingMethod' as const,
    {
      type: 'saveCheckoutValue' as const,
      params: ({ context }: { context: CheckoutContext }) => ({
        key: 'shippingMethod' as const,
        value: requireValue(context.selectedShippingMethod, 'shippingMethod'),
      }),
    },
  ];
}

/** Spec §5: a step submitted without a cart is rejected in its own error field. */
export function rejectWithoutCart(field: ErrorField) {
  return { guard: 'cartIdMissing' as const, actions: { type: 'rejectWith' as const, params: { field, error: new ShopFailure('cartIdMissing') } } };
}

/** Spec §4 "edit": back to an earlier step, every value kept. */
export function editBackTo(steps: Array<Exclude<CheckoutStep, 'review'>>) {
  return steps.map((step) => ({ guard: { type: 'editsTo' as const, params: { step } }, target: `#checkout.${step}` }));
}
