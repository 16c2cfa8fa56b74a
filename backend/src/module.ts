import type { Router } from 'express';
import type { Database, Transaction } from './db/database';
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
}
