import { mkdirSync } from 'node:fs';
import { acquireDataDirLock } from './data-dir-lock';

export type { Database, QueryResult, Queryable, Transaction } from './database-types';
import type { Database, Queryable, Transaction } from './database-types';
export { whenCommitted } from './after-commit';

export interface DatabaseOptions {
  /** PGlite data folder; the data survives restarts. Omitted (and no url): in memory (tests). */
  dataDir?: string;
  /** `postgres://…`: a PostgreSQL server through a connection pool instead of PGlite. */
  url?: string;
}

/** Opens the database: PostgreSQL when a URL is given, else PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const { openPostgres } = await import('./postgres-database');
    return openPostgres(options.url);
  }
  const { openPglite } = await import('./pglite-database');
  if (!options.dataDir) return openPglite();
  mkdirSync(options.dataDir, { recursive: true });
  const lock = acquireDataDirLock(options.dataDir);
  try {
    return await openPglite(options.dataDir, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Runs `work` in one transaction: every write of a request commits together or not at all. */
export function withTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** First row of a query, or null. */
export async function one<T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T | null> {
  const result = await q.query<T>(sql, params);
  return result.rows[0] ?? null;
}

/** All rows of a query. */
export async function many<T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await q.query<T>(sql, params);
  return result.rows;
}
