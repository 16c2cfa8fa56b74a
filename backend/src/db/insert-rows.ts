import type { Queryable } from './database';

/** One INSERT per table: rows travel as JSON, so seeding hundreds of rows stays fast. */
export async function insertRows(q: Queryable, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first).join(', ');
  await q.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [JSON.stringify(rows)]);
}
