// The compiled server: server/main.ts and the embedded backend bundled by esbuild into
// dist/.server/main.js, beside the server render's bundle, with the GraphQL schema files it reads
// copied next to it. `npm start` / `npm run serve` and the Dockerfile run it with plain `node`:
// no TypeScript at run time. The packages stay in node_modules (installed from the lock file).
import { build } from 'esbuild';
import { cpSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';

const outDir = resolve(process.env.SERVER_OUT_DIR ?? 'dist/.server');
if (!existsSync(resolve(outDir, 'server-render.js'))) throw new Error(`No server render in ${outDir}: run vite build --ssr first (npm run build does both)`);

await build({
  entryPoints: ['server/main.ts'],
  outfile: resolve(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});
cpSync('backend/schema', resolve(outDir, 'schema'), { recursive: true });
console.log(`server compiled into ${outDir}/main.js`);
