import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileGraphqlPlugin } from './scripts/vite-precompile-graphql.ts';
import { precompileMessagesPlugin } from './scripts/vite-precompile-messages.ts';
import { entryShellChunk, FEATURE_INDEX } from './scripts/vite-entry-shell-chunk.ts';
import { CATALOG_CHUNK_ROOTS, pageGroupChunk } from './scripts/vite-page-group-chunk.ts';
import { inlineFacadeChunks } from './scripts/vite-facade-chunks.ts';
import { PRECACHE_GLOB_IGNORES, selectShellPrecache, shellPrecacheFiles, type ViteManifest } from './src/services/offline/precache-shell.ts';
import { SERVICE_WORKER_SCOPE } from './src/services/offline/service-worker-messages.ts';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from './src/app/deferred-stylesheets.ts';

/** tesseract.js as one ES module (its package exports only its CommonJS sources). */
const TESSERACT_ESM_BUILD = resolve(import.meta.dirname, 'node_modules/tesseract.js/dist/tesseract.esm.min.js');
const REACT_ROUTER_PRODUCTION_BUILD = resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');
const REACT_ROUTER_DOM_PRODUCTION_BUILD = resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs');

/** A small SVG file as a `data:` URL. */
function svgDataUrl(path: string): string {
  return `data:image/svg+xml,${encodeURIComponent(readFileSync(resolve(import.meta.dirname, path), 'utf8').trim())}`;
}

/**
 * The service worker and web manifest (ADR 007): production builds of the shop only, never the
 * development server, vitest or a Storybook build.
 */
function shopServiceWorkerPlugins(): Plugin[] {
  let outDir = 'dist';
  const captureOutDir: Plugin = { name: 'lunette:offline-out-dir', configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)) };
  return [
    captureOutDir,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/services/offline',
      filename: 'service-worker.ts',
      scope: SERVICE_WORKER_SCOPE,
      // The composition root registers it (src/services/offline/service-worker-registration.ts).
      // The worker is built to /service-worker.js (SERVICE_WORKER_URL).
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Lunette Eyewear',
        short_name: 'Lunette',
        description: 'Prescription glasses and sunglasses: try frames on with your camera and customise your lenses.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1f4f46',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/lunette-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/lunette-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/lunette-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          // Chrome fetches the icon it would install with while checking installability, during the
          // page's load: the SVG it picks is inlined (the request budget, tests/e2e/request-budget.spec.ts; ADR 033), as the favicon is.
          { src: svgDataUrl('public/icons/lunette.svg'), sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{html,js,css}'],
        // The try-on runtime and face models (megabytes) load on the try-on page only, online.
        // The prescription reader's OCR (megabytes) loads when a shopper first scans, then is kept (ADR 043).
        // `folder/**/*`, not `folder/**`: glob ignores the folder's own name too for `/**`, and
        // `try-on-*` is also the name of chunks the shell imports (the camera's try-on-media).
        globIgnores: PRECACHE_GLOB_IGNORES,
        manifestTransforms: [
          (entries) => {
            const shell = shellPrecacheFiles(JSON.parse(readFileSync(resolve(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest);
            const { manifest, bytes } = selectShellPrecache(entries, shell);
            console.log(`service worker precache: ${manifest.length} files, ${(bytes / 1000).toFixed(0)} kB`);
            return { manifest, warnings: [] };
          },
        ],
      },
    }),
  ];
}

/**
 * The shop's index.html links its stylesheets unblocking (`media="print"`, applied by main.tsx before
 * the first render: src/app/deferred-stylesheets.ts). A render-blocking stylesheet held the first
 * paint until the scripts had arrived and run, so the static shell painted seconds late on a phone.
 */
function deferEntryStylesheets(): Plugin {
  return {
    name: 'lunette:defer-entry-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        // Only the shop's page (its static shell), never another tool's HTML built with this config.
        html.includes('boot-shell')
          ? html.replace(/<link rel="stylesheet"([^>]*)>/g, `<link rel="stylesheet"$1 media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}>`)
          : html,
    },
  };
}

/** The server render's own build: `vite build --ssr`, into the client build's `.server` folder (express.static serves no dot folder). */
export const SERVER_RENDER_ENTRY = 'src/app/server-render.tsx';
export const SERVER_RENDER_OUT_DIR = 'dist/.server';

export default defineConfig(({ command, mode, isSsrBuild }) => {
  if (isSsrBuild) {
    return {
      // the try-on assets' virtual module (their hashed folder): named by the rendered try-on page, files written by the client build only
      plugins: [
        react(),
        precompileMessagesPlugin(),
        precompileGraphqlPlugin(),
        import('./scripts/vite-try-on-assets.ts').then((m) => m.tryOnAssetsPlugin()),
        import('./scripts/vite-prescription-reader-assets.ts').then((m) => m.prescriptionReaderAssetsPlugin()),
      ],
      define: mode === 'production' ? { 'globalThis.__DEV__': JSON.stringify(false) } : {},
      // The libraries go into the bundle (Apollo Client 3's CommonJS build gives Node's ESM loader no
      // named exports); jsdom, Node-only and large, is loaded from node_modules.
      ssr: { noExternal: true, external: ['jsdom'] },
      build: {
        ssr: SERVER_RENDER_ENTRY,
        outDir: process.env.SERVER_RENDER_OUT_DIR ?? SERVER_RENDER_OUT_DIR,
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        copyPublicDir: false,
        rolldownOptions: {
          experimental: { lazyBarrel: true },
          treeshake: { moduleSideEffects: (id: string) => !FEATURE_INDEX.test(id) },
          // The server loads every chunk in-process: a dynamic import of a module the head builder
          // also imports statically (the page operations) splits nothing worth a warning here.
          checks: { ineffectiveDynamicImport: false },
          output: { entryFileNames: 'server-render.js' },
        },
      },
    };
  }
  const shellChunk = entryShellChunk();
  const catalogChunk = pageGroupChunk('catalog', 5, CATALOG_CHUNK_ROOTS);
  return {
    plugins: [
      shellChunk.plugin,
      catalogChunk.plugin,
      react(),
      precompileMessagesPlugin(),
      precompileGraphqlPlugin(),
      import('./scripts/vite-try-on-assets.ts').then((m) => m.tryOnAssetsPlugin()),
      import('./scripts/vite-prescription-reader-assets.ts').then((m) => m.prescriptionReaderAssetsPlugin()),
      command === 'build' && !process.env.STORYBOOK && !process.env.VITEST
        ? [...shopServiceWorkerPlugins(), deferEntryStylesheets(), inlineFacadeChunks()]
        : [],
    ],
    // tesseract.js's own ES module build (the prescription reader's, ADR 043): its CommonJS sources
    // would put rolldown's CommonJS helpers into the runtime chunk that every page loads first.
    // React Router's package exports name only its development build (dev warnings and checks on);
    // its production build, shipped beside it, is what a shopper's browser runs.
    resolve:
      command === 'build'
        ? {
            alias: [
              { find: /^tesseract\.js$/, replacement: TESSERACT_ESM_BUILD },
              { find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION_BUILD },
              { find: /^react-router\/dom$/, replacement: REACT_ROUTER_DOM_PRODUCTION_BUILD },
            ],
          }
        : {},
    // Apollo Client's development-only checks and messages are dropped from production builds.
    define: mode === 'production' ? { 'globalThis.__DEV__': JSON.stringify(false) } : {},
    build: {
      manifest: true,
      sourcemap: false,
      target: 'es2022',
      rolldownOptions: {
        // A feature's index.ts only re-exports (.dependency-cruiser.cjs): rolldown loads of it only
        // what some page imports, and the shell chunk takes none of it by way of the index (ADR 013).
        experimental: { lazyBarrel: true },
        treeshake: { moduleSideEffects: (id: string) => !FEATURE_INDEX.test(id) },
        output: {
          // The libraries every page needs travel in one chunk: one request, and one gzip stream
          // compresses better than many small files (the home route's budget is 190 kB gzip).
          codeSplitting: {
            groups: [
              {
                name: 'framework',
                priority: 20,
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@apollo[\\/]client|graphql|xstate|@xstate[\\/]react|react-intl|@formatjs|intl-messageformat|apollo3-cache-persist|optimism|@wry|zen-observable|zen-observable-ts|tslib|use-sync-external-store|ts-invariant|symbol-observable|rehackt|hoist-non-react-statics|cookie|set-cookie-parser)[\\/]/,
              },
              shellChunk.group,
              catalogChunk.group,
            ],
          },
        },
      },
    },
  };
});
