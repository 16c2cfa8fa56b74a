import preview from '../../../.storybook/preview';
import { startSnapshotOf, startStoryActor } from '../../../.storybook/story-actors';
import { useMemo } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { fromCallback, fromPromise, type AnyEventObject, type StateValue } from 'xstate';
import { emptyPrescriptionDraft, type PrescriptionField } from '../../../rules/eyewear/prescription';
import { prescriptionFormMachine, scanOf, type PrescriptionFormActor } from '../../machines/prescription/prescription-form.machine';
import type { PrescriptionReading } from '../../machines/prescription-scan/prescription-reading';
import { FIXTURE_NOTHING_FOUND, FIXTURE_READING, FIXTURE_READING_REFUSED } from '../../machines/prescription-scan/prescription-scan.fixtures';
import {
  prescriptionScanMachine,
  type PrescriptionScanContext,
  type PrescriptionScanEvent,
  type ScanPreview,
} from '../../machines/prescription-scan/prescription-scan.machine';
import { PrescriptionFormFields } from './prescription-form-fields';
import { ScanSheet } from './prescription-scan-sheet';

const TODAY = '2026-03-01';
const PHOTO = new Blob(['story photo'], { type: 'image/jpeg' });

/** A scan whose camera and reader never answer: a story shows one state, it does not move on. */
const stillScan = prescriptionScanMachine.provide({
  actors: {
    camera: fromCallback(() => {}),
    capturePhoto: fromPromise<Blob, { preview: ScanPreview | null }>(() => new Promise<never>(() => {})),
    readPhoto: fromCallback<AnyEventObject, { photo: Blob }>(() => {}),
  },
});

const formInput = { usage: 'SINGLE_VISION_DISTANCE' as const, draft: emptyPrescriptionDraft(), today: TODAY };

interface SheetStoryArgs {
  value: StateValue;
  context: Partial<PrescriptionScanContext>;
}

/** The sheet on a scan started from a snapshot of the `prescriptionScan` machine, beside a blank form. */
function ScanSheetStory({ value, context }: SheetStoryArgs) {
  const { form, scan } = useMemo(() => {
    const initial = startSnapshotOf(stillScan).context;
    const snapshot = stillScan.resolveState({ value, context: { ...initial, ...context } });
    return {
      form: startStoryActor(prescriptionFormMachine.provide({ actors: { prescriptionScan: stillScan } }), { input: formInput }),
      scan: startStoryActor(stillScan, { snapshot }),
    };
  }, [value, context]);
  return <ScanSheet form={form} scan={scan} idBase="story-scan" />;
}

interface FormStoryArgs {
  reading: PrescriptionReading;
  /** What the shopper typed before scanning. */
  typed: { field: PrescriptionField; value: string }[];
}

/**
 * The prescription form with its own scan, run as the shopper does: (typing,) "Scan your
 * prescription", a photo, and a reader that answers `reading` at once.
 */
function FormStory({ reading, typed }: FormStoryArgs) {
  const form = useMemo(() => {
    const reads = fromCallback<AnyEventObject, { photo: Blob }>(({ sendBack }) => {
      sendBack({ type: 'scan.read', reading } satisfies PrescriptionScanEvent);
    });
    const machine = prescriptionFormMachine.provide({ actors: { prescriptionScan: stillScan.provide({ actors: { readPhoto: reads } }) } });
    const actor: PrescriptionFormActor = startStoryActor(machine, { input: formInput });
    for (const { field, value } of typed) actor.send({ type: 'prescription.change', field, value });
    const scan = scanOf(actor.getSnapshot())!;
    scan.send({ type: 'scan.open' });
    scan.send({ type: 'scan.choosePhoto', photo: PHOTO });
    return actor;
  }, [reading, typed]);
  return <PrescriptionFormFields form={form} idBase="story-form" />;
}

const meta = preview.meta({
  title: 'Eyewear/Scan your prescription',
  component: ScanSheetStory,
  parameters: { shop: { route: '/prescription' } },
});

export const Closed = meta.story({
  args: { value: 'idle', context: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Scan your prescription' })).toBeEnabled();
    await expect(await canvas.findByText('Read on your device: the photo never leaves it.')).toBeVisible();
  },
});

export const Choosing = meta.story({
  args: { value: 'choosing', context: {} },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Scan your prescription' })).toHaveFocus();
    await expect(await canvas.findByRole('button', { name: 'Use the camera' })).toBeEnabled();
    await expect(await canvas.findByLabelText('Choose a photo')).toHaveAttribute('accept', 'image/*');
  },
});

export const CameraStarting = meta.story({
  args: { value: { camera: 'starting' }, context: {} },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Take photo' })).toBeDisabled();
  },
});

export const CameraLive = meta.story({
  args: { value: { camera: 'live' }, context: {} },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Take photo' })).toBeEnabled();
  },
});

export const TakingPhoto = meta.story({ args: { value: { camera: 'capturing' }, context: {} } });

export const CameraRefused = meta.story({
  args: { value: 'cameraUnavailable', context: { cameraProblem: 'denied' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'The camera is not allowed. You can choose a photo of your prescription instead.',
    );
  },
});

export const CameraMissing = meta.story({ args: { value: 'cameraUnavailable', context: { cameraProblem: 'missing' } } });

export const CameraFailed = meta.story({ args: { value: 'cameraUnavailable', context: { cameraProblem: 'failed' } } });

export const Reading = meta.story({
  args: { value: 'reading', context: { photo: PHOTO, progress: { stage: 'recognising', fraction: 0.6 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Reading the text…');
    await expect(await canvas.findByRole('progressbar', { name: 'Reading your prescription' })).toHaveAttribute('value', '0.6');
    await expect(await canvas.findByRole('button', { name: 'Stop reading' })).toBeEnabled();
  },
});

export const LoadingTheReader = meta.story({ args: { value: 'reading', context: { photo: PHOTO, progress: null } } });

export const Done = meta.story({
  args: { value: 'done', context: { photo: PHOTO, reading: FIXTURE_READING } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('8 values filled in from your photo.');
  },
});

export const DoneFromPlusCylinder = meta.story({ args: { value: 'done', context: { photo: PHOTO, reading: { ...FIXTURE_READING, transposed: true } } } });

export const NothingFound = meta.story({
  args: { value: 'nothingFound', context: { photo: PHOTO, reading: FIXTURE_NOTHING_FOUND } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('No prescription was found on this photo.');
    await expect(await canvas.findByRole('button', { name: 'Try another photo' })).toBeEnabled();
  },
});

export const ReaderUnavailable = meta.story({
  args: { value: 'failed', context: { photo: PHOTO, failure: 'readerUnavailable' } },
  // offline before the reader was ever loaded: said in words, and a way on
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The reader could not be loaded: you may be offline.');
    await expect(await canvas.findByRole('button', { name: 'Try again' })).toBeEnabled();
  },
});

export const PhotoUnreadable = meta.story({ args: { value: 'failed', context: { photo: PHOTO, failure: 'photoUnreadable' } } });

export const InFrench = meta.story({
  args: { value: 'choosing', context: {} },
  parameters: { shop: { route: '/prescription', locale: 'fr-FR', storeCode: 'fr' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Scanner votre ordonnance' })).toBeVisible();
  },
});

/** A blank form filled from the photo: the unsure left cylinder is marked, and nothing goes on until it is checked. */
export const FormWithMarks = meta.story({
  render: () => <FormStory reading={FIXTURE_READING} typed={[]} />,
  parameters: { machineStates: ['prescriptionScan.done'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
    await expect(await canvas.findByLabelText('OS (left eye) CYL')).toHaveAccessibleDescription(/Check this/);
    await expect(await canvas.findByText(/1 value read from your photo is marked “Check this”/)).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'These values match my paper' }));
    await expect(canvas.queryByText('Check this')).toBeNull();
  },
});

/** A value the rules refuse (an axis of 190) is filled with its rule's message and marked, never silently. */
export const FormWithRefusedValue = meta.story({
  render: () => <FormStory reading={FIXTURE_READING_REFUSED} typed={[]} />,
  parameters: { machineStates: ['prescriptionScan.done'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const axis = await canvas.findByLabelText('OS (left eye) AXIS');
    await expect(axis).toHaveValue('190');
    await expect(axis).toHaveAttribute('aria-invalid', 'true');
    await expect(axis).toHaveAccessibleDescription(/Check this/);
  },
});

/** Something was typed before the scan: the photo's values replace it only if the shopper says so. */
export const FormReplaceQuestion = meta.story({
  render: () => <FormStory reading={FIXTURE_READING} typed={[{ field: 'od.sph', value: '-1.00' }]} />,
  parameters: { machineStates: ['prescriptionScan.done'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Replace what you typed?');
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-1.00');
    await userEvent.click(await canvas.findByRole('button', { name: 'Replace with the photo’s values' }));
    await expect(await canvas.findByLabelText('OD (right eye) SPH')).toHaveValue('-2.25');
  },
});

/** The scan machine's state paths (ancestors included) for a story's `args.value`. */
function statePathsOf(value: unknown, prefix = 'prescriptionScan'): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [`${prefix}.${key}`, ...statePathsOf(child, `${prefix}.${key}`)]);
  }
  return [];
}

// These stories start their own scan actor (the form owns it), so each declares the state it shows
// for the story coverage test (every state of every machine has a story).
for (const story of [
  Closed,
  Choosing,
  CameraStarting,
  CameraLive,
  TakingPhoto,
  CameraRefused,
  CameraMissing,
  CameraFailed,
  Reading,
  LoadingTheReader,
  Done,
  DoneFromPlusCylinder,
  NothingFound,
  ReaderUnavailable,
  PhotoUnreadable,
  InFrench,
]) {
  const input: { args?: { value?: unknown }; parameters?: Record<string, unknown> } = story.input;
  input.parameters = { ...input.parameters, machineStates: statePathsOf(input.args?.value) };
}
