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

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly parameters: unknown = [],
  ) {
    super(message);
  }
}

/** The name to keep: no folders (some browsers send a path), no control characters. */
export function cleanFileName(raw: unknown): string {
  const last = typeof raw === 'string' ? raw.split(/[\\/]/).pop()! : '';
  const name = [...last]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
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
  if (sniffUploadType(content) !== declared)
    throw new UploadError(400, 'The file content is not a valid %1 file. Upload a JPG, PNG or PDF file.', [TYPE_NAMES[declared]]);
}
