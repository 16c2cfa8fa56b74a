import { PGlite, type Transaction } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';

/** Anything that can run a query: the database itself or an open transaction. */
export type Queryable = Pick<PGlite, 'query' | 'exec'> | Transaction;
export type Database = PGlite;
export type { Transaction };

/**
 * Opens the embedded PostgreSQL database (PGlite). With a folder, the data survives restarts;
 * without one (tests), it lives in memory.
 */
export async function openDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
  await db.waitReady;
  return db;
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
