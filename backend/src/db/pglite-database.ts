import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database-types';

/**
 * PGlite (embedded PostgreSQL in WebAssembly): one connection in this process, so every query and
 * transaction runs one at a time. `onClose` runs after the database is closed (the folder lock).
 */
export async function openPglite(dataDir?: string, onClose?: () => void): Promise<Database> {
  const pg = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
  await pg.waitReady;
  return {
    engine: 'pglite',
    query: (sql, params) => pg.query(sql, params),
    exec: (sql) => pg.exec(sql),
    transaction: (work) => pg.transaction(work),
    exclusive: (_name, work) => work(),
    close: async () => {
      try {
        await pg.close();
      } finally {
        onClose?.();
      }
    },
  };
}
