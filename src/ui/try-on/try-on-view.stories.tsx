import { useQuery } from '@apollo/client';
import preview from '../../../.storybook/preview';
import { startSnapshotOf, startStoryActor } from '../../../.storybook/story-actors';
import { useMemo, useRef } from 'react';
import { expect, within } from 'storybook/test';
import { fromCallback, fromPromise, type StateValue } from 'xstate';
import {
  tryOnMachine,
  type MediaSize,
  type PdMeasurement,
  type PdRequest,
  type Snapshot,
  type TrackedFace,
  type TryOnContext,
  type TryOnFrame,
} from '../../machines/try-on/try-on.machine';
import facePhotoUrl from './story-face-photo.jpg';
import { FRAMES_WITH_TRY_ON_FILTER, GET_TRY_ON_FRAMES, tryOnProductsOf } from './try-on.operations';
import { TryOnView, type TryOnMediaElements } from './try-on-view';
import { shopFailureMessage } from '../../machines/shared/shop-failure';

/** Human's detection on the story photo (640 × 480), recorded. */
const FACE: TrackedFace = { rightPupil: { x: 353, y: 227 }, leftPupil: { x: 457, y: 227 }, rightIrisPx: 16.5, leftIrisPx: 19 };
const MEDIA = { width: 640, height: 480 };
const AURORA: TryOnFrame = {
  sku: 'LN1001-BLK-M',
  parentSku: 'LN1001',
  name: 'Aurora Cat-Eye',
  colour: 'Black',
  imageUrl: '/media/catalog/product/a/u/aurora-cat-eye-black-tryon.png',
  widthMm: 120,
  urlKey: 'aurora-cat-eye',
  urlSuffix: '.html',
};
const MILO: TryOnFrame = {
  sku: 'LN1002-TRT-M',
  parentSku: 'LN1002',
  name: 'Milo Round',
  colour: 'Tortoise',
  imageUrl: '/media/catalog/product/m/i/milo-round-tortoise-tryon.png',
  widthMm: 133,
};

/** An effect that never settles: a story shows one state of the machine, it does not move on. */
const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<never>(() => {}));

const stillMachine = tryOnMachine.provide({
  actors: {
    startCamera: never<MediaSize, void>(),
    loadPhoto: never<MediaSize, { file: Blob }>(),
    loadModels: fromCallback(() => {}),
    trackFace: fromCallback(() => {}),
    takeSnapshot: never<Snapshot, { frames: TryOnFrame[] }>(),
    measurePd: never<PdMeasurement, PdRequest>(),
    holdCamera: fromCallback(() => {}),
  },
  actions: { stopCamera: () => {}, releaseSnapshot: () => {} },
});

interface TryOnStoryArgs {
  value: StateValue;
  context: Partial<TryOnContext>;
}

/** The try-on view on an actor started from a snapshot of the `tryOn` machine, frames from the embedded backend. */
function TryOnStory({ value, context }: TryOnStoryArgs) {
  const actor = useMemo(() => {
    const initial = startSnapshotOf(stillMachine, { input: {} }).context;
    const snapshot = stillMachine.resolveState({ value, context: { ...initial, ...context } });
    return startStoryActor(stillMachine, { input: {}, snapshot });
  }, [value, context]);
  const elements = useRef<TryOnMediaElements>({ video: { current: null }, photo: { current: null }, canvases: { current: {} } }).current;
  const { data, loading } = useQuery(GET_TRY_ON_FRAMES, { variables: { filter: FRAMES_WITH_TRY_ON_FILTER, pageSize: 6 } });
  const products = useMemo(() => tryOnProductsOf(data?.products?.items ?? []), [data]);
  return <TryOnView actor={actor} elements={elements} products={products} productsLoading={loading} productsError={null} initialPhotoUrl={facePhotoUrl} />;
}

const meta = preview.meta({
  title: 'Eyewear/Try-on',
  component: TryOnStory,
  parameters: { shop: { route: '/try-on-glasses' } },
});

const onPhoto = { source: 'photo' as const, media: MEDIA, frame: AURORA, backend: 'cpu', modelLoadMs: 2800 };
const trying = (placement: StateValue, view = 'single', panel = 'idle'): StateValue => ({ trying: { placement, view, panel } });

export const ChoosingSource = meta.story({ args: { value: 'choosingSource', context: { frame: AURORA } } });

export const CameraRefused = meta.story({ args: { value: 'cameraUnavailable', context: { frame: AURORA, cameraProblem: 'denied' } } });

export const CameraMissing = meta.story({ args: { value: 'cameraUnavailable', context: { frame: AURORA, cameraProblem: 'missing' } } });

export const RequestingCamera = meta.story({ args: { value: 'requestingCamera', context: { frame: AURORA } } });

export const LoadingPhoto = meta.story({ args: { value: 'loadingPhoto', context: { frame: AURORA, source: 'photo' } } });

export const Preparing = meta.story({ args: { value: 'preparing', context: { ...onPhoto, backend: null } } });

export const LoadingModels = meta.story({ args: { value: 'loadingModels', context: { ...onPhoto, backend: null, modelProgress: 0.45 } } });

export const ModelsFailed = meta.story({
  args: { value: 'modelsFailed', context: { ...onPhoto, backend: null, error: shopFailureMessage('faceTracking', { detail: 'Failed to fetch' }) } },
  // plain words for the shopper, never the browser's error
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/could not start on this device/)).toBeVisible();
    await expect(canvas.queryByText(/Failed to fetch/)).toBeNull();
  },
});

export const SearchingForFace = meta.story({ args: { value: trying({ tracking: 'searching' }), context: onPhoto } });

export const Tracking = meta.story({
  args: { value: trying({ tracking: 'found' }), context: { ...onPhoto, face: FACE, detectMs: 140, backend: 'wasm' } },
  // the tracking speed is not the shopper's business (the inspector shows it); the way on to lenses is
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: /^Choose your lenses for Aurora Cat-Eye/ })).toHaveAttribute('href', '/customize/aurora-cat-eye');
    await expect(canvas.queryByText(/pictures a second|processor/)).toBeNull();
  },
});

export const FaceLost = meta.story({ args: { value: trying({ tracking: 'lost' }), context: { ...onPhoto, face: FACE, detectMs: 140 } } });

export const ManualPlacement = meta.story({
  args: { value: trying('manual'), context: { ...onPhoto, manualReason: 'noFace', manualPlacement: { centerX: 400, centerY: 230, pxPerMm: 1.6, roll: 0.04 } } },
});

export const Comparing = meta.story({
  args: { value: trying({ tracking: 'found' }, 'comparing'), context: { ...onPhoto, face: FACE, detectMs: 140, comparedFrame: MILO } },
});

export const SnapshotTaken = meta.story({
  args: {
    value: trying({ tracking: 'found' }, 'single', 'snapshotShown'),
    context: { ...onPhoto, face: FACE, snapshot: { url: facePhotoUrl, width: 640, height: 480, frameNames: ['Aurora Cat-Eye'] } },
  },
});

export const TakingSnapshot = meta.story({
  args: { value: trying({ tracking: 'found' }, 'single', 'takingSnapshot'), context: { ...onPhoto, face: FACE, detectMs: 140 } },
});

export const MeasuringPd = meta.story({
  args: { value: trying({ tracking: 'found' }, 'single', 'measuringPd'), context: { ...onPhoto, face: FACE, detectMs: 140 } },
});

export const MarkingCard = meta.story({
  args: {
    value: trying({ tracking: 'found' }, 'single', 'markingCard'),
    context: {
      ...onPhoto,
      face: FACE,
      cardMarks: { rightPupil: FACE.rightPupil, leftPupil: FACE.leftPupil, leftEdge: { x: 330, y: 330 }, rightEdge: { x: 480, y: 330 } },
    },
  },
});

export const PdResult = meta.story({
  args: { value: trying({ tracking: 'found' }, 'single', 'pdShown'), context: { ...onPhoto, face: FACE, pd: { method: 'iris', mm: 68.5, irisMm: null } } },
});

export const PdWithCard = meta.story({
  args: {
    value: trying({ tracking: 'found' }, 'single', 'pdShown'),
    context: { ...onPhoto, face: FACE, irisMm: 12.1, pd: { method: 'card', mm: 64, irisMm: 12.1 } },
  },
});

export const PdFailed = meta.story({
  args: {
    value: trying({ tracking: 'found' }, 'single', 'pdFailed'),
    context: { ...onPhoto, face: FACE, error: shopFailureMessage('pdImplausible', { mm: 91, min: 50, max: 80, method: 'iris' }) },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('The measurement gave 91 mm, outside 50–80 mm. Look straight at the camera, in good light, and measure again.'),
    ).toBeVisible();
  },
});

export const PhotoNotReadable = meta.story({
  args: { value: 'failed', context: { frame: AURORA, error: shopFailureMessage('photoNotPicture') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('This file is not a picture. Choose a photo (JPEG, PNG or WebP) of your face.')).toBeVisible();
  },
});

export const InFrench = meta.story({
  args: { value: trying({ tracking: 'found' }), context: { ...onPhoto, face: FACE, detectMs: 140 } },
  parameters: { shop: { route: '/try-on-glasses', locale: 'fr-FR', storeCode: 'fr' } },
});

/** The try-on machine's state paths (ancestors included) for a story's `args.value`. */
function statePathsOf(value: unknown, prefix = 'tryOn'): string[] {
  if (typeof value === 'string') return [`${prefix}.${value}`];
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [`${prefix}.${key}`, ...statePathsOf(child, `${prefix}.${key}`)]);
  }
  return [];
}

// These stories start their own try-on actor (the page owns it), so each declares the state it
// shows for the story coverage test (every state of every machine has a story).
for (const story of [
  LoadingPhoto,
  Preparing,
  TakingSnapshot,
  MeasuringPd,
  ChoosingSource,
  CameraRefused,
  CameraMissing,
  RequestingCamera,
  LoadingModels,
  ModelsFailed,
  SearchingForFace,
  Tracking,
  FaceLost,
  ManualPlacement,
  Comparing,
  SnapshotTaken,
  MarkingCard,
  PdResult,
  PdWithCard,
  PdFailed,
  PhotoNotReadable,
  InFrench,
]) {
  const input: { args?: { value?: unknown }; parameters?: Record<string, unknown> } = story.input;
  input.parameters = { ...input.parameters, machineStates: statePathsOf(input.args?.value) };
}
