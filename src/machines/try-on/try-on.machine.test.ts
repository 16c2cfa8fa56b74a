import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type AnyEventObject } from 'xstate';
import {
  FACE_LOST_TIMEOUT_MS,
  FACE_SEARCH_TIMEOUT_MS,
  initialCardMarks,
  tryOnMachine,
  type CameraFailure,
  type MediaSize,
  type PdMeasurement,
  type PdRequest,
  type TrackedFace,
  type TryOnFrame,
} from './try-on.machine';
import { isMirroredView } from './mirrored-view';

const FACE: TrackedFace = { rightPupil: { x: 353, y: 227 }, leftPupil: { x: 457, y: 227 }, rightIrisPx: 16, leftIrisPx: 19 };
const AURORA: TryOnFrame = { sku: 'LN1001-BLK-M', parentSku: 'LN1001', name: 'Aurora Cat-Eye', colour: 'Black', imageUrl: '/media/a.png', widthMm: 120 };
const MILO: TryOnFrame = { sku: 'LN1002-TRT-M', parentSku: 'LN1002', name: 'Milo Round', colour: 'Tortoise', imageUrl: '/media/m.png', widthMm: 133 };

interface Fakes {
  camera?: () => Promise<MediaSize>;
  models?: 'loads' | 'fails' | 'hangs';
  measurePd?: (args: { input: PdRequest }) => Promise<PdMeasurement>;
}

/** The machine with fake effects: the test plays the detector by sending its events to the actor. */
function start(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const stopCamera = vi.fn();
  const releaseSnapshot = vi.fn();
  const trackFace = vi.fn();
  const loadPhoto = vi.fn(async () => ({ width: 1024, height: 768 }));
  const cameraReleased = vi.fn();
  const machine = tryOnMachine.provide({
    actors: {
      startCamera: fromPromise(fakes.camera ?? (async () => ({ width: 640, height: 480 }))),
      loadPhoto: fromPromise(loadPhoto),
      loadModels: fromCallback<AnyEventObject>(({ sendBack }) => {
        if (fakes.models === 'hangs') return;
        sendBack({ type: 'tryOn.modelsProgress', progress: 0.5 });
        if (fakes.models === 'fails') sendBack({ type: 'tryOn.modelsFailed', message: 'The face models could not be downloaded.' });
        else sendBack({ type: 'tryOn.modelsLoaded', backend: 'cpu', loadMs: 1200 });
      }),
      trackFace: fromCallback<AnyEventObject, { source: 'camera' | 'photo' }>(({ input }) => {
        trackFace(input.source);
      }),
      takeSnapshot: fromPromise(async ({ input }: { input: { frames: TryOnFrame[] } }) => ({
        url: 'blob:snap',
        width: 640,
        height: 480,
        frameNames: input.frames.map((f) => f.name),
      })),
      measurePd: fromPromise(
        fakes.measurePd ?? (async ({ input }: { input: PdRequest }) => ({ method: input.method, mm: 63.5, irisMm: input.method === 'card' ? 12 : null })),
      ),
      holdCamera: fromCallback<AnyEventObject>(() => cameraReleased),
    },
    actions: { stopCamera, releaseSnapshot: (_, params) => releaseSnapshot(params) },
  });
  const actor = createActor(machine, { clock, input: { frame: AURORA } }).start();
  return { actor, clock, stopCamera, releaseSnapshot, trackFace, loadPhoto, cameraReleased };
}

async function tracking(fakes: Fakes = {}) {
  const started = start(fakes);
  started.actor.send({ type: 'tryOn.useCamera' });
  await waitFor(started.actor, (s) => s.matches({ trying: { placement: 'tracking' } }));
  return started;
}

describe('tryOn machine (spec §2 /try-on-glasses, eyewear notes "Try-on that works offline")', () => {
  it('starts by asking for a source, with the frame chosen before the page opened', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('choosingSource');
    expect(actor.getSnapshot().hasTag('offersPhoto')).toBe(true);
    expect(actor.getSnapshot().context.frame).toEqual(AURORA);
  });

  it('ADR 009: the camera is held while the machine runs and turned off when it is stopped (its page left), whatever state it is in', async () => {
    const { actor, cameraReleased } = await tracking();
    expect(actor.getSnapshot().matches({ trying: { placement: 'tracking' } })).toBe(true);
    expect(cameraReleased).not.toHaveBeenCalled();
    actor.stop();
    expect(cameraReleased).toHaveBeenCalledTimes(1);
  });

  it('camera granted: requests it, loads the models with progress, then tracks the face from the camera', async () => {
    const { actor, trackFace } = start({ models: 'hangs' });
    actor.send({ type: 'tryOn.useCamera' });
    expect(actor.getSnapshot().value).toBe('requestingCamera');
    await waitFor(actor, (s) => s.matches('loadingModels'));
    expect(actor.getSnapshot().context).toMatchObject({ source: 'camera', media: { width: 640, height: 480 }, modelProgress: 0 });
    actor.send({ type: 'tryOn.modelsProgress', progress: 0.4 });
    expect(actor.getSnapshot().context.modelProgress).toBe(0.4);
    actor.send({ type: 'tryOn.modelsLoaded', backend: 'humangl', loadMs: 900 });
    expect(actor.getSnapshot().matches({ trying: { placement: { tracking: 'searching' }, view: 'single', panel: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ backend: 'humangl', modelLoadMs: 900, modelProgress: 1 });
    expect(trackFace).toHaveBeenCalledWith('camera');
  });

  it.each([
    ['denied', { problem: 'denied', message: 'Permission denied' }],
    ['missing', { problem: 'missing', message: 'Requested device not found' }],
    ['failed', new Error('Could not start video source')],
  ] as const)('camera %s: offers a photo upload instead', async (problem, failure: CameraFailure | Error) => {
    const { actor } = start({ camera: async () => Promise.reject(failure) });
    actor.send({ type: 'tryOn.useCamera' });
    await waitFor(actor, (s) => s.matches('cameraUnavailable'));
    expect(actor.getSnapshot().context.cameraProblem).toBe(problem);
    expect(actor.getSnapshot().hasTag('offersPhoto')).toBe(true);
    actor.send({ type: 'tryOn.choosePhoto', file: new Blob(['x'], { type: 'image/jpeg' }) });
    await waitFor(actor, (s) => s.matches('trying'));
    expect(actor.getSnapshot().context).toMatchObject({ source: 'photo', media: { width: 1024, height: 768 } });
  });

  it('eyewear notes "virtual try-on" (live webcam): the camera is shown mirrored like a selfie, a photo as taken, and mirroring can be turned off', async () => {
    const { actor } = await tracking();
    expect(actor.getSnapshot().context.mirrored).toBe(true);
    expect(isMirroredView(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'tryOn.setMirrored', mirrored: false });
    expect(isMirroredView(actor.getSnapshot().context)).toBe(false);
    // Turning the mirror off or on changes the view only: tracking goes on.
    expect(actor.getSnapshot().matches({ trying: { placement: 'tracking' } })).toBe(true);
    actor.send({ type: 'tryOn.setMirrored', mirrored: true });
    expect(isMirroredView(actor.getSnapshot().context)).toBe(true);
    expect(isMirroredView({ source: 'photo', mirrored: true })).toBe(false);
  });

  it('an unreadable photo is a clear error, and the shopper can start again', async () => {
    const { actor, loadPhoto } = start();
    loadPhoto.mockRejectedValueOnce(new Error('This file is not a picture that can be opened (use a JPEG, PNG or WebP photo).'));
    actor.send({ type: 'tryOn.choosePhoto', file: new Blob(['%PDF']) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toMatch(/not a picture/);
    actor.send({ type: 'tryOn.retry' });
    expect(actor.getSnapshot().value).toBe('choosingSource');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('face found, lost and found again; the face lost for too long hands the frame to the shopper', async () => {
    const { actor, clock } = await tracking();
    actor.send({ type: 'tryOn.faceDetected', face: FACE, detectMs: 80 });
    expect(actor.getSnapshot().hasTag('faceFound')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ face: FACE, detectMs: 80 });
    actor.send({ type: 'tryOn.faceMissing', detectMs: 70 });
    expect(actor.getSnapshot().hasTag('faceLost')).toBe(true);
    clock.increment(FACE_LOST_TIMEOUT_MS - 1);
    actor.send({ type: 'tryOn.faceDetected', face: FACE, detectMs: 75 });
    expect(actor.getSnapshot().hasTag('faceFound')).toBe(true);
    actor.send({ type: 'tryOn.faceMissing', detectMs: 70 });
    clock.increment(FACE_LOST_TIMEOUT_MS);
    expect(actor.getSnapshot().matches({ trying: { placement: 'manual' } })).toBe(true);
    expect(actor.getSnapshot().context.manualReason).toBe('noFace');
  });

  it('no face found in time: manual placement, then tracking again on request', async () => {
    const { actor, clock, trackFace } = await tracking();
    actor.send({ type: 'tryOn.faceMissing', detectMs: 90 });
    expect(actor.getSnapshot().matches({ trying: { placement: { tracking: 'searching' } } })).toBe(true);
    clock.increment(FACE_SEARCH_TIMEOUT_MS);
    expect(actor.getSnapshot().hasTag('manual')).toBe(true);
    expect(actor.getSnapshot().context.manualReason).toBe('noFace');
    actor.send({ type: 'tryOn.trackAgain' });
    expect(actor.getSnapshot().matches({ trying: { placement: { tracking: 'searching' } } })).toBe(true);
    expect(trackFace).toHaveBeenCalledTimes(2);
  });

  it('a photo without a face goes straight to manual placement', async () => {
    const { actor } = start();
    actor.send({ type: 'tryOn.choosePhoto', file: new Blob(['x'], { type: 'image/png' }) });
    await waitFor(actor, (s) => s.matches('trying'));
    actor.send({ type: 'tryOn.faceMissing', detectMs: 300 });
    expect(actor.getSnapshot().hasTag('manual')).toBe(true);
  });

  it('manual placement keeps what the shopper moved, scaled and rotated', async () => {
    const { actor } = await tracking();
    const start = { centerX: 320, centerY: 200, pxPerMm: 1.5, roll: 0 };
    actor.send({ type: 'tryOn.placeManually', placement: start });
    expect(actor.getSnapshot().context).toMatchObject({ manualReason: 'chosen', manualPlacement: start });
    const moved = { centerX: 330, centerY: 190, pxPerMm: 1.65, roll: 0.05 };
    actor.send({ type: 'tryOn.placeFrame', placement: moved });
    expect(actor.getSnapshot().context.manualPlacement).toEqual(moved);
    actor.send({ type: 'tryOn.trackAgain' });
    expect(actor.getSnapshot().context.manualPlacement).toBeNull();
  });

  it('a tracking failure (the detector crashed) falls back to manual placement with its message', async () => {
    const { actor } = await tracking();
    actor.send({ type: 'tryOn.trackingFailed', message: 'The face tracker stopped.' });
    expect(actor.getSnapshot().context).toMatchObject({ manualReason: 'trackingFailed', error: 'The face tracker stopped.' });
  });

  it('models that fail to load offer a retry or manual placement', async () => {
    const { actor } = start({ models: 'fails' });
    actor.send({ type: 'tryOn.useCamera' });
    await waitFor(actor, (s) => s.matches('modelsFailed'));
    expect(actor.getSnapshot().context.error).toMatch(/could not be downloaded/);
    actor.send({ type: 'tryOn.placeManually' });
    expect(actor.getSnapshot().matches({ trying: { placement: 'manual' } })).toBe(true);
    expect(actor.getSnapshot().context.manualReason).toBe('modelsFailed');
    // without models there is nothing to track with
    actor.send({ type: 'tryOn.trackAgain' });
    expect(actor.getSnapshot().hasTag('manual')).toBe(true);
  });

  it('models load once: changing source later skips loading', async () => {
    const { actor, stopCamera } = await tracking();
    actor.send({ type: 'tryOn.changeSource' });
    expect(stopCamera).toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('choosingSource');
    actor.send({ type: 'tryOn.choosePhoto', file: new Blob(['x'], { type: 'image/png' }) });
    await waitFor(actor, (s) => s.matches('trying'));
    expect(actor.getSnapshot().context.source).toBe('photo');
  });

  it('switches frames live and compares two side by side', async () => {
    const { actor } = await tracking();
    actor.send({ type: 'tryOn.selectFrame', frame: MILO });
    expect(actor.getSnapshot().context.frame).toEqual(MILO);
    actor.send({ type: 'tryOn.compareWith', frame: AURORA });
    expect(actor.getSnapshot().matches({ trying: { view: 'comparing' } })).toBe(true);
    expect(actor.getSnapshot().context.comparedFrame).toEqual(AURORA);
    actor.send({ type: 'tryOn.stopComparing' });
    expect(actor.getSnapshot().matches({ trying: { view: 'single' } })).toBe(true);
    expect(actor.getSnapshot().context.comparedFrame).toBeNull();
  });

  it('takes a snapshot of the compared frames, and releases its URL when closed', async () => {
    const { actor, releaseSnapshot } = await tracking();
    actor.send({ type: 'tryOn.compareWith', frame: MILO });
    actor.send({ type: 'tryOn.takeSnapshot' });
    await waitFor(actor, (s) => s.matches({ trying: { panel: 'snapshotShown' } }));
    expect(actor.getSnapshot().context.snapshot).toEqual({ url: 'blob:snap', width: 640, height: 480, frameNames: ['Aurora Cat-Eye', 'Milo Round'] });
    actor.send({ type: 'tryOn.closeSnapshot' });
    expect(releaseSnapshot).toHaveBeenCalledWith({ url: 'blob:snap' });
    expect(actor.getSnapshot().context.snapshot).toBeNull();
  });

  it('PD from the irises needs a face, and shows the measurement', async () => {
    const { actor } = await tracking();
    actor.send({ type: 'tryOn.measurePd' });
    expect(actor.getSnapshot().matches({ trying: { panel: 'idle' } })).toBe(true);
    actor.send({ type: 'tryOn.faceDetected', face: FACE, detectMs: 60 });
    actor.send({ type: 'tryOn.measurePd' });
    await waitFor(actor, (s) => s.matches({ trying: { panel: 'pdShown' } }));
    expect(actor.getSnapshot().context.pd).toEqual({ method: 'iris', mm: 63.5, irisMm: null });
  });

  it('PD with a bank card: marks seeded from the face on a frozen picture, then the card calibrates the iris size', async () => {
    const measurePd = vi.fn(async ({ input }: { input: PdRequest }) => ({ method: input.method, mm: 64, irisMm: 12.1 }));
    const { actor } = await tracking({ measurePd });
    actor.send({ type: 'tryOn.faceDetected', face: FACE, detectMs: 60 });
    actor.send({ type: 'tryOn.calibrateWithCard' });
    expect(actor.getSnapshot().hasTag('frozen')).toBe(true);
    const seeded = actor.getSnapshot().context.cardMarks!;
    expect(seeded.rightPupil).toEqual(FACE.rightPupil);
    const marks = { ...seeded, leftEdge: { x: 300, y: 330 }, rightEdge: { x: 510, y: 332 } };
    actor.send({ type: 'tryOn.markCard', marks });
    actor.send({ type: 'tryOn.confirmCard' });
    await waitFor(actor, (s) => s.matches({ trying: { panel: 'pdShown' } }));
    expect(measurePd.mock.calls[0]![0].input).toEqual({ method: 'card', marks, face: FACE });
    expect(actor.getSnapshot().context).toMatchObject({ pd: { method: 'card', mm: 64 }, irisMm: 12.1, cardMarks: null });
    // the next iris measurement uses the calibrated iris size
    actor.send({ type: 'tryOn.measurePd' });
    await waitFor(actor, (s) => s.matches({ trying: { panel: 'pdShown' } }) && measurePd.mock.calls.length === 2);
    expect(measurePd.mock.calls[1]![0].input).toEqual({ method: 'iris', face: FACE, irisMm: 12.1 });
  });

  it('an implausible PD is refused with its message', async () => {
    const { actor } = await tracking({
      measurePd: async () => Promise.reject(new Error('The measurement gave 91 mm, outside 50–80 mm: try again facing the camera.')),
    });
    actor.send({ type: 'tryOn.faceDetected', face: FACE, detectMs: 60 });
    actor.send({ type: 'tryOn.measurePd' });
    await waitFor(actor, (s) => s.matches({ trying: { panel: 'pdFailed' } }));
    expect(actor.getSnapshot().context.error).toMatch(/outside 50–80 mm/);
    actor.send({ type: 'tryOn.closePd' });
    expect(actor.getSnapshot().matches({ trying: { panel: 'idle' } })).toBe(true);
  });

  it('card marking can be cancelled without measuring', async () => {
    const { actor } = await tracking();
    actor.send({ type: 'tryOn.calibrateWithCard' });
    actor.send({ type: 'tryOn.closePd' });
    expect(actor.getSnapshot().matches({ trying: { panel: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.cardMarks).toBeNull();
  });

  it('initial card marks without a face sit in the middle of the picture, card below the eyes', () => {
    const marks = initialCardMarks(null, { width: 1000, height: 800 });
    expect(marks.rightPupil.x).toBeLessThan(marks.leftPupil.x);
    expect(marks.leftEdge.x).toBeLessThan(marks.rightEdge.x);
    expect(marks.leftEdge.y).toBeGreaterThan(marks.rightPupil.y);
  });
});
