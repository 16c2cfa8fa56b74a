import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database-types';
import { runCommitted } from './after-commit';

/**
 * PGlite (embedded PostgreSQL in WebAssembly): one connection in this process, so every query and
 * transaction runs one at a time. `onClose` runs after the database is closed (the folder lock).
 */
export async function openPglite(dataDir?: string, onClose?: () => void): Promise<Database> {
  const pg = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
  await pg.waitReady;
  const database: Database = {
    engine: 'pglite',
    query: (sql, params) => pg.query(sql, params),
    exec: (sql) => pg.exec(sql),
    async transaction(work) {
      const effects: (() => void)[] = [];
      const result = await pg.transaction((tx) =>
        work({ query: (sql, params) => tx.query(sql, params), exec: (sql) => tx.exec(sql), afterCommit: (effect) => void effects.push(effect), database }),
      );
      runCommitted(effects);
      return result;
    },
    exclusive: (_name, work) => work(),
    close: async () => {
      try {
        await pg.close();
      } finally {
        onClose?.();
      }
    },
  };
  return database;
}
