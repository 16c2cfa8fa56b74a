import { describe, expect, it } from 'vitest';
import { entryShellChunk } from './vite-entry-shell-chunk.ts';

/** A module graph as rolldown's plugin context shows it: static imports only in importedIds. */
function runBuildEnd(graph: Record<string, { isEntry?: boolean; importedIds?: string[]; dynamicallyImportedIds?: string[] }>) {
  const { plugin, group } = entryShellChunk();
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => (graph[id] ? { isEntry: false, importedIds: [], dynamicallyImportedIds: [], ...graph[id] } : null),
  };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return group;
}

describe('entryShellChunk (fast on a phone)', () => {
  const graph = {
    '/shop/index.html': { isEntry: true, importedIds: ['/shop/src/main.tsx'] },
    '/shop/src/main.tsx': {
      importedIds: ['/shop/src/app/create-shop.ts', '/shop/node_modules/react/index.js'],
      dynamicallyImportedIds: ['/shop/src/ui/product/product-page.tsx'],
    },
    '/shop/src/app/create-shop.ts': { importedIds: ['/shop/src/machines/cart.machine.ts'] },
    '/shop/src/machines/cart.machine.ts': {},
    '/shop/src/ui/product/product-page.tsx': { importedIds: ['/shop/src/ui/product/gallery.tsx', '/shop/src/machines/cart.machine.ts'] },
    '/shop/src/ui/product/gallery.tsx': {},
    '/shop/node_modules/react/index.js': {},
  };

  it('captures every module the entry imports statically, however deep', () => {
    const group = runBuildEnd(graph);
    expect(group.test('/shop/src/app/create-shop.ts')).toBe(true);
    expect(group.test('/shop/src/machines/cart.machine.ts')).toBe(true);
  });

  it('leaves lazy pages and what only they import in their own chunks', () => {
    const group = runBuildEnd(graph);
    expect(group.test('/shop/src/ui/product/product-page.tsx')).toBe(false);
    expect(group.test('/shop/src/ui/product/gallery.tsx')).toBe(false);
  });

  it('leaves the entry its own scripts (main.tsx), so the page still loads an entry chunk', () => {
    const group = runBuildEnd(graph);
    expect(group.test('/shop/index.html')).toBe(false);
    expect(group.test('/shop/src/main.tsx')).toBe(false);
  });

  it("takes nothing into the shell by way of a feature's index.ts: what a lazy page uses of a feature stays lazy", () => {
    const group = runBuildEnd({
      '/shop/index.html': { isEntry: true, importedIds: ['/shop/src/main.tsx'] },
      '/shop/src/main.tsx': { importedIds: ['/shop/src/ui/shell/app-shell.tsx'], dynamicallyImportedIds: ['/shop/src/ui/checkout/checkout-page.tsx'] },
      '/shop/src/ui/shell/app-shell.tsx': { importedIds: ['/shop/src/ui/cart/index.ts'] },
      '/shop/src/ui/cart/index.ts': { importedIds: ['/shop/src/ui/cart/cart-trigger.tsx', '/shop/src/ui/cart/cart-page.tsx'] },
      '/shop/src/ui/cart/cart-trigger.tsx': {},
      '/shop/src/ui/cart/cart-page.tsx': {},
      '/shop/src/ui/checkout/checkout-page.tsx': { importedIds: ['/shop/src/ui/cart/index.ts'] },
    });
    expect(group.test('/shop/src/ui/shell/app-shell.tsx')).toBe(true);
    expect(group.test('/shop/src/ui/cart/cart-page.tsx')).toBe(false);
  });
});
