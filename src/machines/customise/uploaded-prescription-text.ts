/**
 * How an uploaded prescription travels in the cart line's "Prescription" text option (and so to
 * the order): the file's facts for the optician and the reference that opens the file. Kept in its
 * own small module: the cart and order pages read it without the lens wizard's rules.
 */
import type { PrescriptionFile, UploadedPrescription } from './customise.types';

const UPLOADED_FILE_TEXT = /^Uploaded prescription: (.+) \(([^,()]+), (\d+) bytes, ref ([A-Za-z0-9]+\.[A-Za-z0-9]+)\)$/;

export function uploadedPrescriptionText(file: PrescriptionFile, upload: UploadedPrescription): string {
  return `Uploaded prescription: ${file.name} (${file.type}, ${file.size} bytes, ref ${upload.reference})`;
}

/** The file and its reference named by an option's text; null for any other text. */
export function uploadedPrescriptionOf(text: string): { file: PrescriptionFile; upload: UploadedPrescription } | null {
  const match = UPLOADED_FILE_TEXT.exec(text.trim());
  if (!match) return null;
  const reference = match[4] as string;
  return { file: { name: match[1] as string, type: match[2] as string, size: Number(match[3]) }, upload: { id: reference.split('.')[0] as string, reference } };
}
