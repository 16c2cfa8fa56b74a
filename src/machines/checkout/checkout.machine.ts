/**
 * checkout — spec §2 "Checkout flow", §3 "Checkout", §4 "Checkout", §5, §7 (REST), §8.
 * systemId: 'checkout'.
 *
 * Steps: shippingAddress → shippingMethod → billingAndPayment → review (place order) → receipt.
 * Each step: submit (tag `submitting`, its error cleared) → accept (value stored and persisted) or
 * reject (the error stored in the step's own field).
 *
 * "The error is rethrown" (spec §4): a caller that needs the throw uses `submitCheckoutStep(actor, event)`,
 * which sends the event, waits for the step to settle and rejects with the step's error; views that
 * only render read the error fields (selectors below). No callbacks travel in events or context.
 *
 * Injected by the services (`checkout.actors.ts`), every one with `.provide()`:
 * - actor `loadSavedCheckout`: () => SavedCheckoutData           (the spec §9 keys, read back)
 * - actor `setShippingAddress`: ({ cartId, isSignedIn, address }) => CheckoutShippingMethod[]
 *     (guest: set guest email; then set shipping address; returns the available shipping methods)
 * - actor `fetchShippingMethods`: ({ cartId }) => CheckoutShippingMethod[]
 * - actor `submitShippingInformation`: ShippingInformationInput => unknown  (REST .../shipping-information)
 * - actor `submitPaymentInformation`: PaymentInformationInput => string     (REST .../payment-information: the order id)
 * - action `saveCheckoutValue`: (CheckoutStorageWrite) => void  (one spec §9 key)
 * - action `clearSavedCheckout`: () => void                      (all checkout keys, after an order)
 * - action `removeCart`: () => void     (default: sends `cart.remove` to the system's 'cart': it is cleared and a new one created)
 */
import { assign, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { notProvidedActor, toError } from '../shared/effects';
import type {
  Address,
  BillingAddressInput,
  CheckoutShippingMethod,
  CheckoutStorageWrite,
  Country,
  PaymentMethodSelection,
  ReceiptOrder,
  SavedCheckoutData,
} from './checkout.types';

/** Spec §9: default address country. */
export const DEFAULT_COUNTRY_ID = 'CA';
export const MISSING_CART_ID = 'Missing required information: cartId';
export const MISSING_EMAIL = 'Missing required information: email';

/**
 * Spec §5: country CA unless the shopper picked another country the shop sells to; the region is
 * looked up by region_code in that country's region list.
 */
export function normalizeAddress(address: Address, countries: readonly Country[]): Address {
  const picked = address.country_id && countries.some((country) => country.id === address.country_id) ? address.country_id : DEFAULT_COUNTRY_ID;
  const regions = countries.find((country) => country.id === picked)?.available_regions ?? [];
  const region = regions.find((candidate) => candidate.code === address.region_code);
  return {
    ...address,
    country_id: picked,
    region_code: region?.code ?? address.region_code ?? null,
    region_id: region?.id ?? address.region_id ?? null,
    region: region?.name ?? address.region ?? null,
  };
}

/** Spec §5: a billing address marked same as shipping uses the shipping address. */
export function resolveBillingAddress(billing: BillingAddressInput, shippingAddress: Address | null, countries: readonly Country[]): Address {
  if (billing.sameAsShippingAddress) {
    if (!shippingAddress) throw new Error('Missing required information: shippingAddress');
    return { ...shippingAddress, sameAsShippingAddress: true };
  }
  return { ...normalizeAddress(billing, countries), sameAsShippingAddress: false };
}

/** Spec §3: shipping methods are also exposed as code and title. */
export function toCheckoutShippingMethod(method: Omit<CheckoutShippingMethod, 'code' | 'title'>): CheckoutShippingMethod {
  return { ...method, code: method.carrier_code, title: method.carrier_title };
}

export interface ShippingInformationInput {
  cartId: string;
  isSignedIn: boolean;
  shippingAddress: Address;
  billingAddress: Address;
  carrierCode: string;
  methodCode: string;
}

export interface PaymentInformationInput {
  cartId: string;
  isSignedIn: boolean;
  billingAddress: Address;
  email: string | null;
  paymentMethod: { method: string; additional_data: { payment_method_nonce: string | null } };
}

export type CheckoutStep = 'shippingAddress' | 'shippingMethod' | 'billingAndPayment' | 'review';

export interface CheckoutContext {
  cartId: string | null;
  isSignedIn: boolean;
  countries: Country[];
  availableShippingMethods: CheckoutShippingMethod[];
  shippingAddress: Address | null;
  /** What was submitted and not yet accepted: kept for the form when the step is rejected. */
  pendingShippingAddress: Address | null;
  pendingShippingMethod: CheckoutShippingMethod | null;
  /** The selected method; `shippingMethod` in spec §3 is its carrier code (selector below). */
  selectedShippingMethod: CheckoutShippingMethod | null;
  billingAddress: Address | null;
  paymentCode: string | null;
  paymentData: { nonce?: string | null } | null;
  receipt: { order: ReceiptOrder | null };
  shippingAddressError: Error | null;
  shippingMethodError: Error | null;
  billingAddressError: Error | null;
  paymentMethodError: Error | null;
  orderError: Error | null;
}

export type CheckoutEvent =
  | { type: 'checkout.begin'; cartId: string | null; isSignedIn: boolean; countries?: Country[] }
  | { type: 'checkout.shippingAddress.submit'; address: Address }
  | { type: 'checkout.shippingMethods.request' }
  | { type: 'checkout.shippingMethod.submit'; shippingMethod: CheckoutShippingMethod }
  | { type: 'checkout.billingAddress.submit'; billingAddress: BillingAddressInput }
  | { type: 'checkout.paymentMethod.submit'; paymentMethod: PaymentMethodSelection }
  | { type: 'checkout.order.submit' }
  | { type: 'checkout.edit'; step: CheckoutStep }
  | { type: 'checkout.reset' };

export type CheckoutSubmitEvent = Extract<
  CheckoutEvent,
  { type: 'checkout.shippingAddress.submit' | 'checkout.shippingMethod.submit' | 'checkout.billingAddress.submit' | 'checkout.paymentMethod.submit' | 'checkout.order.submit' }
>;

type ErrorField = 'shippingAddressError' | 'shippingMethodError' | 'billingAddressError' | 'paymentMethodError' | 'orderError';

/** The error field each submit stores its rejection in. */
export const ERROR_FIELD_OF_SUBMIT: Record<CheckoutSubmitEvent['type'], ErrorField> = {
  'checkout.shippingAddress.submit': 'shippingAddressError',
  'checkout.shippingMethod.submit': 'shippingMethodError',
  'checkout.billingAddress.submit': 'billingAddressError',
  'checkout.paymentMethod.submit': 'paymentMethodError',
  'checkout.order.submit': 'orderError',
};

export type CheckoutTag = 'submitting' | 'restoring' | 'loadingShippingMethods' | CheckoutStep | 'receipt';

function initialContext(cartId: string | null = null, isSignedIn = false, countries: Country[] = []): CheckoutContext {
  return {
    cartId,
    isSignedIn,
    countries,
    availableShippingMethods: [],
    shippingAddress: null,
    pendingShippingAddress: null,
    pendingShippingMethod: null,
    selectedShippingMethod: null,
    billingAddress: null,
    paymentCode: null,
    paymentData: null,
    receipt: { order: null },
    shippingAddressError: null,
    shippingMethodError: null,
    billingAddressError: null,
    paymentMethodError: null,
    orderError: null,
  };
}

function requireValue<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined || value === '') throw new Error(`Missing required information: ${what}`);
  return value;
}

/** Spec §5: what a step is missing, as the error it is rejected with; null when it may go ahead. */
function missingForShippingAddress(context: CheckoutContext, address: Address): Error | null {
  if (!context.cartId) return new Error(MISSING_CART_ID);
  if (!context.isSignedIn && !address.email) return new Error(MISSING_EMAIL);
  return null;
}

const billingAndPaymentDone = (context: CheckoutContext) => context.billingAddress !== null && context.paymentCode !== null;

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    tags: {} as CheckoutTag,
  },
  actors: {
    loadSavedCheckout: notProvidedActor<SavedCheckoutData>('loadSavedCheckout'),
    setShippingAddress: notProvidedActor<CheckoutShippingMethod[], { cartId: string; isSignedIn: boolean; address: Address }>('setShippingAddress'),
    fetchShippingMethods: notProvidedActor<CheckoutShippingMethod[], { cartId: string }>('fetchShippingMethods'),
    submitShippingInformation: notProvidedActor<unknown, ShippingInformationInput>('submitShippingInformation'),
    submitPaymentInformation: notProvidedActor<string, PaymentInformationInput>('submitPaymentInformation'),
  },
  actions: {
    saveCheckoutValue: (_, _write: CheckoutStorageWrite) => {},
    clearSavedCheckout: () => {},
    removeCart: ({ system }) => {
      system.get('cart')?.send({ type: 'cart.remove' });
    },
    /** Spec §4: submit clears the step's error. */
    clearError: assign((_, params: { field: ErrorField }) => ({ [params.field]: null })),
    /** Spec §4: reject stores the error in the step's field. */
    rejectWith: assign((_, params: { field: ErrorField; error: unknown }) => ({ [params.field]: toError(params.error) })),
  },
  guards: {
    shippingAddressIncomplete: ({ context }, params: { address: Address }) => missingForShippingAddress(context, params.address) !== null,
    cartIdMissing: ({ context }) => !context.cartId,
    billingAndPaymentDone: ({ context }) => billingAndPaymentDone(context),
    lacksShippingMethod: ({ context }) => context.selectedShippingMethod === null,
    editsTo: ({ event }, params: { step: CheckoutStep }) => event.type === 'checkout.edit' && event.step === params.step,
    lacksShippingAddress: ({ context }) => context.shippingAddress === null,
  },
}).createMachine({
  id: 'checkout',
  context: () => initialContext(),
  initial: 'idle',
  on: {
    // Spec §4: begin resets, then reloads what browser storage holds.
    'checkout.begin': {
      target: '.restoring',
      actions: assign(({ event }) => initialContext(event.cartId, event.isSignedIn, event.countries ?? [])),
    },
    'checkout.reset': { target: '.idle', actions: assign(() => initialContext()) },
  },
  states: {
    idle: {},
    restoring: {
      tags: ['restoring'],
      invoke: {
        src: 'loadSavedCheckout',
        onDone: {
          target: 'resuming',
          actions: assign(({ context, event }) => {
            const saved = event.output;
            // Stored by an older visit or by hand: normalised again like a fresh submit (spec §5).
            const normalized = (address: Address | null | undefined) => (address ? normalizeAddress(address, context.countries) : null);
            return {
              availableShippingMethods: saved.availableShippingMethods ?? [],
              billingAddress: normalized(saved.billingAddress),
              paymentCode: saved.paymentMethod?.code ?? null,
              paymentData: saved.paymentMethod?.data ?? null,
              shippingAddress: normalized(saved.shippingAddress),
              selectedShippingMethod: saved.shippingMethod ?? null,
            };
          }),
        },
        // Unreadable storage only means starting from the first step.
        onError: 'shippingAddress',
      },
    },
    /** Continue at the first step whose value is missing. */
    resuming: {
      always: [
        { guard: 'lacksShippingAddress', target: 'shippingAddress' },
        { guard: 'lacksShippingMethod', target: 'shippingMethod' },
        { guard: 'billingAndPaymentDone', target: 'review' },
        { target: 'billingAndPayment' },
      ],
    },
    shippingAddress: {
      tags: ['shippingAddress'],
      initial: 'editing',
      states: {
        editing: {
          on: {
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
                  assign(({ context, event }) => ({ pendingShippingAddress: normalizeAddress(event.address, context.countries) })),
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
            onDone: {
              target: '#checkout.shippingMethod',
              actions: [
                assign(({ context, event }) => ({
                  shippingAddress: context.pendingShippingAddress,
                  availableShippingMethods: event.output,
                })),
                { type: 'saveCheckoutValue', params: ({ context }) => ({ key: 'shipping_address', value: requireValue(context.shippingAddress, 'shippingAddress') }) },
                { type: 'saveCheckoutValue', params: ({ context }) => ({ key: 'availableShippingMethods', value: context.availableShippingMethods }) },
              ],
            },
            // What was typed is kept: the address stays in context for the form.
            onError: { target: 'editing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingAddressError', error: event.error }) } },
          },
        },
      },
    },
    shippingMethod: {
      tags: ['shippingMethod'],
      initial: 'choosing',
      on: { 'checkout.edit': editBackTo(['shippingAddress']) },
      states: {
        choosing: {
          on: {
            'checkout.shippingMethods.request': [
              {
                guard: 'cartIdMissing',
                actions: { type: 'rejectWith', params: { field: 'shippingMethodError', error: new Error(MISSING_CART_ID) } },
              },
              { target: 'loadingMethods', actions: { type: 'clearError', params: { field: 'shippingMethodError' } } },
            ],
            'checkout.shippingMethod.submit': [
              {
                guard: 'cartIdMissing',
                actions: { type: 'rejectWith', params: { field: 'shippingMethodError', error: new Error(MISSING_CART_ID) } },
              },
              {
                target: 'submitting',
                actions: [
                  { type: 'clearError', params: { field: 'shippingMethodError' } },
                  assign(({ event }) => ({ pendingShippingMethod: event.shippingMethod })),
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
                assign(({ event }) => ({ availableShippingMethods: event.output })),
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
            onDone: {
              target: '#checkout.billingAndPayment',
              actions: [
                assign(({ context }) => ({ selectedShippingMethod: context.pendingShippingMethod })),
                { type: 'saveCheckoutValue', params: ({ context }) => ({ key: 'shippingMethod', value: requireValue(context.selectedShippingMethod, 'shippingMethod') }) },
              ],
            },
            onError: { target: 'choosing', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'shippingMethodError', error: event.error }) } },
          },
        },
      },
    },
    billingAndPayment: {
      tags: ['billingAndPayment'],
      on: {
        'checkout.edit': editBackTo(['shippingAddress', 'shippingMethod']),
        'checkout.billingAddress.submit': [
          {
            guard: 'cartIdMissing',
            actions: { type: 'rejectWith', params: { field: 'billingAddressError', error: new Error(MISSING_CART_ID) } },
          },
          {
            target: '.accepted',
            reenter: true,
            actions: [
              { type: 'clearError', params: { field: 'billingAddressError' } },
              assign(({ context, event }) => ({ billingAddress: resolveBillingAddress(event.billingAddress, context.shippingAddress, context.countries) })),
              { type: 'saveCheckoutValue', params: ({ context }) => ({ key: 'billing_address', value: requireValue(context.billingAddress, 'billingAddress') }) },
            ],
          },
        ],
        'checkout.paymentMethod.submit': [
          {
            guard: 'cartIdMissing',
            actions: { type: 'rejectWith', params: { field: 'paymentMethodError', error: new Error(MISSING_CART_ID) } },
          },
          {
            target: '.accepted',
            reenter: true,
            actions: [
              { type: 'clearError', params: { field: 'paymentMethodError' } },
              assign(({ event }) => ({ paymentCode: event.paymentMethod.code, paymentData: event.paymentMethod.data ?? null })),
              { type: 'saveCheckoutValue', params: ({ event }) => ({ key: 'paymentMethod', value: event.paymentMethod }) },
            ],
          },
        ],
      },
      initial: 'editing',
      states: {
        editing: {},
        /** A part was just accepted: with both billing and payment in, the order can be reviewed. */
        accepted: {
          always: [{ guard: 'billingAndPaymentDone', target: '#checkout.review' }, { target: 'editing' }],
        },
      },
    },
    review: {
      tags: ['review'],
      initial: 'ready',
      on: { 'checkout.edit': editBackTo(['shippingAddress', 'shippingMethod', 'billingAndPayment']) },
      states: {
        ready: {
          on: {
            'checkout.order.submit': [
              {
                guard: 'cartIdMissing',
                actions: { type: 'rejectWith', params: { field: 'orderError', error: new Error(MISSING_CART_ID) } },
              },
              { target: 'submitting', actions: { type: 'clearError', params: { field: 'orderError' } } },
            ],
          },
        },
        submitting: {
          tags: ['submitting'],
          invoke: {
            src: 'submitPaymentInformation',
            input: ({ context }) => ({
              cartId: requireValue(context.cartId, 'cartId'),
              isSignedIn: context.isSignedIn,
              billingAddress: requireValue(context.billingAddress, 'billingAddress'),
              email: context.shippingAddress?.email ?? null,
              paymentMethod: {
                method: requireValue(context.paymentCode, 'paymentMethod'),
                additional_data: { payment_method_nonce: context.paymentData?.nonce ?? null },
              },
            }),
            // Spec §4: receipt order set, saved checkout data cleared, cart removed and a new cart created.
            onDone: {
              target: '#checkout.receipt',
              actions: [
                assign(({ context, event }) => ({
                  receipt: { order: { id: String(event.output), shipping_address: requireValue(context.shippingAddress, 'shippingAddress') } },
                })),
                'clearSavedCheckout',
                'removeCart',
              ],
            },
            onError: { target: 'ready', actions: { type: 'rejectWith', params: ({ event }) => ({ field: 'orderError', error: event.error }) } },
          },
        },
      },
    },
    receipt: { tags: ['receipt'] },
  },
});

/** Spec §4 "edit": back to an earlier step, every value kept. */
function editBackTo(steps: Array<Exclude<CheckoutStep, 'review'>>) {
  return steps.map((step) => ({ guard: { type: 'editsTo' as const, params: { step } }, target: `#checkout.${step}` }));
}

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>;

/**
 * Spec §4 "the error is rethrown": send a submit and settle like a promise. Resolves when the step
 * accepted the value; rejects with the step's stored error when it was rejected, or when the current
 * step does not take this submit.
 */
export async function submitCheckoutStep(checkout: CheckoutActorRef, event: CheckoutSubmitEvent): Promise<void> {
  if (!checkout.getSnapshot().can(event)) {
    throw new Error(`${event.type} is not possible in the current checkout step`);
  }
  checkout.send(event);
  const settled = await waitFor(checkout, (snapshot) => !snapshot.hasTag('submitting'));
  const error = settled.context[ERROR_FIELD_OF_SUBMIT[event.type]];
  if (error) throw error;
}

/** The step the shopper is on, or null before begin and on the receipt. */
export function selectStep(snapshot: CheckoutSnapshot): CheckoutStep | null {
  const steps: CheckoutStep[] = ['shippingAddress', 'shippingMethod', 'billingAndPayment', 'review'];
  return steps.find((step) => snapshot.hasTag(step)) ?? null;
}
export const selectIsSubmitting = (snapshot: CheckoutSnapshot) => snapshot.hasTag('submitting');
export const selectIsRestoring = (snapshot: CheckoutSnapshot) => snapshot.hasTag('restoring');
export const selectIsLoadingShippingMethods = (snapshot: CheckoutSnapshot) => snapshot.hasTag('loadingShippingMethods');
export const selectHasReceipt = (snapshot: CheckoutSnapshot) => snapshot.hasTag('receipt');
export const selectAvailableShippingMethods = (snapshot: CheckoutSnapshot) => snapshot.context.availableShippingMethods;
/** The accepted address, or what was typed when the step was rejected. */
export const selectShippingAddress = (snapshot: CheckoutSnapshot) => snapshot.context.shippingAddress ?? snapshot.context.pendingShippingAddress;
/** Spec §3: shippingMethod is the carrier code; shippingTitle its title. */
export const selectShippingMethod = (snapshot: CheckoutSnapshot) => snapshot.context.selectedShippingMethod?.carrier_code ?? null;
export const selectShippingTitle = (snapshot: CheckoutSnapshot) => snapshot.context.selectedShippingMethod?.title ?? null;
export const selectBillingAddress = (snapshot: CheckoutSnapshot) => snapshot.context.billingAddress;
export const selectPaymentCode = (snapshot: CheckoutSnapshot) => snapshot.context.paymentCode;
export const selectReceiptOrder = (snapshot: CheckoutSnapshot) => snapshot.context.receipt.order;
export const selectShippingAddressError = (snapshot: CheckoutSnapshot) => snapshot.context.shippingAddressError;
export const selectShippingMethodError = (snapshot: CheckoutSnapshot) => snapshot.context.shippingMethodError;
export const selectBillingAddressError = (snapshot: CheckoutSnapshot) => snapshot.context.billingAddressError;
export const selectPaymentMethodError = (snapshot: CheckoutSnapshot) => snapshot.context.paymentMethodError;
export const selectOrderError = (snapshot: CheckoutSnapshot) => snapshot.context.orderError;

/**
 * Spec §2/§6: after an order a guest can be sent to /create-account with email, firstName and
 * lastName from the order's shipping address; null for signed-in customers and before an order.
 */
export function selectCreateAccountParams(snapshot: CheckoutSnapshot): { email: string; firstName: string; lastName: string } | null {
  const order = snapshot.context.receipt.order;
  if (!order || snapshot.context.isSignedIn) return null;
  const address = order.shipping_address;
  return { email: address.email ?? '', firstName: address.firstname, lastName: address.lastname };
}
