import { useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { CardMarks, FramePlacement, ImagePoint, TryOnFrame, tryOnMachine } from '../../machines/try-on/try-on.machine';
import { isMirroredView } from '../../machines/try-on/mirrored-view';
import {
  defaultPlacement,
  frameBox,
  IRIS_DIAMETER_MM,
  mirrorPoint,
  placementFromFace,
  smoothPlacement,
  viewDeltaToSource,
} from '../../services/try-on/try-on-geometry';
import { drawTryOn, frameImage } from '../../services/try-on/try-on-media';
import styles from './try-on.module.css';

export type TryOnActor = ActorRefFrom<typeof tryOnMachine>;
type TryOnSnapshot = ReturnType<TryOnActor['getSnapshot']>;

/** Where the frame should be now: by hand, on the tracked face, or nowhere yet. */
export function targetPlacement(snapshot: TryOnSnapshot): FramePlacement | null {
  const { context } = snapshot;
  if (!context.media) return null;
  if (snapshot.hasTag('manual')) return context.manualPlacement ?? defaultPlacement(context.media, context.face);
  if (context.face) return placementFromFace(context.face, context.irisMm ?? IRIS_DIAMETER_MM);
  return null;
}

export interface TryOnStageProps {
  actor: TryOnActor;
  /** Which frame this stage shows: the chosen one, or the one it is compared with. */
  slot: 'frame' | 'comparedFrame';
  source(): CanvasImageSource | null;
  registerCanvas(slot: 'frame' | 'comparedFrame', canvas: HTMLCanvasElement | null): void;
  /** The frame's label under the picture. */
  caption: string;
}

/**
 * The picture with the frame drawn over it, redrawn at every animation frame: the frame follows the
 * face with smoothing, or sits where the shopper placed it. The camera is drawn mirrored unless the
 * shopper turned that off. The drawn placement is exposed as data attributes (source pixels, with
 * `data-mirrored`) for the end-to-end tests.
 */
export function TryOnStage({ actor, slot, source, registerCanvas, caption }: TryOnStageProps) {
  const intl = useIntl();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const figureRef = useRef<HTMLElement | null>(null);
  const dragFrom = useRef<{ x: number; y: number } | null>(null);
  const media = useSelector(actor, (s) => s.context.media);
  const manual = useSelector(actor, (s) => s.hasTag('manual'));
  const markingCard = useSelector(actor, (s) => s.hasTag('frozen'));
  const mirrored = useSelector(actor, (s) => isMirroredView(s.context));
  const primary = slot === 'frame';

  useEffect(() => {
    let placement: FramePlacement | null = null;
    let drawnMirrored: boolean | null = null;
    let drawnKey = '';
    let handle = 0;
    // A new camera picture (where the browser says when one arrives): a canvas is redrawn only when
    // the picture, the frame or its placement changed. Software-drawn pages (no GPU) spend their one
    // main thread on face tracking rather than on redrawing the same picture 60 times a second.
    const pictures = { count: 0, watched: null as HTMLVideoElement | null };
    const watchPictures = (picture: CanvasImageSource) => {
      if (!(picture instanceof HTMLVideoElement) || pictures.watched === picture || !('requestVideoFrameCallback' in picture)) return;
      pictures.watched = picture;
      const next = () => {
        pictures.count++;
        if (pictures.watched === picture) picture.requestVideoFrameCallback(next);
      };
      picture.requestVideoFrameCallback(next);
    };
    const draw = () => {
      handle = requestAnimationFrame(draw);
      const snapshot = actor.getSnapshot();
      const canvas = canvasRef.current;
      const picture = source();
      const { media: size, face } = snapshot.context;
      const mirror = isMirroredView(snapshot.context);
      // a frozen picture stays as it is while the shopper marks the card (redrawn only if the mirror is turned)
      if (!canvas || !picture || !size || (drawnMirrored === mirror && snapshot.hasTag('frozen'))) return;
      watchPictures(picture);
      const target = targetPlacement(snapshot);
      const frame: TryOnFrame | null = snapshot.context[slot];
      const smoothed = target && !snapshot.hasTag('manual') ? smoothPlacement(placement, target) : target;
      const settled = !smoothed || !target || placementKey(smoothed) === placementKey(target);
      const everyFrame = picture instanceof HTMLVideoElement && pictures.watched !== picture;
      const key = [
        pictures.count,
        picture instanceof HTMLImageElement ? picture.currentSrc : '',
        mirror,
        frame?.sku,
        frame && frameImage(frame.imageUrl).complete,
        placementKey(smoothed),
        canvas.width,
      ].join('|');
      if (key === drawnKey && settled && !everyFrame) return;
      drawnKey = key;
      drawnMirrored = mirror;
      placement = smoothed;
      drawTryOn(canvas, picture, size, frame ? { image: frameImage(frame.imageUrl), widthMm: frame.widthMm } : null, placement, mirror);
      exposePlacement(
        figureRef.current,
        snapshot.hasTag('faceFound'),
        frame && placement ? frameBox(placement, frame.widthMm, 1) : null,
        face ? [face.rightPupil, face.leftPupil] : null,
        mirror,
      );
    };
    handle = requestAnimationFrame(draw);
    return () => {
      pictures.watched = null;
      cancelAnimationFrame(handle);
    };
  }, [actor, slot, source]);

  useEffect(() => {
    registerCanvas(slot, canvasRef.current);
    return () => registerCanvas(slot, null);
  }, [registerCanvas, slot]);

  const placeBy = (change: (p: FramePlacement) => FramePlacement) => {
    const snapshot = actor.getSnapshot();
    const current = targetPlacement(snapshot);
    if (current) actor.send({ type: 'tryOn.placeFrame', placement: change(current) });
  };

  return (
    <figure ref={figureRef} className={styles.stage} data-testid={primary ? 'try-on-stage' : 'try-on-compared-stage'}>
      <div className={styles.picture}>
        <canvas
          ref={canvasRef}
          className={manual && primary ? styles.draggable : undefined}
          width={media?.width ?? 640}
          height={media?.height ?? 480}
          role="img"
          aria-label={intl.formatMessage({ id: 'tryOn.stage.label', defaultMessage: 'Your picture wearing {frame}' }, { frame: caption })}
          {...(manual && primary ? dragHandlers(canvasRef, dragFrom, media, mirrored, placeBy) : {})}
        />
        {primary && markingCard && media ? <CardMarker actor={actor} media={media} mirrored={mirrored} /> : null}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** A placement to a tenth of a pixel and of a milliradian: what changes the drawing. */
function placementKey(p: FramePlacement | null): string {
  if (!p) return '';
  return [p.centerX, p.centerY, p.pxPerMm * 100, p.roll * 1000, (p.yaw ?? 0) * 1000].map((n) => Math.round(n * 10)).join(',');
}

function exposePlacement(
  figure: HTMLElement | null,
  faceFound: boolean,
  box: ReturnType<typeof frameBox> | null,
  pupils: [ImagePoint, ImagePoint] | null,
  mirrored: boolean,
) {
  if (!figure) return;
  const round = (n: number) => String(Math.round(n * 10) / 10);
  figure.dataset.faceFound = String(faceFound);
  figure.dataset.mirrored = String(mirrored);
  if (box) {
    figure.dataset.frameX = round(box.centerX);
    figure.dataset.frameY = round(box.centerY);
    figure.dataset.frameWidth = round(box.width);
    figure.dataset.frameRoll = round((box.roll * 180) / Math.PI);
    figure.dataset.frameYaw = round(((box.yaw ?? 0) * 180) / Math.PI);
  }
  if (pupils) figure.dataset.pupils = pupils.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
}

/** Dragging the frame with a pointer: the movement in source pixels, whatever size the canvas is shown at, through the mirror. */
function dragHandlers(
  canvasRef: { current: HTMLCanvasElement | null },
  dragFrom: { current: { x: number; y: number } | null },
  media: { width: number } | null,
  mirrored: boolean,
  placeBy: (change: (p: FramePlacement) => FramePlacement) => void,
) {
  const scale = () => (media && canvasRef.current ? media.width / (canvasRef.current.getBoundingClientRect().width || media.width) : 1);
  return {
    onPointerDown: (event: PointerEvent<HTMLCanvasElement>) => {
      event.currentTarget.setPointerCapture(event.pointerId);
      dragFrom.current = { x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent<HTMLCanvasElement>) => {
      const last = dragFrom.current;
      if (!last) return;
      const { dx, dy } = viewDeltaToSource((event.clientX - last.x) * scale(), (event.clientY - last.y) * scale(), mirrored);
      dragFrom.current = { x: event.clientX, y: event.clientY };
      placeBy((p) => ({ ...p, centerX: p.centerX + dx, centerY: p.centerY + dy }));
    },
    onPointerUp: () => {
      dragFrom.current = null;
    },
  };
}

type MarkName = keyof CardMarks;

const cardEdges = defineMessages({
  left: { id: 'tryOn.card.leftEdge', defaultMessage: 'Card, left edge' },
  right: { id: 'tryOn.card.rightEdge', defaultMessage: 'Card, right edge' },
});

/**
 * Four handles on the frozen picture: the card's two short edges and the two pupils, by pointer or
 * arrow keys. The marks are kept in source pixels; on a mirrored view they are shown, and moved,
 * through the mirror.
 */
function CardMarker({ actor, media, mirrored }: { actor: TryOnActor; media: { width: number; height: number }; mirrored: boolean }) {
  const intl = useIntl();
  const marks = useSelector(actor, (s) => s.context.cardMarks);
  const layerRef = useRef<HTMLDivElement | null>(null);
  if (!marks) return null;
  const labels: Record<MarkName, string> = {
    // Named as seen: in a mirror the card's edge on the left of the picture shows on the right.
    leftEdge: intl.formatMessage(mirrored ? cardEdges.right : cardEdges.left),
    rightEdge: intl.formatMessage(mirrored ? cardEdges.left : cardEdges.right),
    rightPupil: intl.formatMessage({ id: 'tryOn.card.rightPupil', defaultMessage: 'Centre of your right pupil' }),
    leftPupil: intl.formatMessage({ id: 'tryOn.card.leftPupil', defaultMessage: 'Centre of your left pupil' }),
  };
  const move = (name: MarkName, point: ImagePoint) => {
    const current = actor.getSnapshot().context.cardMarks;
    if (!current) return;
    const clamped = { x: Math.min(media.width, Math.max(0, point.x)), y: Math.min(media.height, Math.max(0, point.y)) };
    actor.send({ type: 'tryOn.markCard', marks: { ...current, [name]: clamped } });
  };
  const onKeyDown = (name: MarkName) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 10 : 1;
    const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    const { dx, dy } = viewDeltaToSource(d[0], d[1], mirrored);
    move(name, { x: marks[name].x + dx, y: marks[name].y + dy });
  };
  const onPointerMove = (name: MarkName) => (event: PointerEvent<HTMLButtonElement>) => {
    if (!event.currentTarget.hasPointerCapture(event.pointerId) || !layerRef.current) return;
    const rect = layerRef.current.getBoundingClientRect();
    const inView = { x: ((event.clientX - rect.left) / rect.width) * media.width, y: ((event.clientY - rect.top) / rect.height) * media.height };
    move(name, mirrored ? mirrorPoint(inView, media.width) : inView);
  };
  const shown = (point: ImagePoint) => (mirrored ? mirrorPoint(point, media.width) : point);
  return (
    <div ref={layerRef} className={styles.markLayer}>
      {(Object.keys(labels) as MarkName[]).map((name) => (
        <button
          key={name}
          type="button"
          className={name.endsWith('Edge') ? styles.cardMark : styles.pupilMark}
          style={{ left: `${(shown(marks[name]).x / media.width) * 100}%`, top: `${(marks[name].y / media.height) * 100}%` }}
          aria-label={intl.formatMessage({ id: 'tryOn.card.handle', defaultMessage: '{mark}: move with the arrow keys' }, { mark: labels[name] })}
          data-mark={name}
          onKeyDown={onKeyDown(name)}
          onPointerDown={(event) => event.currentTarget.setPointerCapture(event.pointerId)}
          onPointerMove={onPointerMove(name)}
        />
      ))}
    </div>
  );
}
