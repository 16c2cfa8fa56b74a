import { one, type Queryable } from '../../db/database';
import { noSuchEntityError } from '../../graphql/errors';
import { randomAlphanumeric } from '../../shared/secure-tokens';
import type { Prescription } from '../catalog/prescription-rules';

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
