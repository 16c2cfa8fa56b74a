import type { Database } from './database';

/** One schema change. Ids sort in the order they run (`001_store`, `100_catalog`, `200_commerce`). */
export interface Migration {
  id: string;
  sql: string;
}

/**
 * Applies every migration not applied yet, each in its own transaction, in id order.
 * Returns the ids it applied.
 */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
  const ids = migrations.map((m) => m.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) throw new Error(`Migration id ${duplicate} is declared twice`);
  const applied: string[] = [];
  for (const m of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    if (done.has(m.id)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
    });
    applied.push(m.id);
  }
  return applied;
}
