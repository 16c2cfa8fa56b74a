/**
 * session (the user) — spec §3 "User", §4 "User session", §6, §9 (sign-in lifetime 3600 s, check every 1 s).
 * systemId: 'session'.
 *
 * Injected by the services (`session.actors.ts`), every one with `.provide()`:
 * - actor `readNow`: () => number                                  (Date.now(): the only time source)
 * - actor `generateCustomerToken`: ({ email, password }) => string (the token)
 * - actor `createAccount`: (NewAccount) => string                  (creates the customer, then signs in: the token)
 * - actor `fetchCustomer`: () => Customer                          (customer query: email, firstname, lastname, is_subscribed)
 * - actor `revokeToken`: ({ token }) => unknown                    (optional; default does nothing; a failure never stops sign-out)
 * - actor `requestPasswordReset`: ({ email }) => unknown           (default does nothing: the server call is not in the spec)
 * - action `saveTokenRecord`: (TokenRecord) => void                (browser storage key signin_token)
 * - action `clearStoredToken`: () => void
 * - action `clearStoredCheckoutData`: () => void                   (the checkout keys of spec §9)
 * - action `clearCachedCartAndCustomer`: () => void                (cart and customer data in the client cache)
 * - action `evictCustomerCache`: () => void                        (after sign-in or sign-out: customer, wishlist, dynamic blocks; persist)
 * - action `reloadPage`: () => void                                (after the lifetime elapses)
 * - action `removeCart`: () => void       (default: sends `cart.session.signedOut` then `cart.remove` to the system's 'cart')
 * - action `notifyCartSignedIn`: () => void (default: sends `cart.session.signedIn` to the system's 'cart' to merge carts)
 * - action `notifyWishlistSignedIn`: () => void (default: sends `wishlist.session.signedIn` to the system's 'wishlist':
 *   a frame a guest asked to save is saved)
 *
 * Input: { tokenRecord: TokenRecord | null } — the stored signin_token record, read by the services at start.
 */
import { assertEvent, assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import { isAnswerLost, notProvidedActor, toError } from '../shared/effects';
import { systemActor } from '../shared/system-actor';

/** Spec §9: sign-in lifetime, in seconds. */
export const SIGN_IN_TTL_SECONDS = 3600;
/** Spec §9: the session is checked once per second. */
export const SESSION_CHECK_INTERVAL_MS = 1000;

/** The browser-storage record under signin_token (spec §3). */
export interface TokenRecord {
  value: string;
  /** ms timestamp */
  timeStored: number;
  /** seconds; absent means the token does not expire on the client */
  ttl?: number | null;
}

export interface Customer {
  email: string;
  firstname: string;
  lastname: string;
  is_subscribed?: boolean;
}

export interface NewAccount {
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  is_subscribed?: boolean;
}

export interface SessionInput {
  tokenRecord: TokenRecord | null;
}

export interface SessionContext {
  tokenRecord: TokenRecord | null;
  /** A token received, waiting for the time it is stored at. */
  pendingToken: string | null;
  /** The last time read from `readNow` (ms). */
  now: number | null;
  currentUser: Customer | null;
  getDetailsError: Error | null;
  signInError: Error | null;
  createAccountError: Error | null;
  /**
   * The email and password of an account being created, kept only while it is (a lost
   * answer is checked by signing in with them), then forgotten.
   */
  newAccount: { email: string; password: string } | null;
  /** The creation's failure, held while that check runs. */
  heldCreateAccountError: Error | null;
  resetPasswordError: Error | null;
  /** The email a reset link was last asked for, and once the backend accepted it, the email it went to. */
  resetPasswordRequestedFor: string | null;
  resetPasswordSentTo: string | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; email: string; password: string }
  | { type: 'session.createAccount'; account: NewAccount }
  | { type: 'session.setToken'; token: string }
  | { type: 'session.getDetails' }
  | { type: 'session.signOut' }
  | { type: 'session.clearToken' }
  | { type: 'session.reset' }
  | { type: 'session.resetPassword'; email: string };

export type SessionTag = 'signedIn' | 'signingIn' | 'gettingDetails' | 'resettingPassword' | 'signingOut';

/** Spec §4: ttl minus elapsed, never below zero; null when the record has no ttl. */
export function remainingLifetimeMs(record: TokenRecord, now: number): number | null {
  if (!record.ttl) return null;
  return Math.max(0, record.ttl * 1000 - (now - record.timeStored));
}

/** Spec §4: more than ttl seconds have passed since timeStored. */
export function hasTokenExpired(record: TokenRecord, now: number): boolean {
  return Boolean(record.ttl) && now - record.timeStored > (record.ttl ?? 0) * 1000;
}

function requireRecord(context: SessionContext): TokenRecord {
  if (!context.tokenRecord) throw new Error('session: no sign-in token record');
  return context.tokenRecord;
}

/**
 * Spec §4, in order: optional token revocation (its failure does not stop the rest), clear the
 * token, reset user state, clear stored checkout data, clear cached cart and customer data, remove
 * the cart; then the customer cache is evicted, and a session whose lifetime ran out while the shop
 * was open reloads the page (`signingOutAtExpiry`).
 */
function signOutSequence({ thenReloadPage }: { thenReloadPage: boolean }) {
  const cleanUp = [
    'clearStoredToken',
    'clearToken',
    'resetUser',
    'clearStoredCheckoutData',
    'clearCachedCartAndCustomer',
    'removeCart',
    'evictCustomerCache',
  ] as const;
  return {
    tags: ['signingOut' as const],
    initial: 'revoking' as const,
    states: {
      revoking: {
        invoke: {
          src: 'revokeToken' as const,
          input: ({ context }: { context: SessionContext }) => ({ token: context.tokenRecord?.value ?? '' }),
          onDone: 'cleaningUp',
          onError: 'cleaningUp',
        },
      },
      cleaningUp: {
        always: { target: '#session.auth.signedOut', actions: thenReloadPage ? [...cleanUp, 'reloadPage' as const] : cleanUp },
      },
    },
  };
}

const signedOutContext = {
  tokenRecord: null,
  pendingToken: null,
  currentUser: null,
  getDetailsError: null,
} satisfies Partial<SessionContext>;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    readNow: notProvidedActor<number>('readNow'),
    generateCustomerToken: notProvidedActor<string, { email: string; password: string }>('generateCustomerToken'),
    createAccount: notProvidedActor<string, NewAccount>('createAccount'),
    fetchCustomer: notProvidedActor<Customer>('fetchCustomer'),
    // Optional effects: the spec names no server call for them, so the defaults do nothing.
    revokeToken: fromPromise<unknown, { token: string }>(async () => undefined),
    requestPasswordReset: fromPromise<unknown, { email: string }>(async () => undefined),
  },
  actions: {
    saveTokenRecord: (_, _record: TokenRecord) => {},
    clearStoredToken: () => {},
    clearStoredCheckoutData: () => {},
    clearCachedCartAndCustomer: () => {},
    evictCustomerCache: () => {},
    reloadPage: () => {},
    // ADR 010: a missing cart is a wiring bug that fails loudly, never an event dropped silently.
    removeCart: ({ system }) => {
      const cart = systemActor(system, 'cart');
      cart.send({ type: 'cart.session.signedOut' });
      cart.send({ type: 'cart.remove' });
    },
    notifyCartSignedIn: sendTo(({ system }) => systemActor(system, 'cart'), { type: 'cart.session.signedIn' }),
    // A frame a guest asked to save ("Sign in to save this frame") is saved now.
    notifyWishlistSignedIn: sendTo(({ system }) => systemActor(system, 'wishlist'), { type: 'wishlist.session.signedIn' }),
    clearToken: assign({ tokenRecord: null, pendingToken: null }),
    resetUser: assign({ currentUser: null, getDetailsError: null, signInError: null, createAccountError: null }),
    rememberNow: assign((_, params: { now: number }) => ({ now: params.now })),
    /** A token received (signed in, account created, or handed over), waiting for the time it is stored at. */
    holdToken: assign((_, params: { token: string }) => ({ pendingToken: params.token })),
    /** Spec §4: a token is stored with the time it is stored at and the sign-in lifetime. */
    storeToken: assign(({ context }, params: { now: number }) => ({
      now: params.now,
      tokenRecord: { value: context.pendingToken ?? '', timeStored: params.now, ttl: SIGN_IN_TTL_SECONDS },
      pendingToken: null,
    })),
    clearSignInError: assign({ signInError: null }),
    rememberSignInError: assign((_, params: { error: unknown }) => ({ signInError: toError(params.error) })),
    dropPendingToken: assign({ pendingToken: null }),
    clearCreateAccountError: assign({ createAccountError: null }),
    holdNewAccount: assign((_, params: { email: string; password: string }) => ({ newAccount: { email: params.email, password: params.password } })),
    forgetNewAccount: assign({ newAccount: null }),
    holdCreateAccountError: assign((_, params: { error: unknown }) => ({ heldCreateAccountError: toError(params.error) })),
    rejectWithHeldCreateAccountError: assign(({ context }) => ({ createAccountError: context.heldCreateAccountError, heldCreateAccountError: null })),
    rememberCreateAccountError: assign((_, params: { error: unknown }) => ({ createAccountError: toError(params.error) })),
    rememberCustomer: assign((_, params: { customer: Customer }) => ({ currentUser: params.customer, getDetailsError: null })),
    rememberDetailsError: assign((_, params: { error: unknown }) => ({ getDetailsError: toError(params.error) })),
    startPasswordReset: assign((_, params: { email: string }) => ({
      resetPasswordError: null,
      resetPasswordSentTo: null,
      resetPasswordRequestedFor: params.email,
    })),
    /** The backend accepted the request: the link went to the email it was asked for. */
    markResetLinkSent: assign(({ context }) => ({ resetPasswordSentTo: context.resetPasswordRequestedFor })),
    rememberResetPasswordError: assign((_, params: { error: unknown }) => ({ resetPasswordError: toError(params.error) })),
  },
  guards: {
    /** No answer came (or the server failed): the account may exist. */
    answerLost: (_, params: { error: unknown }) => isAnswerLost(params.error),
    hasExpiredRecord: ({ context }, params: { now: number }) => context.tokenRecord !== null && hasTokenExpired(context.tokenRecord, params.now),
    hasRecord: ({ context }) => context.tokenRecord !== null,
    hasTtl: ({ context }) => Boolean(context.tokenRecord?.ttl),
    lifetimeElapsed: ({ context }, params: { now: number }) => remainingLifetimeMs(requireRecord(context), params.now) === 0,
  },
  delays: {
    remainingLifetime: ({ context }) => remainingLifetimeMs(requireRecord(context), context.now ?? 0) ?? 0,
    sessionCheckInterval: SESSION_CHECK_INTERVAL_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOutContext,
    tokenRecord: input.tokenRecord,
    now: null,
    signInError: null,
    createAccountError: null,
    newAccount: null,
    heldCreateAccountError: null,
    resetPasswordError: null,
    resetPasswordRequestedFor: null,
    resetPasswordSentTo: null,
  }),
  type: 'parallel',
  states: {
    auth: {
      initial: 'loading',
      states: {
        /** Spec §4: on loading, a token older than its ttl signs the user out. */
        loading: {
          invoke: {
            src: 'readNow',
            onDone: [
              {
                guard: { type: 'hasExpiredRecord', params: ({ event }) => ({ now: event.output }) },
                target: 'signingOut',
                actions: { type: 'rememberNow', params: ({ event }) => ({ now: event.output }) },
              },
              { guard: 'hasRecord', target: 'signedIn', actions: { type: 'rememberNow', params: ({ event }) => ({ now: event.output }) } },
              { target: 'signedOut', actions: { type: 'rememberNow', params: ({ event }) => ({ now: event.output }) } },
            ],
            onError: [{ guard: 'hasRecord', target: 'signedIn' }, { target: 'signedOut' }],
          },
        },
        signedOut: {
          initial: 'idle',
          on: {
            'session.setToken': { target: 'storingToken', actions: { type: 'holdToken', params: ({ event }) => ({ token: event.token }) } },
            'session.clearToken': { actions: ['clearStoredToken', 'clearToken'] },
            'session.reset': { actions: ['clearStoredToken', 'clearToken', 'resetUser'] },
          },
          states: {
            idle: {
              on: {
                'session.signIn': { target: 'signingIn', actions: 'clearSignInError' },
                'session.createAccount': {
                  target: 'creatingAccount',
                  actions: [
                    'clearCreateAccountError',
                    { type: 'holdNewAccount', params: ({ event }) => ({ email: event.account.email, password: event.account.password }) },
                  ],
                },
              },
            },
            signingIn: {
              tags: ['signingIn'],
              invoke: {
                src: 'generateCustomerToken',
                input: ({ event }) => {
                  assertEvent(event, 'session.signIn');
                  return { email: event.email, password: event.password };
                },
                onDone: { target: '#session.auth.storingToken', actions: { type: 'holdToken', params: ({ event }) => ({ token: event.output }) } },
                onError: { target: 'idle', actions: { type: 'rememberSignInError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            creatingAccount: {
              tags: ['signingIn'],
              initial: 'creating',
              exit: 'forgetNewAccount',
              states: {
                creating: {
                  invoke: {
                    src: 'createAccount',
                    input: ({ event }) => {
                      assertEvent(event, 'session.createAccount');
                      return event.account;
                    },
                    onDone: { target: '#session.auth.storingToken', actions: { type: 'holdToken', params: ({ event }) => ({ token: event.output }) } },
                    onError: [
                      {
                        guard: { type: 'answerLost', params: ({ event }) => ({ error: event.error }) },
                        target: 'checking',
                        actions: { type: 'holdCreateAccountError', params: ({ event }) => ({ error: event.error }) },
                      },
                      {
                        target: '#session.auth.signedOut.idle',
                        actions: { type: 'rememberCreateAccountError', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
                /**
                 * The creation's answer was lost: signing in with what was typed says whether the
                 * account exists (nothing is created again). It does → signed in, as after an answered creation.
                 */
                checking: {
                  invoke: {
                    src: 'generateCustomerToken',
                    input: ({ context }) => ({ email: context.newAccount?.email ?? '', password: context.newAccount?.password ?? '' }),
                    onDone: { target: '#session.auth.storingToken', actions: { type: 'holdToken', params: ({ event }) => ({ token: event.output }) } },
                    onError: { target: '#session.auth.signedOut.idle', actions: 'rejectWithHeldCreateAccountError' },
                  },
                },
              },
            },
          },
        },
        /** Spec §4: a token is stored with the time it is stored at and the sign-in lifetime. */
        storingToken: {
          tags: ['signingIn'],
          invoke: {
            src: 'readNow',
            onDone: {
              target: 'signedIn',
              actions: [
                { type: 'storeToken', params: ({ event }) => ({ now: event.output }) },
                { type: 'saveTokenRecord', params: ({ context }) => requireRecord(context) },
                'evictCustomerCache',
                'notifyCartSignedIn',
                'notifyWishlistSignedIn',
              ],
            },
            onError: { target: 'signedOut', actions: ['dropPendingToken', { type: 'rememberSignInError', params: ({ event }) => ({ error: event.error }) }] },
          },
        },
        signedIn: {
          tags: ['signedIn'],
          type: 'parallel',
          on: {
            // Spec §4: a details request restarts the expiry timers from the record.
            'session.getDetails': { target: 'signedIn', reenter: true },
            'session.setToken': { target: 'storingToken', actions: { type: 'holdToken', params: ({ event }) => ({ token: event.token }) } },
            'session.signOut': 'signingOut',
            // Spec §4: clearing the token (or reset) cancels the timers: leaving signedIn stops them.
            'session.clearToken': { target: 'signedOut', actions: ['clearStoredToken', 'clearToken'] },
            'session.reset': { target: 'signedOut', actions: ['clearStoredToken', 'clearToken', 'resetUser'] },
          },
          states: {
            details: {
              initial: 'requesting',
              states: {
                requesting: {
                  tags: ['gettingDetails'],
                  invoke: {
                    src: 'fetchCustomer',
                    onDone: { target: 'received', actions: { type: 'rememberCustomer', params: ({ event }) => ({ customer: event.output }) } },
                    onError: { target: 'failed', actions: { type: 'rememberDetailsError', params: ({ event }) => ({ error: event.error }) } },
                  },
                },
                received: {},
                failed: {},
              },
            },
            expiry: {
              initial: 'measuring',
              states: {
                measuring: {
                  invoke: {
                    src: 'readNow',
                    onDone: [
                      { guard: 'hasTtl', target: 'timing', actions: { type: 'rememberNow', params: ({ event }) => ({ now: event.output }) } },
                      { target: 'unlimited', actions: { type: 'rememberNow', params: ({ event }) => ({ now: event.output }) } },
                    ],
                    onError: 'unlimited',
                  },
                },
                /** Spec §4: a timer for the remaining lifetime plus a check once per second. */
                timing: {
                  type: 'parallel',
                  states: {
                    lifetime: {
                      after: { remainingLifetime: '#session.auth.signingOutAtExpiry' },
                    },
                    check: {
                      initial: 'waiting',
                      states: {
                        waiting: { after: { sessionCheckInterval: 'reading' } },
                        reading: {
                          invoke: {
                            src: 'readNow',
                            onDone: [
                              {
                                guard: { type: 'lifetimeElapsed', params: ({ event }) => ({ now: event.output }) },
                                target: '#session.auth.signingOutAtExpiry',
                                actions: { type: 'rememberNow', params: ({ event }) => ({ now: event.output }) },
                              },
                              { target: 'waiting', actions: { type: 'rememberNow', params: ({ event }) => ({ now: event.output }) } },
                            ],
                            onError: 'waiting',
                          },
                        },
                      },
                    },
                  },
                },
                unlimited: {},
              },
            },
          },
        },
        /** The shopper signs out, or a stored token had expired when the shop loaded. */
        signingOut: signOutSequence({ thenReloadPage: false }),
        /** The lifetime ran out while the shop was open: the same sign-out, then the page reloads. */
        signingOutAtExpiry: signOutSequence({ thenReloadPage: true }),
      },
    },
    /** Spec §4: password reset records a request then a receive. */
    passwordReset: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.resetPassword': {
              target: 'requesting',
              actions: { type: 'startPasswordReset', params: ({ event }) => ({ email: event.email }) },
            },
          },
        },
        requesting: {
          tags: ['resettingPassword'],
          invoke: {
            src: 'requestPasswordReset',
            input: ({ event }) => {
              assertEvent(event, 'session.resetPassword');
              return { email: event.email };
            },
            onDone: { target: 'idle', actions: 'markResetLinkSent' },
            onError: { target: 'idle', actions: { type: 'rememberResetPasswordError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectIsSignedIn = (snapshot: SessionSnapshot) => snapshot.hasTag('signedIn');
export const selectIsSigningIn = (snapshot: SessionSnapshot) => snapshot.hasTag('signingIn');
export const selectIsSigningOut = (snapshot: SessionSnapshot) => snapshot.hasTag('signingOut');
export const selectCurrentUser = (snapshot: SessionSnapshot) => snapshot.context.currentUser;
export const selectToken = (snapshot: SessionSnapshot) => snapshot.context.tokenRecord?.value ?? null;
export const selectIsGettingDetails = (snapshot: SessionSnapshot) => snapshot.hasTag('gettingDetails');
export const selectGetDetailsError = (snapshot: SessionSnapshot) => snapshot.context.getDetailsError;
export const selectSignInError = (snapshot: SessionSnapshot) => snapshot.context.signInError;
export const selectCreateAccountError = (snapshot: SessionSnapshot) => snapshot.context.createAccountError;
export const selectIsResettingPassword = (snapshot: SessionSnapshot) => snapshot.hasTag('resettingPassword');
export const selectResetPasswordError = (snapshot: SessionSnapshot) => snapshot.context.resetPasswordError;
/** The email the last reset link went to (null while asking, after a refusal, or before any). */
export const selectResetPasswordSentTo = (snapshot: SessionSnapshot) => snapshot.context.resetPasswordSentTo;
