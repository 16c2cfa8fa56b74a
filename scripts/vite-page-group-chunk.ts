import type { Plugin } from 'vite';
import { CATALOG_PAGE_MODULES } from '../src/services/offline/precache-shell.ts';
import type { ShellChunkGroup } from './vite-entry-shell-chunk.ts';

/**
 * The catalog's pages in one lazy chunk (a cold category page made 47 requests, 29 of them
 * JavaScript files of 0.1–5 kB, each shared by two pages and so split by the bundler). The pages
 * a shopper browsing the catalog meets (`roots`: home, the URL resolver with category, product and
 * CMS pages, search, and what the first page's preload imports) and every module they import
 * statically go into one chunk, loaded with the first such page and kept for the next. What the
 * shell chunk already holds stays there (its group has the higher priority).
 */
export function pageGroupChunk(name: string, priority: number, roots: readonly string[]): { plugin: Plugin; group: ShellChunkGroup } {
  const graph = new Set<string>();
  const isRoot = (id: string) => roots.some((root) => id.split('?')[0]!.endsWith(`/${root}`));
  const plugin: Plugin = {
    name: `lunette:page-group-chunk:${name}`,
    apply: 'build',
    buildEnd() {
      graph.clear();
      const queue = [...this.getModuleIds()].filter(isRoot);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (graph.has(id) || id.includes('/node_modules/')) continue;
        graph.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, group: { name, priority, test: (id) => graph.has(id) } };
}

/** The pages of catalog browsing and the modules their first load preloads (src/app/route-preload.ts). */
export const CATALOG_CHUNK_ROOTS = [
  ...CATALOG_PAGE_MODULES,
  'src/ui/catalog/listing-preload.ts',
  'src/app/preload-image.ts',
  'src/ui/product/product-page.operations.ts',
  'src/ui/product/main-image.ts',
  'src/ui/catalog/category-page.operations.ts',
] as const;
