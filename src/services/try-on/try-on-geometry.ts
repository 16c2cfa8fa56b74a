/**
 * The maths of virtual try-on, as pure functions over image pixels (eyewear notes "Try-on that works
 * offline"): the pixel scale of a face from its irises or from a bank card, the pupillary distance,
 * and where a frame's try-on image goes (centre, width, roll) so it is drawn at its true width.
 *
 * Image coordinates: x to the right, y down, in pixels of the source (video frame or photo).
 * "Right eye" is the shopper's right eye, which a camera sees on the left of the image.
 *
 * The camera is shown mirrored, as a selfie camera is: the view is the source flipped left to right.
 * Every placement stays in source pixels (tracking, PD and manual moves all work there); only the
 * drawing and the shopper's screen gestures go through the mirror (`mirrorPoint`, `viewDeltaToSource`).
 */
import type { FramePlacement, ImagePoint, PdMeasurement, PdRequest, TrackedFace } from '../../machines/try-on/try-on.machine';
import { ShopFailure } from '../../machines/shared/shop-failure';

/** Mean horizontal visible iris diameter of adults (about 11.7 mm, stable across people). */
export const IRIS_DIAMETER_MM = 11.7;
/** ISO/IEC 7810 ID-1: every bank card is 85.60 mm wide. */
export const BANK_CARD_WIDTH_MM = 85.6;
/** A single PD outside this range is a measuring error (eyewear notes: single PD 50…80 mm). */
export const PD_RANGE_MM = { min: 50, max: 80 } as const;
/** Manual placement limits: a frame stays between these scales (pixels per millimetre) … */
export const MANUAL_SCALE_RANGE = { min: 0.2, max: 20 } as const;
/** … and within ±45° of level. */
export const MANUAL_ROLL_LIMIT_RAD = Math.PI / 4;

export function distance(a: ImagePoint, b: ImagePoint): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

export function midpoint(a: ImagePoint, b: ImagePoint): ImagePoint {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * Diameter of an iris in pixels from its contour points: the longest chord. The horizontal chord is
 * the reliable one (eyelids cover the top and bottom of the iris), and it is the longest when the eye
 * is open, whatever the head's roll.
 */
export function irisDiameterPx(contour: readonly ImagePoint[]): number {
  let longest = 0;
  for (let i = 0; i < contour.length; i++) {
    for (let j = i + 1; j < contour.length; j++) longest = Math.max(longest, distance(contour[i]!, contour[j]!));
  }
  return longest;
}

/** Millimetres per pixel from both irises (their mean diameter spans `irisMm`, 11.7 mm unless calibrated). */
export function mmPerPixelFromIris(face: Pick<TrackedFace, 'rightIrisPx' | 'leftIrisPx'>, irisMm = IRIS_DIAMETER_MM): number {
  const diameters = [face.rightIrisPx, face.leftIrisPx].filter((d) => Number.isFinite(d) && d > 0);
  if (diameters.length === 0) throw new ShopFailure('irisesNotMeasured');
  const mean = diameters.reduce((sum, d) => sum + d, 0) / diameters.length;
  return irisMm / mean;
}

/** Millimetres per pixel from the two short edges of a bank card held against the face (85.6 mm apart). */
export function mmPerPixelFromCard(leftEdge: ImagePoint, rightEdge: ImagePoint): number {
  const px = distance(leftEdge, rightEdge);
  if (px < 10) throw new ShopFailure('cardEdgesTooClose');
  return BANK_CARD_WIDTH_MM / px;
}

/**
 * The iris diameter of this shopper in millimetres once a card has given the true scale: later frames
 * then take their scale from the irises at the card's accuracy, wherever the head moves.
 */
export function calibratedIrisMm(face: Pick<TrackedFace, 'rightIrisPx' | 'leftIrisPx'>, cardMmPerPx: number): number {
  return IRIS_DIAMETER_MM * (cardMmPerPx / mmPerPixelFromIris(face));
}

/** Single pupillary distance in millimetres, to the 0.5 mm step prescriptions use. */
export function pupillaryDistanceMm(rightPupil: ImagePoint, leftPupil: ImagePoint, mmPerPx: number): number {
  return roundToHalf(distance(rightPupil, leftPupil) * mmPerPx);
}

export function roundToHalf(value: number): number {
  return Math.round(value * 2) / 2;
}

export function isPlausiblePd(mm: number): boolean {
  return mm >= PD_RANGE_MM.min && mm <= PD_RANGE_MM.max;
}

/** The head's roll: the angle of the line from the right pupil (image left) to the left pupil, in radians. */
export function eyeLineRoll(rightPupil: ImagePoint, leftPupil: ImagePoint): number {
  return Math.atan2(leftPupil.y - rightPupil.y, leftPupil.x - rightPupil.x);
}

/** Where a frame sits on a tracked face: centred between the pupils, level with the eyes, at true scale. */
export function placementFromFace(face: TrackedFace, irisMm = IRIS_DIAMETER_MM): FramePlacement {
  const centre = midpoint(face.rightPupil, face.leftPupil);
  const roll = eyeLineRoll(face.rightPupil, face.leftPupil);
  const yaw = clamp(face.yaw ?? 0, -MAX_YAW_RAD, MAX_YAW_RAD);
  // Turned, the eyes look closer together and the irises narrower by cos(yaw): the frame is sized for the face seen square on.
  const pxPerMm = 1 / mmPerPixelFromIris(face, irisMm);
  return { centerX: centre.x, centerY: centre.y, pxPerMm, roll, yaw };
}

/** Beyond this turn the face tracking is no longer reliable: the frame turns no further. */
export const MAX_YAW_RAD = (50 * Math.PI) / 180;
/** How much nearer the near half of a turned frame is: a frame's half width over the camera distance (about 70 mm / 450 mm). */
export const TURN_PERSPECTIVE = 0.15;
/** The outer part of each side of a frame's front image where the hinge and the temple are. */
export const TEMPLE_FRACTION = 0.08;
/** Once the head turns more than this, the far temple is behind the head and is not drawn. */
export const HIDE_FAR_TEMPLE_RAD = (10 * Math.PI) / 180;

/**
 * A frame's front drawn on a turned head (yaw), as two halves either side of its centre: both
 * foreshortened by cos(yaw), the near half larger than the far one (perspective), and the far
 * side's hinge and temple (`TEMPLE_FRACTION` of the image on that side) hidden once the head turns
 * more than `HIDE_FAR_TEMPLE_RAD`. Widths in source pixels, for a frame `width` wide facing the camera;
 * `hiddenFraction` is the part of that half's image (0…0.5 of the whole image) left out.
 */
export function turnedFrame(width: number, yaw = 0): { left: number; right: number; hiddenLeft: number; hiddenRight: number } {
  const y = clamp(yaw, -MAX_YAW_RAD, MAX_YAW_RAD);
  const half = (width / 2) * Math.cos(y);
  // a positive yaw (nose to the image's right) brings the image's left half nearer
  const left = half * (1 + TURN_PERSPECTIVE * Math.sin(y));
  const right = half * (1 - TURN_PERSPECTIVE * Math.sin(y));
  const hide = Math.abs(y) > HIDE_FAR_TEMPLE_RAD ? TEMPLE_FRACTION : 0;
  const hiddenLeft = y < 0 ? hide : 0;
  const hiddenRight = y > 0 ? hide : 0;
  // the hidden part's share of its half is not drawn: the half's drawn width shrinks with it
  return { left: left * (1 - 2 * hiddenLeft), right: right * (1 - 2 * hiddenRight), hiddenLeft, hiddenRight };
}

/** The frame's box in source pixels for a placement: its width is its real width at the face's scale. */
export function frameBox(placement: FramePlacement, frameWidthMm: number, imageAspect: number) {
  const width = frameWidthMm * placement.pxPerMm;
  const height = width / imageAspect;
  return {
    centerX: placement.centerX,
    centerY: placement.centerY,
    width,
    height,
    left: placement.centerX - width / 2,
    top: placement.centerY - height / 2,
    roll: placement.roll,
    yaw: placement.yaw ?? 0,
  };
}

/**
 * Where a frame starts when the shopper places it by hand: on the last face seen, else in the middle
 * of the picture at the size of a face filling about 40 % of its width (a face is about 140 mm wide).
 */
export function defaultPlacement(media: { width: number; height: number }, face: TrackedFace | null): FramePlacement {
  if (face) return placementFromFace(face);
  return { centerX: media.width / 2, centerY: media.height * 0.42, pxPerMm: (media.width * 0.4) / 140, roll: 0 };
}

/**
 * Smoothing between drawings, so the frame follows the head without jitter and without lag: a small
 * change (tracking noise, a pixel or two) is mostly smoothed away, a large one (the head moving) is
 * followed almost at once (an adaptive exponential filter, in the spirit of the 1€ filter). The
 * movement is measured against the frame's size, so it behaves the same near and far from the camera.
 */
export function smoothPlacement(previous: FramePlacement | null, next: FramePlacement, weightOfNext = 0.35): FramePlacement {
  if (!previous) return next;
  // a frame is about 140 mm wide: how far it moved, in frame widths, plus the turns in radians
  const frameWidthPx = Math.max(1, 140 * next.pxPerMm);
  const movement =
    Math.hypot(next.centerX - previous.centerX, next.centerY - previous.centerY) / frameWidthPx +
    Math.abs(next.pxPerMm / previous.pxPerMm - 1) +
    Math.abs(next.roll - previous.roll) +
    Math.abs((next.yaw ?? 0) - (previous.yaw ?? 0));
  // 2 % of a frame's width or ~1° keeps the base weight; 20 % (a quick head move) follows at once
  const weight = Math.min(1, weightOfNext + Math.max(0, movement - 0.02) * 4);
  const mix = (a: number, b: number) => a + (b - a) * weight;
  return {
    centerX: mix(previous.centerX, next.centerX),
    centerY: mix(previous.centerY, next.centerY),
    pxPerMm: mix(previous.pxPerMm, next.pxPerMm),
    roll: mix(previous.roll, next.roll),
    yaw: mix(previous.yaw ?? 0, next.yaw ?? 0),
  };
}

export function movePlacement(placement: FramePlacement, dx: number, dy: number, media: { width: number; height: number }): FramePlacement {
  return { ...placement, centerX: clamp(placement.centerX + dx, 0, media.width), centerY: clamp(placement.centerY + dy, 0, media.height) };
}

export function scalePlacement(placement: FramePlacement, factor: number): FramePlacement {
  if (!(factor > 0)) throw new RangeError(`A scale factor must be positive, not ${factor}.`);
  return { ...placement, pxPerMm: clamp(placement.pxPerMm * factor, MANUAL_SCALE_RANGE.min, MANUAL_SCALE_RANGE.max) };
}

export function rotatePlacement(placement: FramePlacement, radians: number): FramePlacement {
  return { ...placement, roll: clamp(placement.roll + radians, -MANUAL_ROLL_LIMIT_RAD, MANUAL_ROLL_LIMIT_RAD) };
}

/** Maps a point on the displayed element (CSS pixels, object-fit: contain) to source pixels. */
export function displayToSource(point: ImagePoint, display: { width: number; height: number }, media: { width: number; height: number }): ImagePoint {
  const scale = Math.min(display.width / media.width, display.height / media.height);
  const offsetX = (display.width - media.width * scale) / 2;
  const offsetY = (display.height - media.height * scale) / 2;
  return { x: (point.x - offsetX) / scale, y: (point.y - offsetY) / scale };
}

/** A point of the source as seen in the mirrored view, and back (the flip is its own inverse). */
export function mirrorPoint(point: ImagePoint, mediaWidth: number): ImagePoint {
  return { x: mediaWidth - point.x, y: point.y };
}

/**
 * Where a placement appears in the mirrored view: its centre flipped and its roll reversed (a head
 * tilted to one side looks tilted to the other in a mirror). Its scale does not change.
 */
export function mirrorPlacement(placement: FramePlacement, mediaWidth: number): FramePlacement {
  return { ...placement, centerX: mediaWidth - placement.centerX, roll: -placement.roll, ...(placement.yaw === undefined ? {} : { yaw: -placement.yaw }) };
}

/** The 2D transform (a, b, c, d, e, f) that draws source pixels as the view shows them. */
export function viewTransform(mirrored: boolean, mediaWidth: number): [number, number, number, number, number, number] {
  return mirrored ? [-1, 0, 0, 1, mediaWidth, 0] : [1, 0, 0, 1, 0, 0];
}

/** A movement the shopper makes on the view (drag, arrow keys, "move left") as a movement in source pixels. */
export function viewDeltaToSource(dx: number, dy: number, mirrored: boolean): { dx: number; dy: number } {
  return { dx: mirrored ? -dx : dx, dy };
}

/** A turn the shopper asks for on the view (clockwise is positive) as a turn in source pixels. */
export function viewTurnToSource(radians: number, mirrored: boolean): number {
  return mirrored ? -radians : radians;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The pupillary distance for the try-on machine's `measurePd`: from the irises (11.7 mm, or the
 * shopper's own iris size once calibrated), or from a bank card's edges marked on the picture. A
 * result outside 50…80 mm is a failed measurement, refused with what to do about it.
 */
export function measurePupillaryDistance(request: PdRequest): PdMeasurement {
  if (request.method === 'iris') {
    const mm = pupillaryDistanceMm(request.face.rightPupil, request.face.leftPupil, mmPerPixelFromIris(request.face, request.irisMm ?? IRIS_DIAMETER_MM));
    refuseImplausible(mm, 'iris');
    return { method: 'iris', mm, irisMm: null };
  }
  const cardMmPerPx = mmPerPixelFromCard(request.marks.leftEdge, request.marks.rightEdge);
  const mm = pupillaryDistanceMm(request.marks.rightPupil, request.marks.leftPupil, cardMmPerPx);
  refuseImplausible(mm, 'card');
  return { method: 'card', mm, irisMm: request.face ? roundTo(calibratedIrisMm(request.face, cardMmPerPx), 0.01) : null };
}

/** Refuses an implausible PD with the measured value, the range and the method (its words say what to do about it). */
function refuseImplausible(mm: number, method: 'iris' | 'card'): void {
  if (!isPlausiblePd(mm)) throw new ShopFailure('pdImplausible', { mm, min: PD_RANGE_MM.min, max: PD_RANGE_MM.max, method });
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}
