import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, waitFor } from 'xstate';
import { cartMachine, selectUpdateItemError } from '../cart/cart.machine';
import { wishlistMachine } from '../wishlist/wishlist.machine';
import {
  hasTokenExpired,
  remainingLifetimeMs,
  selectIsGettingDetails,
  selectIsResettingPassword,
  selectResetPasswordSentTo,
  selectIsSignedIn,
  sessionMachine,
  SIGN_IN_TTL_SECONDS,
  type Customer,
  type TokenRecord,
} from './session.machine';

const WALL = 1_700_000_000_000;
const ALICE: Customer = { email: 'alice@example.com', firstname: 'Alice', lastname: 'Liddell', is_subscribed: false };

type Fakes = Partial<{
  generateCustomerToken: (input: { email: string; password: string }) => Promise<string>;
  createAccount: () => Promise<string>;
  fetchCustomer: () => Promise<Customer>;
  revokeToken: () => Promise<unknown>;
  requestPasswordReset: (input: { email: string }) => Promise<unknown>;
}>;

function startSession(tokenRecord: TokenRecord | null, fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  /** The browser's wall time: the simulated clock plus a jump a test can add (a sleeping laptop). */
  const wall = { jump: 0 };
  const log: string[] = [];
  const spies = {
    saveTokenRecord: vi.fn(),
    reloadPage: vi.fn(),
    evictCustomerCache: vi.fn(),
    notifyCartSignedIn: vi.fn(),
    notifyWishlistSignedIn: vi.fn(),
    fetchCustomer: vi.fn(fakes.fetchCustomer ?? (async () => ALICE)),
    requestPasswordReset: vi.fn(fakes.requestPasswordReset ?? (async () => ({}))),
  };
  const machine = sessionMachine.provide({
    actors: {
      readNow: fromPromise(async () => WALL + clock.now() + wall.jump),
      generateCustomerToken: fromPromise(async ({ input }) => (fakes.generateCustomerToken ?? (async () => 'token-1'))(input)),
      createAccount: fromPromise(async () => (fakes.createAccount ?? (async () => 'token-new'))()),
      fetchCustomer: fromPromise(() => spies.fetchCustomer()),
      revokeToken: fromPromise(async () => {
        log.push('revokeToken');
        return (fakes.revokeToken ?? (async () => ({})))();
      }),
      requestPasswordReset: fromPromise(({ input }) => spies.requestPasswordReset(input)),
    },
    actions: {
      saveTokenRecord: (_, record) => spies.saveTokenRecord(record),
      clearStoredToken: ({ context }) => log.push(`clearStoredToken (user ${context.currentUser ? 'set' : 'reset'})`),
      clearStoredCheckoutData: ({ context }) =>
        log.push(`clearStoredCheckoutData (token ${context.tokenRecord ? 'set' : 'cleared'}, user ${context.currentUser ? 'set' : 'reset'})`),
      clearCachedCartAndCustomer: () => log.push('clearCachedCartAndCustomer'),
      removeCart: () => log.push('removeCart'),
      evictCustomerCache: () => {
        log.push('evictCustomerCache');
        spies.evictCustomerCache();
      },
      notifyCartSignedIn: () => spies.notifyCartSignedIn(),
      notifyWishlistSignedIn: () => spies.notifyWishlistSignedIn(),
      reloadPage: () => {
        log.push('reloadPage');
        spies.reloadPage();
      },
    },
  });
  const actor = createActor(machine, { clock, input: { tokenRecord } }).start();
  return { actor, clock, wall, log, spies };
}

const record = (agoMs: number, ttl: number | null = SIGN_IN_TTL_SECONDS): TokenRecord => ({ value: 'stored-token', timeStored: WALL - agoMs, ttl });
const signedIn = (actor: ReturnType<typeof startSession>['actor']) =>
  waitFor(actor, (s) => s.matches({ auth: { signedIn: { details: 'received', expiry: 'timing' } } }));
const signedOut = (actor: ReturnType<typeof startSession>['actor']) => waitFor(actor, (s) => s.matches({ auth: 'signedOut' }));

describe('session machine', () => {
  it('spec §4 User session: remaining lifetime is ttl minus elapsed, never below zero', () => {
    expect(remainingLifetimeMs({ value: 't', timeStored: 0, ttl: 3600 }, 1000)).toBe(3_599_000);
    expect(remainingLifetimeMs({ value: 't', timeStored: 0, ttl: 3600 }, 9_999_999)).toBe(0);
    expect(remainingLifetimeMs({ value: 't', timeStored: 0, ttl: null }, 1)).toBeNull();
    expect(hasTokenExpired({ value: 't', timeStored: 0, ttl: 10 }, 10_000)).toBe(false);
    expect(hasTokenExpired({ value: 't', timeStored: 0, ttl: 10 }, 10_001)).toBe(true);
    expect(hasTokenExpired({ value: 't', timeStored: 0 }, 10_000_000)).toBe(false);
  });

  it('spec §4 User session: on load, a token older than its ttl signs the user out', async () => {
    const { actor, log, spies } = startSession(record(3_600_001));
    await signedOut(actor);
    expect(log).toContain('clearStoredToken (user reset)');
    expect(actor.getSnapshot().context.tokenRecord).toBeNull();
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('spec §4 User session: on load, a valid token is signed in and details are fetched', async () => {
    const { actor } = startSession(record(1000));
    await signedIn(actor);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.currentUser).toEqual(ALICE);
  });

  it('spec §6: user details are fetched only when signed in', async () => {
    const { actor, spies } = startSession(null);
    await signedOut(actor);
    actor.send({ type: 'session.getDetails' });
    expect(selectIsGettingDetails(actor.getSnapshot())).toBe(false);
    expect(spies.fetchCustomer).not.toHaveBeenCalled();
  });

  it('spec §4 User session: details request marks a request, then stores the customer or the error', async () => {
    let fail = false;
    const { actor } = startSession(record(0), {
      fetchCustomer: async () => (fail ? Promise.reject(new Error("The current customer isn't authorized.")) : ALICE),
    });
    await signedIn(actor);
    fail = true;
    actor.send({ type: 'session.getDetails' });
    expect(selectIsGettingDetails(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ auth: { signedIn: { details: 'failed' } } }));
    expect(actor.getSnapshot().context.getDetailsError?.message).toBe("The current customer isn't authorized.");
  });

  it('spec §4 User session: sign in stores the token with timeStored and ttl 3600, then evicts the customer cache and tells the cart', async () => {
    const generate = vi.fn(async () => 'token-abc');
    const { actor, clock, spies } = startSession(null, { generateCustomerToken: generate });
    await signedOut(actor);
    clock.increment(5000);
    actor.send({ type: 'session.signIn', email: 'alice@example.com', password: 'secret' });
    await signedIn(actor);
    expect(generate).toHaveBeenCalledWith({ email: 'alice@example.com', password: 'secret' });
    expect(spies.saveTokenRecord).toHaveBeenCalledWith({ value: 'token-abc', timeStored: WALL + 5000, ttl: 3600 });
    expect(spies.evictCustomerCache).toHaveBeenCalledTimes(1);
    expect(spies.notifyCartSignedIn).toHaveBeenCalledTimes(1);
    // the wishlist saves what a guest asked to save before signing in
    expect(spies.notifyWishlistSignedIn).toHaveBeenCalledTimes(1);
  });

  it('a failed sign-in stays signed out with signInError', async () => {
    const { actor } = startSession(null, { generateCustomerToken: async () => Promise.reject(new Error('The account sign-in was incorrect')) });
    await signedOut(actor);
    actor.send({ type: 'session.signIn', email: 'a@b.c', password: 'x' });
    await waitFor(actor, (s) => s.context.signInError !== null);
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.signInError?.message).toBe('The account sign-in was incorrect');
  });

  it('spec §4 User session: create account signs the new customer in', async () => {
    const { actor } = startSession(null);
    await signedOut(actor);
    actor.send({ type: 'session.createAccount', account: { email: 'n@e.w', firstname: 'N', lastname: 'E', password: 'pw' } });
    await signedIn(actor);
    expect(actor.getSnapshot().context.tokenRecord?.value).toBe('token-new');
  });

  it('a creation whose answer was lost is checked by signing in with what was typed; never created twice', async () => {
    const signIns: string[] = [];
    let creations = 0;
    const { actor } = startSession(null, {
      createAccount: async () => {
        creations += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
      generateCustomerToken: async ({ email, password }) => {
        signIns.push(`${email}/${password}`);
        return 'token-found';
      },
    });
    await signedOut(actor);
    actor.send({ type: 'session.createAccount', account: { email: 'n@e.w', firstname: 'N', lastname: 'E', password: 'pw' } });
    await signedIn(actor);
    expect(creations).toBe(1);
    expect(signIns).toEqual(['n@e.w/pw']);
    expect(actor.getSnapshot().context.tokenRecord?.value).toBe('token-found');
    expect(actor.getSnapshot().context.newAccount).toBeNull();
    expect(actor.getSnapshot().context.createAccountError).toBeNull();
  });

  it('a lost creation the sign-in cannot confirm is the creation’s failure as it came, and the password is forgotten', async () => {
    const { actor } = startSession(null, {
      createAccount: async () => Promise.reject(new TypeError('Failed to fetch')),
      generateCustomerToken: async () => Promise.reject(new Error('The account sign-in was incorrect')),
    });
    await signedOut(actor);
    actor.send({ type: 'session.createAccount', account: { email: 'n@e.w', firstname: 'N', lastname: 'E', password: 'pw' } });
    await waitFor(actor, (s) => s.context.createAccountError !== null);
    expect(actor.getSnapshot().matches({ auth: { signedOut: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.createAccountError?.message).toBe('Failed to fetch');
    expect(actor.getSnapshot().context.newAccount).toBeNull();
  });

  it('spec §4 User session: when the remaining lifetime elapses the user is signed out and the page reloads', async () => {
    const { actor, clock, spies } = startSession(record(3_000_000));
    await signedIn(actor);
    clock.increment(599_999);
    await Promise.resolve();
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(spies.reloadPage).not.toHaveBeenCalled();
    clock.increment(1);
    expect(actor.getSnapshot().matches({ auth: 'signingOutAtExpiry' })).toBe(true);
    await signedOut(actor);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('spec §4 User session: the once-per-second check signs out when wall time passed the lifetime (timers drifted)', async () => {
    const { actor, clock, wall, spies } = startSession(record(0));
    await signedIn(actor);
    wall.jump = 3_600_000; // the device slept for an hour: the lifetime timer has not fired
    clock.increment(1000);
    await signedOut(actor);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('spec §4 User session: setToken starts a timer for the full lifetime', async () => {
    const { actor, clock, spies } = startSession(null);
    await signedOut(actor);
    actor.send({ type: 'session.setToken', token: 't' });
    await signedIn(actor);
    clock.increment(SIGN_IN_TTL_SECONDS * 1000 - 1);
    await Promise.resolve();
    expect(spies.reloadPage).not.toHaveBeenCalled();
    clock.increment(1);
    await signedOut(actor);
    expect(spies.reloadPage).toHaveBeenCalled();
  });

  it('spec §4 User session: a details request with an overdue record sets a zero timer (never below zero) and signs out', async () => {
    const { actor, clock, wall, spies } = startSession(record(0));
    await signedIn(actor);
    wall.jump = 7_200_000;
    actor.send({ type: 'session.getDetails' });
    await waitFor(actor, (s) => s.matches({ auth: { signedIn: { expiry: 'timing' } } }));
    expect(actor.getSnapshot().context.now).toBe(WALL + 7_200_000);
    clock.increment(0);
    await signedOut(actor);
    expect(spies.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('spec §4 User session: clearing the token cancels the timers', async () => {
    const { actor, clock, wall, spies } = startSession(record(0));
    await signedIn(actor);
    actor.send({ type: 'session.clearToken' });
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    wall.jump = 10_000_000;
    clock.increment(10_000_000);
    await Promise.resolve();
    expect(spies.reloadPage).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.tokenRecord).toBeNull();
  });

  it('spec §4 User session: sign-out runs revoke, clear token, reset user, clear checkout data, clear cached cart and customer, remove the cart — in order', async () => {
    const { actor, log } = startSession(record(0));
    await signedIn(actor);
    log.length = 0;
    actor.send({ type: 'session.signOut' });
    await signedOut(actor);
    expect(log).toEqual([
      'revokeToken',
      'clearStoredToken (user set)',
      'clearStoredCheckoutData (token cleared, user reset)',
      'clearCachedCartAndCustomer',
      'removeCart',
      'evictCustomerCache',
    ]);
    expect(actor.getSnapshot().context).toMatchObject({ tokenRecord: null, currentUser: null });
  });

  it('spec §7 Other: a failing token revocation does not stop the sign-out', async () => {
    const { actor, log } = startSession(record(0), { revokeToken: async () => Promise.reject(new Error('revocation failed')) });
    await signedIn(actor);
    actor.send({ type: 'session.signOut' });
    await signedOut(actor);
    expect(log).toContain('removeCart');
  });

  it('spec §4 User session: reset clears the token', async () => {
    const { actor, log } = startSession(record(0));
    await signedIn(actor);
    actor.send({ type: 'session.reset' });
    expect(actor.getSnapshot().matches({ auth: 'signedOut' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ tokenRecord: null, currentUser: null });
    expect(log).toContain('clearStoredToken (user set)');
  });

  it('spec §4 User session: password reset records a request then a receive', async () => {
    let fail = false;
    const { actor, spies } = startSession(null, { requestPasswordReset: async () => (fail ? Promise.reject(new Error('no')) : {}) });
    actor.send({ type: 'session.resetPassword', email: 'a@b.c' });
    expect(selectIsResettingPassword(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => !selectIsResettingPassword(s));
    expect(spies.requestPasswordReset).toHaveBeenCalledWith({ email: 'a@b.c' });
    expect(actor.getSnapshot().context.resetPasswordError).toBeNull();
    // The page says where the link went from the machine, not from a copy of its own.
    expect(selectResetPasswordSentTo(actor.getSnapshot())).toBe('a@b.c');
    fail = true;
    actor.send({ type: 'session.resetPassword', email: 'd@e.f' });
    expect(selectResetPasswordSentTo(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.context.resetPasswordError !== null);
    expect(selectResetPasswordSentTo(actor.getSnapshot())).toBeNull();
  });
});

describe('session and cart in one actor system', () => {
  function startShop(tokenRecord: TokenRecord | null, cartId: string | null) {
    const cartLog: string[] = [];
    let created = 0;
    const session = sessionMachine.provide({
      actors: {
        readNow: fromPromise(async () => WALL),
        generateCustomerToken: fromPromise(async () => 'tok'),
        fetchCustomer: fromPromise(async () => ALICE),
      },
    });
    const cart = cartMachine.provide({
      actors: {
        createCart: fromPromise(async () => `new-${++created}`),
        fetchCustomerCartId: fromPromise(async () => 'customer-cart'),
        fetchCartDetails: fromPromise(async ({ input }) => ({ id: input.cartId, items: [] })),
        mergeCarts: fromPromise(async ({ input }) => {
          cartLog.push(`merge ${input.sourceCartId} -> ${input.destinationCartId}`);
          return { cartId: input.destinationCartId };
        }),
        updateCartItem: fromPromise(async ({ input }) => {
          if (input.cartId === 'customer-cart') throw { message: 'x', graphQLErrors: [{ message: 'The current user cannot perform operations on cart' }] };
          return {};
        }),
      },
      actions: { clearCartId: () => cartLog.push('clearCartId') },
    });
    const shop = setup({ actors: { session, cart, wishlist: wishlistMachine } }).createMachine({
      invoke: [
        { src: 'session', id: 'session', systemId: 'session', input: { tokenRecord } },
        { src: 'cart', id: 'cart', systemId: 'cart', input: { cartId, isSignedIn: tokenRecord !== null } },
        // signing in tells the wishlist too (a guest's save waits for it)
        { src: 'wishlist', id: 'wishlist', systemId: 'wishlist' },
      ],
    });
    const actor = createActor(shop).start();
    const sessionRef = actor.system.get('session') as ReturnType<typeof createActor<typeof session>>;
    const cartRef = actor.system.get('cart') as ReturnType<typeof createActor<typeof cart>>;
    return { sessionRef, cartRef, cartLog };
  }

  it('spec §4 Cart lifecycle: signing in merges the guest cart into the customer cart', async () => {
    const { sessionRef, cartRef, cartLog } = startShop(null, 'guest-cart');
    await waitFor(cartRef, (s) => s.matches('ready'));
    sessionRef.send({ type: 'session.signIn', email: 'a', password: 'b' });
    await waitFor(cartRef, (s) => s.matches('ready') && s.context.cartId === 'customer-cart');
    expect(cartLog).toEqual(['merge guest-cart -> customer-cart']);
    expect(cartRef.getSnapshot().context.isSignedIn).toBe(true);
  });

  it('spec §4 User session: signing out removes the cart; a new guest cart follows', async () => {
    const { sessionRef, cartRef, cartLog } = startShop({ value: 't', timeStored: WALL, ttl: 3600 }, 'customer-cart');
    await waitFor(cartRef, (s) => s.matches('ready'));
    sessionRef.send({ type: 'session.signOut' });
    await waitFor(cartRef, (s) => s.matches('ready') && s.context.cartId === 'new-1');
    expect(cartLog).toEqual(['clearCartId']);
    expect(cartRef.getSnapshot().context.isSignedIn).toBe(false);
  });

  it('spec §4 Cart lifecycle: an invalid cart for a signed-in user signs them out, then the update is retried on a new cart', async () => {
    const { sessionRef, cartRef } = startShop({ value: 't', timeStored: WALL, ttl: 3600 }, 'customer-cart');
    await waitFor(cartRef, (s) => s.matches('ready'));
    await waitFor(sessionRef, (s) => selectIsSignedIn(s));
    cartRef.send({ type: 'cart.updateItem', update: { itemUid: 'i', quantity: 2, isConfigurable: false, item: { sku: 's', quantity: 2 } } });
    await waitFor(cartRef, (s) => s.matches('ready') && s.context.cartId === 'new-1');
    expect(selectIsSignedIn(sessionRef.getSnapshot())).toBe(false);
    expect(selectUpdateItemError(cartRef.getSnapshot())).toBeNull();
  });
});
