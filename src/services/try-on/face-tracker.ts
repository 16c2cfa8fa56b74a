/**
 * Face tracking for try-on, around @vladmandic/human (face detector + face mesh + iris). The library,
 * its three models and TensorFlow.js's WebAssembly binaries are served by the shop under a
 * content-hashed folder (scripts/vite-try-on-assets.ts) and imported by URL at run time, so they
 * never enter a JS chunk and load only on the try-on page. Nothing leaves the browser: detection
 * runs on the page's own video or photo.
 */
import type { Config, FaceResult, Human } from '@vladmandic/human';
import { TRY_ON_ASSET_BASE, TRY_ON_STEP_BYTES } from 'virtual:try-on-assets';
import type { ImagePoint, TrackedFace } from '../../machines/try-on/try-on.machine';
import { irisDiameterPx } from './try-on-geometry';
import { ShopFailure } from '../../machines/shared/shop-failure';

export { TRY_ON_ASSET_BASE };

export type TrackerBackend = 'humangl' | 'wasm' | 'cpu';

export type TrackerInput = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement;

export interface FaceTracker {
  backend: TrackerBackend;
  loadMs: number;
  detect(input: TrackerInput): Promise<TrackedFace | null>;
}

/**
 * Download weights of each loading step, in bytes as served (the library gzipped, the models as is),
 * so the progress bar moves in proportion to what is actually downloaded.
 */
const STEPS = (['library', 'blazeface', 'facemesh', 'iris'] as const).map((name) => ({ name, bytes: TRY_ON_STEP_BYTES[name] }));

/** Progress (0…1) once the steps before `stepIndex` are done. */
export function progressAfter(stepIndex: number): number {
  const total = STEPS.reduce((sum, s) => sum + s.bytes, 0);
  const done = STEPS.slice(0, stepIndex + 1).reduce((sum, s) => sum + s.bytes, 0);
  return done / total;
}

/**
 * WebGL on a real GPU is fastest; a software WebGL (SwiftShader, llvmpipe: headless or GPU-less
 * machines) is far slower than WebAssembly, so those get 'wasm' (about 30 ms a detection with SIMD
 * on a 2-core machine, against 800 ms on TensorFlow's plain JavaScript CPU backend). The plain 'cpu'
 * backend is left for a browser without WebAssembly.
 */
export function chooseBackend(renderer: string | null, hasWebAssembly = typeof WebAssembly === 'object'): TrackerBackend {
  const softwareOnly = renderer === null || /swiftshader|llvmpipe|software|softpipe/i.test(renderer);
  if (!softwareOnly) return 'humangl';
  return hasWebAssembly ? 'wasm' : 'cpu';
}

/** The WebAssembly binaries by file name (tfjs picks SIMD, and threads only where the page is cross-origin isolated). */
export function wasmPaths(assetBase = TRY_ON_ASSET_BASE): string {
  return `${assetBase}wasm/`;
}

/** The WebGL 2 renderer's name, or null without WebGL 2. */
export function webglRenderer(): string | null {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return null;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return String(name);
}

export const TRACKING_CACHE_SENSITIVITY = 10;

/** Human's configuration: one face, mesh and iris only, everything else off; models from the shop. */
export function trackerConfig(backend: TrackerBackend, assetBase = TRY_ON_ASSET_BASE): Partial<Config> {
  return {
    backend,
    modelBasePath: `${assetBase}models/`,
    wasmPath: wasmPaths(assetBase),
    // the binaries come from the shop, never from a CDN; fetch, not the platform's own loader
    wasmPlatformFetch: false,
    debug: false,
    // the models stay in the HTTP cache; IndexedDB copies would outlive a library upgrade under the same names
    cacheModels: false,
    warmup: 'none',
    filter: { enabled: false },
    // As MediaPipe does: once the mesh has found the face, its box follows the face from one picture
    // to the next and the face detector runs again only every 2.5 s (Human's skipTime) or when the
    // face is lost. Human allows that skip when a picture differs from the last by less than this
    // (mean squared difference per channel / 255): 10 lets head moves through, not a change of scene.
    cacheSensitivity: TRACKING_CACHE_SENSITIVITY,
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 1, minConfidence: 0.3 },
      mesh: { enabled: false },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

/** Human's points are [x, y] or [x, y, z]. */
const toPoint = (p: readonly (number | undefined)[]): ImagePoint => ({ x: p[0] ?? Number.NaN, y: p[1] ?? Number.NaN });

/**
 * The pupils, iris sizes and head turn (yaw) of a Human face result. Human's iris annotations are five points: the
 * centre, then four on the iris edge; `rightEyeIris` is the person's right eye (image left).
 */
export function trackedFaceOf(face: Pick<FaceResult, 'annotations'> & Partial<Pick<FaceResult, 'rotation'>>): TrackedFace | null {
  const right = face.annotations.rightEyeIris;
  const left = face.annotations.leftEyeIris;
  if (!right || !left || right.length < 5 || left.length < 5) return null;
  const tracked: TrackedFace = {
    rightPupil: toPoint(right[0]!),
    leftPupil: toPoint(left[0]!),
    rightIrisPx: irisDiameterPx(right.slice(1).map((p) => toPoint(p))),
    leftIrisPx: irisDiameterPx(left.slice(1).map((p) => toPoint(p))),
  };
  // Human's yaw (from the face mesh) is negative when the nose points to the image's right: ours is the reverse
  const yaw = face.rotation?.angle.yaw;
  if (typeof yaw === 'number' && Number.isFinite(yaw)) tracked.yaw = -yaw;
  const finite = [tracked.rightPupil.x, tracked.rightPupil.y, tracked.leftPupil.x, tracked.leftPupil.y].every(Number.isFinite);
  return finite && (tracked.rightIrisPx > 0 || tracked.leftIrisPx > 0) ? tracked : null;
}

/**
 * Imports Human from the shop's assets and loads the face detector, then the mesh, then the iris
 * model, reporting progress after each step.
 */
export async function loadFaceTracker(options: { onProgress(progress: number): void; assetBase?: string; backend?: TrackerBackend }): Promise<FaceTracker> {
  const assetBase = options.assetBase ?? TRY_ON_ASSET_BASE;
  const started = performance.now();
  const module = (await import(/* @vite-ignore */ `${assetBase}human.esm.js`)) as { Human: new (config?: Partial<Config>) => Human };
  options.onProgress(progressAfter(0));
  const backend = options.backend ?? chooseBackend(webglRenderer());
  const human = new module.Human(trackerConfig(backend, assetBase));
  await human.load();
  options.onProgress(progressAfter(1));
  await human.load({ face: { mesh: { enabled: true } } });
  options.onProgress(progressAfter(2));
  await human.load({ face: { iris: { enabled: true } } });
  options.onProgress(progressAfter(3));
  const missing = ['blazeface', 'facemesh', 'iris'].filter((name) => !human.models.loaded().includes(name));
  if (missing.length > 0) throw new ShopFailure('faceTracking', { missing: missing.join(', ') });
  const loadMs = Math.round(performance.now() - started);
  return {
    backend,
    loadMs,
    async detect(input) {
      // a photo is looked at afresh: the face detector always runs (a new photo may look like the last one)
      const result = await human.detect(input, { cacheSensitivity: input instanceof HTMLVideoElement ? TRACKING_CACHE_SENSITIVITY : 0 });
      const face = result.face[0];
      return face ? trackedFaceOf(face) : null;
    },
  };
}
