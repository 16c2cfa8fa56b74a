/**
 * Which build files the service worker precaches (ADR 007): index.html, the entry chunk with
 * everything it imports statically (the shell), and the browsing routes a shopper meets first
 * (home, the URL resolver with category, product and CMS pages, search, the drawers), and the small
 * chunks those pages load lazily (the sanitiser, failure words, the early-click replay), and the lens
 * wizard a product page opens. Account, checkout and try-on chunks are cached at run time once visited. Runs at build time,
 * on Vite's manifest (.vite/manifest.json).
 */

/** One chunk of Vite's build manifest (the fields this module reads). */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

export type ViteManifest = Record<string, ViteManifestChunk>;

/** The catalog's pages, by source path (also one lazy chunk of the build: scripts/vite-page-group-chunk.ts). */
export const CATALOG_PAGE_MODULES = [
  'src/ui/home/home-page.tsx',
  'src/ui/shell/route-resolver.tsx',
  'src/ui/catalog/category-page.tsx',
  'src/ui/product/product-page.tsx',
  'src/ui/cms/cms-page.tsx',
  'src/ui/search/search-page.tsx',
] as const;

/** The lazily loaded views a shopper browsing the catalog needs, by source path. */
export const BROWSING_ROUTE_MODULES = [
  ...CATALOG_PAGE_MODULES,
  'src/ui/search/search-panel.tsx',
  'src/ui/shell/navigation-drawer.tsx',
  'src/ui/shell/unhandled-error-dialog.tsx',
  'src/ui/cart/mini-cart.tsx',
  // A server page takes its backend HTML over without the sanitiser (ADR 033), so a shopper who only
  // ever met server pages never loaded it: offline, the shell renders that HTML in the browser and needs it.
  'src/ui/shared/sanitised-content.tsx',
  // The words of the shop's own failures load where one is first shown (ADR 019): offline is when one shows.
  'src/ui/shared/shop-failure-words.ts',
  // A click on a server page before its code ran is replayed by this chunk once React runs (ADR 033):
  // a page whose network dropped after its HTML came would otherwise lose the shopper's click.
  'src/app/early-interactions.ts',
  // "Choose your lenses" on a product page opens the lens wizard: its product data is an anonymous
  // catalog query the worker keeps, so with its chunk and CSS precached it opens offline for a visited frame.
  'src/ui/customise/customise-page.tsx',
  // The wizard's machine is started by the page host from the composition root's registry (ADR 009
  // as amended), which loads it and its live implementations on first use: offline they must be here.
  'src/app/page-machines.ts',
  'src/machines/customise/customise.machine.ts',
  'src/services/customise/customise.actors.ts',
  'src/services/customise/kept-wizard.ts',
] as const;

/**
 * What workbox never offers for the precache: the try-on runtime and face models and the prescription
 * reader's OCR (megabytes, in their hashed folders), loaded on first use (ADR 007, ADR 043), and Vite's
 * manifest. Each pattern names the files under a folder, not the folder itself: glob's ignore of a
 * pattern ending in a bare double star also drops the paths its folder part matches, and chunks such
 * as `try-on-media-<hash>.js` belong to the shell.
 */
export const PRECACHE_GLOB_IGNORES = ['assets/try-on-*/**/*', 'assets/prescription-reader-*/**/*', '.vite/**/*'];

/**
 * Files outside Vite's chunks that the shell needs. The web manifest and its icons are added to the
 * precache by vite-plugin-pwa itself (includeManifestIcons).
 */
export const SHELL_STATIC_FILES = ['index.html'] as const;

/**
 * The precached files: the entry's static import graph plus each browsing route's, with their CSS.
 * A listed route missing from the build fails loudly: a renamed page would otherwise silently drop
 * out of the offline shell.
 */
export function shellPrecacheFiles(manifest: ViteManifest, routeModules: readonly string[] = BROWSING_ROUTE_MODULES): Set<string> {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entryKey === undefined) throw new Error('The Vite manifest has no entry chunk: cannot choose the offline shell.');
  const missing = routeModules.filter((module) => !(module in manifest));
  if (missing.length > 0) {
    throw new Error(
      `The offline shell lists modules the build does not have: ${missing.join(', ')}. Update BROWSING_ROUTE_MODULES in src/services/offline/precache-shell.ts.`,
    );
  }
  const files = new Set<string>(SHELL_STATIC_FILES);
  for (const chunk of staticImportClosure(manifest, [entryKey, ...routeModules])) {
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/** The chunks `keys` load before they run: each, and every chunk it imports statically, once. */
export function staticImportClosure(manifest: ViteManifest, keys: readonly string[]): ViteManifestChunk[] {
  const chunks: ViteManifestChunk[] = [];
  const visited = new Set<string>();
  // Several modules may live in one chunk (scripts/vite-facade-chunks.ts): each file once.
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return;
    visited.add(key);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunks.push(chunk);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return chunks;
}

/** A precache manifest entry as workbox-build hands it to a manifest transform. */
export interface PrecacheCandidate {
  url: string;
  size: number;
}

/**
 * Keeps the candidates that belong to the shell and reports what they weigh. Workbox lists URLs
 * relative to the build folder (no leading slash), as Vite's manifest does.
 */
export function selectShellPrecache<T extends PrecacheCandidate>(candidates: readonly T[], shellFiles: ReadonlySet<string>): { manifest: T[]; bytes: number } {
  const offered = new Set(candidates.map((candidate) => candidate.url.replace(/^\//, '')));
  // A shell file workbox did not offer (a glob ignore that also matched a chunk) would leave a hole
  // the shell meets only offline: an import that fails, "Something went wrong". The build fails instead.
  const unoffered = [...shellFiles].filter((file) => !offered.has(file));
  if (unoffered.length > 0) {
    throw new Error(`The offline shell needs files the precache was not offered (check injectManifest's globIgnores): ${unoffered.join(', ')}`);
  }
  const manifest = candidates.filter((candidate) => shellFiles.has(candidate.url.replace(/^\//, '')));
  return { manifest, bytes: manifest.reduce((sum, entry) => sum + entry.size, 0) };
}
