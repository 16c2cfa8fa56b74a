import { createReadStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Serves the try-on page's face tracking from the shop itself (eyewear notes "Try-on that works
 * offline": no model hub, no CDN): Human's browser ESM build and ONLY the three models the page runs
 * (face detector, face mesh, iris), under `/try-on/`. In development they are served from
 * node_modules; a production build writes them to `<outDir>/try-on/` after bundling, outside the
 * bundle, so they are never part of a JS chunk and only the try-on route downloads them.
 */
export const TRY_ON_ASSET_BASE = '/try-on/';

/** The models the try-on page needs, as the page's face tracker names them. */
export const TRY_ON_MODELS = ['blazeface', 'facemesh', 'iris'] as const;

/** Public path (under `/try-on/`) → file inside the @vladmandic/human package. */
export function tryOnAssetFiles(): Map<string, string> {
  // the package's `exports` map exposes no package.json: its main entry (dist/…) locates the package
  const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('@vladmandic/human')));
  const files = new Map<string, string>([['human.esm.js', join(packageDir, 'dist', 'human.esm.js')]]);
  for (const model of TRY_ON_MODELS) {
    files.set(`models/${model}.json`, join(packageDir, 'models', `${model}.json`));
    files.set(`models/${model}.bin`, join(packageDir, 'models', `${model}.bin`));
  }
  for (const file of files.values()) {
    if (!existsSync(file)) throw new Error(`Try-on asset missing: ${file} (is @vladmandic/human installed?)`);
  }
  return files;
}

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  bin: 'application/octet-stream',
};

/** The library without its source-map comment: the map is not shipped, and a 404 for it is noise. */
function libraryText(file: string): string {
  return readFileSync(file, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
}

export function tryOnAssetsPlugin(): Plugin {
  let outDir = 'dist';
  let isBuild = false;
  return {
    name: 'eyewear:try-on-assets',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      isBuild = config.command === 'build';
    },
    configureServer(server) {
      // looked up on first use: a dev server without the package still serves everything else
      let files: Map<string, string> | null = null;
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith(TRY_ON_ASSET_BASE)) return next();
        files ??= tryOnAssetFiles();
        const file = files.get(path.slice(TRY_ON_ASSET_BASE.length));
        if (!file) {
          res.statusCode = 404;
          res.end('Not a try-on asset');
          return;
        }
        res.setHeader('Content-Type', CONTENT_TYPES[file.split('.').pop() ?? ''] ?? 'application/octet-stream');
        if (file.endsWith('.js')) res.end(libraryText(file));
        else createReadStream(file).pipe(res);
      });
    },
    closeBundle() {
      if (!isBuild) return;
      for (const [publicPath, file] of tryOnAssetFiles()) {
        const target = join(outDir, TRY_ON_ASSET_BASE, publicPath);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, file.endsWith('.js') ? libraryText(file) : readFileSync(file));
      }
    },
  };
}
