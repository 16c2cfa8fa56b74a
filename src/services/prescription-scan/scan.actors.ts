/**
 * The scan machine's effects, for `prescriptionScanMachine.provide(prescriptionScanImplementations(...))`:
 * the camera (the back camera, for a sheet of paper), a photo taken from its picture, and the reader,
 * loaded only when a photo is to be read (`loadReader`, a dynamic import given by the composition
 * root) and once per page load. Everything stays in the browser: the photo is never sent.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { ReadPrescriptionPhoto } from '../../machines/prescription-scan/prescription-reading';
import { prescriptionScanMachine, type PrescriptionScanEvent, type ScanPreview } from '../../machines/prescription-scan/prescription-scan.machine';
import { prescriptionFormMachine } from '../../machines/prescription/prescription-form.machine';
import { cameraProblemOfError } from '../try-on/try-on-media';

/**
 * The reader (ADR 043) as a dynamic import: its code and OCR files load only when the shopper reads a
 * photo, never with the page.
 */
export const loadPrescriptionReader = (): Promise<ReadPrescriptionPhoto> => import('./read-prescription').then((reader) => reader.readPrescriptionPhoto);

export interface PrescriptionScanOptions {
  /** The reader's module, imported when first asked (its code and files load then, and not before). */
  loadReader: () => Promise<ReadPrescriptionPhoto>;
  /** The camera: `navigator.mediaDevices` in the browser. */
  mediaDevices?: () => Pick<MediaDevices, 'getUserMedia'> | undefined;
}

/** A photo of a sheet of paper: the back camera, as sharp as it gives. */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
};

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The picture the camera shows now, as a JPEG (drawn from a video element of its own, never shown). */
async function photoOf(preview: ScanPreview): Promise<Blob> {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = preview;
  try {
    await video.play();
    if (!video.videoWidth) await new Promise((ready) => video.addEventListener('loadeddata', ready, { once: true }));
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas to take the photo on.');
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const photo = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.92));
    if (!photo) throw new Error('The camera picture could not be kept as a photo.');
    return photo;
  } finally {
    video.pause();
    video.srcObject = null;
  }
}

export function prescriptionScanImplementations({ loadReader, mediaDevices = () => navigator.mediaDevices }: PrescriptionScanOptions) {
  // One reader per page load: loaded again only after a load that failed (offline, say).
  let reader: Promise<ReadPrescriptionPhoto> | null = null;

  return {
    actors: {
      camera: fromCallback<AnyEventObject>(({ sendBack }) => {
        let stopped = false;
        let stream: MediaStream | null = null;
        const send = (event: PrescriptionScanEvent) => {
          if (!stopped) sendBack(event);
        };
        const devices = mediaDevices();
        if (!devices?.getUserMedia) send({ type: 'scan.cameraFailed', problem: 'missing' });
        else
          devices.getUserMedia(CAMERA_CONSTRAINTS).then(
            (started) => {
              if (stopped) return stopStream(started);
              stream = started;
              send({ type: 'scan.cameraReady', preview: started });
            },
            (error: unknown) => send({ type: 'scan.cameraFailed', problem: cameraProblemOfError(error) }),
          );
        return () => {
          stopped = true;
          stopStream(stream);
        };
      }),
      capturePhoto: fromPromise<Blob, { preview: ScanPreview | null }>(async ({ input }) => {
        if (!input.preview) throw new Error('The camera shows no picture.');
        return photoOf(input.preview);
      }),
      readPhoto: fromCallback<AnyEventObject, { photo: Blob }>(({ sendBack, input }) => {
        const controller = new AbortController();
        const send = (event: PrescriptionScanEvent) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        send({ type: 'scan.progress', stage: 'loading', fraction: 0 });
        const loading = (reader ??= loadReader());
        loading.then(
          (read) =>
            read(input.photo, { signal: controller.signal, onProgress: (stage, fraction) => send({ type: 'scan.progress', stage, fraction }) }).then(
              (reading) => send({ type: 'scan.read', reading }),
              () => send({ type: 'scan.readFailed', failure: 'photoUnreadable' }),
            ),
          () => {
            // not loaded (offline before it ever was, its files missing): asked again next time
            if (reader === loading) reader = null;
            send({ type: 'scan.readFailed', failure: 'readerUnavailable' });
          },
        );
        return () => controller.abort();
      }),
    },
  };
}

/**
 * The prescription form with its scan able to read: for the machines that run the form
 * (`actors.prescriptionForm` of the lens wizard, the saved prescriptions and the fix page).
 */
export function scanningPrescriptionForm(options: PrescriptionScanOptions) {
  return prescriptionFormMachine.provide({ actors: { prescriptionScan: prescriptionScanMachine.provide(prescriptionScanImplementations(options)) } });
}
