/**
 * prescriptionScan — "Scan your prescription" (eyewear notes "Prescription rules"): the shopper takes
 * a photo of the paper with the camera, or chooses a photo file, and the reader fills the prescription
 * form from it. The photo never leaves the device: the reader runs in the browser, loaded only when
 * a photo is to be read (docs/decisions: the reader's ADR).
 *
 * The form (`prescriptionForm`) runs it as its child: a reading is answered to the form with
 * `prescription.scanRead`, and the form decides what it fills and which fields the shopper checks.
 *
 * Injected by the services (`src/services/prescription-scan/scan.actors.ts`); nothing here touches
 * the camera, the page or the reader itself:
 * - actor `camera`: callback; sends `scan.cameraReady` { preview } once the camera shows a picture, or
 *   `scan.cameraFailed` { problem } when it is refused or missing; stops the camera when stopped
 * - actor `capturePhoto`: ({ preview }) => Blob (the picture the camera shows now)
 * - actor `readPhoto`: callback ({ photo }); sends `scan.progress` { stage, fraction }, then `scan.read`
 *   { reading } or `scan.readFailed` { failure }; stopped (cancel, close) it aborts the reading
 */
import { assign, fromCallback, fromPromise, sendParent, setup, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { PrescriptionReading, ReadingStage } from './prescription-reading';

export type ScanCameraProblem = 'denied' | 'missing' | 'failed';

/**
 * Why a photo was not read: the reader could not be loaded (offline before it was ever loaded, or its
 * files did not arrive), or the photo could not be read (not a picture, or the reader broke on it).
 */
export type ScanFailure = 'readerUnavailable' | 'photoUnreadable';

/** The camera's live picture, as the camera actor hands it to the view (a MediaStream in the browser). */
export type ScanPreview = MediaStream;

export interface PrescriptionScanContext {
  /** The photo being read (kept to read it again after a failure). */
  photo: Blob | null;
  preview: ScanPreview | null;
  cameraProblem: ScanCameraProblem | null;
  progress: { stage: ReadingStage; fraction: number } | null;
  reading: PrescriptionReading | null;
  failure: ScanFailure | null;
}

export type PrescriptionScanEvent =
  | { type: 'scan.open' }
  | { type: 'scan.useCamera' }
  | { type: 'scan.choosePhoto'; photo: Blob }
  | { type: 'scan.cameraReady'; preview: ScanPreview }
  | { type: 'scan.cameraFailed'; problem: ScanCameraProblem }
  | { type: 'scan.takePhoto' }
  | { type: 'scan.progress'; stage: ReadingStage; fraction: number }
  | { type: 'scan.read'; reading: PrescriptionReading }
  | { type: 'scan.readFailed'; failure: ScanFailure }
  /** Stops a reading under way: back to the choice of camera or photo. */
  | { type: 'scan.cancel' }
  /** After a failure: the same photo again; after nothing was found: another photo. */
  | { type: 'scan.retry' }
  | { type: 'scan.close' };

/** What the form hears from its scan. */
export interface ScanReadEvent {
  type: 'prescription.scanRead';
  reading: PrescriptionReading;
}

const cameraNotProvided = fromCallback<AnyEventObject>(({ sendBack }) => {
  sendBack({ type: 'scan.cameraFailed', problem: 'missing' } satisfies PrescriptionScanEvent);
});
const readerNotProvided = fromCallback<AnyEventObject, { photo: Blob }>(({ sendBack }) => {
  sendBack({ type: 'scan.readFailed', failure: 'readerUnavailable' } satisfies PrescriptionScanEvent);
});

const cleared = { photo: null, preview: null, cameraProblem: null, progress: null, reading: null, failure: null } satisfies PrescriptionScanContext;

export const prescriptionScanMachine = setup({
  types: {
    context: {} as PrescriptionScanContext,
    events: {} as PrescriptionScanEvent,
  },
  actors: {
    camera: cameraNotProvided,
    capturePhoto: fromPromise<Blob, { preview: ScanPreview | null }>(async () => {
      throw new Error('capturePhoto is not provided');
    }),
    readPhoto: readerNotProvided,
  },
  guards: {
    nothingFound: (_, params: { reading: PrescriptionReading }) => params.reading.nothingFound,
    hasPhoto: ({ context }) => context.photo !== null,
  },
  actions: {
    clear: assign(cleared),
    keepPhoto: assign((_, params: { photo: Blob }) => ({ photo: params.photo, failure: null, reading: null, progress: null })),
    keepPreview: assign((_, params: { preview: ScanPreview }) => ({ preview: params.preview })),
    forgetPreview: assign({ preview: null }),
    rememberCameraProblem: assign((_, params: { problem: ScanCameraProblem }) => ({ cameraProblem: params.problem })),
    startReading: assign({ progress: null, failure: null, reading: null }),
    keepProgress: assign((_, params: { stage: ReadingStage; fraction: number }) => ({ progress: { stage: params.stage, fraction: params.fraction } })),
    keepReading: assign((_, params: { reading: PrescriptionReading }) => ({ reading: params.reading, progress: null })),
    rememberFailure: assign((_, params: { failure: ScanFailure }) => ({ failure: params.failure, progress: null })),
    /** The form takes the reading (it asks before replacing what was typed). */
    answerForm: sendParent(({ context }) => ({ type: 'prescription.scanRead', reading: context.reading! }) satisfies ScanReadEvent),
  },
}).createMachine({
  id: 'prescriptionScan',
  context: cleared,
  initial: 'idle',
  states: {
    /** Nothing open: the "Scan your prescription" button. */
    idle: {
      entry: 'clear',
      on: { 'scan.open': 'choosing' },
    },
    /** The sheet is open: take a photo with the camera, or choose a photo file. */
    choosing: {
      on: {
        'scan.useCamera': 'camera',
        'scan.choosePhoto': { target: 'reading', actions: { type: 'keepPhoto', params: ({ event }) => ({ photo: event.photo }) } },
        'scan.close': 'idle',
      },
    },
    camera: {
      initial: 'starting',
      invoke: { id: 'camera', src: 'camera' },
      exit: 'forgetPreview',
      on: {
        'scan.cameraFailed': { target: 'cameraUnavailable', actions: { type: 'rememberCameraProblem', params: ({ event }) => ({ problem: event.problem }) } },
        'scan.choosePhoto': { target: 'reading', actions: { type: 'keepPhoto', params: ({ event }) => ({ photo: event.photo }) } },
        'scan.close': 'idle',
      },
      states: {
        /** Asking for the camera (the browser may ask the shopper). */
        starting: {
          on: { 'scan.cameraReady': { target: 'live', actions: { type: 'keepPreview', params: ({ event }) => ({ preview: event.preview }) } } },
        },
        /** The live picture and "Take photo". */
        live: {
          on: { 'scan.takePhoto': 'capturing' },
        },
        capturing: {
          invoke: {
            id: 'capturePhoto',
            src: 'capturePhoto',
            input: ({ context }) => ({ preview: context.preview }),
            onDone: { target: '#prescriptionScan.reading', actions: { type: 'keepPhoto', params: ({ event }) => ({ photo: event.output }) } },
            onError: { target: '#prescriptionScan.cameraUnavailable', actions: { type: 'rememberCameraProblem', params: { problem: 'failed' as const } } },
          },
        },
      },
    },
    /** The camera was refused, there is none, or it failed: a photo file instead (or the camera again). */
    cameraUnavailable: {
      on: {
        'scan.choosePhoto': { target: 'reading', actions: { type: 'keepPhoto', params: ({ event }) => ({ photo: event.photo }) } },
        'scan.useCamera': 'camera',
        'scan.close': 'idle',
      },
    },
    /** The reader loads (the first time) and reads the photo, with its progress; it can be stopped. */
    reading: {
      entry: 'startReading',
      invoke: { id: 'readPhoto', src: 'readPhoto', input: ({ context }) => ({ photo: context.photo! }) },
      on: {
        'scan.progress': { actions: { type: 'keepProgress', params: ({ event }) => ({ stage: event.stage, fraction: event.fraction }) } },
        'scan.read': [
          {
            guard: { type: 'nothingFound', params: ({ event }) => ({ reading: event.reading }) },
            target: 'nothingFound',
            actions: { type: 'keepReading', params: ({ event }) => ({ reading: event.reading }) },
          },
          { target: 'done', actions: { type: 'keepReading', params: ({ event }) => ({ reading: event.reading }) } },
        ],
        'scan.readFailed': { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ failure: event.failure }) } },
        'scan.cancel': 'choosing',
        'scan.close': 'idle',
      },
    },
    /** Read: the form has the values; the sheet says how many were filled and how many to check. */
    done: {
      entry: 'answerForm',
      on: { 'scan.close': 'idle' },
    },
    /** No prescription on the photo: nothing filled; another photo. */
    nothingFound: {
      on: { 'scan.retry': 'choosing', 'scan.close': 'idle' },
    },
    /** The reader could not load, or could not read the photo: said in words; try again. */
    failed: {
      on: {
        'scan.retry': { guard: 'hasPhoto', target: 'reading' },
        'scan.choosePhoto': { target: 'reading', actions: { type: 'keepPhoto', params: ({ event }) => ({ photo: event.photo }) } },
        'scan.close': 'idle',
      },
    },
  },
});

export type PrescriptionScanActor = ActorRefFrom<typeof prescriptionScanMachine>;
export type PrescriptionScanSnapshot = SnapshotFrom<typeof prescriptionScanMachine>;

/** The sheet is open (any state but idle). */
export const isScanOpen = (snapshot: PrescriptionScanSnapshot) => !snapshot.matches('idle');
