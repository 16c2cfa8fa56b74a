import { one, type Queryable } from '../db/database';

/**
 * A table of link tokens that expire, one per owner (a customer's password reset, a cart's reminder
 * link): only the token's hash is kept, and a new token replaces the owner's previous one.
 */
export interface ExpiringTokenTable {
  table: string;
  /** The owner's id column, the table's primary key. */
  ownerColumn: string;
  /** The table the owner's id refers to; the token goes when its owner does. */
  ownerTable: string;
}

/** The table's `CREATE TABLE`, for the owning module's migration. */
export const expiringTokenTableSql = (t: ExpiringTokenTable) => `CREATE TABLE ${t.table} (
        ${t.ownerColumn} integer PRIMARY KEY REFERENCES ${t.ownerTable}(id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL
      );`;

export async function saveExpiringToken(q: Queryable, t: ExpiringTokenTable, ownerId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await q.query(
    `INSERT INTO ${t.table} (${t.ownerColumn}, token_hash, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (${t.ownerColumn}) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at`,
    [ownerId, tokenHash, expiresAt],
  );
}

/** The owner's token (its hash and expiry), or null. */
export const findExpiringToken = (q: Queryable, t: ExpiringTokenTable, ownerId: number) =>
  one<{ token_hash: string; expires_at: Date }>(q, `SELECT token_hash, expires_at FROM ${t.table} WHERE ${t.ownerColumn} = $1`, [ownerId]);

export async function deleteExpiringToken(q: Queryable, t: ExpiringTokenTable, ownerId: number): Promise<void> {
  await q.query(`DELETE FROM ${t.table} WHERE ${t.ownerColumn} = $1`, [ownerId]);
}
