/**
 * Tests only: the shop's cart as the lens wizard meets it (src/machines/cart/cart.machine.ts), under
 * systemId 'cart'. `ready` takes `cart.addItem` / `cart.updateItem` (recorded), tagged `addingItem` /
 * `updatingItem` while the call runs; an add ends by emitting `cart.item.added` or `cart.item.failed`
 * (its error also kept in the `addItem` error record), an update keeps its error in the `updateItem`
 * one, as the cart machine does. Each request is answered with `cart.answer` (ADR 010 §6): done, failed with the call's
 * error, or, while the cart is busy or loading, not taken.
 */
import { assertEvent, assign, createActor, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { CART_NOT_READY_ERROR, toCartError } from '../cart/cart.machine';
import type { CartAnswer, CartError, CartItemToAdd, CartItemUpdate, CartRequest } from '../cart/cart.types';
import type { CartEventOfWizard } from './customise-choices';

export type CartCall = { kind: 'add'; item: CartItemToAdd } | { kind: 'update'; update: CartItemUpdate };
type CartEmitted = { type: 'cart.item.added'; item: CartItemToAdd } | { type: 'cart.item.failed'; item: CartItemToAdd; error: CartError };
/** A wizard's event as the cart receives it: with the request it answers. */
type CartRequestEvent = CartEventOfWizard & { request?: CartRequest };

interface FakeCartContext {
  cartId: string | null;
  item: CartItemToAdd | null;
  request: CartRequest | null;
  addItemError: CartError | null;
  updateItemError: CartError | null;
  getCartError: CartError | null;
  detailsError: CartError | null;
}

export interface FakeCartOptions {
  /** The cart call; a rejection is the cart's error. Resolves by default. */
  call?: (call: CartCall) => Promise<unknown>;
  /** Starts loading (tag `loading`) until `test.ready`. */
  loading?: boolean;
}

const answerOf = (request: CartRequest, error: CartError | null): CartAnswer =>
  error ? { type: 'cart.answer', requestId: request.id, outcome: 'failed', error } : { type: 'cart.answer', requestId: request.id, outcome: 'done' };

/** Starts the fake cart; `received` lists the events the wizard sent it, `emitted` what it emitted. */
export function startFakeCart({ call = async () => true, loading = false }: FakeCartOptions = {}) {
  const received: CartEventOfWizard[] = [];
  const emitted: string[] = [];
  const machine = setup({
    types: {} as {
      context: FakeCartContext;
      events: CartRequestEvent | { type: 'test.ready' };
      emitted: CartEmitted;
    },
    actors: { call: fromPromise(({ input }: { input: CartCall }) => call(input)) },
    actions: {
      record: ({ event }) => {
        if (event.type === 'cart.addItem') {
          const { request: _answeredApart, ...added } = event;
          received.push(added);
        } else if (event.type === 'cart.updateItem') {
          const { request: _answeredApart, ...updated } = event;
          received.push(updated);
        }
      },
      /** The running call's request, answered with the call's error (none: done). */
      answer: enqueueActions(({ context, enqueue }, params: { error: CartError | null }) => {
        if (!context.request) return;
        enqueue.sendTo(context.request.replyTo, answerOf(context.request, params.error));
        enqueue.assign({ request: null });
      }),
      /** A request the busy cart does not take. */
      answerNotTaken: enqueueActions(({ enqueue }, params: { request: CartRequest | undefined }) => {
        if (params.request) enqueue.sendTo(params.request.replyTo, answerOf(params.request, CART_NOT_READY_ERROR));
      }),
    },
  }).createMachine({
    id: 'cart',
    context: { cartId: 'cart-1', item: null, request: null, addItemError: null, updateItemError: null, getCartError: null, detailsError: null },
    initial: loading ? 'loading' : 'ready',
    // Every event the wizard sends is recorded, taken or not (a busy cart answers it was not taken, as the cart machine does).
    on: {
      'cart.addItem': { actions: ['record', { type: 'answerNotTaken', params: ({ event }) => ({ request: event.request }) }] },
      'cart.updateItem': { actions: ['record', { type: 'answerNotTaken', params: ({ event }) => ({ request: event.request }) }] },
    },
    states: {
      loading: { tags: ['loading'], on: { 'test.ready': 'ready' } },
      ready: {
        on: {
          'cart.addItem': {
            target: 'addingItem',
            actions: ['record', assign({ item: ({ event }) => event.item, request: ({ event }) => event.request ?? null, addItemError: null })],
          },
          'cart.updateItem': {
            target: 'updatingItem',
            actions: ['record', assign({ item: ({ event }) => event.update.item, request: ({ event }) => event.request ?? null, updateItemError: null })],
          },
        },
      },
      addingItem: {
        tags: ['addingItem'],
        invoke: {
          src: 'call',
          input: ({ context }) => ({ kind: 'add' as const, item: context.item! }),
          onDone: {
            target: 'ready',
            actions: [emit(({ context }) => ({ type: 'cart.item.added' as const, item: context.item! })), { type: 'answer', params: { error: null } }],
          },
          onError: {
            target: 'ready',
            actions: [
              assign({ addItemError: ({ event }) => toCartError(event.error) }),
              emit(({ context }) => ({ type: 'cart.item.failed' as const, item: context.item!, error: context.addItemError! })),
              { type: 'answer', params: ({ context }) => ({ error: context.addItemError }) },
            ],
          },
        },
      },
      updatingItem: {
        tags: ['updatingItem'],
        invoke: {
          src: 'call',
          input: ({ event }) => {
            assertEvent(event, 'cart.updateItem');
            return { kind: 'update' as const, update: event.update };
          },
          onDone: { target: 'ready', actions: { type: 'answer', params: { error: null } } },
          onError: {
            target: 'ready',
            actions: [
              assign({ updateItemError: ({ event }) => toCartError(event.error) }),
              { type: 'answer', params: ({ context }) => ({ error: context.updateItemError }) },
            ],
          },
        },
      },
    },
  });
  const cart = createActor(machine, { systemId: 'cart' });
  cart.on('*', (event) => emitted.push(event.type));
  cart.start();
  return { cart, received, emitted };
}
