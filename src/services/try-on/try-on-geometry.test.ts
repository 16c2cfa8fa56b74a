import { describe, expect, it } from 'vitest';
import type { TrackedFace } from '../../machines/try-on/try-on.machine';
import {
  BANK_CARD_WIDTH_MM,
  calibratedIrisMm,
  defaultPlacement,
  displayToSource,
  eyeLineRoll,
  frameBox,
  irisDiameterPx,
  measurePupillaryDistance,
  mirrorPlacement,
  mirrorPoint,
  mmPerPixelFromCard,
  mmPerPixelFromIris,
  movePlacement,
  placementFromFace,
  MAX_YAW_RAD,
  TEMPLE_FRACTION,
  TURN_PERSPECTIVE,
  turnedFrame,
  pupillaryDistanceMm,
  rotatePlacement,
  scalePlacement,
  smoothPlacement,
  viewDeltaToSource,
  viewTransform,
  viewTurnToSource,
} from './try-on-geometry';

/** A level face whose irises are 18 px across and whose pupils are 108 px apart: 1 px = 0.65 mm. */
const FACE: TrackedFace = { rightPupil: { x: 300, y: 200 }, leftPupil: { x: 408, y: 200 }, rightIrisPx: 18, leftIrisPx: 18 };

describe('try-on geometry (eyewear notes: true-scale try-on and PD)', () => {
  it('iris diameter is the longest chord of its contour, whatever the roll', () => {
    const contour = [
      { x: 448, y: 227 },
      { x: 458, y: 219 },
      { x: 467, y: 228 },
      { x: 457, y: 236 },
    ];
    expect(irisDiameterPx(contour)).toBeCloseTo(Math.hypot(19, 1), 5);
    const tilted = contour.map(({ x, y }) => ({ x: x * Math.cos(0.3) - y * Math.sin(0.3), y: x * Math.sin(0.3) + y * Math.cos(0.3) }));
    expect(irisDiameterPx(tilted)).toBeCloseTo(irisDiameterPx(contour), 5);
    expect(irisDiameterPx([])).toBe(0);
  });

  it('scale from the irises: 11.7 mm over their mean diameter', () => {
    expect(mmPerPixelFromIris(FACE)).toBeCloseTo(0.65, 6);
    expect(mmPerPixelFromIris({ rightIrisPx: 16, leftIrisPx: 20 })).toBeCloseTo(0.65, 6);
    // one iris not measured: the other alone gives the scale
    expect(mmPerPixelFromIris({ rightIrisPx: 0, leftIrisPx: 18 })).toBeCloseTo(0.65, 6);
    expect(() => mmPerPixelFromIris({ rightIrisPx: 0, leftIrisPx: Number.NaN })).toThrow(expect.objectContaining({ code: 'irisesNotMeasured' }));
  });

  it('scale from a bank card: 85.6 mm between its edges', () => {
    expect(BANK_CARD_WIDTH_MM).toBe(85.6);
    expect(mmPerPixelFromCard({ x: 100, y: 300 }, { x: 314, y: 300 })).toBeCloseTo(0.4, 6);
    expect(() => mmPerPixelFromCard({ x: 100, y: 300 }, { x: 104, y: 300 })).toThrow(expect.objectContaining({ code: 'cardEdgesTooClose' }));
  });

  it('PD in millimetres, rounded to 0.5 mm steps', () => {
    expect(pupillaryDistanceMm(FACE.rightPupil, FACE.leftPupil, 0.65)).toBe(70);
    expect(pupillaryDistanceMm({ x: 0, y: 0 }, { x: 100, y: 0 }, 0.6321)).toBe(63);
    expect(pupillaryDistanceMm({ x: 0, y: 0 }, { x: 100, y: 0 }, 0.638)).toBe(64);
  });

  it('PD from the irises, and refused outside 50–80 mm', () => {
    expect(measurePupillaryDistance({ method: 'iris', face: FACE, irisMm: null })).toEqual({ method: 'iris', mm: 70, irisMm: null });
    // a calibrated iris size changes the scale
    expect(measurePupillaryDistance({ method: 'iris', face: FACE, irisMm: 10.5 }).mm).toBe(63);
    const tinyIrises = { ...FACE, rightIrisPx: 9, leftIrisPx: 9 };
    expect(() => measurePupillaryDistance({ method: 'iris', face: tinyIrises, irisMm: null })).toThrow(
      expect.objectContaining({ code: 'pdImplausible', values: { mm: 140.5, min: 50, max: 80, method: 'iris' } }),
    );
  });

  it("PD with a bank card, which also calibrates the shopper's iris size", () => {
    // card 214 px wide → 0.4 mm/px; pupils 160 px apart → 64 mm; irises 30 px → 12 mm
    const face = { rightPupil: { x: 200, y: 200 }, leftPupil: { x: 360, y: 200 }, rightIrisPx: 30, leftIrisPx: 30 };
    const marks = { leftEdge: { x: 173, y: 330 }, rightEdge: { x: 387, y: 330 }, rightPupil: face.rightPupil, leftPupil: face.leftPupil };
    expect(measurePupillaryDistance({ method: 'card', marks, face })).toEqual({ method: 'card', mm: 64, irisMm: 12 });
    expect(calibratedIrisMm(face, 0.4)).toBeCloseTo(12, 6);
    expect(measurePupillaryDistance({ method: 'card', marks, face: null }).irisMm).toBeNull();
    expect(() => measurePupillaryDistance({ method: 'card', marks: { ...marks, rightEdge: { x: 600, y: 330 } }, face })).toThrow(
      expect.objectContaining({ code: 'pdImplausible', values: expect.objectContaining({ min: 50, max: 80, method: 'card' }) }),
    );
  });

  it('roll is the angle of the eye line', () => {
    expect(eyeLineRoll({ x: 0, y: 0 }, { x: 100, y: 0 })).toBe(0);
    expect(eyeLineRoll({ x: 0, y: 0 }, { x: 100, y: 100 })).toBeCloseTo(Math.PI / 4, 6);
    expect(eyeLineRoll({ x: 0, y: 10 }, { x: 100, y: 0 })).toBeLessThan(0);
  });

  it('placement: centred between the pupils, level with the eye line, at the iris scale', () => {
    const tilted = { ...FACE, leftPupil: { x: 408, y: 220 } };
    const placement = placementFromFace(tilted);
    expect(placement.centerX).toBe(354);
    expect(placement.centerY).toBe(210);
    expect(placement.pxPerMm).toBeCloseTo(1 / 0.65, 6);
    expect(placement.roll).toBeCloseTo(Math.atan2(20, 108), 6);
  });

  it('a frame is drawn at its true width: 130 mm at 1/0.65 px per mm is 200 px wide', () => {
    const box = frameBox(placementFromFace(FACE), 130, 4);
    expect(box.width).toBeCloseTo(200, 6);
    expect(box.height).toBeCloseTo(50, 6);
    expect(box.left).toBeCloseTo(254, 6);
    // both pupils lie inside the frame
    expect(box.left).toBeLessThan(FACE.rightPupil.x);
    expect(box.left + box.width).toBeGreaterThan(FACE.leftPupil.x);
  });

  it('smoothing takes the first placement as it is, smooths tracking noise, follows a head move without lag', () => {
    const a = { centerX: 300, centerY: 200, pxPerMm: 1, roll: 0, yaw: 0 };
    expect(smoothPlacement(null, a)).toEqual(a);
    // one pixel of noise on a 140 px frame: moved only part of the way
    const noisy = smoothPlacement(a, { ...a, centerX: 301 }, 0.35);
    expect(noisy.centerX).toBeCloseTo(300.35, 6);
    // a quick move of a third of the frame's width, a turn of 0.3 rad: followed at once
    const moved = smoothPlacement(a, { ...a, centerX: 350, yaw: 0.3, roll: 0.2 }, 0.35);
    expect(moved).toMatchObject({ centerX: 350, yaw: 0.3, roll: 0.2 });
    // in between: more than the base weight, less than all the way
    const middle = smoothPlacement(a, { ...a, centerX: 310 }, 0.35);
    expect(middle.centerX).toBeGreaterThan(303.5);
    expect(middle.centerX).toBeLessThan(310);
  });

  it('a turned head shows the frame foreshortened, the near half larger, the far temple hidden', () => {
    expect(turnedFrame(200, 0)).toEqual({ left: 100, right: 100, hiddenLeft: 0, hiddenRight: 0 });
    // a slight turn: narrower, no temple hidden yet
    const slight = turnedFrame(200, 0.1);
    expect(slight.left + slight.right).toBeCloseTo(200 * Math.cos(0.1), 6);
    expect(slight.left).toBeGreaterThan(slight.right);
    expect(slight.hiddenRight).toBe(0);
    // nose to the image's right by 30°: the right side is the far one, its temple hidden
    const turned = turnedFrame(200, Math.PI / 6);
    expect(turned.hiddenRight).toBe(TEMPLE_FRACTION);
    expect(turned.hiddenLeft).toBe(0);
    expect(turned.left).toBeCloseTo(100 * Math.cos(Math.PI / 6) * (1 + TURN_PERSPECTIVE / 2), 6);
    expect(turned.right).toBeCloseTo(100 * Math.cos(Math.PI / 6) * (1 - TURN_PERSPECTIVE / 2) * (1 - 2 * TEMPLE_FRACTION), 6);
    // the other way round is the mirror image
    const other = turnedFrame(200, -Math.PI / 6);
    expect(other).toEqual({ left: turned.right, right: turned.left, hiddenLeft: turned.hiddenRight, hiddenRight: turned.hiddenLeft });
    // turns beyond 50° are held at 50°
    expect(turnedFrame(200, 1.5)).toEqual(turnedFrame(200, MAX_YAW_RAD));
  });

  it("the face's yaw goes into its placement; the mirror reverses it", () => {
    const placement = placementFromFace({ ...FACE, yaw: 0.25 });
    expect(placement.yaw).toBe(0.25);
    expect(mirrorPlacement(placement, 640).yaw).toBe(-0.25);
  });

  it('manual moves stay on the picture, scale and roll stay within limits', () => {
    const media = { width: 640, height: 480 };
    const p = { centerX: 630, centerY: 10, pxPerMm: 1, roll: 0 };
    expect(movePlacement(p, 20, -20, media)).toMatchObject({ centerX: 640, centerY: 0 });
    expect(scalePlacement(p, 1.1).pxPerMm).toBeCloseTo(1.1, 6);
    expect(scalePlacement(p, 1000).pxPerMm).toBe(20);
    expect(() => scalePlacement(p, 0)).toThrow(/must be positive/);
    expect(rotatePlacement(p, 2).roll).toBeCloseTo(Math.PI / 4, 6);
  });

  it('without a face, the frame starts in the middle of the picture at a face-like size', () => {
    const p = defaultPlacement({ width: 700, height: 500 }, null);
    expect(p).toMatchObject({ centerX: 350, roll: 0 });
    expect(130 * p.pxPerMm).toBeCloseTo(260, 0);
    expect(defaultPlacement({ width: 700, height: 500 }, FACE).centerX).toBe(354);
  });

  it('maps a pointer on the displayed picture (letterboxed) back to source pixels', () => {
    // 640 × 480 shown in 800 × 800: scale 1.25, 100 px bands above and below
    expect(displayToSource({ x: 400, y: 400 }, { width: 800, height: 800 }, { width: 640, height: 480 })).toEqual({ x: 320, y: 240 });
    expect(displayToSource({ x: 0, y: 100 }, { width: 800, height: 800 }, { width: 640, height: 480 })).toEqual({ x: 0, y: 0 });
  });
});

describe('mirrored selfie view (eyewear notes "virtual try-on": a live webcam shown as a mirror)', () => {
  const WIDTH = 640;
  /** A head tilted so its left eye (image right) is higher: roll is negative in the source. */
  const TILTED: TrackedFace = { rightPupil: { x: 280, y: 214 }, leftPupil: { x: 388, y: 196 }, rightIrisPx: 18, leftIrisPx: 18 };
  const apply = ([a, b, c, d, e, f]: number[], p: { x: number; y: number }) => ({ x: a! * p.x + c! * p.y + e!, y: b! * p.x + d! * p.y + f! });
  /** A point of the frame image (offset from its centre, in px) where the canvas draws it: rotate by roll, translate, then view transform. */
  const drawn = (placement: ReturnType<typeof placementFromFace>, offset: { x: number; y: number }, mirrored: boolean) => {
    const rotated = {
      x: offset.x * Math.cos(placement.roll) - offset.y * Math.sin(placement.roll),
      y: offset.x * Math.sin(placement.roll) + offset.y * Math.cos(placement.roll),
    };
    return apply(viewTransform(mirrored, WIDTH), { x: placement.centerX + rotated.x, y: placement.centerY + rotated.y });
  };

  it('the view is the source flipped left to right; unmirrored it is the source itself', () => {
    expect(viewTransform(true, WIDTH)).toEqual([-1, 0, 0, 1, WIDTH, 0]);
    expect(apply(viewTransform(true, WIDTH), { x: 0, y: 10 })).toEqual({ x: WIDTH, y: 10 });
    expect(apply(viewTransform(false, WIDTH), { x: 12, y: 10 })).toEqual({ x: 12, y: 10 });
    expect(mirrorPoint(mirrorPoint({ x: 100.5, y: 7 }, WIDTH), WIDTH)).toEqual({ x: 100.5, y: 7 });
  });

  it("as in a mirror, the shopper's right eye is shown on the right of the view, and each lens stays on its own eye", () => {
    const placement = placementFromFace(TILTED);
    const lensOffset = Math.hypot(TILTED.leftPupil.x - TILTED.rightPupil.x, TILTED.leftPupil.y - TILTED.rightPupil.y) / 2;
    // The frame image's left lens (as an observer sees it) is the wearer's right lens.
    const rightLens = drawn(placement, { x: -lensOffset, y: 0 }, true);
    const leftLens = drawn(placement, { x: lensOffset, y: 0 }, true);
    const rightEyeInView = mirrorPoint(TILTED.rightPupil, WIDTH);
    const leftEyeInView = mirrorPoint(TILTED.leftPupil, WIDTH);
    expect(rightEyeInView.x).toBeGreaterThan(leftEyeInView.x);
    expect(rightLens.x).toBeCloseTo(rightEyeInView.x, 1);
    expect(rightLens.y).toBeCloseTo(rightEyeInView.y, 1);
    expect(leftLens.x).toBeCloseTo(leftEyeInView.x, 1);
    expect(leftLens.y).toBeCloseTo(leftEyeInView.y, 1);
  });

  it('the frame seen in the mirror sits where the mirrored placement says: centre flipped, roll reversed, same true width', () => {
    const placement = placementFromFace(TILTED);
    const inView = mirrorPlacement(placement, WIDTH);
    expect(inView.centerX).toBeCloseTo(WIDTH - (TILTED.rightPupil.x + TILTED.leftPupil.x) / 2, 5);
    expect(inView.roll).toBeCloseTo(-placement.roll, 10);
    expect(inView.roll).toBeGreaterThan(0);
    expect(frameBox(inView, 140, 3).width).toBeCloseTo(frameBox(placement, 140, 3).width, 10);
    // The eye line seen in the mirror (view left to view right) has the reversed roll.
    expect(eyeLineRoll(mirrorPoint(TILTED.leftPupil, WIDTH), mirrorPoint(TILTED.rightPupil, WIDTH))).toBeCloseTo(inView.roll, 10);
    // A temple end (the frame image's far right) is drawn on the view's left, beside the wearer's left eye.
    const templeEnd = drawn(placement, { x: frameBox(placement, 140, 3).width / 2, y: 0 }, true);
    expect(templeEnd.x).toBeLessThan(mirrorPoint(TILTED.leftPupil, WIDTH).x);
  });

  it('gestures follow the view: "move right" and "turn right" move the frame right and clockwise as seen, mirrored or not', () => {
    const media = { width: WIDTH, height: 480 };
    const placement = placementFromFace(TILTED);
    for (const mirrored of [true, false]) {
      const seen = (p: typeof placement) => (mirrored ? mirrorPlacement(p, WIDTH) : p);
      const { dx, dy } = viewDeltaToSource(10, 4, mirrored);
      const moved = movePlacement(placement, dx, dy, media);
      expect(seen(moved).centerX - seen(placement).centerX).toBeCloseTo(10, 10);
      expect(seen(moved).centerY - seen(placement).centerY).toBeCloseTo(4, 10);
      const turned = rotatePlacement(placement, viewTurnToSource(0.05, mirrored));
      expect(seen(turned).roll - seen(placement).roll).toBeCloseTo(0.05, 10);
    }
  });
});
