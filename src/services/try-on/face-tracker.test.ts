import { describe, expect, it } from 'vitest';
import type { FaceResult } from '@vladmandic/human';
import { chooseBackend, progressAfter, TRY_ON_ASSET_BASE, trackedFaceOf, trackerConfig } from './face-tracker';
import { measurePupillaryDistance } from './try-on-geometry';

/** Human 3.3.6's iris annotations for tests/fixtures/try-on/face-photo.jpg (cpu backend, recorded). */
const RECORDED = {
  rightEyeIris: [
    [353, 227, -5],
    [361, 225, -5],
    [351, 219, -6],
    [345, 229, -5],
    [355, 234, -4],
  ],
  leftEyeIris: [
    [457, 227, -1],
    [448, 227, -1],
    [458, 219, -3],
    [467, 228, -1],
    [457, 236, 0],
  ],
} as unknown as FaceResult['annotations'];

describe('face tracker adapter (eyewear notes: face mesh with iris, served by the shop)', () => {
  it("reads the pupils (iris centres) and iris diameters from Human's iris annotations", () => {
    const face = trackedFaceOf({ annotations: RECORDED })!;
    expect(face.rightPupil).toEqual({ x: 353, y: 227 });
    expect(face.leftPupil).toEqual({ x: 457, y: 227 });
    expect(face.rightIrisPx).toBeCloseTo(Math.hypot(16, 4), 5);
    expect(face.leftIrisPx).toBeCloseTo(Math.hypot(19, 1), 5);
    // the recorded photo gives a plausible adult PD
    const pd = measurePupillaryDistance({ method: 'iris', face, irisMm: null }).mm;
    expect(pd).toBeGreaterThanOrEqual(54);
    expect(pd).toBeLessThanOrEqual(74);
  });

  it('no iris annotations (iris model off or face cut off) means no tracked face', () => {
    expect(trackedFaceOf({ annotations: {} as FaceResult['annotations'] })).toBeNull();
    expect(trackedFaceOf({ annotations: { ...RECORDED, leftEyeIris: [[1, 2]] } as unknown as FaceResult['annotations'] })).toBeNull();
  });

  it('software WebGL or none runs on WebAssembly (the CPU backend only without it); a real GPU on humangl', () => {
    expect(chooseBackend(null, true)).toBe('wasm');
    expect(chooseBackend('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', true)).toBe('wasm');
    expect(chooseBackend('llvmpipe (LLVM 15.0.6, 256 bits)', true)).toBe('wasm');
    expect(chooseBackend('llvmpipe (LLVM 15.0.6, 256 bits)', false)).toBe('cpu');
    expect(chooseBackend('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620, OpenGL 4.6)', true)).toBe('humangl');
  });

  it("the head's turn: Human's yaw reversed (positive when the nose points to the image's right)", () => {
    const face = trackedFaceOf({
      annotations: RECORDED,
      rotation: { angle: { roll: 0, yaw: -0.2, pitch: 0 }, matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], gaze: { bearing: 0, strength: 0 } },
    });
    expect(face?.yaw).toBeCloseTo(0.2, 5);
    expect(trackedFaceOf({ annotations: RECORDED })?.yaw).toBeUndefined();
  });

  it("loads only the face detector, mesh and iris models and the WebAssembly binaries, from the shop's content-hashed assets", () => {
    expect(TRY_ON_ASSET_BASE).toMatch(/^\/assets\/try-on-[0-9a-f]{10}\/$/);
    const config = trackerConfig('wasm');
    expect(config.modelBasePath).toBe(`${TRY_ON_ASSET_BASE}models/`);
    expect(config.wasmPath).toBe(`${TRY_ON_ASSET_BASE}wasm/`);
    expect(config.face?.detector).toMatchObject({ maxDetected: 1 });
    for (const off of ['description', 'emotion', 'antispoof', 'liveness', 'attention'] as const) expect(config.face?.[off]).toEqual({ enabled: false });
    expect([config.body, config.hand, config.object, config.segmentation].every((c) => c?.enabled === false)).toBe(true);
  });

  it('progress grows with each loading step and ends at 1', () => {
    const steps = [0, 1, 2, 3].map(progressAfter);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps[0]).toBeGreaterThan(0);
    expect(steps[3]).toBe(1);
  });
});
