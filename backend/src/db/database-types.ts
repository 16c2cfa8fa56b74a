// The database interface both engines implement (database.ts opens one: PGlite or PostgreSQL).

/** What a query answers: its rows, and how many rows a write touched. */
export interface QueryResult<T> {
  rows: T[];
  affectedRows?: number;
}

/** Anything that can run a query: the database itself or an open transaction. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements with no parameters (migrations, seeds). */
  exec(sql: string): Promise<unknown>;
  /**
   * Inside a transaction: runs `effect` once the transaction has committed, and never if it rolls
   * back (an attempt that is run again drops its effects). Absent on the database itself, whose
   * statements commit on their own: `whenCommitted` then runs the effect at once.
   */
  afterCommit?(effect: () => void): void;
  /**
   * Inside a transaction: the database it runs on, whose memories of set-up data (store views,
   * exchange rates, store settings) the transaction may read. Absent on the database itself.
   */
  readonly database?: Queryable;
}

/** An open transaction: its queries run on one connection and commit together. */
export type Transaction = Queryable;

/**
 * The backend's database, whichever engine runs it: PGlite in a data folder (one process, one
 * connection, so transactions run one at a time) or a PostgreSQL server through a pool (several
 * processes, concurrent transactions: shared rows are locked with `SELECT … FOR UPDATE`, ADR 017).
 */
export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while no other process runs work under the same name (a PostgreSQL advisory lock;
   * PGlite needs none, its folder has one process): migrations and seeding of a fresh database.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (other processes share the database): calls `onMessage` with the payload of
   * every `pg_notify(channel, payload)` any process sends, and with null after the listening
   * connection was lost and made again (messages may have been missed meanwhile). Resolves once
   * listening, with the function that stops it.
   */
  subscribe?(channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
