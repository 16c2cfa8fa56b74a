import express, { type Request, type Response, type Router } from 'express';
import { one, type Queryable } from '../../db/database';
import type { RouteDeps } from '../../module';
import type { CommerceDeps } from './commerce-deps';
import { customerIdOfToken } from './customer-auth';
import { equalSecrets, newOpaqueToken, randomAlphanumeric, sha256 } from './secure-tokens';

/**
 * Prescription uploads of the shop's module (Lunette_Eyewear, REST; documented in
 * backend/schema/extension.graphql next to the module's GraphQL):
 *
 * - `POST /rest/V1/lunette/prescription-uploads?file_name=<name>` (also `/rest/{store}/V1/...`):
 *   the raw file as the body, its MIME type as `Content-Type` (image/jpeg, image/png,
 *   application/pdf), at most 10 MB. The content itself must be of that type (magic bytes).
 *   Answers `{ id, reference, file_name, content_type, size }`: `reference` carries the secret.
 * - `GET /rest/V1/lunette/prescription-uploads/{reference}`: the file, to whoever holds the
 *   reference (the shopper, from the order's prescription option). There is no listing.
 */
export const MAX_PRESCRIPTION_UPLOAD_BYTES = 10 * 1024 * 1024;
const MAX_FILE_NAME_LENGTH = 200;

type UploadType = 'image/jpeg' | 'image/png' | 'application/pdf';

/** Magic bytes of each accepted type: the content decides, not the header the browser sent. */
const SIGNATURES: Record<UploadType, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
};

export function sniffUploadType(content: Uint8Array): UploadType | null {
  const match = (Object.entries(SIGNATURES) as [UploadType, number[]][]).find(([, bytes]) => bytes.every((b, i) => content[i] === b));
  return match ? match[0] : null;
}

class UploadError extends Error {
  constructor(readonly status: number, message: string, readonly parameters: unknown = []) {
    super(message);
  }
}

/** The name to keep: no folders (some browsers send a path), no control characters. */
export function cleanFileName(raw: unknown): string {
  const last = typeof raw === 'string' ? raw.split(/[\\/]/).pop()! : '';
  const name = [...last].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('').trim();
  if (!name) throw new UploadError(400, '"%fieldName" is required. Enter and try again.', { fieldName: 'file_name' });
  if (name.length > MAX_FILE_NAME_LENGTH) throw new UploadError(400, 'The file name is too long: use %1 characters or fewer.', [String(MAX_FILE_NAME_LENGTH)]);
  return name;
}

/** The type the `Content-Type` header declares, when it is one the optician accepts. */
export function declaredUploadType(header: string | undefined): UploadType {
  const declared = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(declared in SIGNATURES)) throw new UploadError(415, 'The file type "%1" is not allowed. Upload a JPG, PNG or PDF file.', [declared || 'unknown']);
  return declared as UploadType;
}

const TYPE_NAMES: Record<UploadType, string> = { 'image/jpeg': 'JPG', 'image/png': 'PNG', 'application/pdf': 'PDF' };

/** The content must be what the header says: a renamed executable is not a PDF. */
export function checkUploadContent(declared: UploadType, content: Uint8Array): void {
  if (!content.length) throw new UploadError(400, 'The file is empty. Choose the photo or PDF of your prescription and try again.');
  if (sniffUploadType(content) !== declared) throw new UploadError(400, 'The file content is not a valid %1 file. Upload a JPG, PNG or PDF file.', [TYPE_NAMES[declared]]);
}

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
  const row = await one<UploadRow>(q, 'SELECT public_id, secret_hash, file_name, content_type, size, content FROM prescription_upload WHERE public_id = $1', [publicId]);
  return row && equalSecrets(row.secret_hash, sha256(secret)) ? row : null;
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  return headers;
}

function sendUploadError(res: Response, error: unknown): void {
  if (error instanceof UploadError) {
    res.status(error.status).json({ message: error.message, parameters: error.parameters });
    return;
  }
  console.error(error);
  res.status(500).json({ message: 'Internal Error. Details are available in the server log.', parameters: [] });
}

/** Reads the raw body, turning "too large" into the module's own message instead of express's. */
function readBody(req: Request, res: Response): Promise<Buffer> {
  const parse = express.raw({ type: () => true, limit: MAX_PRESCRIPTION_UPLOAD_BYTES });
  return new Promise((resolve, reject) => {
    parse(req, res, (error?: unknown) => {
      const tooLarge = (error as { type?: string } | undefined)?.type === 'entity.too.large';
      if (tooLarge) reject(new UploadError(413, 'The file is larger than %1 MB. Upload a file of %1 MB or less.', ['10']));
      else if (error) reject(new UploadError(400, 'The file could not be read. Try again.'));
      else resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    });
  });
}

export function prescriptionUploadRoutes(router: Router, routeDeps: RouteDeps, deps: CommerceDeps): void {
  const upload = async (req: Request, res: Response) => {
    try {
      const fileName = cleanFileName(req.query.file_name);
      // The declared type is refused before reading up to 10 MB of a file that cannot be kept.
      const type = declaredUploadType(req.headers['content-type']);
      const content = await readBody(req, res);
      checkUploadContent(type, content);
      const ctx = await routeDeps.contextFor(headersOf(req), `${req.protocol}://${req.host}`, req.params.storeCode as string | undefined);
      const customerId = ctx.bearerToken ? await customerIdOfToken(ctx.db, ctx.bearerToken, deps.clock.now()) : null;
      const publicId = randomAlphanumeric(20);
      const secret = newOpaqueToken(24);
      await ctx.db.query(
        'INSERT INTO prescription_upload (public_id, secret_hash, file_name, content_type, size, content, customer_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [publicId, sha256(secret), fileName, type, content.length, content, customerId, deps.clock.now()],
      );
      res.json({ id: publicId, reference: `${publicId}.${secret}`, file_name: fileName, content_type: type, size: content.length });
    } catch (error) {
      sendUploadError(res, error);
    }
  };

  const download = async (req: Request, res: Response) => {
    try {
      const row = await findUploadByReference(routeDeps.db, String(req.params.reference));
      // One answer for an unknown id and a wrong secret: a reference cannot be guessed piece by piece.
      if (!row) throw new UploadError(404, 'The prescription file was not found. Check the link and try again.');
      res.set({
        'Content-Type': row.content_type,
        'Content-Length': String(row.size),
        'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(row.file_name)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(Buffer.from(row.content));
    } catch (error) {
      sendUploadError(res, error);
    }
  };

  for (const prefix of ['/rest/V1', '/rest/:storeCode/V1']) {
    router.post(`${prefix}/lunette/prescription-uploads`, upload);
    router.get(`${prefix}/lunette/prescription-uploads/:reference`, download);
  }
}
