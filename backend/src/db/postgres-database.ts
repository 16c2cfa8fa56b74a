import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, QueryResult, Queryable } from './database-types';
import { runCommitted } from './after-commit';

const INT8 = 20;
const INT8_ARRAY = 1016;

/** A bigint as PGlite answers it (`count(*)`, `sum(integer)`): a number while it is exact. */
function parseInt8(value: string): number | bigint {
  const n = BigInt(value);
  return n < BigInt(Number.MIN_SAFE_INTEGER) || n > BigInt(Number.MAX_SAFE_INTEGER) ? n : Number(n);
}

/** Rows typed as PGlite types them, so queries answer the same on both engines. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return parseInt8;
    if (oid === INT8_ARRAY) {
      const strings = (pg.types.getTypeParser as (oid: number) => unknown)(INT8_ARRAY) as (value: string) => (string | null)[];
      return (value: string) => strings(value).map((n) => (n === null ? null : parseInt8(n)));
    }
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** A 64-bit advisory lock key for a name (`pg_advisory_lock(bigint)`). */
function lockKeyOf(name: string): string {
  return BigInt.asIntN(64, BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 16)}`)).toString();
}

function queryableOf(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> => {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    exec: (sql) => client.query(sql),
  };
}

/**
 * Errors after which PostgreSQL asks for the transaction to be run again: a deadlock (it rolled
 * back one of the transactions waiting for each other) and a serialization failure. Row locks are
 * taken in a fixed order where we know of a cycle (ADR 017); this is the bounded safety net.
 */
const RETRIED_CODES = new Map([
  ['40P01', 'a deadlock'],
  ['40001', 'a serialization failure'],
]);
const MAX_ATTEMPTS = 3;

/** One attempt of a transaction on a connection of the pool. */
async function transactionOnce<T>(pool: pg.Pool, database: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection whose ROLLBACK failed (broken) is destroyed, not given to the next transaction.
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    // Effects of this attempt only: a rolled back attempt (then run again) drops its own.
    const effects: (() => void)[] = [];
    const result = await work({ ...queryableOf(client), afterCommit: (effect) => void effects.push(effect), database });
    await client.query('COMMIT');
    runCommitted(effects);
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: Error) => void (broken = rollback));
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * A PostgreSQL server through a connection pool (node-postgres). Several server processes may share
 * the database: transactions run concurrently (read committed), so rules that need one writer at a
 * time lock their row (ADR 017). Sessions run in UTC, as PGlite does.
 */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // At least 2: `exclusive` holds one connection (the advisory lock) while its work runs on another.
    max: Math.max(2, options.max ?? (Number(process.env.DATABASE_POOL_SIZE) || 10)),
    options: '-c TimeZone=UTC',
    types,
  });
  // An idle connection that breaks (server restart) is dropped and replaced, not a crash.
  pool.on('error', (error) => console.error(`PostgreSQL: idle connection lost (${error.message})`));
  await pool.query('SELECT 1');
  const database: Database = {
    engine: 'postgres',
    ...queryableOf(pool),
    async transaction(work) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await transactionOnce(pool, database, work);
        } catch (error) {
          const code = (error as { code?: unknown }).code;
          if (typeof code !== 'string' || !RETRIED_CODES.has(code) || attempt >= MAX_ATTEMPTS) throw error;
          console.warn(`PostgreSQL: transaction rolled back by ${RETRIED_CODES.get(code)}; running it again (attempt ${attempt + 1} of ${MAX_ATTEMPTS})`);
        }
      }
    },
    async exclusive(name, work) {
      const client = await pool.connect();
      const key = lockKeyOf(name);
      try {
        await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]);
        }
      } finally {
        client.release();
      }
    },
    subscribe: (channel, onMessage) => listenOn(url, channel, onMessage),
    close: () => pool.end(),
  };
  return database;
}

/** How long a lost listening connection waits before it is made again. */
const RELISTEN_MS = 1000;

/**
 * A connection of its own (not the pool's: it stays in LISTEN) that hands `channel`'s
 * notifications to `onMessage`; when it breaks, it is made again and `onMessage(null)` is called.
 */
async function listenOn(url: string, channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    retry = setTimeout(() => connect().then(() => onMessage(null), again), RELISTEN_MS);
    retry.unref();
  };
  const lost = (lostClient: pg.Client, error?: Error) => {
    if (stopped || client !== lostClient) return;
    console.error(`PostgreSQL: the ${channel} listener lost its connection (${error?.message ?? 'closed'}); listening again`);
    client = null;
    lostClient.end().catch(() => undefined);
    again();
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) return void (await next.end());
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}
