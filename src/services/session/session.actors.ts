/**
 * The live effects of the session machine (see the header of session.machine.ts).
 * The sign-in record lives in browser storage under signin_token as { value, timeStored, ttl }.
 */
import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { Customer, NewAccount, TokenRecord } from '../../machines/session/session.machine';
import { clearCartDataFromCache, clearCustomerDataFromCache, type CacheWriter } from '../apollo/cache';
import { runMutation, runQuery } from '../apollo/operation-helpers';
import type { Filled } from '../apollo/selection-types';
import type { BrowserStorage } from '../storage/browser-storage';
import { CHECKOUT_KEYS, STORAGE_KEYS } from '../storage/storage-keys';
import { CREATE_ACCOUNT, GENERATE_CUSTOMER_TOKEN, GET_CUSTOMER, REQUEST_PASSWORD_RESET_EMAIL, REVOKE_CUSTOMER_TOKEN } from './session.operations';

export interface SessionDeps {
  client: ApolloClient<NormalizedCacheObject>;
  storage: BrowserStorage;
  /** Rewrites the persisted cache after evictions (null where nothing is persisted). */
  persistence: CacheWriter | null;
  now: () => number;
  reload: () => void;
}

/** The stored sign-in record, when it is one and has not expired (spec §4: expired items are removed when read). */
export function readTokenRecord(storage: BrowserStorage, options: { includeExpired?: boolean } = {}): TokenRecord | null {
  const record = storage.getRecord<unknown>(STORAGE_KEYS.signinToken, options);
  if (!record || typeof record.value !== 'string' || record.value === '') return null;
  return { value: record.value, timeStored: record.timeStored, ...(record.ttl === undefined ? {} : { ttl: record.ttl }) };
}

/** The token for request headers (spec §7). */
export function readToken(storage: BrowserStorage): string | null {
  return readTokenRecord(storage)?.value ?? null;
}

async function signIn(client: SessionDeps['client'], email: string, password: string): Promise<string> {
  const { generateCustomerToken } = await runMutation(client, GENERATE_CUSTOMER_TOKEN, { email, password });
  if (!generateCustomerToken?.token) throw new Error('Signing in answered without a token.');
  return generateCustomerToken.token;
}

export function sessionImplementations(deps: SessionDeps) {
  const { client, storage } = deps;
  return {
    actors: {
      readNow: fromPromise<number, void>(async () => deps.now()),
      generateCustomerToken: fromPromise<string, { email: string; password: string }>(({ input }) => signIn(client, input.email, input.password)),
      createAccount: fromPromise<string, NewAccount>(async ({ input }) => {
        await runMutation(client, CREATE_ACCOUNT, {
          email: input.email,
          firstname: input.firstname,
          lastname: input.lastname,
          password: input.password,
          isSubscribed: Boolean(input.is_subscribed),
        });
        return signIn(client, input.email, input.password);
      }),
      fetchCustomer: fromPromise<Customer, void>(async () => {
        const { customer } = await runQuery(client, GET_CUSTOMER, {}, 'network-only');
        if (!customer) throw new Error('The customer could not be read.');
        // Magento's schema lets an account's email and names be null; an account always has them (see Filled).
        return customer as Filled<typeof customer>;
      }),
      revokeToken: fromPromise<unknown, { token: string }>(async () => runMutation(client, REVOKE_CUSTOMER_TOKEN, {})),
      requestPasswordReset: fromPromise<unknown, { email: string }>(async ({ input }) =>
        runMutation(client, REQUEST_PASSWORD_RESET_EMAIL, { email: input.email }),
      ),
    },
    actions: {
      saveTokenRecord: (_: unknown, record: TokenRecord) =>
        storage.setRecord(STORAGE_KEYS.signinToken, { value: record.value, timeStored: record.timeStored, ...(record.ttl ? { ttl: record.ttl } : {}) }),
      clearStoredToken: () => storage.removeItem(STORAGE_KEYS.signinToken),
      clearStoredCheckoutData: () => CHECKOUT_KEYS.forEach((key) => storage.removeItem(key)),
      clearCachedCartAndCustomer: () => {
        void clearCartDataFromCache(client, deps.persistence).then(() => clearCustomerDataFromCache(client, deps.persistence));
      },
      evictCustomerCache: () => {
        void clearCustomerDataFromCache(client, deps.persistence);
      },
      reloadPage: () => deps.reload(),
    },
  };
}
