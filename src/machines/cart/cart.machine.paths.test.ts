/**
 * Path-based tests (every state of every machine reached and checked): xstate/graph walks the cart machine with every shopper event and
 * every outcome of its actors; each path is replayed on a live actor whose actors never settle (the
 * path's own done/error events drive it), and invariants are checked on every state reached.
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { startInShopSystem } from '../shared/shop-system.test-helpers';
import {
  CART_OPERATION_NAMES,
  cartMachine,
  isCartEmpty,
  selectCartError,
  selectCurrencyCode,
  selectDetailsError,
  selectGetCartError,
  selectNumItems,
  selectSubtotal,
  type CartEvent,
  type CartOperationName,
  type CartSnapshot,
  type CartTag,
} from './cart.machine';

const invalidCart = { message: 'Could not find a cart', graphQLErrors: [{ message: 'Could not find a cart with ID "x"' }] };
const networkDown = { message: 'Failed to fetch', networkError: { message: 'Failed to fetch' } };
const details = {
  id: 'd',
  items: [{ uid: 'i1', quantity: 2, product: { uid: 'p1', name: 'Frame', sku: 'F' } }],
  prices: { grand_total: { value: 40, currency: 'CAD' } },
};

/** What each actor can answer: the graph tries every one. */
const OUTCOMES: Record<string, Array<{ output: unknown } | { error: unknown }>> = {
  createCart: [{ output: 'new-cart' }, { error: new Error('boom') }],
  fetchCustomerCartId: [{ output: 'customer-cart' }, { error: new Error('no customer cart') }],
  fetchCartDetails: [{ output: details }, { error: networkDown }, { error: invalidCart }],
  // A mutation answers the cart details (one round trip) or, exceptionally, no cart (the details are then read).
  addCartItem: [{ output: details }, { output: null }, { error: new Error('Product not salable') }, { error: invalidCart }],
  updateCartItem: [{ output: details }, { output: null }, { error: invalidCart }],
  removeCartItem: [{ output: details }, { output: null }, { error: invalidCart }],
  replaceCartItem: [{ output: details }, { output: null }, { error: new Error('The requested qty is not available') }, { error: invalidCart }],
  mergeCarts: [{ output: { cartId: 'customer-cart' } }, { error: new Error('merge failed') }],
  // Spec §3 applied_coupons: applied, refused, or the answer lost (then the cart is read to tell).
  applyCoupon: [{ output: details }, { error: new Error('The coupon code "NOPE" is not valid.') }, { error: networkDown }],
  removeCoupon: [{ output: details }, { error: new Error('The coupon could not be removed') }],
};

const SHOPPER_EVENTS: CartEvent[] = [
  { type: 'cart.addItem', item: { sku: 'F', quantity: 1 } },
  { type: 'cart.updateItem', update: { itemUid: 'i1', quantity: 3, isConfigurable: false, item: { sku: 'F', quantity: 3 } } },
  { type: 'cart.updateItem', update: { itemUid: 'i1', quantity: 1, isConfigurable: true, item: { sku: 'F-blue', parentSku: 'F', quantity: 1 } } },
  { type: 'cart.removeItem', itemUid: 'i1' },
  { type: 'cart.applyCoupon', code: 'NOPE' },
  { type: 'cart.removeCoupon' },
  { type: 'cart.getDetails' },
  { type: 'cart.getCart' },
  { type: 'cart.session.signedIn' },
  { type: 'cart.session.signedOut' },
  { type: 'cart.remove' },
  { type: 'cart.reset' },
  { type: 'cart.adopt', cartId: 'adopted' },
];

function actorEvents(snapshot: CartSnapshot): CartEvent[] {
  return Object.entries(snapshot.children as Record<string, AnyActorRef>).flatMap(([id, child]) =>
    (OUTCOMES[String(child.src)] ?? []).map(
      (outcome) =>
        ('output' in outcome
          ? { type: `xstate.done.actor.${id}`, output: outcome.output, actorId: id }
          : { type: `xstate.error.actor.${id}`, error: outcome.error, actorId: id }) as unknown as CartEvent,
    ),
  );
}

function serializeState(snapshot: CartSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.cartId === null ? 'no id' : 'id',
    context.isSignedIn,
    context.operation?.kind ?? null,
    context.mergeSourceCartId !== null,
    // An add waiting for the cart decides where `ready` goes: two states apart, not one.
    context.queuedAdd !== null,
    // The error record's paths: which operations hold a failure is part of the state walked.
    CART_OPERATION_NAMES.filter((operation) => selectCartError(snapshot, operation) !== null),
  ]);
}

/**
 * The machine the graph walks: the graph resolves actions in a system of its own, where the shop's
 * 'toast' and 'session' are missing, so what the cart sends them is left out of the walk (the live
 * replay sends it to stand-ins).
 */
const walked = cartMachine.provide({ actions: { toastItemAdded: () => {}, toastItemFailed: () => {}, requestSignOut: () => {} } });

const never = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

/** Replays a path on a live actor (in the shop's actor system) and returns every snapshot reached, with the ids saved to storage. */
function replay(path: StatePath<CartSnapshot, CartEvent>, input: { cartId: string | null; isSignedIn: boolean }) {
  const saved = new Set<string>();
  const machine = cartMachine.provide({
    actors: {
      createCart: never,
      fetchCustomerCartId: never,
      fetchCartDetails: never,
      addCartItem: never,
      updateCartItem: never,
      removeCartItem: never,
      replaceCartItem: never,
      applyCoupon: never,
      removeCoupon: never,
      mergeCarts: never,
    } as never,
    actions: {
      saveCartId: (_, { cartId }) => void saved.add(cartId),
      clearCartId: () => {},
      reloadPage: () => {},
      notifyMergeFailed: () => {},
      requestSignOut: () => {},
    },
  });
  // In a system with the shop's 'toast' and 'session' (stand-ins): the cart's toasts and sign-out request reach them.
  const { actor } = startInShopSystem(machine, input);
  const reached: Array<{ expected: CartSnapshot; actual: CartSnapshot }> = [];
  // The first step is the machine's start (xstate.init, typed as the machine's event by xstate/graph): nothing to send.
  for (const [index, step] of path.steps.entries()) {
    if (index > 0) actor.send(step.event);
    reached.push({ expected: step.state, actual: actor.getSnapshot() });
  }
  return { reached, saved, actor };
}

function checkInvariants(snapshot: CartSnapshot, saved: Set<string>, inputCartId: string | null, previous: CartSnapshot | undefined) {
  const { context } = snapshot;
  expect(snapshot.status).toBe('active');
  // A cart in use has an id, and that id is stored (or was the stored one to begin with).
  if (['ready', 'loadingDetails', 'adopting', 'loadingDetailsAfterSignIn'].some((state) => snapshot.matches(state as 'ready'))) {
    expect(context.cartId).not.toBeNull();
  }
  if (context.cartId !== null && context.cartId !== inputCartId) expect(saved.has(context.cartId)).toBe(true);
  // One cart call at a time, and the running call is the one recorded for a retry.
  const busy = (['addingItem', 'updatingItem', 'removingItem'] as const).filter((tag) => snapshot.hasTag(tag));
  expect(busy.length).toBeLessThanOrEqual(1);
  if (snapshot.hasTag('addingItem')) expect(context.operation?.kind).toBe('addItem');
  if (snapshot.hasTag('updatingItem')) expect(context.operation?.kind).toBe('updateItem');
  if (snapshot.hasTag('removingItem')) expect(context.operation?.kind).toBe('removeItem');
  // Spec §8: a failed creation is the initial state plus the error.
  if (snapshot.matches('noCart')) expect(context).toMatchObject({ cartId: null, details: null });
  const getCartError = selectGetCartError(snapshot);
  if (getCartError) expect(getCartError.message).toBe('shop:cartNotCreated');
  checkErrorRecord(snapshot, previous);
  // Spec §4: fetch errors leave no stale details behind.
  if (snapshot.matches('detailsFailed')) expect(context.details).toBeNull();
  // Recovery waits for the sign-out only for a signed-in shopper.
  if (snapshot.matches({ recovering: 'awaitingSignOut' }) && previous && !previous.matches({ recovering: 'awaitingSignOut' })) {
    expect(previous.context.isSignedIn).toBe(true);
  }
  // Spec §4: the empty summary is USD / 0 / 0.
  if (isCartEmpty(context.details)) {
    expect([selectCurrencyCode(snapshot), selectNumItems(snapshot), selectSubtotal(snapshot)]).toEqual(['USD', 0, 0]);
  }
}

/** The tag of the state where each shopper call runs: its failure is recorded only when that call ends. */
const RUNS_IN: Partial<Record<CartOperationName, CartTag>> = {
  addItem: 'addingItem',
  updateItem: 'updatingItem',
  removeItem: 'removingItem',
  coupon: 'changingCoupon',
  mergeCarts: 'merging',
};

/**
 * One error record per operation: a failure appears in an operation's record only as that
 * operation ends (a queued add fails when no cart came), and a running call shows no call's failure
 * but its own refused edit's (spec §4 "Update item" reads the lines again after a refusal).
 */
function checkErrorRecord(snapshot: CartSnapshot, previous: CartSnapshot | undefined) {
  const { context } = snapshot;
  // Spec §8: "Unable to create cart" only while there is no cart; spec §4: a failed read keeps no details.
  if (selectGetCartError(snapshot)) expect(context.cartId).toBeNull();
  if (selectDetailsError(snapshot)) expect(context.details).toBeNull();
  const callErrors = (['addItem', 'updateItem', 'removeItem'] as const).filter((operation) => selectCartError(snapshot, operation) !== null);
  if (snapshot.hasTag('addingItem') || snapshot.hasTag('removingItem')) expect(callErrors).toEqual([]);
  if (snapshot.hasTag('updatingItem')) expect(callErrors.filter((operation) => operation !== 'updateItem')).toEqual([]);
  if (!previous) return;
  for (const operation of CART_OPERATION_NAMES) {
    const tag = RUNS_IN[operation];
    const error = selectCartError(snapshot, operation);
    if (!tag || error === null || error === selectCartError(previous, operation)) continue;
    const queuedAddFailed = operation === 'addItem' && previous.context.queuedAdd !== null;
    expect(previous.hasTag(tag) || queuedAddFailed, `${operation}'s failure recorded after ${JSON.stringify(previous.value)}`).toBe(true);
  }
}

describe.each([
  { name: 'a guest without a cart', input: { cartId: null, isSignedIn: false } },
  { name: 'a guest with a stored cart', input: { cartId: 'stored', isSignedIn: false } },
  { name: 'a signed-in customer', input: { cartId: 'stored', isSignedIn: true } },
])('cart paths for $name', ({ input }) => {
  const events = (snapshot: CartSnapshot) => [...SHOPPER_EVENTS, ...actorEvents(snapshot)];
  const shortest = getShortestPaths(walked, { input, events, serializeState });

  it('reaches every state of spec §4 Cart lifecycle', () => {
    const reachedStates = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
    for (const value of [
      '"ready"',
      '"noCart"',
      '"detailsFailed"',
      '{"recovering":"creatingCart"}',
      '{"merging":"mergingCarts"}',
      '{"updatingItem":"replacing"}',
      '{"updatingItem":"refreshing"}',
      '"adopting"',
      '{"applyingCoupon":"checking"}',
      '{"removingCoupon":"mutating"}',
    ]) {
      expect(reachedStates).toContain(value);
    }
    if (input.isSignedIn) expect(reachedStates).toContain('{"recovering":"awaitingSignOut"}');
    if (input.cartId !== null) expect(reachedStates).toContain('"loadingDetailsAfterSignIn"');
  });

  it('spec §4/§5/§8: every shortest path replays on a live actor and keeps the invariants', () => {
    expect(shortest.length).toBeGreaterThan(20);
    for (const path of shortest) {
      const { reached, saved } = replay(path, input);
      reached.forEach(({ expected, actual }, index) => {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual, saved, input.cartId, reached[index - 1]?.actual);
      });
    }
    // Every path replayed on a live actor: 7–10 s on an idle core, 35 s beside a whole gate run.
  }, 120_000);
});

describe('cart simple paths: guest add-item recovery', () => {
  it('spec §4 Cart lifecycle: every simple path from start to a retried add keeps the invariants', () => {
    const input = { cartId: 'stored', isSignedIn: false };
    const paths = getSimplePaths(walked, {
      input,
      events: (snapshot) => [SHOPPER_EVENTS[0]!, ...actorEvents(snapshot)],
      serializeState,
      toState: (snapshot) => snapshot.matches({ addingItem: { retry: 'refreshing' } }),
    });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const { reached, saved } = replay(path, input);
      reached.forEach(({ expected, actual }, index) => {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual, saved, input.cartId, reached[index - 1]?.actual);
      });
      const last = reached[reached.length - 1]!.actual;
      expect(last.context.cartId).toBe('new-cart');
    }
  });
});
