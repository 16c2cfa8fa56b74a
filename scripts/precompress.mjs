// Precompressed assets: every text or WebAssembly file under dist/assets gets a brotli
// (quality 11, the slowest and smallest) and a gzip (level 9) copy beside it, `<file>.br` and
// `<file>.gz`, made once at build time. The server (express-static-gzip, server/app.ts) sends the
// copy the browser accepts with `Content-Encoding` and `Vary: Accept-Encoding`, instead of
// compressing every answer again at a lower level. A copy that is not smaller is not written; the
// face models' `.bin` weights (floats that do not compress) are left as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|json|wasm|svg|html|txt|webmanifest|traineddata)$/;
/** Smaller files gain less than the headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path;
  }
}

/** Writes the `.br` and `.gz` copies of every compressible file under `dir`; returns what it wrote. */
export async function precompress(dir) {
  const written = { files: 0, bytes: 0, br: 0, gz: 0 };
  await Promise.all(
    [...filesUnder(dir)].map(async (path) => {
      const content = readFileSync(path);
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
            [constants.BROTLI_PARAM_MODE]: /\.(?:wasm|traineddata)$/.test(path) ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      written.files++;
      written.bytes += content.byteLength;
      if (br.byteLength < content.byteLength) {
        writeFileSync(`${path}.br`, br);
        written.br += br.byteLength;
      }
      if (gzipped.byteLength < content.byteLength) {
        writeFileSync(`${path}.gz`, gzipped);
        written.gz += gzipped.byteLength;
      }
    }),
  );
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? 'dist/assets');
  const started = performance.now();
  const { files, bytes, br, gz: gzBytes } = await precompress(dir);
  const kB = (n) => `${(n / 1024).toFixed(0)} kB`;
  console.log(`precompressed ${files} files in ${dir} (${kB(bytes)} → brotli ${kB(br)}, gzip ${kB(gzBytes)}) in ${Math.round(performance.now() - started)} ms`);
}
