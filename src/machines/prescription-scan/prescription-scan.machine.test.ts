import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { formPrescriptionOf, prescriptionFormMachine, scanOf, visibleFormIssuesOf } from '../prescription/prescription-form.machine';
import { emptyPrescriptionDraft, type LensUsage } from '../../../rules/eyewear/prescription';
import type { PrescriptionReading } from './prescription-reading';
import { FIXTURE_NOTHING_FOUND, FIXTURE_READING, FIXTURE_READING_REFUSED } from './prescription-scan.fixtures';
import { prescriptionScanMachine, type PrescriptionScanEvent, type ScanPreview } from './prescription-scan.machine';

const TODAY = '2026-03-01';
const PHOTO = new Blob(['jpeg'], { type: 'image/jpeg' });
const PREVIEW = { id: 'camera' } as unknown as ScanPreview;

/** Effects under the test's hand: the camera and the reader answer when the test says. */
function fakeEffects() {
  const sent = { camera: null as ((event: PrescriptionScanEvent) => void) | null, reader: null as ((event: PrescriptionScanEvent) => void) | null };
  const cameraStopped = vi.fn();
  const readingAborted = vi.fn();
  const readPhotos: Blob[] = [];
  let capture: Promise<Blob> = Promise.resolve(PHOTO);
  const actors = {
    camera: fromCallback<AnyEventObject>(({ sendBack }) => {
      sent.camera = sendBack;
      return cameraStopped;
    }),
    capturePhoto: fromPromise<Blob, { preview: ScanPreview | null }>(() => capture),
    readPhoto: fromCallback<AnyEventObject, { photo: Blob }>(({ sendBack, input }) => {
      readPhotos.push(input.photo);
      sent.reader = sendBack;
      return readingAborted;
    }),
  };
  return {
    actors,
    camera: (event: PrescriptionScanEvent) => sent.camera!(event),
    reader: (event: PrescriptionScanEvent) => sent.reader!(event),
    failCapture: () => (capture = Promise.reject(new Error('no picture'))),
    cameraStopped,
    readingAborted,
    readPhotos,
  };
}

/** The scan under a parent that records what it is told. */
function startScan() {
  const effects = fakeEffects();
  const told: AnyEventObject[] = [];
  const parent = createActor(
    createMachine({
      invoke: { id: 'scan', src: prescriptionScanMachine.provide({ actors: effects.actors }) },
      on: { '*': { actions: ({ event }) => told.push(event) } },
    }),
  ).start();
  const scan = parent.getSnapshot().children.scan!;
  const value = () => scan.getSnapshot().value;
  return { scan, effects, told, value, context: () => scan.getSnapshot().context };
}

describe('prescriptionScan (eyewear notes "Prescription rules"): scanning the paper, on the device', () => {
  it('opens on the choice of camera or photo, and closes back to the button', () => {
    const { scan, value } = startScan();
    expect(value()).toBe('idle');
    scan.send({ type: 'scan.open' });
    expect(value()).toBe('choosing');
    scan.send({ type: 'scan.close' });
    expect(value()).toBe('idle');
  });

  it('a chosen photo is read, with progress, and the reading is answered to the parent', () => {
    const { scan, value, effects, told, context } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    expect(value()).toBe('reading');
    expect(effects.readPhotos).toEqual([PHOTO]);
    effects.reader({ type: 'scan.progress', stage: 'recognising', fraction: 0.5 });
    expect(context().progress).toEqual({ stage: 'recognising', fraction: 0.5 });
    effects.reader({ type: 'scan.read', reading: FIXTURE_READING });
    expect(value()).toBe('done');
    expect(told).toEqual([{ type: 'prescription.scanRead', reading: FIXTURE_READING }]);
    expect(context().progress).toBeNull();
    scan.send({ type: 'scan.close' });
    expect(value()).toBe('idle');
    expect(context()).toMatchObject({ photo: null, reading: null });
  });

  it('the camera: starting, live, a photo taken is read, and the camera stops once the photo is taken', async () => {
    const { scan, value, effects, context } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.useCamera' });
    expect(value()).toEqual({ camera: 'starting' });
    scan.send({ type: 'scan.takePhoto' });
    expect(value()).toEqual({ camera: 'starting' });
    effects.camera({ type: 'scan.cameraReady', preview: PREVIEW });
    expect(value()).toEqual({ camera: 'live' });
    expect(context().preview).toBe(PREVIEW);
    scan.send({ type: 'scan.takePhoto' });
    expect(value()).toEqual({ camera: 'capturing' });
    await vi.waitFor(() => expect(value()).toBe('reading'));
    expect(context().photo).toBe(PHOTO);
    expect(context().preview).toBeNull();
    expect(effects.cameraStopped).toHaveBeenCalledTimes(1);
  });

  it.each(['denied', 'missing'] as const)('a camera %s offers the photo file instead', (problem) => {
    const { scan, value, effects, context } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.useCamera' });
    effects.camera({ type: 'scan.cameraFailed', problem });
    expect(value()).toBe('cameraUnavailable');
    expect(context().cameraProblem).toBe(problem);
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    expect(value()).toBe('reading');
  });

  it('a picture that cannot be taken is a camera failure; the camera can be tried again', async () => {
    const { scan, value, effects, context } = startScan();
    effects.failCapture();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.useCamera' });
    effects.camera({ type: 'scan.cameraReady', preview: PREVIEW });
    scan.send({ type: 'scan.takePhoto' });
    await vi.waitFor(() => expect(value()).toBe('cameraUnavailable'));
    expect(context().cameraProblem).toBe('failed');
    scan.send({ type: 'scan.useCamera' });
    expect(value()).toEqual({ camera: 'starting' });
  });

  it('a photo file can be chosen from the camera view; closing the camera stops it', () => {
    const { scan, value, effects } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.useCamera' });
    scan.send({ type: 'scan.close' });
    expect(value()).toBe('idle');
    expect(effects.cameraStopped).toHaveBeenCalledTimes(1);
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.useCamera' });
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    expect(value()).toBe('reading');
    expect(effects.cameraStopped).toHaveBeenCalledTimes(2);
  });

  it('cancelling mid-reading aborts the reader and tells the parent nothing; a late answer is ignored', () => {
    const { scan, value, effects, told } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    effects.reader({ type: 'scan.progress', stage: 'cleaning', fraction: 0.2 });
    scan.send({ type: 'scan.cancel' });
    expect(value()).toBe('choosing');
    expect(effects.readingAborted).toHaveBeenCalledTimes(1);
    scan.send({ type: 'scan.read', reading: FIXTURE_READING });
    expect(value()).toBe('choosing');
    expect(told).toEqual([]);
  });

  it('closing mid-reading aborts the reader too', () => {
    const { scan, value, effects } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    scan.send({ type: 'scan.close' });
    expect(value()).toBe('idle');
    expect(effects.readingAborted).toHaveBeenCalledTimes(1);
  });

  it('a reader that cannot load (offline before it ever loaded) fails in words; "Try again" reads the same photo', () => {
    const { scan, value, effects, context } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    effects.reader({ type: 'scan.readFailed', failure: 'readerUnavailable' });
    expect(value()).toBe('failed');
    expect(context().failure).toBe('readerUnavailable');
    scan.send({ type: 'scan.retry' });
    expect(value()).toBe('reading');
    expect(context().failure).toBeNull();
    expect(effects.readPhotos).toEqual([PHOTO, PHOTO]);
    effects.reader({ type: 'scan.readFailed', failure: 'photoUnreadable' });
    expect(context().failure).toBe('photoUnreadable');
    const other = new Blob(['png'], { type: 'image/png' });
    scan.send({ type: 'scan.choosePhoto', photo: other });
    expect(effects.readPhotos).toEqual([PHOTO, PHOTO, other]);
    scan.send({ type: 'scan.close' });
    expect(value()).toBe('idle');
  });

  it('nothing found fills nothing: the parent is not told; another photo', () => {
    const { scan, value, effects, told } = startScan();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    effects.reader({ type: 'scan.read', reading: FIXTURE_NOTHING_FOUND });
    expect(value()).toBe('nothingFound');
    expect(told).toEqual([]);
    scan.send({ type: 'scan.retry' });
    expect(value()).toBe('choosing');
  });

  it('without implementations: no camera, and a reader that is unavailable', () => {
    const scan = createActor(prescriptionScanMachine).start();
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.useCamera' });
    expect(scan.getSnapshot().value).toBe('cameraUnavailable');
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    expect(scan.getSnapshot().value).toBe('failed');
    expect(scan.getSnapshot().context.failure).toBe('readerUnavailable');
  });
});

/** The form with its scan answering `reading` as soon as a photo is chosen. */
function startFormWithScan(reading: PrescriptionReading, usage: LensUsage = 'SINGLE_VISION_DISTANCE') {
  const readPhoto = fromCallback<AnyEventObject, { photo: Blob }>(({ sendBack }) => {
    sendBack({ type: 'scan.read', reading } satisfies PrescriptionScanEvent);
  });
  const machine = prescriptionFormMachine.provide({ actors: { prescriptionScan: prescriptionScanMachine.provide({ actors: { readPhoto } }) } });
  const form = createActor(machine, { input: { usage, draft: emptyPrescriptionDraft(), today: TODAY } }).start();
  const scan = () => {
    const actor = scanOf(form.getSnapshot())!;
    actor.send({ type: 'scan.open' });
    actor.send({ type: 'scan.choosePhoto', photo: PHOTO });
    return actor;
  };
  return { form, scan };
}

describe('prescriptionForm with a scan: the reading pre-fills, the shopper checks (eyewear notes "Prescription rules")', () => {
  it('an empty form takes the reading at once; the unsure fields are marked and no prescription is valid until checked', () => {
    const { form, scan } = startFormWithScan(FIXTURE_READING);
    expect(scan().getSnapshot().value).toBe('done');
    const { context } = form.getSnapshot();
    expect(context.draft).toEqual(FIXTURE_READING.draft);
    expect(context.toCheck).toEqual(['os.cyl']);
    expect(formPrescriptionOf(form.getSnapshot())).toBeNull();
    form.send({ type: 'prescription.confirmScanned' });
    expect(form.getSnapshot().context.toCheck).toEqual([]);
    expect(formPrescriptionOf(form.getSnapshot())?.os.cyl).toBe(-0.75);
  });

  it('editing a marked field clears its mark (and only its mark)', () => {
    const { form, scan } = startFormWithScan({ ...FIXTURE_READING, unsure: ['os.cyl', 'pd'] });
    scan();
    form.send({ type: 'prescription.change', field: 'os.cyl', value: '-1.00' });
    expect(form.getSnapshot().context.toCheck).toEqual(['pd']);
    form.send({ type: 'prescription.change', field: 'pd', value: '62' });
    expect(formPrescriptionOf(form.getSnapshot())).toMatchObject({ os: { cyl: -1 }, pd: { single: 62 } });
  });

  it('a value the rules refuse is filled, marked and shown with its rule message, never valid', () => {
    const { form, scan } = startFormWithScan(FIXTURE_READING_REFUSED);
    scan();
    const snapshot = form.getSnapshot();
    expect(snapshot.context.draft.os.axis).toBe('190');
    expect(snapshot.context.toCheck).toEqual(['os.axis']);
    expect(visibleFormIssuesOf(snapshot)['os.axis']?.code).toBe('axisRange');
    form.send({ type: 'prescription.confirmScanned' });
    expect(formPrescriptionOf(form.getSnapshot())).toBeNull();
    form.send({ type: 'prescription.change', field: 'os.axis', value: '180' });
    expect(formPrescriptionOf(form.getSnapshot())).not.toBeNull();
  });

  it('"Replace what you typed?": what was typed stays until the shopper agrees', () => {
    const { form, scan } = startFormWithScan(FIXTURE_READING);
    form.send({ type: 'prescription.change', field: 'od.sph', value: '-1.00' });
    scan();
    expect(form.getSnapshot().matches({ scan: 'askingReplace' })).toBe(true);
    expect(form.getSnapshot().context.draft.od.sph).toBe('-1.00');
    form.send({ type: 'prescription.keepTyped' });
    expect(form.getSnapshot().matches({ scan: 'waiting' })).toBe(true);
    expect(form.getSnapshot().context).toMatchObject({ pendingReading: null, toCheck: [] });
    expect(form.getSnapshot().context.draft.od.sph).toBe('-1.00');
    scanOf(form.getSnapshot())!.send({ type: 'scan.close' });
    scan();
    form.send({ type: 'prescription.replaceWithScan' });
    expect(form.getSnapshot().context.draft.od.sph).toBe('-2.25');
    expect(form.getSnapshot().context.toCheck).toEqual(['os.cyl']);
  });

  it('fields the slip does not print keep what was typed; what does not apply to the usage is dropped', () => {
    const reading: PrescriptionReading = {
      ...FIXTURE_READING,
      draft: { ...FIXTURE_READING.draft, od: { ...FIXTURE_READING.draft.od, add: '+2.00' } },
      read: ['od.sph', 'od.add'],
      unsure: ['od.add'],
    };
    const { form, scan } = startFormWithScan(reading);
    form.send({ type: 'prescription.change', field: 'pd', value: '61' });
    scan();
    form.send({ type: 'prescription.replaceWithScan' });
    const { context } = form.getSnapshot();
    expect(context.draft).toMatchObject({ pd: '61', od: { sph: '-2.25', add: '' } });
    expect(context.toCheck).toEqual([]);
  });

  it('a dual PD read switches the form to one PD per eye', () => {
    const reading: PrescriptionReading = {
      ...FIXTURE_READING,
      draft: { ...FIXTURE_READING.draft, pdMode: 'dual', pd: '', pdRight: '31.5', pdLeft: '32' },
      read: ['pdRight', 'pdLeft'],
      unsure: [],
    };
    const { form, scan } = startFormWithScan(reading);
    scan();
    expect(form.getSnapshot().context.draft).toMatchObject({ pdMode: 'dual', pdRight: '31.5', pdLeft: '32' });
  });

  it('a stored prescription loaded afterwards drops the marks, and a reading waiting for consent', () => {
    const { form, scan } = startFormWithScan(FIXTURE_READING);
    scan();
    form.send({ type: 'prescription.load', draft: FIXTURE_READING.draft });
    expect(form.getSnapshot().context.toCheck).toEqual([]);
    scanOf(form.getSnapshot())!.send({ type: 'scan.close' });
    scan();
    expect(form.getSnapshot().matches({ scan: 'askingReplace' })).toBe(true);
    form.send({ type: 'prescription.load', draft: emptyPrescriptionDraft() });
    expect(form.getSnapshot().matches({ scan: 'waiting' })).toBe(true);
    expect(form.getSnapshot().context.pendingReading).toBeNull();
  });
});
