import { one, type Queryable } from '../../db/database';
import { newOpaqueToken } from './secure-tokens';

/** A secret of this database (made on first use, kept across restarts). */
export async function commerceSecret(q: Queryable, name: string): Promise<string> {
  await q.query('INSERT INTO commerce_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, newOpaqueToken()]);
  return (await one<{ value: string }>(q, 'SELECT value FROM commerce_secret WHERE name = $1', [name]))!.value;
}
