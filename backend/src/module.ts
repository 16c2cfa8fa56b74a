import type { Router } from 'express';
import type { Database, Queryable, Transaction } from './db/database';
import type { Migration } from './db/migrate';
import type { BackendConfig, RequestContext } from './graphql/context';
import type { Resolvers } from './graphql/generated/resolvers-types';

/** A module's resolvers, typed by the served schema (`npm run codegen:backend`): a wrong field, argument or answer shape fails to compile. */
export type { Resolvers };

export interface RouteDeps {
  db: Database;
  config: BackendConfig;
  /** Builds the same context GraphQL resolvers get, from an HTTP request's headers. */
  contextFor(headers: Headers, origin: string, storeCode?: string): Promise<RequestContext>;
}

/**
 * One area of the embedded backend (store views, catalog, commerce...). Each module owns its
 * tables (migrations), its seed data, its GraphQL resolvers and its HTTP routes.
 */
export interface BackendModule {
  name: string;
  migrations: readonly Migration[];
  /** Writes the module's deterministic seed data; runs once, on a fresh database, in module order. */
  seed?(tx: Transaction, config: BackendConfig): Promise<void>;
  resolvers: Resolvers;
  /** HTTP routes mounted on the server root (`/rest/...`, `/media/...`). */
  routes?(router: Router, deps: RouteDeps): void;
  /**
   * Root query fields whose GET answers may be kept per request and caller (ADR 034), each with its
   * stamp: everything the answer depends on beyond the catalog (which purges them by its cache
   * tags), read in one statement from the field's arguments. A kept answer is sent again only while
   * its stamp reads the same; null: this answer is never kept.
   */
  answerStamps?: Readonly<Record<string, AnswerStamp>>;
}

/**
 * Reads the stamp of a root field's answer from its arguments and the caller's bearer token (null
 * for a guest), see `BackendModule.answerStamps`. With a token, the same statement must check it
 * (not revoked, not expired, its customer's data): a stamp is never read for a token it did not check.
 */
export type AnswerStamp = (q: Queryable, args: Readonly<Record<string, unknown>>, bearerToken: string | null) => Promise<string | null>;
