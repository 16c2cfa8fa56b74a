import { expiryOf, type Prescription } from '../../shared/prescription-input';
import type { SavedRow } from './saved-prescription.queries';

/** `LunettePrescription` */
export function prescriptionNode(p: Prescription, now: Date) {
  const expires = expiryOf(p.exam_date);
  return { ...p, expires_on: expires, is_expired: expires < now.toISOString().slice(0, 10) };
}

export const savedNode = (row: SavedRow, now: Date) => ({
  uid: row.uid,
  name: row.name,
  prescription: prescriptionNode(row.data, now),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});
