import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { assetFolderPlugin, type AssetFolder } from './vite-asset-folder.ts';

/**
 * Serves the prescription reader's OCR from the shop itself (ADR 043: no CDN, works offline once
 * loaded): tesseract.js's worker script, the core's LSTM-only builds (relaxed SIMD, SIMD and plain
 * WebAssembly, the browser fetching the one it runs) and the English `best_int` model without its
 * word dictionary, in one folder named by a hash of their content, `/assets/prescription-reader-<hash>/`.
 * The reader learns the folder from `virtual:prescription-reader-assets`. In development the files
 * are served from memory; a production build writes them beside the other assets (scripts/precompress.mjs
 * then writes their brotli copies).
 */
export const READER_VIRTUAL_MODULE = 'virtual:prescription-reader-assets';

/** The core's LSTM-only builds: the model is an LSTM one, the legacy engine is never used. */
export const READER_CORES = {
  relaxedSimd: 'tesseract-core-relaxedsimd-lstm.js',
  simd: 'tesseract-core-simd-lstm.js',
  plain: 'tesseract-core-lstm.js',
} as const;

/**
 * The parts of a `.traineddata` file the LSTM engine reads (Tesseract's TessdataType numbers): the
 * network, its character set and recoder, the punctuation and number patterns, the version. Left out:
 * the legacy engine's parts (absent from `best_int`) and the 3.7 MB English word list, which helps
 * read prose, not a prescription's numbers and labels in six languages.
 */
export const KEPT_MODEL_PARTS = new Set([0, 17, 18, 20, 21, 22, 23]);

/** A `.traineddata` file with only `keep`'s parts: entry count, 64-bit offsets (−1 for a missing part), the parts. */
export function strippedModel(model: Uint8Array, keep: ReadonlySet<number>): Uint8Array {
  const view = new DataView(model.buffer, model.byteOffset, model.byteLength);
  const count = view.getInt32(0, true);
  const offsets = Array.from({ length: count }, (_, i) => Number(view.getBigInt64(4 + 8 * i, true)));
  const parts = offsets.map((start, i) => {
    if (start < 0 || !keep.has(i)) return null;
    const end = offsets.slice(i + 1).find((o) => o >= 0) ?? model.byteLength;
    return model.subarray(start, end);
  });
  const headerBytes = 4 + 8 * count;
  const out = new Uint8Array(headerBytes + parts.reduce((n, p) => n + (p?.byteLength ?? 0), 0));
  const outView = new DataView(out.buffer);
  outView.setInt32(0, count, true);
  let at = headerBytes;
  parts.forEach((part, i) => {
    outView.setBigInt64(4 + 8 * i, part ? BigInt(at) : -1n, true);
    if (part) {
      out.set(part, at);
      at += part.byteLength;
    }
  });
  return out;
}

/** `/assets/prescription-reader-<hash>/` and its files. */
export type ReaderAssets = AssetFolder;

function packageDir(name: string): string {
  return dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
}

function read(file: string): Buffer {
  if (!existsSync(file)) throw new Error(`Prescription reader asset missing: ${file} (run npm install)`);
  return readFileSync(file);
}

/** Every reader file and the content-hashed folder they are served from. */
export function readerAssets(): ReaderAssets {
  const core = packageDir('tesseract.js-core');
  const files = new Map<string, Uint8Array>();
  // The worker script without its source-map comment (the map is not shipped).
  files.set(
    'worker.min.js',
    Buffer.from(
      read(join(packageDir('tesseract.js'), 'dist', 'worker.min.js'))
        .toString('utf8')
        .replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n'),
    ),
  );
  for (const script of Object.values(READER_CORES)) {
    files.set(script, read(join(core, script)));
    const wasm = script.replace(/\.js$/, '.wasm');
    files.set(wasm, read(join(core, wasm)));
  }
  const model = gunzipSync(read(join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int', 'eng.traineddata.gz')));
  files.set('eng.traineddata', strippedModel(model, KEPT_MODEL_PARTS));
  const hash = createHash('sha256');
  for (const [path, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) hash.update(path).update(content);
  return { base: `/assets/prescription-reader-${hash.digest('hex').slice(0, 10)}/`, files };
}

export function readerAssetsModule(assets: ReaderAssets): string {
  return [`export const READER_ASSET_BASE = ${JSON.stringify(assets.base)};`, `export const READER_CORES = ${JSON.stringify(READER_CORES)};`].join('\n');
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  wasm: 'application/wasm',
  traineddata: 'application/octet-stream',
};

export function prescriptionReaderAssetsPlugin(): Plugin {
  return assetFolderPlugin({
    name: 'eyewear:prescription-reader-assets',
    virtualModule: READER_VIRTUAL_MODULE,
    pathPrefix: '/assets/prescription-reader-',
    make: readerAssets,
    moduleSource: readerAssetsModule,
    contentTypes: CONTENT_TYPES,
  });
}
