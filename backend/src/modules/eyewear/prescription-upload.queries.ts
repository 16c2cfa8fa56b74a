import { one, type Queryable } from '../../db/database';
import { equalSecrets, sha256 } from '../../shared/secure-tokens';

interface UploadRow {
  public_id: string;
  secret_hash: string;
  file_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
}

/** A reference is `<id>.<secret>`: the id finds the row, the secret (stored hashed) opens it. */
export async function findUploadByReference(q: Queryable, reference: string): Promise<UploadRow | null> {
  const [publicId, secret] = reference.split('.');
  if (!publicId || !secret) return null;
  const row = await one<UploadRow>(q, 'SELECT public_id, secret_hash, file_name, content_type, size, content FROM prescription_upload WHERE public_id = $1', [
    publicId,
  ]);
  return row && equalSecrets(row.secret_hash, sha256(secret)) ? row : null;
}
