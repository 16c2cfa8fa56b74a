/**
 * The lens wizard's prescription upload: the raw file to the shop module's REST route
 * (`POST /rest/V1/lunette/prescription-uploads`, see backend/schema/extension.graphql), with
 * progress. XMLHttpRequest, not fetch: only it reports upload progress.
 */
import { fromCallback } from 'xstate';
import type { CustomiseEvent } from '../../machines/customise/customise.machine';
import type { PrescriptionUploadInput, UploadedPrescription } from '../../machines/customise/customise.types';
import { fillMagentoParameters } from '../rest/rest-client';
import { UPLOAD_PATH } from './prescription-file-url';

export const UPLOAD_NETWORK_ERROR = 'The upload did not go through: check your connection and try again.';

/** The stored file from a success answer, or the server's message (Magento parameters filled in). */
export function uploadAnswerOf(status: number, text: string): UploadedPrescription | { error: string } {
  const body = parseAnswer(text);
  if (status >= 200 && status < 300 && typeof body?.id === 'string' && typeof body.reference === 'string') return { id: body.id, reference: body.reference };
  if (typeof body?.message === 'string') return { error: fillMagentoParameters(body.message, body.parameters) };
  return { error: status === 0 ? UPLOAD_NETWORK_ERROR : `The upload failed (${status}). Try again.` };
}

interface UploadAnswerBody {
  id?: unknown;
  reference?: unknown;
  message?: unknown;
  parameters?: unknown;
}

function parseAnswer(text: string): UploadAnswerBody | null {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null ? (body as UploadAnswerBody) : null;
  } catch {
    return null;
  }
}

/** The machine's `uploadPrescription` effect; aborting the request when the machine leaves `uploading`. */
export function prescriptionUploadActor(deps: { origin: () => string; createRequest?: () => XMLHttpRequest }) {
  return fromCallback<CustomiseEvent, PrescriptionUploadInput>(({ input, sendBack }) => {
    const request = deps.createRequest?.() ?? new XMLHttpRequest();
    request.open('POST', `${deps.origin()}${UPLOAD_PATH}?file_name=${encodeURIComponent(input.file.name)}`);
    request.setRequestHeader('Content-Type', input.file.type);
    request.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) sendBack({ type: 'customise.prescription.uploadProgress', sent: e.loaded / e.total });
    };
    request.onload = () => {
      const answer = uploadAnswerOf(request.status, request.responseText);
      sendBack(
        'error' in answer
          ? { type: 'customise.prescription.uploadFailed', message: answer.error }
          : { type: 'customise.prescription.uploaded', upload: answer },
      );
    };
    request.onerror = () => sendBack({ type: 'customise.prescription.uploadFailed', message: UPLOAD_NETWORK_ERROR });
    request.send(input.body);
    return () => {
      if (request.readyState !== XMLHttpRequest.DONE) request.abort();
    };
  });
}
