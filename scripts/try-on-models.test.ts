import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { float16Bits, float16Value, quantizedModel } from './try-on-models';
import { tryOnAssets, tryOnAssetsModule } from './vite-try-on-assets';

const models = join(dirname(dirname(createRequire(import.meta.url).resolve('@vladmandic/human'))), 'models');

describe('try-on assets (smaller models, hashed names)', () => {
  it('16-bit floats: exact for representable values, within half a unit in the last place otherwise', () => {
    for (const v of [0, 1, -1, 0.5, 65504, -2048]) expect(float16Value(float16Bits(v))).toBe(v);
    for (const v of [0.1, 3.14159, -123.456, 1e-3, 2.5e-6])
      expect(Math.abs(float16Value(float16Bits(v)) - v)).toBeLessThanOrEqual(Math.abs(v) * 2 ** -11 + 2 ** -25);
    expect(float16Value(float16Bits(1e6))).toBe(Number.POSITIVE_INFINITY);
  });

  it('the iris model stored as float16: half the bytes, every weight within float16 precision of the original', () => {
    const json = JSON.parse(readFileSync(join(models, 'iris.json'), 'utf8'));
    const bin = readFileSync(join(models, 'iris.bin'));
    const smaller = quantizedModel(json, bin, 'iris.bin', 'float16');
    expect(smaller.bin.byteLength).toBeLessThan(bin.byteLength * 0.51);
    expect(smaller.json.weightsManifest[0]!.paths).toEqual(['iris.bin']);
    // the first float32 weight, read back
    const first = json.weightsManifest[0].weights[0];
    const count = first.shape.reduce((n: number, d: number) => n * d, 1);
    const original = new Float32Array(new Uint8Array(bin.subarray(0, count * 4)).buffer);
    const halves = new Uint16Array(new Uint8Array(smaller.bin.subarray(0, count * 2)).buffer);
    for (let i = 0; i < count; i++) expect(Math.abs(float16Value(halves[i]!) - original[i]!)).toBeLessThanOrEqual(Math.abs(original[i]!) * 2 ** -10 + 1e-7);
  });

  it('one content-hashed folder for the library, the three models and the three WebAssembly builds', () => {
    const assets = tryOnAssets();
    expect(assets.base).toMatch(/^\/assets\/try-on-[0-9a-f]{10}\/$/);
    expect([...assets.files.keys()].sort()).toEqual([
      'human.esm.js',
      'models/blazeface.bin',
      'models/blazeface.json',
      'models/facemesh.bin',
      'models/facemesh.json',
      'models/iris.bin',
      'models/iris.json',
      'wasm/tfjs-backend-wasm-simd.wasm',
      'wasm/tfjs-backend-wasm-threaded-simd.wasm',
      'wasm/tfjs-backend-wasm.wasm',
    ]);
    expect(tryOnAssets().base).toBe(assets.base);
    expect(tryOnAssetsModule(assets)).toContain(`TRY_ON_ASSET_BASE = "${assets.base}"`);
  });
});
