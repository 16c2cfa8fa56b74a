import { many, one, type Queryable } from '../../db/database';
import { noSuchEntityError } from '../../graphql/errors';
import { randomAlphanumeric } from '../../shared/secure-tokens';
import type { Prescription } from '../../shared/prescription-input';

export interface SavedRow {
  id: number;
  uid: string;
  customer_id: number;
  name: string;
  data: Prescription;
  created_at: Date;
  updated_at: Date;
}

export async function ownPrescription(q: Queryable, customerId: number, uid: string): Promise<SavedRow> {
  const row = await one<SavedRow>(q, 'SELECT * FROM saved_prescription WHERE uid = $1 AND customer_id = $2', [uid, customerId]);
  if (!row) throw noSuchEntityError(`Could not find a saved prescription with uid "${uid}"`);
  return row;
}

export async function insertSavedPrescription(q: Queryable, customerId: number, name: string, prescription: Prescription, now: Date): Promise<SavedRow> {
  return (await one<SavedRow>(
    q,
    'INSERT INTO saved_prescription (uid, customer_id, name, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING *',
    [randomAlphanumeric(16), customerId, name, JSON.stringify(prescription), now],
  ))!;
}

export const savedPrescriptionsOf = (q: Queryable, customerId: number) =>
  many<SavedRow>(q, 'SELECT * FROM saved_prescription WHERE customer_id = $1 ORDER BY id', [customerId]);

export async function updateSavedPrescription(q: Queryable, uid: string, name: string, prescription: Prescription, now: Date): Promise<SavedRow> {
  return (await one<SavedRow>(q, 'UPDATE saved_prescription SET name = $2, data = $3, updated_at = $4 WHERE uid = $1 RETURNING *', [
    uid,
    name,
    JSON.stringify(prescription),
    now,
  ]))!;
}

export async function deleteSavedPrescription(q: Queryable, uid: string): Promise<void> {
  await q.query('DELETE FROM saved_prescription WHERE uid = $1', [uid]);
}
