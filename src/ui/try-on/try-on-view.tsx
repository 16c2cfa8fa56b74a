import { useSelector } from '@xstate/react';
import { useCallback, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FramePlacement, TryOnFrame } from '../../machines/try-on/try-on.machine';
import { isMirroredView } from '../../machines/try-on/mirrored-view';
import { movePlacement, rotatePlacement, scalePlacement, viewDeltaToSource, viewTurnToSource } from '../../services/try-on/try-on-geometry';
import { Button } from '../shared/button';
import { PageHeading } from '../shared/page-heading';
import { FramePicker } from './frame-picker';
import type { TryOnProduct } from './try-on.operations';
import styles from './try-on.module.css';
import { targetPlacement, TryOnStage, type TryOnActor } from './try-on-stage';
import { ErrorLine } from '../shared/error-line';
import { shopperMessageOf } from '../shared/shopper-message';
import { CancelButton } from '../shared/cancel-button';

export interface TryOnMediaElements {
  video: { current: HTMLVideoElement | null };
  photo: { current: HTMLImageElement | null };
  canvases: { current: Partial<Record<'frame' | 'comparedFrame', HTMLCanvasElement>> };
}

export interface TryOnViewProps {
  actor: TryOnActor;
  elements: TryOnMediaElements;
  products: TryOnProduct[];
  productsLoading: boolean;
  productsError: string | null;
  /** A photo already in the page's image (stories start from a snapshot with a picture). */
  initialPhotoUrl?: string;
}

const frameLabel = (frame: TryOnFrame | null) => (frame ? [frame.name, frame.colour].filter(Boolean).join(', ') : '');

/** The try-on page's content for a running try-on actor (the page, or a story's snapshot). */
export function TryOnView({ actor, elements, products, productsLoading, productsError, initialPhotoUrl }: TryOnViewProps) {
  const source = useSelector(actor, (s) => s.context.source);
  const showsStage = useSelector(actor, (s) => s.hasTag('showsStage'));
  const comparing = useSelector(actor, (s) => s.matches({ trying: { view: 'comparing' } }));
  const frame = useSelector(actor, (s) => s.context.frame);
  const comparedFrame = useSelector(actor, (s) => s.context.comparedFrame);
  const backend = useSelector(actor, (s) => s.context.backend);
  const modelLoadMs = useSelector(actor, (s) => s.context.modelLoadMs);

  const pictureSource = useCallback((): CanvasImageSource | null => {
    const snapshot = actor.getSnapshot();
    if (snapshot.context.source === 'camera') return elements.video.current;
    const photo = elements.photo.current;
    return photo && photo.complete && photo.naturalWidth > 0 ? photo : null;
  }, [actor, elements]);
  const registerCanvas = useCallback(
    (slot: 'frame' | 'comparedFrame', canvas: HTMLCanvasElement | null) => {
      if (canvas) elements.canvases.current[slot] = canvas;
      else delete elements.canvases.current[slot];
    },
    [elements],
  );

  // the camera is the machine's: it turns it off when the page host stops it, on leaving the page (ADR 009)
  const videoRef = useCallback(
    (video: HTMLVideoElement | null) => {
      elements.video.current = video;
    },
    [elements],
  );
  const photoRef = useCallback(
    (photo: HTMLImageElement | null) => {
      elements.photo.current = photo;
    },
    [elements],
  );

  return (
    <article className={styles.page} data-backend={backend ?? undefined} data-model-load-ms={modelLoadMs ?? undefined}>
      <PageHeading>
        <FormattedMessage id="tryOn.title" defaultMessage="Try frames on" />
      </PageHeading>
      <p className={styles.privacy}>
        <FormattedMessage
          id="tryOn.privacy"
          defaultMessage="Everything happens on your device: your camera picture and your photos are never uploaded or stored by us."
        />
      </p>
      <FaceAnnouncer actor={actor} />
      <SourceChooser actor={actor} />
      <ModelLoading actor={actor} />
      {showsStage ? (
        <>
          <div className={comparing ? styles.compare : styles.single}>
            <TryOnStage actor={actor} slot="frame" source={pictureSource} registerCanvas={registerCanvas} caption={frameLabel(frame)} />
            {comparing ? (
              <TryOnStage actor={actor} slot="comparedFrame" source={pictureSource} registerCanvas={registerCanvas} caption={frameLabel(comparedFrame)} />
            ) : null}
          </div>
          <MirrorToggle actor={actor} />
          <PlacementControls actor={actor} />
          <TryOnActions actor={actor} />
          <ResultPanel actor={actor} />
        </>
      ) : null}
      <FramePicker actor={actor} products={products} loading={productsLoading} error={productsError} />
      {/* the picture sources: drawn on the canvases, never shown directly, never uploaded */}
      <video ref={videoRef} className={styles.source} muted playsInline aria-hidden="true" hidden={source !== 'camera'} />
      <img ref={photoRef} className={styles.source} alt="" src={initialPhotoUrl} hidden />
    </article>
  );
}

function FaceAnnouncer({ actor }: { actor: TryOnActor }) {
  const status = useSelector(actor, (s) => {
    if (s.hasTag('faceFound')) return 'found';
    if (s.hasTag('faceLost')) return 'lost';
    if (s.hasTag('manual')) return 'manual';
    if (s.matches({ trying: { placement: { tracking: 'searching' } } })) return 'searching';
    return null;
  });
  return (
    <p role="status" aria-live="polite" className={styles.status} data-testid="try-on-status">
      {status === 'found' ? <FormattedMessage id="tryOn.status.found" defaultMessage="Face found: the frame follows your face." /> : null}
      {status === 'lost' ? <FormattedMessage id="tryOn.status.lost" defaultMessage="Face lost: look at the camera." /> : null}
      {status === 'searching' ? <FormattedMessage id="tryOn.status.searching" defaultMessage="Looking for your face…" /> : null}
      {status === 'manual' ? (
        <FormattedMessage id="tryOn.status.manual" defaultMessage="Place the frame by hand: drag it, or use the buttons or the arrow keys." />
      ) : null}
    </p>
  );
}

function SourceChooser({ actor }: { actor: TryOnActor }) {
  const intl = useIntl();
  const offersPhoto = useSelector(actor, (s) => s.hasTag('offersPhoto') || s.matches('failed'));
  const requesting = useSelector(actor, (s) => s.matches('requestingCamera') || s.matches('loadingPhoto'));
  const problem = useSelector(actor, (s) => (s.matches('cameraUnavailable') ? s.context.cameraProblem : null));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  if (requesting) {
    return (
      <p className={styles.panel}>
        <FormattedMessage id="tryOn.requesting" defaultMessage="Opening your camera or photo… Your browser may ask for permission." />
      </p>
    );
  }
  if (!offersPhoto) return null;
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (file) actor.send({ type: 'tryOn.choosePhoto', file });
    event.currentTarget.value = '';
  };
  return (
    <section className={styles.panel} aria-labelledby="try-on-source">
      <h2 id="try-on-source">
        <FormattedMessage id="tryOn.source.title" defaultMessage="Choose how to try frames on" />
      </h2>
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem === 'denied' ? (
            <FormattedMessage
              id="tryOn.camera.denied"
              defaultMessage="The camera is not allowed. Upload a photo of your face instead, or allow the camera in your browser and try again."
            />
          ) : null}
          {problem === 'missing' ? (
            <FormattedMessage id="tryOn.camera.missing" defaultMessage="No camera was found. Upload a photo of your face instead." />
          ) : null}
          {problem === 'failed' ? (
            <FormattedMessage id="tryOn.camera.failed" defaultMessage="The camera could not be started. Upload a photo of your face instead, or try again." />
          ) : null}
        </p>
      ) : null}
      <ErrorLine message={error} className={styles.error} />
      <div className={styles.actions}>
        <Button priority="high" onClick={() => actor.send({ type: 'tryOn.useCamera' })}>
          {problem ? (
            <FormattedMessage id="tryOn.camera.retry" defaultMessage="Try the camera again" />
          ) : (
            <FormattedMessage id="tryOn.camera.use" defaultMessage="Use my camera" />
          )}
        </Button>
        <label className={styles.upload}>
          <FormattedMessage id="tryOn.photo.upload" defaultMessage="Upload a photo" />
          <input
            type="file"
            accept="image/*"
            onChange={onFile}
            aria-label={intl.formatMessage({ id: 'tryOn.photo.upload', defaultMessage: 'Upload a photo' })}
          />
        </label>
      </div>
      <p className={styles.hint}>
        <FormattedMessage id="tryOn.photo.hint" defaultMessage="For a true fit, face the camera with both eyes visible, without glasses." />
      </p>
    </section>
  );
}

function ModelLoading({ actor }: { actor: TryOnActor }) {
  const intl = useIntl();
  const loading = useSelector(actor, (s) => s.matches('loadingModels'));
  const failed = useSelector(actor, (s) => s.matches('modelsFailed'));
  const progress = useSelector(actor, (s) => s.context.modelProgress);
  if (failed) {
    return (
      <section className={styles.panel} role="alert">
        {/* plain words: the technical reason stays in the machine's context (the inspector) and the console */}
        <p className={styles.error}>
          <FormattedMessage
            id="tryOn.models.failed"
            defaultMessage="The try-on could not start on this device. Check your connection and try again, or place the frame by hand."
          />
        </p>
        <div className={styles.actions}>
          <Button priority="high" onClick={() => actor.send({ type: 'tryOn.retry' })}>
            <FormattedMessage id="tryOn.models.retry" defaultMessage="Try again" />
          </Button>
          <Button onClick={() => actor.send({ type: 'tryOn.placeManually' })}>
            <FormattedMessage id="tryOn.manual.start" defaultMessage="Place the frame by hand" />
          </Button>
        </div>
      </section>
    );
  }
  if (!loading) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className={styles.panel}>
      <label htmlFor="try-on-model-progress">
        <FormattedMessage id="tryOn.models.loading" defaultMessage="Getting the try-on ready ({percent} %)…" values={{ percent }} />
      </label>
      <progress
        id="try-on-model-progress"
        max={100}
        value={percent}
        aria-valuetext={intl.formatMessage({ id: 'tryOn.models.percent', defaultMessage: '{percent} %' }, { percent })}
      />
    </div>
  );
}

const MOVE_STEP_PX = 4;
const SCALE_STEP = 1.03;
const ROTATE_STEP_RAD = Math.PI / 180;

function PlacementControls({ actor }: { actor: TryOnActor }) {
  const intl = useIntl();
  const manual = useSelector(actor, (s) => s.hasTag('manual'));
  const canTrack = useSelector(actor, (s) => s.hasTag('manual') && s.can({ type: 'tryOn.trackAgain' }));
  const tracking = useSelector(actor, (s) => s.matches({ trying: { placement: 'tracking' } }));
  const place = (change: (p: FramePlacement, media: { width: number; height: number }) => FramePlacement) => {
    const snapshot = actor.getSnapshot();
    const current = targetPlacement(snapshot);
    if (current && snapshot.context.media) actor.send({ type: 'tryOn.placeFrame', placement: change(current, snapshot.context.media) });
  };
  // Left, right and the turns are as the shopper sees them, through the mirror when it is on.
  const mirrored = () => isMirroredView(actor.getSnapshot().context);
  const moveBy = (dx: number, dy: number) => (p: FramePlacement, m: { width: number; height: number }) => {
    const delta = viewDeltaToSource(dx, dy, mirrored());
    return movePlacement(p, delta.dx, delta.dy, m);
  };
  const moves = {
    left: moveBy(-MOVE_STEP_PX, 0),
    right: moveBy(MOVE_STEP_PX, 0),
    up: moveBy(0, -MOVE_STEP_PX),
    down: moveBy(0, MOVE_STEP_PX),
    larger: (p: FramePlacement) => scalePlacement(p, SCALE_STEP),
    smaller: (p: FramePlacement) => scalePlacement(p, 1 / SCALE_STEP),
    turnLeft: (p: FramePlacement) => rotatePlacement(p, viewTurnToSource(-ROTATE_STEP_RAD, mirrored())),
    turnRight: (p: FramePlacement) => rotatePlacement(p, viewTurnToSource(ROTATE_STEP_RAD, mirrored())),
  };
  const keys: Record<string, keyof typeof moves> = {
    ArrowLeft: 'left',
    ArrowRight: 'right',
    ArrowUp: 'up',
    ArrowDown: 'down',
    '+': 'larger',
    '=': 'larger',
    '-': 'smaller',
    '[': 'turnLeft',
    ']': 'turnRight',
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = keys[event.key];
    if (!move) return;
    event.preventDefault();
    place(moves[move]);
  };
  if (!manual) {
    return tracking ? (
      <div className={styles.actions}>
        <Button
          priority="low"
          onClick={() => {
            const p = targetPlacement(actor.getSnapshot());
            actor.send(p ? { type: 'tryOn.placeManually', placement: p } : { type: 'tryOn.placeManually' });
          }}
        >
          <FormattedMessage id="tryOn.manual.start" defaultMessage="Place the frame by hand" />
        </Button>
      </div>
    ) : null;
  }
  const control = (move: keyof typeof moves, label: string, symbol: string) => (
    <button type="button" className={styles.nudge} onClick={() => place(moves[move])} aria-label={label} title={label}>
      <span aria-hidden="true">{symbol}</span>
    </button>
  );
  return (
    <section className={styles.panel} aria-labelledby="try-on-manual" onKeyDown={onKeyDown} data-testid="manual-placement">
      <h2 id="try-on-manual">
        <FormattedMessage id="tryOn.manual.title" defaultMessage="Place the frame" />
      </h2>
      <p className={styles.hint}>
        <FormattedMessage id="tryOn.manual.keys" defaultMessage="Arrow keys move the frame, + and − resize it, [ and ] turn it." />
      </p>
      <div className={styles.nudges} role="group" aria-label={intl.formatMessage({ id: 'tryOn.manual.group', defaultMessage: 'Frame position' })}>
        {control('left', intl.formatMessage({ id: 'tryOn.manual.left', defaultMessage: 'Move left' }), '←')}
        {control('up', intl.formatMessage({ id: 'tryOn.manual.up', defaultMessage: 'Move up' }), '↑')}
        {control('down', intl.formatMessage({ id: 'tryOn.manual.down', defaultMessage: 'Move down' }), '↓')}
        {control('right', intl.formatMessage({ id: 'tryOn.manual.right', defaultMessage: 'Move right' }), '→')}
        {control('larger', intl.formatMessage({ id: 'tryOn.manual.larger', defaultMessage: 'Larger' }), '+')}
        {control('smaller', intl.formatMessage({ id: 'tryOn.manual.smaller', defaultMessage: 'Smaller' }), '−')}
        {control('turnLeft', intl.formatMessage({ id: 'tryOn.manual.turnLeft', defaultMessage: 'Turn left' }), '⟲')}
        {control('turnRight', intl.formatMessage({ id: 'tryOn.manual.turnRight', defaultMessage: 'Turn right' }), '⟳')}
      </div>
      {canTrack ? (
        <Button priority="low" onClick={() => actor.send({ type: 'tryOn.trackAgain' })}>
          <FormattedMessage id="tryOn.manual.track" defaultMessage="Follow my face again" />
        </Button>
      ) : null}
    </section>
  );
}

/** The camera is shown as a mirror, as shoppers expect of a selfie camera; they may see it unmirrored instead. */
function MirrorToggle({ actor }: { actor: TryOnActor }) {
  const isCamera = useSelector(actor, (s) => s.context.source === 'camera');
  const mirrored = useSelector(actor, (s) => s.context.mirrored);
  if (!isCamera) return null;
  return (
    <label className={styles.mirrorToggle}>
      <input type="checkbox" checked={mirrored} onChange={(event) => actor.send({ type: 'tryOn.setMirrored', mirrored: event.target.checked })} />
      <FormattedMessage id="tryOn.mirror" defaultMessage="Show the camera as a mirror" />
    </label>
  );
}

function TryOnActions({ actor }: { actor: TryOnActor }) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canMeasure = useSelector(actor, (s) => s.can({ type: 'tryOn.measurePd' }));
  const marking = useSelector(actor, (s) => s.hasTag('frozen'));
  if (marking) return null;
  return (
    <div className={styles.actions}>
      <Button priority="high" disabled={busy} onClick={() => actor.send({ type: 'tryOn.takeSnapshot' })}>
        <FormattedMessage id="tryOn.snapshot.take" defaultMessage="Take a snapshot" />
      </Button>
      <Button disabled={busy || !canMeasure} onClick={() => actor.send({ type: 'tryOn.measurePd' })}>
        <FormattedMessage id="tryOn.pd.measure" defaultMessage="Measure my PD" />
      </Button>
      <Button disabled={busy} onClick={() => actor.send({ type: 'tryOn.calibrateWithCard' })}>
        <FormattedMessage id="tryOn.pd.card" defaultMessage="Measure PD with a bank card" />
      </Button>
      <Button priority="low" onClick={() => actor.send({ type: 'tryOn.changeSource' })}>
        <FormattedMessage id="tryOn.source.change" defaultMessage="Change camera or photo" />
      </Button>
    </div>
  );
}

function ResultPanel({ actor }: { actor: TryOnActor }) {
  const intl = useIntl();
  const panel = useSelector(actor, (s) => (s.matches('trying') ? (s.value as { trying: { panel: string } }).trying.panel : null));
  const snapshot = useSelector(actor, (s) => s.context.snapshot);
  const pd = useSelector(actor, (s) => s.context.pd);
  const error = useSelector(actor, (s) => s.context.error);
  let body: ReactNode = null;
  if (panel === 'snapshotShown' && snapshot) {
    const alt = intl.formatMessage(
      { id: 'tryOn.snapshot.alt', defaultMessage: 'Snapshot of you wearing {frames}' },
      { frames: intl.formatList(snapshot.frameNames, { type: 'conjunction' }) },
    );
    body = (
      <>
        <h2>
          <FormattedMessage id="tryOn.snapshot.title" defaultMessage="Your snapshot" />
        </h2>
        <img className={styles.snapshot} src={snapshot.url} alt={alt} width={snapshot.width} height={snapshot.height} />
        <div className={styles.actions}>
          <a className={styles.download} href={snapshot.url} download="try-on.png">
            <FormattedMessage id="tryOn.snapshot.download" defaultMessage="Download the snapshot" />
          </a>
          <Button priority="low" onClick={() => actor.send({ type: 'tryOn.closeSnapshot' })}>
            <FormattedMessage id="tryOn.close" defaultMessage="Close" />
          </Button>
        </div>
      </>
    );
  } else if (panel === 'markingCard') {
    body = (
      <>
        <h2>
          <FormattedMessage id="tryOn.card.title" defaultMessage="Measure with a bank card" />
        </h2>
        <p>
          <FormattedMessage
            id="tryOn.card.steps"
            defaultMessage="Hold any bank card flat under your nose, touching your face. On the picture, move the two card marks to the card's left and right edges and the two round marks to the centres of your pupils."
          />
        </p>
        <div className={styles.actions}>
          <Button priority="high" onClick={() => actor.send({ type: 'tryOn.confirmCard' })}>
            <FormattedMessage id="tryOn.card.confirm" defaultMessage="Measure" />
          </Button>
          <CancelButton onClick={() => actor.send({ type: 'tryOn.closePd' })} />
        </div>
      </>
    );
  } else if (panel === 'pdShown' && pd) {
    body = (
      <>
        <h2>
          <FormattedMessage id="tryOn.pd.title" defaultMessage="Your pupillary distance (PD)" />
        </h2>
        <p className={styles.pd} data-testid="pd-result" data-pd-mm={pd.mm}>
          <FormattedMessage
            id="tryOn.pd.value"
            defaultMessage="{mm} mm"
            values={{ mm: intl.formatNumber(pd.mm, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }}
          />
        </p>
        <p className={styles.hint}>
          {pd.method === 'iris' ? (
            <FormattedMessage
              id="tryOn.pd.iris"
              defaultMessage="Estimated from the size of your irises (about ±2 mm). For a closer measurement, use a bank card."
            />
          ) : (
            <FormattedMessage id="tryOn.pd.cardNote" defaultMessage="Measured with a bank card as the scale. Frames are now drawn at this scale too." />
          )}
        </p>
        <Button priority="low" onClick={() => actor.send({ type: 'tryOn.closePd' })}>
          <FormattedMessage id="tryOn.close" defaultMessage="Close" />
        </Button>
      </>
    );
  } else if (panel === 'pdFailed') {
    body = (
      <>
        <p role="alert" className={styles.error}>
          {shopperMessageOf(error, intl)}
        </p>
        <Button priority="low" onClick={() => actor.send({ type: 'tryOn.closePd' })}>
          <FormattedMessage id="tryOn.close" defaultMessage="Close" />
        </Button>
      </>
    );
  } else if (panel === 'idle' && error && actor.getSnapshot().hasTag('manual') === false) {
    body = (
      <p role="alert" className={styles.error}>
        {shopperMessageOf(error, intl)}
      </p>
    );
  }
  return (
    <section className={styles.result} aria-live="polite" aria-label={intl.formatMessage({ id: 'tryOn.result', defaultMessage: 'Result' })}>
      {body}
    </section>
  );
}
