import type { BackendConfig } from '../graphql/context';
import type { BackendModule } from '../module';
import type { Database } from './database';

/**
 * Seeds a fresh database once: every module's seed in module order, all in one transaction, so a
 * failed seed leaves nothing behind and is tried again at the next start. Returns whether it ran.
 */
export async function seedIfEmpty(db: Database, modules: readonly BackendModule[], config: BackendConfig): Promise<boolean> {
  await db.exec('CREATE TABLE IF NOT EXISTS seed_state (id integer PRIMARY KEY, seeded_at timestamptz NOT NULL DEFAULT now())');
  const seeded = await db.query('SELECT 1 FROM seed_state WHERE id = 1');
  if (seeded.rows.length) return false;
  await db.transaction(async (tx) => {
    for (const m of modules) await m.seed?.(tx, config);
    await tx.query('INSERT INTO seed_state (id) VALUES (1)');
  });
  return true;
}
