import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { quantizedModel } from './try-on-models.ts';
import { assetFolderPlugin, type AssetFolder } from './vite-asset-folder.ts';

/**
 * Serves the try-on page's face tracking from the shop itself (eyewear notes "Try-on that works
 * offline": no model hub, no CDN): Human's browser ESM build, ONLY the three models the
 * page runs (face detector and iris stored as 16-bit floats, face mesh as shipped) and the
 * TensorFlow.js WebAssembly binaries, all under one folder named by a hash of their content,
 * `/assets/try-on-<hash>/`. The server caches `/assets/` immutably, so a visit after the first
 * downloads nothing; an upgrade changes the hash. The page learns the folder from the virtual module
 * `virtual:try-on-assets`. In development the files are served from memory; a production build
 * writes them to `<outDir>/assets/try-on-<hash>/`, outside every JS chunk, so only the try-on page
 * downloads them, and only when the shopper starts.
 */
export const TRY_ON_VIRTUAL_MODULE = 'virtual:try-on-assets';

/** The models the try-on page needs, as the page's face tracker names them, and how each is stored. */
export const TRY_ON_MODELS = { blazeface: 'float16', facemesh: null, iris: 'float16' } as const;

/** The WebAssembly builds of TensorFlow.js 4.22 (Human 3.3's bundled version): plain, SIMD, SIMD with threads. */
export const TRY_ON_WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'] as const;

/** `/assets/try-on-<hash>/` and its files. */
export type TryOnAssets = AssetFolder;

function packageDir(name: string): string {
  // neither package's `exports` map exposes package.json: the main entry (dist/…) locates the package
  return dirname(dirname(createRequire(import.meta.url).resolve(name)));
}

function read(file: string): Buffer {
  if (!existsSync(file)) throw new Error(`Try-on asset missing: ${file} (run npm install)`);
  return readFileSync(file);
}

/** The library without its source-map comment: the map is not shipped, and a 404 for it is noise. */
function libraryText(file: string): Uint8Array {
  return Buffer.from(
    read(file)
      .toString('utf8')
      .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'),
  );
}

/** Every try-on file and the content-hashed folder they are served from. */
export function tryOnAssets(): TryOnAssets {
  const human = packageDir('@vladmandic/human');
  const wasm = join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist');
  const files = new Map<string, Uint8Array>([['human.esm.js', libraryText(join(human, 'dist', 'human.esm.js'))]]);
  for (const [model, storeAs] of Object.entries(TRY_ON_MODELS)) {
    const json = read(join(human, 'models', `${model}.json`));
    const bin = read(join(human, 'models', `${model}.bin`));
    if (storeAs === null) {
      files.set(`models/${model}.json`, json);
      files.set(`models/${model}.bin`, bin);
    } else {
      const smaller = quantizedModel(JSON.parse(json.toString('utf8')), bin, `${model}.bin`, storeAs);
      files.set(`models/${model}.json`, Buffer.from(JSON.stringify(smaller.json)));
      files.set(`models/${model}.bin`, smaller.bin);
    }
  }
  for (const file of TRY_ON_WASM_FILES) files.set(`wasm/${file}`, read(join(wasm, file)));
  const hash = createHash('sha256');
  for (const [path, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) hash.update(path).update(content);
  return { base: `/assets/try-on-${hash.digest('hex').slice(0, 10)}/`, files };
}

/** The virtual module: where the files are, and the bytes of each loading step (for the progress bar). */
export function tryOnAssetsModule(assets: TryOnAssets): string {
  const size = (path: string) => assets.files.get(path)?.byteLength ?? 0;
  const bytes = {
    library: size('human.esm.js'),
    ...Object.fromEntries(Object.keys(TRY_ON_MODELS).map((m) => [m, size(`models/${m}.json`) + size(`models/${m}.bin`)])),
  };
  return [`export const TRY_ON_ASSET_BASE = ${JSON.stringify(assets.base)};`, `export const TRY_ON_STEP_BYTES = ${JSON.stringify(bytes)};`].join('\n');
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  bin: 'application/octet-stream',
  wasm: 'application/wasm',
};

export function tryOnAssetsPlugin(): Plugin {
  return assetFolderPlugin({
    name: 'eyewear:try-on-assets',
    virtualModule: TRY_ON_VIRTUAL_MODULE,
    pathPrefix: '/assets/try-on-',
    make: tryOnAssets,
    moduleSource: tryOnAssetsModule,
    contentTypes: CONTENT_TYPES,
  });
}
