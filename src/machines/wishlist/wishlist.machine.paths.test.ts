/**
 * Path-based tests (every state of the wishlist machine reached and checked): xstate/graph walks the
 * machine's three regions with every shopper event and every outcome of its actors; each path is
 * replayed on a live actor whose actors never settle (the path's own done/error events drive it),
 * and invariants are checked on every state reached (spec §3 "Wishlist", ADR 011, ADR 023, ADR 029,
 * ADR 032).
 */
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { startInShopSystem } from '../shared/shop-system.test-helpers';
import {
  WISHLIST_OPERATION_NAMES,
  selectBusyWishlistItem,
  selectIsSavingProduct,
  selectWishlistError,
  selectWishlistItemError,
  selectWishlistRemovalAsked,
  wishlistMachine,
  type WishlistEvent,
  type WishlistItem,
  type WishlistPage,
  type WishlistSnapshot,
} from './wishlist.machine';

const item = (id: string): WishlistItem => ({ id, product: { uid: `p${id}`, name: `Frame ${id}`, sku: `sku-${id}` } });
/** Spec §3: a two-page list (pages start at 1, §9). */
const PAGES: Record<number, WishlistPage> = {
  1: { wishlistId: 'w1', items: [item('1'), item('2')], totalPages: 2 },
  2: { wishlistId: 'w1', items: [item('3')], totalPages: 2 },
};
const lost = () => new TypeError('Failed to fetch');

/** What each actor can answer: the graph tries every one (a read answers the page asked for). */
const outcomesOf = (src: string, snapshot: WishlistSnapshot): Array<{ output: unknown } | { error: unknown }> => {
  switch (src) {
    case 'fetchWishlistPage':
      return [{ output: PAGES[snapshot.context.requestedPage] }, { error: new Error('down') }];
    case 'saveWishlistItem':
      return [{ output: { wishlistId: 'w1', itemsCount: 3 } }, { error: new Error('The product is out of stock.') }, { error: lost() }];
    case 'removeWishlistItem':
      return [{ output: undefined }, { error: new Error('refused') }, { error: lost() }];
    case 'moveWishlistItemToCart':
      return [{ output: undefined }, { error: new Error('Product that you are trying to add is not available.') }];
    default:
      return [];
  }
};

const SHOPPER_EVENTS: WishlistEvent[] = [
  { type: 'wishlist.load' },
  { type: 'wishlist.loadAll' },
  { type: 'wishlist.loadMore' },
  // A frame on page 1 (a lost save's check finds it) and one on no page (it does not).
  { type: 'wishlist.item.add', sku: 'sku-1' },
  { type: 'wishlist.item.add', sku: 'sku-9' },
  { type: 'wishlist.item.addAfterSignIn', sku: 'sku-9' },
  { type: 'wishlist.session.signedIn' },
  { type: 'wishlist.item.remove', itemId: '1' },
  { type: 'wishlist.item.remove', itemId: '2' },
  { type: 'wishlist.item.remove.confirm' },
  { type: 'wishlist.item.remove.keep' },
  { type: 'wishlist.item.addToCart', itemId: '1' },
];

function actorEvents(snapshot: WishlistSnapshot): WishlistEvent[] {
  return Object.entries(snapshot.children as Record<string, AnyActorRef>).flatMap(([id, child]) =>
    outcomesOf(String(child.src), snapshot).map(
      (outcome) =>
        ('output' in outcome
          ? { type: `xstate.done.actor.${id}`, output: outcome.output, actorId: id }
          : { type: `xstate.error.actor.${id}`, error: outcome.error, actorId: id }) as unknown as WishlistEvent,
    ),
  );
}

/** Which operations hold a failure, and for which items. */
const errorPaths = (snapshot: WishlistSnapshot) =>
  WISHLIST_OPERATION_NAMES.flatMap((operation) => {
    const record = snapshot.context.errors[operation];
    if (record === null || record === undefined) return [];
    return record instanceof Error ? [operation] : Object.keys(record).map((id) => `${operation}:${id}`);
  });

function serializeState(snapshot: WishlistSnapshot): string {
  const { context } = snapshot;
  return JSON.stringify([
    snapshot.value,
    context.items.map((i) => i.id),
    context.currentPage,
    context.requestedPage,
    context.wantsAllPages,
    context.save?.sku ?? null,
    context.itemId,
    // The error record's paths: which operations hold a failure is part of the state walked.
    errorPaths(snapshot),
  ]);
}

/**
 * The machine the graph walks: the graph resolves actions in a system of its own, where the shop's
 * 'toast' and 'cart' are missing, so what the wishlist sends them is left out of the walk (the live
 * replay sends it to stand-ins).
 */
const walked = wishlistMachine.provide({ actions: { toast: () => {}, tellCartMoved: () => {} } });

const never = fromPromise<never, unknown>(() => new Promise<never>(() => {}));

/** Replays a path on a live actor (in a system with the shop's 'toast' and 'cart' stand-ins) and returns every snapshot reached with what it sent them. */
function replay(path: StatePath<WishlistSnapshot, WishlistEvent>) {
  const machine = wishlistMachine.provide({
    actors: { fetchWishlistPage: never, saveWishlistItem: never, removeWishlistItem: never, moveWishlistItemToCart: never } as never,
  });
  const { actor, received } = startInShopSystem(machine, undefined as never, { standIns: ['toast', 'cart'] });
  const reached: Array<{ expected: WishlistSnapshot; actual: WishlistSnapshot; sent: AnyEventObject[] }> = [];
  // The first step is the machine's start (xstate.init): nothing to send.
  for (const [index, step] of path.steps.entries()) {
    const before = received.length;
    if (index > 0) actor.send(step.event);
    reached.push({ expected: step.state, actual: actor.getSnapshot(), sent: received.slice(before).map((r) => r.event) });
  }
  return reached;
}

const CHILD_OF_STATE: Array<[string, Parameters<WishlistSnapshot['matches']>[0]]> = [
  ['fetchPage', { list: 'loading' }],
  ['saveItem', { saving: 'sending' }],
  ['removeItem', { items: 'removing' }],
  ['moveItem', { items: 'moving' }],
];

function checkInvariants(snapshot: WishlistSnapshot, previous: WishlistSnapshot | undefined, sent: AnyEventObject[]) {
  const { context } = snapshot;
  expect(snapshot.status).toBe('active');
  // Each actor runs exactly while its state is active: one read, one save, one item action at a time.
  for (const [id, state] of CHILD_OF_STATE) expect(snapshot.children[id as 'fetchPage'] !== undefined, id).toBe(snapshot.matches(state));
  // The item and the frame worked on are kept exactly while a state works on them.
  expect(context.itemId !== null).toBe(!snapshot.matches({ items: 'idle' }));
  expect(context.save !== null).toBe(!snapshot.matches({ saving: 'idle' }));
  // ADR 011: a check waits for the list being read again, and so does a saved frame's reload.
  if (snapshot.matches({ saving: 'checking' }) || snapshot.matches({ items: 'checkingRemoval' })) {
    expect(snapshot.matches({ list: 'loading' })).toBe(true);
    // It asked for every page (the shopper's own `wishlist.load` may since have asked for page 1 only).
    if (previous && !previous.matches({ list: 'loading' })) expect(context.wantsAllPages).toBe(true);
  }
  if (snapshot.matches({ saving: 'reloading' })) expect(snapshot.matches({ list: 'loading' })).toBe(true);
  // ADR 029: all pages wanted and the list shown means every page is in.
  if (snapshot.matches({ list: 'loaded' }) && context.wantsAllPages) expect(context.currentPage).toBe(context.totalPages);
  // Spec §3: page 1 replaces, later pages append: no item twice.
  expect(new Set(context.items.map((i) => i.id)).size).toBe(context.items.length);
  // The views' narrow reads agree with the states.
  const busy = selectBusyWishlistItem(snapshot);
  if (busy) expect(selectWishlistItemError(snapshot, busy.itemId)).toBeNull();
  expect(selectWishlistRemovalAsked(snapshot) !== null).toBe(snapshot.matches({ items: 'confirming' }));
  if (snapshot.matches({ saving: 'sending' })) expect(selectIsSavingProduct(snapshot, context.save!.sku)).toBe(true);
  if (snapshot.matches({ saving: 'idle' })) expect(selectIsSavingProduct(snapshot, 'sku-1')).toBe(false);
  if (!previous) return;
  checkErrorRecord(snapshot, previous);
  // A toast says only how a save or a move ended; the cart is told only of a move.
  for (const event of sent) {
    if (event.type === 'toast.add') {
      expect(previous.matches({ saving: 'sending' }) || previous.matches({ saving: 'checking' }) || previous.matches({ items: 'moving' })).toBe(true);
    } else {
      expect(event).toEqual({ type: 'cart.getDetails' });
      expect(previous.matches({ items: 'moving' }) && snapshot.matches({ items: 'idle' })).toBe(true);
    }
  }
}

/** One error record per operation: a failure appears in an operation's record only as that operation ends. */
function checkErrorRecord(snapshot: WishlistSnapshot, previous: WishlistSnapshot) {
  const before = new Set(errorPaths(previous));
  for (const path of errorPaths(snapshot)) {
    if (before.has(path)) continue;
    const [operation, itemId] = path.split(':');
    const endedIn: Record<string, Parameters<WishlistSnapshot['matches']>[0]> = {
      loadPage: { list: 'loading' },
      saveItem: { saving: 'sending' },
      removeItem: { items: 'removing' },
      moveItem: { items: 'moving' },
    };
    expect(previous.matches(endedIn[operation!]!), `${path} recorded after ${JSON.stringify(previous.value)}`).toBe(true);
    if (itemId) expect(previous.context.itemId).toBe(itemId);
  }
  if (selectWishlistError(snapshot)) expect(snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'failed' })).toBe(true);
}

/** Every state node of the machine, as `matches` takes it. */
const EVERY_STATE: Array<Parameters<WishlistSnapshot['matches']>[0]> = [
  { list: 'idle' },
  { list: 'loading' },
  { list: 'loaded' },
  { list: 'failed' },
  { saving: 'idle' },
  { saving: 'heldForSignIn' },
  { saving: 'sending' },
  { saving: 'reloading' },
  { saving: 'checking' },
  { items: 'idle' },
  { items: 'confirming' },
  { items: 'removing' },
  { items: 'checkingRemoval' },
  { items: 'moving' },
];

/** The list's own events, walked with each of the other regions' (the three regions at once are more paths than a test should replay). */
const LIST_EVENTS = SHOPPER_EVENTS.filter((event) => event.type.startsWith('wishlist.load'));
const WALKS = [
  {
    region: 'saving',
    shopperEvents: [...LIST_EVENTS, ...SHOPPER_EVENTS.filter((e) => e.type.startsWith('wishlist.item.add') || e.type === 'wishlist.session.signedIn')],
  },
  {
    region: 'items',
    shopperEvents: [...LIST_EVENTS, ...SHOPPER_EVENTS.filter((e) => e.type.startsWith('wishlist.item.remove') || e.type === 'wishlist.item.addToCart')],
  },
];

describe.each(WALKS)('wishlist paths: the list with the $region region', ({ region, shopperEvents }) => {
  const events = (snapshot: WishlistSnapshot) => [...shopperEvents, ...actorEvents(snapshot)];
  const shortest = getShortestPaths(walked, { events, serializeState });

  it('reaches every state of both regions', () => {
    for (const state of EVERY_STATE.filter((s) => typeof s === 'object' && ('list' in s || region in s))) {
      expect(
        shortest.some((path) => path.state.matches(state)),
        JSON.stringify(state),
      ).toBe(true);
    }
  });

  it('spec §3, ADR 011/023/029: every shortest path replays on a live actor and keeps the invariants', () => {
    expect(shortest.length).toBeGreaterThan(20);
    for (const path of shortest) {
      const reached = replay(path);
      reached.forEach(({ expected, actual, sent }, index) => {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual, reached[index - 1]?.actual, sent);
      });
    }
  });
});

describe('wishlist simple paths: a lost removal told by the list', () => {
  it('ADR 011: every simple path to a lost removal settled keeps the invariants, and nothing is sent twice', () => {
    const paths = getSimplePaths(walked, {
      events: (snapshot) => [LIST_EVENTS[0]!, SHOPPER_EVENTS[7]!, SHOPPER_EVENTS[9]!, ...actorEvents(snapshot)],
      serializeState,
      toState: (snapshot) => snapshot.matches({ items: 'confirming' }) && (snapshot.context.errors.removeItem?.['1'] ?? null) !== null,
    });
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const reached = replay(path);
      reached.forEach(({ expected, actual, sent }, index) => {
        expect(actual.value).toEqual(expected.value);
        checkInvariants(actual, reached[index - 1]?.actual, sent);
      });
      // The removal is sent only as the shopper confirms it: a lost answer is checked, never sent again.
      const sent = path.steps.filter(
        (step, index) => step.state.matches({ items: 'removing' }) && !path.steps[index - 1]?.state.matches({ items: 'removing' }),
      );
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((step) => step.event.type === 'wishlist.item.remove.confirm')).toBe(true);
    }
  });
});
