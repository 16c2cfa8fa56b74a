import { describe, expect, it } from 'vitest';
import { pageGroupChunk } from './vite-page-group-chunk.ts';

/** A module graph as rolldown's plugin context shows it: static imports only in importedIds. */
function runBuildEnd(graph: Record<string, { importedIds?: string[] }>, roots: string[]) {
  const { plugin, group } = pageGroupChunk('catalog', 5, roots);
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => (graph[id] ? { importedIds: [], ...graph[id] } : null),
  };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return group;
}

describe('pageGroupChunk (a cold category page in a few requests)', () => {
  const graph = {
    '/shop/src/ui/catalog/category-page.tsx': { importedIds: ['/shop/src/ui/shared/button.tsx', '/shop/node_modules/dompurify/dist/purify.es.mjs'] },
    '/shop/src/ui/product/product-page.tsx': { importedIds: ['/shop/src/ui/shared/button.tsx', '/shop/src/ui/product/gallery.tsx'] },
    '/shop/src/ui/shared/button.tsx': {},
    '/shop/src/ui/product/gallery.tsx': {},
    '/shop/src/ui/checkout/checkout-page.tsx': { importedIds: ['/shop/src/ui/shared/button.tsx'] },
    '/shop/node_modules/dompurify/dist/purify.es.mjs': {},
  };
  const group = runBuildEnd(graph, ['src/ui/catalog/category-page.tsx', 'src/ui/product/product-page.tsx']);

  it('captures the pages and everything they import statically, however deep', () => {
    expect(group.test('/shop/src/ui/catalog/category-page.tsx')).toBe(true);
    expect(group.test('/shop/src/ui/product/gallery.tsx')).toBe(true);
    expect(group.test('/shop/src/ui/shared/button.tsx')).toBe(true);
  });

  it('leaves other pages and the libraries (their own chunks) alone', () => {
    expect(group.test('/shop/src/ui/checkout/checkout-page.tsx')).toBe(false);
    expect(group.test('/shop/node_modules/dompurify/dist/purify.es.mjs')).toBe(false);
  });
});
