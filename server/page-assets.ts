import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { staticImportClosure, type ViteManifest } from '../src/services/offline/precache-shell';

/**
 * The code and styles of a server-rendered page's own chunks: the page arrives styled
 * (its CSS is linked, not fetched by its script after it has run) and its code is fetched alongside
 * the app's, so hydration does not wait a round trip for each lazy chunk.
 */
export interface PageAssets {
  modulePreloads: string[];
  stylesheets: string[];
}

export function readViteManifest(distDir: string): ViteManifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}

/** What `modules` (source paths) load beyond what index.html already does, as `/assets/…` URLs. */
export function pageAssetsOf(manifest: ViteManifest, modules: readonly string[]): PageAssets {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inIndexHtml = new Set(entryKey ? staticImportClosure(manifest, [entryKey]) : []);
  const modulePreloads: string[] = [];
  const stylesheets: string[] = [];
  for (const chunk of staticImportClosure(manifest, modules)) {
    if (inIndexHtml.has(chunk)) continue;
    modulePreloads.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) stylesheets.push(`/${css}`);
  }
  return { modulePreloads, stylesheets };
}

/** The `<link>` tags of page assets, for the document's head. */
export function pageAssetLinks({ modulePreloads, stylesheets }: PageAssets): string {
  return [
    ...stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('');
}
