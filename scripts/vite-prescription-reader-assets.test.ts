// ADR 043: the reader's model is shipped without the parts the LSTM engine never reads.
import { describe, expect, it } from 'vitest';
import { KEPT_MODEL_PARTS, READER_CORES, readerAssets, strippedModel } from './vite-prescription-reader-assets';

/** A `.traineddata` with `parts` (index → bytes), the others missing. */
function model(count: number, parts: Record<number, number[]>): Uint8Array {
  const header = 4 + 8 * count;
  const size = header + Object.values(parts).reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setInt32(0, count, true);
  let at = header;
  for (let i = 0; i < count; i += 1) {
    const part = parts[i];
    view.setBigInt64(4 + 8 * i, part ? BigInt(at) : -1n, true);
    if (part) {
      out.set(part, at);
      at += part.length;
    }
  }
  return out;
}

function partsOf(file: Uint8Array): Record<number, number[]> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const count = view.getInt32(0, true);
  const offsets = Array.from({ length: count }, (_, i) => Number(view.getBigInt64(4 + 8 * i, true)));
  const parts: Record<number, number[]> = {};
  offsets.forEach((start, i) => {
    if (start < 0) return;
    const end = offsets.slice(i + 1).find((o) => o >= 0) ?? file.byteLength;
    parts[i] = [...file.subarray(start, end)];
  });
  return parts;
}

describe("the prescription reader's assets (ADR 043)", () => {
  it('keeps only the listed parts of a model, each with its bytes, the others marked missing', () => {
    const original = model(24, { 17: [1, 2, 3], 19: [9, 9, 9, 9], 21: [4], 23: [5, 6] });
    const stripped = strippedModel(original, new Set([17, 21, 23]));
    expect(partsOf(stripped)).toEqual({ 17: [1, 2, 3], 21: [4], 23: [5, 6] });
    expect(stripped.byteLength).toBe(original.byteLength - 4);
  });

  it('ships the worker, every LSTM core with its WebAssembly, and the model without its word list', () => {
    const { base, files } = readerAssets();
    expect(base).toMatch(/^\/assets\/prescription-reader-[0-9a-f]{10}\/$/);
    for (const core of Object.values(READER_CORES)) {
      expect(files.has(core)).toBe(true);
      expect(files.has(core.replace(/\.js$/, '.wasm'))).toBe(true);
    }
    expect(new TextDecoder().decode(files.get('worker.min.js')!)).not.toContain('sourceMappingURL');
    const parts = Object.keys(partsOf(files.get('eng.traineddata')!)).map(Number);
    expect(parts).toContain(17);
    expect(parts.every((p) => KEPT_MODEL_PARTS.has(p))).toBe(true);
    expect(files.get('eng.traineddata')!.byteLength).toBeLessThan(2_000_000);
  });
});
