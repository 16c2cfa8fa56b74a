/**
 * Smaller copies of the try-on's face models (download ≤ 3 MB): Human ships the face
 * detector and the iris model with 32-bit float weights. Their weights are stored again as 16-bit
 * floats (TensorFlow.js graph-model "float16" quantization, which the library decodes back to 32-bit
 * floats when it loads them): half the bytes, and the pupil positions found on the fixture photo do
 * not move (docs/decisions/0032-try-on-wasm-backend.md gives the measurements).
 */

interface WeightEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; original_dtype?: string; min?: number; scale?: number };
}

interface ModelJson {
  weightsManifest: { paths: string[]; weights: WeightEntry[] }[];
  [key: string]: unknown;
}

const BYTES: Record<string, number> = { float32: 4, int32: 4, float16: 2, uint16: 2, uint8: 1, bool: 1 };

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** IEEE 754 half-precision bits of a 32-bit float, rounded to nearest, ties to even. */
export function float16Bits(value: number): number {
  f32[0] = value;
  const bits = u32[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const rawExponent = (bits >>> 23) & 0xff;
  let mantissa = bits & 0x7fffff;
  if (rawExponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const exponent = rawExponent - 127 + 15;
  if (exponent >= 0x1f) return sign | 0x7c00;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - exponent;
    let half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rest > halfway || (rest === halfway && half & 1)) half++;
    return sign | half;
  }
  let half = sign | (exponent << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  // a carry out of the mantissa rounds up into the exponent, as it should
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half++;
  return half;
}

/** The 32-bit float a half-precision value stands for (what TensorFlow.js decodes). */
export function float16Value(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** The 32-bit floats of one stored weight (plain float32, or float16-quantized). */
function floatsOf(slice: Uint8Array, entry: WeightEntry, count: number): Float32Array {
  // a copy: a Node Buffer's slice shares (and may not start at) its pool's memory
  const copy = new Uint8Array(slice).buffer;
  if (!entry.quantization) return new Float32Array(copy);
  const halves = new Uint16Array(copy);
  const floats = new Float32Array(count);
  for (let i = 0; i < count; i++) floats[i] = float16Value(halves[i]!);
  return floats;
}

/** One weight stored as `dtype`: float16, or uint8 with TensorFlow.js's affine scheme (value = q × scale + min). */
function quantize(floats: Float32Array, dtype: 'float16' | 'uint8'): { bytes: Uint8Array; quantization: NonNullable<WeightEntry['quantization']> } {
  if (dtype === 'float16') {
    const halves = new Uint16Array(floats.length);
    for (let i = 0; i < floats.length; i++) halves[i] = float16Bits(floats[i]!);
    return { bytes: new Uint8Array(halves.buffer), quantization: { dtype: 'float16', original_dtype: 'float32' } };
  }
  let min = Infinity;
  let max = -Infinity;
  for (const v of floats) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  const scale = max > min ? (max - min) / 255 : 1;
  const bytes = new Uint8Array(floats.length);
  for (let i = 0; i < floats.length; i++) bytes[i] = Math.round((floats[i]! - min) / scale);
  return { bytes, quantization: { dtype: 'uint8', min, scale, original_dtype: 'float32' } };
}

/**
 * A graph model (its model.json and its single weights file) with every float32 weight stored as
 * `dtype` (from plain or float16 weights); other weights (int32) are copied as they are. `binName`
 * is the weights file's name the returned model.json points to.
 */
export function quantizedModel(json: ModelJson, weights: Uint8Array, binName: string, dtype: 'float16' | 'uint8'): { json: ModelJson; bin: Uint8Array } {
  if (json.weightsManifest.length !== 1) throw new Error('Expected a model with one weights group.');
  const group = json.weightsManifest[0]!;
  const out: Uint8Array[] = [];
  const entries: WeightEntry[] = [];
  let offset = 0;
  for (const entry of group.weights) {
    const count = entry.shape.reduce((n, d) => n * d, 1);
    const stored = entry.quantization?.dtype ?? entry.dtype;
    const bytes = BYTES[stored];
    if (bytes === undefined) throw new Error(`Unknown weight type ${stored} of ${entry.name}.`);
    const slice = weights.subarray(offset, offset + count * bytes);
    offset += count * bytes;
    const convertible = entry.dtype === 'float32' && (!entry.quantization || entry.quantization.dtype === 'float16') && stored !== dtype;
    if (convertible) {
      const { bytes: converted, quantization } = quantize(floatsOf(slice, entry, count), dtype);
      out.push(converted);
      entries.push({ ...entry, quantization });
    } else {
      out.push(slice);
      entries.push(entry);
    }
  }
  if (offset !== weights.byteLength) throw new Error(`The weights file holds ${weights.byteLength} bytes, the manifest names ${offset}.`);
  const bin = new Uint8Array(out.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of out) {
    bin.set(part, at);
    at += part.byteLength;
  }
  return { json: { ...json, weightsManifest: [{ paths: [binName], weights: entries }] }, bin };
}
