/**
 * The try-on machine's effects, for `tryOnMachine.provide(createTryOnEffects(...))`: camera, photo,
 * model loading with progress, the detector loop, snapshots and the PD maths.
 */
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { MediaSize, PdMeasurement, PdRequest, Snapshot, TryOnElements, TryOnEvent, TryOnFrame } from '../../machines/try-on/try-on.machine';
import { loadFaceTracker, type FaceTracker, type TrackerInput } from './face-tracker';
import { measurePupillaryDistance } from './try-on-geometry';
import { loadPhoto, snapshotOf, startCamera, stopCamera } from './try-on-media';
import { ShopFailure } from '../../machines/shared/shop-failure';

export interface TryOnEffectOptions {
  /** Loads the tracker; the real one imports Human from `/try-on/`. */
  loadTracker?: (onProgress: (progress: number) => void) => Promise<FaceTracker>;
  /** Reports model load time and detection speed (the page logs them). */
  onMeasure?: (measure: { backend: string; loadMs: number } | { detectMs: number }) => void;
}

/** A detection slower than this is followed by a pause, so the page stays responsive. */
export const SLOW_DETECTION_MS = 250;

// One tracker per page load: the models stay in memory when the shopper leaves the page and comes back.
let sharedTracker: Promise<FaceTracker> | null = null;

/**
 * Counts the pictures a video shows (`requestVideoFrameCallback`), so the tracking looks at each
 * camera picture once: `after(seen)` resolves at once (after yielding to the page) when a picture
 * newer than `seen` has arrived, else with the next one. Without the callback: every animation frame.
 */
function watchPictures(video: HTMLVideoElement, stopped: () => boolean) {
  let count = 0;
  let waiting: (() => void) | null = null;
  const supported = 'requestVideoFrameCallback' in video;
  const onPicture = () => {
    count++;
    waiting?.();
    waiting = null;
    if (!stopped()) video.requestVideoFrameCallback(onPicture);
  };
  if (supported) video.requestVideoFrameCallback(onPicture);
  return {
    count: () => count,
    after: (seen: number) =>
      new Promise<void>((next) => {
        if (!supported) requestAnimationFrame(() => next());
        else if (count !== seen) setTimeout(next, 0);
        else waiting = next;
      }),
  };
}

function element<T>(get: () => T | null, what: string): T {
  const found = get();
  if (!found) throw new Error(`The try-on ${what} is not on the page.`);
  return found;
}

export function createTryOnEffects(elements: TryOnElements, options: TryOnEffectOptions = {}) {
  const loadTracker = options.loadTracker ?? ((onProgress) => loadFaceTracker({ onProgress }));
  let tracker: FaceTracker | null = null;
  // The camera's stream once started: turned off even when its video has already left the page.
  let camera: MediaStream | null = null;
  const turnCameraOff = () => {
    for (const track of camera?.getTracks() ?? []) track.stop();
    camera = null;
    stopCamera(elements.video());
  };

  return {
    actors: {
      startCamera: fromPromise<MediaSize, void>(async ({ signal }) => {
        const video = element(elements.video, 'video');
        const size = await startCamera(video);
        camera = video.srcObject instanceof MediaStream ? video.srcObject : null;
        // the machine stopped while the shopper was still answering the browser's question
        if (signal.aborted) turnCameraOff();
        return size;
      }),
      holdCamera: fromCallback<AnyEventObject>(() => turnCameraOff),
      loadPhoto: fromPromise<MediaSize, { file: Blob }>(({ input }) => loadPhoto(element(elements.photo, 'photo'), input.file)),
      loadModels: fromCallback<AnyEventObject>(({ sendBack }) => {
        let cancelled = false;
        const send = (event: TryOnEvent) => {
          if (!cancelled) sendBack(event);
        };
        sharedTracker ??= loadTracker((progress) => send({ type: 'tryOn.modelsProgress', progress }));
        sharedTracker.then(
          (loaded) => {
            tracker = loaded;
            options.onMeasure?.({ backend: loaded.backend, loadMs: loaded.loadMs });
            send({ type: 'tryOn.modelsLoaded', backend: loaded.backend, loadMs: loaded.loadMs });
          },
          (error: unknown) => {
            sharedTracker = null;
            // The shopper reads the shop's words; the cause's own text stays in the machine for the log.
            const detail = error instanceof Error ? error.message : String(error);
            send({ type: 'tryOn.modelsFailed', message: new ShopFailure('faceTracking', { detail }).message });
          },
        );
        return () => {
          cancelled = true;
        };
      }),
      trackFace: fromCallback<AnyEventObject, { source: 'camera' | 'photo' }>(({ sendBack, input }) => {
        let stopped = false;
        const source = (): TrackerInput => (input.source === 'photo' ? element(elements.photo, 'photo') : element(elements.video, 'video'));
        const detectOnce = async () => {
          if (!tracker) throw new ShopFailure('faceTracking');
          const started = performance.now();
          const face = await tracker.detect(source());
          const detectMs = Math.round(performance.now() - started);
          options.onMeasure?.({ detectMs });
          if (!stopped) sendBack(face ? { type: 'tryOn.faceDetected', face, detectMs } : { type: 'tryOn.faceMissing', detectMs });
          return detectMs;
        };
        const pictures = input.source === 'camera' ? watchPictures(element(elements.video, 'video'), () => stopped) : null;
        const loop = async () => {
          try {
            do {
              const seen = pictures?.count() ?? 0;
              const detectMs = await detectOnce();
              // a photo is looked at once; a video again as soon as it shows a new picture. A slow
              // detection (the plain CPU backend: most of a second) holds the main thread for long:
              // pausing half as long after it keeps the page responsive. On WebAssembly it runs on.
              if (input.source === 'photo') return;
              if (detectMs > SLOW_DETECTION_MS) await new Promise((next) => setTimeout(next, Math.min(detectMs / 2, 500)));
              await (pictures ? pictures.after(seen) : new Promise((next) => requestAnimationFrame(next)));
            } while (!stopped);
          } catch (error) {
            if (!stopped)
              sendBack({ type: 'tryOn.trackingFailed', message: `The face tracking stopped: ${error instanceof Error ? error.message : String(error)}` });
          }
        };
        void loop();
        return () => {
          stopped = true;
        };
      }),
      takeSnapshot: fromPromise<Snapshot, { frames: TryOnFrame[] }>(async ({ input }) => ({
        ...(await snapshotOf(elements.canvases())),
        frameNames: input.frames.map((f) => f.name),
      })),
      measurePd: fromPromise<PdMeasurement, PdRequest>(async ({ input }) => measurePupillaryDistance(input)),
    },
    actions: {
      stopCamera: turnCameraOff,
      releaseSnapshot: (_: unknown, params: { url: string }) => {
        if (params.url) URL.revokeObjectURL(params.url);
      },
    },
  };
}
