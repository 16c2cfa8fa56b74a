/**
 * tryOn — the virtual try-on page (spec §2 `/try-on-glasses`; eyewear notes "Try-on that works offline").
 *
 * The shopper picks a source (camera, or a photo when the camera is refused or missing), the face
 * models load once (with progress), then the frame follows the tracked face, or is placed by hand when
 * no face is found. Alongside, the shopper can compare two frames, take a snapshot and measure the
 * pupillary distance (from the irises, or calibrated with a bank card held to the face).
 *
 * Injected by the services (`src/services/try-on/try-on.actors.ts`); nothing here touches the browser:
 * - actor `startCamera`: () => MediaSize; rejects with a `CameraFailure` ({ problem }) when refused or missing
 * - actor `loadPhoto`: ({ file }) => MediaSize (the photo decoded, in the page's image)
 * - actor `loadModels`: callback; sends `tryOn.modelsProgress`, then `tryOn.modelsLoaded` or `tryOn.modelsFailed`
 * - actor `trackFace`: callback ({ source }); sends `tryOn.faceDetected` / `tryOn.faceMissing` per detection, `tryOn.trackingFailed`
 * - actor `takeSnapshot`: ({ frames }) => Snapshot (a PNG made in the browser, never uploaded)
 * - actor `measurePd`: (PdRequest) => PdMeasurement; rejects with a message when the result is implausible
 * - actor `holdCamera`: callback, runs as long as the machine; its end turns the camera off, so the
 *   camera goes with the machine when the page host stops it on leaving the page (ADR 009: stopping
 *   an actor runs no exit action, it stops its children)
 * - action `stopCamera`, action `releaseSnapshot` ({ url })
 * - delays `faceSearchTimeout`, `faceLostTimeout`
 */
import { assertEvent, assign, fromCallback, setup, type AnyEventObject } from 'xstate';
import { errorMessageOf, notProvidedActor } from '../shared/effects';

export interface ImagePoint {
  x: number;
  y: number;
}

export interface MediaSize {
  width: number;
  height: number;
}

/** What the face tracker reports for one detection, in source pixels. */
export interface TrackedFace {
  /** The shopper's right pupil (image left when facing the camera). */
  rightPupil: ImagePoint;
  leftPupil: ImagePoint;
  /** Iris diameters in pixels (the longest chord of each iris contour). */
  rightIrisPx: number;
  leftIrisPx: number;
  /** The head's turn in radians, positive when the nose points to the image's right (0 or absent: facing the camera). */
  yaw?: number;
}

/** Where a frame is drawn: its centre, its scale (pixels per millimetre) and its roll (radians). */
export interface FramePlacement {
  centerX: number;
  centerY: number;
  pxPerMm: number;
  roll: number;
  /** The head's turn (radians, as `TrackedFace.yaw`): the frame is drawn foreshortened, its far side narrower. */
  yaw?: number;
}

/** A frame (one colour of a catalog frame) with its try-on image and real width. */
export interface TryOnFrame {
  sku: string;
  parentSku: string;
  name: string;
  colour: string | null;
  /** Front view on a transparent background, spanning `widthMm` edge to edge. */
  imageUrl: string;
  widthMm: number;
  /** The size's label (S, M, L), when the frame comes in sizes. */
  size?: string | null;
  /** The product's URL key and suffix: its page and its lens wizard. */
  urlKey?: string | null;
  urlSuffix?: string | null;
  /** The variant's options as the product page and the lens wizard take them (attribute code → value index: `color`, `size`). */
  options?: Record<string, number>;
}

export type CameraProblem = 'denied' | 'missing' | 'failed';

/** How `startCamera` rejects: the reason the camera cannot be used. */
export interface CameraFailure {
  problem: CameraProblem;
  message: string;
}

export interface CardMarks {
  /** The card's left and right short edges, 85.6 mm apart. */
  leftEdge: ImagePoint;
  rightEdge: ImagePoint;
  rightPupil: ImagePoint;
  leftPupil: ImagePoint;
}

export type PdMethod = 'iris' | 'card';

export type PdRequest = { method: 'iris'; face: TrackedFace; irisMm: number | null } | { method: 'card'; marks: CardMarks; face: TrackedFace | null };

export interface PdMeasurement {
  method: PdMethod;
  /** Single PD in millimetres, 0.5 mm steps. */
  mm: number;
  /** With a card: the shopper's iris diameter, which then scales the frames more truly than 11.7 mm. */
  irisMm: number | null;
}

export interface Snapshot {
  /** An object URL of the PNG, made in the browser. */
  url: string;
  width: number;
  height: number;
  frameNames: string[];
}

export type ManualReason = 'chosen' | 'noFace' | 'modelsFailed' | 'trackingFailed';

export interface TryOnInput {
  /** A frame chosen before the page opened (`?sku=`), when already known. */
  frame?: TryOnFrame | null;
}

export interface TryOnContext {
  source: 'camera' | 'photo' | null;
  media: MediaSize | null;
  cameraProblem: CameraProblem | null;
  /** Model download progress, 0…1. */
  modelProgress: number;
  /** The compute backend the face models run on, once loaded. */
  backend: string | null;
  modelLoadMs: number | null;
  face: TrackedFace | null;
  /** Duration of the last detection, for the frames-per-second readout. */
  detectMs: number | null;
  frame: TryOnFrame | null;
  comparedFrame: TryOnFrame | null;
  manualPlacement: FramePlacement | null;
  manualReason: ManualReason | null;
  /** The shopper's iris diameter once calibrated with a card; null means the 11.7 mm average. */
  irisMm: number | null;
  /** The card marks being edited, seeded from the face. */
  cardMarks: CardMarks | null;
  pd: PdMeasurement | null;
  snapshot: Snapshot | null;
  error: string | null;
  /** The camera is shown as a mirror (a selfie camera's view); the shopper may turn this off. */
  mirrored: boolean;
}

/**
 * The page's picture elements, read by the effects when they need them (the page host hands the
 * page's getters to the composition root's registry, ADR 009): the camera's video, the photo, and
 * the canvases on screen (one, or two when comparing), left to right.
 */
export interface TryOnElements {
  video(): HTMLVideoElement | null;
  photo(): HTMLImageElement | null;
  canvases(): HTMLCanvasElement[];
}

export type TryOnEvent =
  | { type: 'tryOn.useCamera' }
  | { type: 'tryOn.choosePhoto'; file: Blob }
  | { type: 'tryOn.modelsProgress'; progress: number }
  | { type: 'tryOn.modelsLoaded'; backend: string; loadMs: number }
  | { type: 'tryOn.modelsFailed'; message: string }
  | { type: 'tryOn.faceDetected'; face: TrackedFace; detectMs: number }
  | { type: 'tryOn.faceMissing'; detectMs: number }
  | { type: 'tryOn.trackingFailed'; message: string }
  | { type: 'tryOn.selectFrame'; frame: TryOnFrame }
  | { type: 'tryOn.compareWith'; frame: TryOnFrame }
  | { type: 'tryOn.stopComparing' }
  | { type: 'tryOn.placeManually'; placement?: FramePlacement }
  | { type: 'tryOn.placeFrame'; placement: FramePlacement }
  | { type: 'tryOn.trackAgain' }
  | { type: 'tryOn.takeSnapshot' }
  | { type: 'tryOn.closeSnapshot' }
  | { type: 'tryOn.measurePd' }
  | { type: 'tryOn.calibrateWithCard' }
  | { type: 'tryOn.markCard'; marks: CardMarks }
  | { type: 'tryOn.confirmCard' }
  | { type: 'tryOn.closePd' }
  | { type: 'tryOn.retry' }
  | { type: 'tryOn.changeSource' }
  | { type: 'tryOn.setMirrored'; mirrored: boolean };

export type TryOnTag = 'busy' | 'frozen' | 'showsStage' | 'offersPhoto' | 'faceFound' | 'faceLost' | 'manual';

/** Until a face is first found, how long tracking keeps looking before offering to place the frame by hand. */
export const FACE_SEARCH_TIMEOUT_MS = 30_000;
/** How long a lost face may stay away before the frame is handed to the shopper to place. */
export const FACE_LOST_TIMEOUT_MS = 15_000;

const initialContext = (input: TryOnInput | undefined): TryOnContext => ({
  source: null,
  media: null,
  cameraProblem: null,
  modelProgress: 0,
  backend: null,
  modelLoadMs: null,
  face: null,
  detectMs: null,
  frame: input?.frame ?? null,
  comparedFrame: null,
  manualPlacement: null,
  manualReason: null,
  irisMm: null,
  cardMarks: null,
  pd: null,
  snapshot: null,
  error: null,
  mirrored: true,
});

/** Card marks to start from: the card edges a little outside the eyes, the pupils where the face has them. */
export function initialCardMarks(face: TrackedFace | null, media: MediaSize | null): CardMarks {
  const size = media ?? { width: 640, height: 480 };
  const rightPupil = face?.rightPupil ?? { x: size.width * 0.43, y: size.height * 0.42 };
  const leftPupil = face?.leftPupil ?? { x: size.width * 0.57, y: size.height * 0.42 };
  const eyeGap = Math.max(leftPupil.x - rightPupil.x, 20);
  // a card under the nose: about 1.4 PD wide, just below the eyes
  const y = Math.max(rightPupil.y, leftPupil.y) + eyeGap * 0.9;
  const centerX = (rightPupil.x + leftPupil.x) / 2;
  return { rightPupil, leftPupil, leftEdge: { x: centerX - eyeGap * 0.7, y }, rightEdge: { x: centerX + eyeGap * 0.7, y } };
}

function cameraProblemOf(error: unknown): CameraProblem {
  const problem = (error as Partial<CameraFailure> | null)?.problem;
  return problem === 'denied' || problem === 'missing' ? problem : 'failed';
}

export const tryOnMachine = setup({
  types: {
    context: {} as TryOnContext,
    input: {} as TryOnInput | undefined,
    events: {} as TryOnEvent,
    tags: {} as TryOnTag,
  },
  actors: {
    startCamera: notProvidedActor<MediaSize>('startCamera'),
    loadPhoto: notProvidedActor<MediaSize, { file: Blob }>('loadPhoto'),
    loadModels: fromCallback<AnyEventObject>(() => {
      throw new Error('loadModels is not provided');
    }),
    trackFace: fromCallback<AnyEventObject, { source: 'camera' | 'photo' }>(() => {
      throw new Error('trackFace is not provided');
    }),
    takeSnapshot: notProvidedActor<Snapshot, { frames: TryOnFrame[] }>('takeSnapshot'),
    measurePd: notProvidedActor<PdMeasurement, PdRequest>('measurePd'),
    holdCamera: fromCallback<AnyEventObject>(() => {
      throw new Error('holdCamera is not provided');
    }),
  },
  actions: {
    stopCamera: () => {},
    releaseSnapshot: (_, _params: { url: string }) => {},
    selectFrame: assign((_, params: { frame: TryOnFrame }) => ({ frame: params.frame })),
    setMirrored: assign((_, params: { mirrored: boolean }) => ({ mirrored: params.mirrored })),
    // --- the picture ---
    useCameraPicture: assign((_, params: { media: MediaSize }) => ({ media: params.media, source: 'camera' as const, cameraProblem: null, error: null })),
    rememberCameraProblem: assign((_, params: { error: unknown }) => ({ cameraProblem: cameraProblemOf(params.error), error: errorMessageOf(params.error) })),
    usePhoto: assign((_, params: { media: MediaSize }) => ({ media: params.media, source: 'photo' as const, error: null })),
    forgetSource: assign({ face: null, manualPlacement: null, manualReason: null, media: null, source: null }),
    // --- the face models ---
    startLoadingModels: assign({ modelProgress: 0, error: null }),
    trackModelProgress: assign((_, params: { progress: number }) => ({ modelProgress: Math.min(1, Math.max(0, params.progress)) })),
    rememberModels: assign((_, params: { backend: string; loadMs: number }) => ({ backend: params.backend, modelLoadMs: params.loadMs, modelProgress: 1 })),
    // --- placing the frame ---
    startTracking: assign({ manualPlacement: null, manualReason: null }),
    rememberFace: assign((_, params: { face: TrackedFace; detectMs: number }) => ({ face: params.face, detectMs: params.detectMs })),
    rememberDetectMs: assign((_, params: { detectMs: number }) => ({ detectMs: params.detectMs })),
    /** The shopper places the frame by hand, and the view says why. */
    placeByHand: assign((_, params: { reason: ManualReason; placement?: FramePlacement | null }) => ({
      manualReason: params.reason,
      manualPlacement: params.placement ?? null,
    })),
    placeFrame: assign((_, params: { placement: FramePlacement }) => ({ manualPlacement: params.placement })),
    compareWith: assign((_, params: { frame: TryOnFrame }) => ({ comparedFrame: params.frame })),
    stopComparing: assign({ comparedFrame: null }),
    // --- snapshot and PD ---
    showSnapshot: assign((_, params: { snapshot: Snapshot }) => ({ snapshot: params.snapshot, error: null })),
    forgetSnapshot: assign({ snapshot: null }),
    seedCardMarks: assign(({ context }) => ({ cardMarks: initialCardMarks(context.face, context.media) })),
    markCard: assign((_, params: { marks: CardMarks }) => ({ cardMarks: params.marks })),
    forgetCardMarks: assign({ cardMarks: null }),
    /** A card measurement also gives the shopper's iris diameter, kept for the frames' scale. */
    rememberPd: assign(({ context }, params: { pd: PdMeasurement }) => ({
      pd: params.pd,
      irisMm: params.pd.irisMm ?? context.irisMm,
      cardMarks: null,
      error: null,
    })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: errorMessageOf(params.error) })),
    rememberErrorMessage: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
  },
  guards: {
    modelsReady: ({ context }) => context.backend !== null,
    fromPhoto: ({ context }) => context.source === 'photo',
    hasFace: ({ context }) => context.face !== null,
  },
  delays: {
    faceSearchTimeout: FACE_SEARCH_TIMEOUT_MS,
    faceLostTimeout: FACE_LOST_TIMEOUT_MS,
  },
}).createMachine({
  id: 'tryOn',
  context: ({ input }) => initialContext(input),
  invoke: { src: 'holdCamera' },
  initial: 'choosingSource',
  on: {
    'tryOn.selectFrame': { actions: { type: 'selectFrame', params: ({ event }) => ({ frame: event.frame }) } },
    'tryOn.setMirrored': { actions: { type: 'setMirrored', params: ({ event }) => ({ mirrored: event.mirrored }) } },
  },
  states: {
    choosingSource: {
      tags: ['offersPhoto'],
      on: {
        'tryOn.useCamera': 'requestingCamera',
        'tryOn.choosePhoto': 'loadingPhoto',
      },
    },
    requestingCamera: {
      tags: ['busy'],
      invoke: {
        src: 'startCamera',
        onDone: { target: 'preparing', actions: { type: 'useCameraPicture', params: ({ event }) => ({ media: event.output }) } },
        onError: { target: 'cameraUnavailable', actions: { type: 'rememberCameraProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    cameraUnavailable: {
      tags: ['offersPhoto'],
      on: {
        'tryOn.useCamera': 'requestingCamera',
        'tryOn.choosePhoto': 'loadingPhoto',
      },
    },
    loadingPhoto: {
      tags: ['busy'],
      invoke: {
        src: 'loadPhoto',
        input: ({ event }) => {
          assertEvent(event, 'tryOn.choosePhoto');
          return { file: event.file };
        },
        onDone: { target: 'preparing', actions: { type: 'usePhoto', params: ({ event }) => ({ media: event.output }) } },
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    preparing: {
      always: [{ guard: 'modelsReady', target: 'trying' }, { target: 'loadingModels' }],
    },
    loadingModels: {
      tags: ['busy', 'showsStage'],
      entry: 'startLoadingModels',
      invoke: { src: 'loadModels' },
      on: {
        'tryOn.modelsProgress': { actions: { type: 'trackModelProgress', params: ({ event }) => ({ progress: event.progress }) } },
        'tryOn.modelsLoaded': {
          target: 'trying',
          actions: { type: 'rememberModels', params: ({ event }) => ({ backend: event.backend, loadMs: event.loadMs }) },
        },
        'tryOn.modelsFailed': { target: 'modelsFailed', actions: { type: 'rememberErrorMessage', params: ({ event }) => ({ message: event.message }) } },
      },
    },
    modelsFailed: {
      tags: ['showsStage'],
      on: {
        'tryOn.retry': 'loadingModels',
        'tryOn.placeManually': {
          target: '#tryOn.trying.placement.manual',
          actions: { type: 'placeByHand', params: ({ event }) => ({ reason: 'modelsFailed', placement: event.placement }) },
        },
      },
    },
    trying: {
      type: 'parallel',
      tags: ['showsStage'],
      on: {
        'tryOn.changeSource': { target: 'choosingSource', actions: ['stopCamera', 'forgetSource'] },
      },
      states: {
        placement: {
          initial: 'tracking',
          states: {
            tracking: {
              initial: 'searching',
              entry: 'startTracking',
              invoke: { src: 'trackFace', input: ({ context }) => ({ source: context.source ?? 'camera' }) },
              on: {
                'tryOn.faceDetected': {
                  target: '.found',
                  actions: { type: 'rememberFace', params: ({ event }) => ({ face: event.face, detectMs: event.detectMs }) },
                },
                'tryOn.trackingFailed': {
                  target: 'manual',
                  actions: [
                    { type: 'placeByHand', params: { reason: 'trackingFailed' } },
                    { type: 'rememberErrorMessage', params: ({ event }) => ({ message: event.message }) },
                  ],
                },
                'tryOn.placeManually': {
                  target: 'manual',
                  actions: { type: 'placeByHand', params: ({ event }) => ({ reason: 'chosen', placement: event.placement }) },
                },
              },
              states: {
                searching: {
                  after: { faceSearchTimeout: { target: '#tryOn.trying.placement.manual', actions: { type: 'placeByHand', params: { reason: 'noFace' } } } },
                  on: {
                    // a photo is looked at once: no face on it means placing the frame by hand
                    'tryOn.faceMissing': [
                      {
                        guard: 'fromPhoto',
                        target: '#tryOn.trying.placement.manual',
                        actions: [
                          { type: 'placeByHand', params: { reason: 'noFace' } },
                          { type: 'rememberDetectMs', params: ({ event }) => ({ detectMs: event.detectMs }) },
                        ],
                      },
                      { actions: { type: 'rememberDetectMs', params: ({ event }) => ({ detectMs: event.detectMs }) } },
                    ],
                  },
                },
                found: {
                  tags: ['faceFound'],
                  on: { 'tryOn.faceMissing': { target: 'lost', actions: { type: 'rememberDetectMs', params: ({ event }) => ({ detectMs: event.detectMs }) } } },
                },
                lost: {
                  tags: ['faceLost'],
                  after: { faceLostTimeout: { target: '#tryOn.trying.placement.manual', actions: { type: 'placeByHand', params: { reason: 'noFace' } } } },
                  on: { 'tryOn.faceMissing': { actions: { type: 'rememberDetectMs', params: ({ event }) => ({ detectMs: event.detectMs }) } } },
                },
              },
            },
            manual: {
              tags: ['manual'],
              on: {
                'tryOn.placeFrame': { actions: { type: 'placeFrame', params: ({ event }) => ({ placement: event.placement }) } },
                'tryOn.trackAgain': { guard: 'modelsReady', target: 'tracking' },
              },
            },
          },
        },
        view: {
          initial: 'single',
          states: {
            single: {
              on: { 'tryOn.compareWith': { target: 'comparing', actions: { type: 'compareWith', params: ({ event }) => ({ frame: event.frame }) } } },
            },
            comparing: {
              on: {
                'tryOn.compareWith': { actions: { type: 'compareWith', params: ({ event }) => ({ frame: event.frame }) } },
                'tryOn.stopComparing': { target: 'single', actions: 'stopComparing' },
              },
            },
          },
        },
        panel: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'tryOn.takeSnapshot': 'takingSnapshot',
                'tryOn.measurePd': { guard: 'hasFace', target: 'measuringPd' },
                'tryOn.calibrateWithCard': 'markingCard',
              },
            },
            takingSnapshot: {
              tags: ['busy'],
              invoke: {
                src: 'takeSnapshot',
                input: ({ context }) => ({ frames: [context.frame, context.comparedFrame].filter((f): f is TryOnFrame => f !== null) }),
                onDone: { target: 'snapshotShown', actions: { type: 'showSnapshot', params: ({ event }) => ({ snapshot: event.output }) } },
                onError: { target: 'idle', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            snapshotShown: {
              exit: [{ type: 'releaseSnapshot', params: ({ context }) => ({ url: context.snapshot?.url ?? '' }) }, 'forgetSnapshot'],
              on: {
                'tryOn.closeSnapshot': 'idle',
                'tryOn.takeSnapshot': 'takingSnapshot',
                'tryOn.measurePd': { guard: 'hasFace', target: 'measuringPd' },
                'tryOn.calibrateWithCard': 'markingCard',
              },
            },
            markingCard: {
              tags: ['frozen'],
              entry: 'seedCardMarks',
              on: {
                'tryOn.markCard': { actions: { type: 'markCard', params: ({ event }) => ({ marks: event.marks }) } },
                'tryOn.confirmCard': 'measuringPd',
                'tryOn.closePd': { target: 'idle', actions: 'forgetCardMarks' },
              },
            },
            measuringPd: {
              tags: ['busy'],
              invoke: {
                src: 'measurePd',
                input: ({ context }): PdRequest =>
                  context.cardMarks
                    ? { method: 'card', marks: context.cardMarks, face: context.face }
                    : { method: 'iris', face: context.face!, irisMm: context.irisMm },
                onDone: { target: 'pdShown', actions: { type: 'rememberPd', params: ({ event }) => ({ pd: event.output }) } },
                onError: { target: 'pdFailed', actions: [{ type: 'rememberError', params: ({ event }) => ({ error: event.error }) }, 'forgetCardMarks'] },
              },
            },
            pdShown: {
              on: {
                'tryOn.closePd': 'idle',
                'tryOn.measurePd': { guard: 'hasFace', target: 'measuringPd' },
                'tryOn.calibrateWithCard': 'markingCard',
                'tryOn.takeSnapshot': 'takingSnapshot',
              },
            },
            pdFailed: {
              on: {
                'tryOn.closePd': { target: 'idle', actions: 'clearError' },
                'tryOn.measurePd': { guard: 'hasFace', target: 'measuringPd' },
                'tryOn.calibrateWithCard': 'markingCard',
              },
            },
          },
        },
      },
    },
    failed: {
      on: {
        'tryOn.retry': { target: 'choosingSource', actions: 'clearError' },
        'tryOn.choosePhoto': 'loadingPhoto',
        'tryOn.useCamera': 'requestingCamera',
      },
    },
  },
});
