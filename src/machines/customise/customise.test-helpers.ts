/**
 * Tests only: the shop's cart as the lens wizard meets it (src/machines/cart/cart.machine.ts), under
 * systemId 'cart'. `ready` takes `cart.addItem` / `cart.updateItem` (recorded), tagged `addingItem` /
 * `updatingItem` while the call runs; an add ends by emitting `cart.item.added` or `cart.item.failed`
 * (its error also kept in `addItemError`), an update emits nothing and keeps its error in
 * `updateItemError`, as the cart machine does.
 */
import { assign, createActor, emit, fromPromise, setup } from 'xstate';
import type { CartError, CartItemToAdd, CartItemUpdate } from '../cart/cart.types';
import type { CartEventOfWizard } from './customise-choices';

export type CartCall = { kind: 'add'; item: CartItemToAdd } | { kind: 'update'; update: CartItemUpdate };
type CartEmitted = { type: 'cart.item.added'; item: CartItemToAdd } | { type: 'cart.item.failed'; item: CartItemToAdd; error: CartError };

interface FakeCartContext {
  cartId: string | null;
  item: CartItemToAdd | null;
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

/** Starts the fake cart; `received` lists the events the wizard sent it, `emitted` what it emitted. */
export function startFakeCart({ call = async () => true, loading = false }: FakeCartOptions = {}) {
  const received: CartEventOfWizard[] = [];
  const emitted: string[] = [];
  const machine = setup({
    types: {} as {
      context: FakeCartContext;
      events: CartEventOfWizard | { type: 'test.ready' };
      emitted: CartEmitted;
    },
    actors: { call: fromPromise(({ input }: { input: CartCall }) => call(input)) },
    actions: { record: ({ event }) => void (event.type.startsWith('cart.') && received.push(event as CartEventOfWizard)) },
  }).createMachine({
    id: 'cart',
    context: { cartId: 'cart-1', item: null, addItemError: null, updateItemError: null, getCartError: null, detailsError: null },
    initial: loading ? 'loading' : 'ready',
    // Every event the wizard sends is recorded, taken or not (a busy cart drops it, as the cart machine does).
    on: { '*': { actions: 'record' } },
    states: {
      loading: { tags: ['loading'], on: { 'test.ready': 'ready' } },
      ready: {
        on: {
          'cart.addItem': { target: 'addingItem', actions: ['record', assign({ item: ({ event }) => event.item, addItemError: null })] },
          'cart.updateItem': { target: 'updatingItem', actions: ['record', assign({ item: ({ event }) => event.update.item, updateItemError: null })] },
        },
      },
      addingItem: {
        tags: ['addingItem'],
        invoke: {
          src: 'call',
          input: ({ context }) => ({ kind: 'add' as const, item: context.item! }),
          onDone: { target: 'ready', actions: emit(({ context }) => ({ type: 'cart.item.added' as const, item: context.item! })) },
          onError: {
            target: 'ready',
            actions: [
              assign({ addItemError: ({ event }) => event.error as CartError }),
              emit(({ context }) => ({ type: 'cart.item.failed' as const, item: context.item!, error: context.addItemError! })),
            ],
          },
        },
      },
      updatingItem: {
        tags: ['updatingItem'],
        invoke: {
          src: 'call',
          input: ({ event }) => ({ kind: 'update' as const, update: (event as Extract<CartEventOfWizard, { type: 'cart.updateItem' }>).update }),
          onDone: 'ready',
          onError: { target: 'ready', actions: assign({ updateItemError: ({ event }) => event.error as CartError }) },
        },
      },
    },
  });
  const cart = createActor(machine, { systemId: 'cart' });
  cart.on('*', (event) => emitted.push(event.type));
  cart.start();
  return { cart, received, emitted };
}
