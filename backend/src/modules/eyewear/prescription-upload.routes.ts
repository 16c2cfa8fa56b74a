import express, { type Request, type Response, type Router } from 'express';
import type { RouteDeps } from '../../module';
import type { ModuleDeps } from '../../shared/module-deps';
import { headersOf } from '../../shared/request-headers';
import { newOpaqueToken, randomAlphanumeric, sha256 } from '../../shared/secure-tokens';
import { customerIdOfToken } from '../customer/customer-auth';
import { findUploadByReference } from './prescription-upload.queries';
import { checkUploadContent, cleanFileName, declaredUploadType, MAX_PRESCRIPTION_UPLOAD_BYTES, UploadError } from './prescription-upload.rules';

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

export function prescriptionUploadRoutes(router: Router, routeDeps: RouteDeps, deps: ModuleDeps): void {
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
