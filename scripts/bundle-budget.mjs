// Bundle budget: the initial JS of the home route ≤ INITIAL_BUDGET gzip (193.0 kB; its history below) (what index.html
// loads: the entry chunk and every chunk it imports statically), and each lazily loaded chunk
// ≤ 60 kB gzip. Reads Vite's manifest of the production build in dist/. The initial JS also comes in
// at most INITIAL_FILES_BUDGET files: each is a request a phone makes before anything runs, six at a
// time over HTTP/1.1 (scripts/vite-entry-shell-chunk.ts keeps the entry's own code in one chunk).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// 187 since 2026-11-27 (was 192): the checkout machine and its effects load when a page first needs
// them (ADR 004), not with every page: 191.4 → 186.1 kB.
// 188 since the evening of the same day: the wishlist machine (a root machine) grew item
// actions (remove, move to the cart, the removal question): 186.1 → 187.0 kB.
// 189 since 2026-11-27: the cart's wait for the page to be ready,
// the wishlist's paging and a guest's save after sign-in, the wizard's confirmation flag on the cart
// (ADR 028): 187.0 → 188.3 kB.
// 189.5 since 2026-11-27: the shop's failures thrown as codes, their words
// loaded when first shown (ShopRoot re-renders with them), the early-interactions replay's trigger
// (ADR 033), cart lines writing dates and dioptres as the store view does, a colour saved to the
// wishlist before its size (ADR 029): 188.8 → 189.1 kB.
// 190.9 since 2026-12-02: the cart reads a failed cart again when the connection comes back, and gives
// back the cart of a payment left on the provider's page (ADR 042: its state, the record read at start):
// 189.1 → 190.7 kB (its mutation in a lazy chunk of its own saved 33 bytes: not worth a request).
// 191.2 since the same day: a throttled request's refusal says when to try again (ADR 037), in the
// shop's words for every failed request: 190.7 → 190.9 kB.
// 191.9 since the same day: a page whose code cannot load (offline, ADR 007) shows the shop's words
// instead of a blank page and loads once the connection is back (src/app/lazy-page.tsx): 190.9 → 191.6 kB.
// 192.3 since the same day: the cart answers every request it is sent (ADR 010 §6), and a quantity
// the stock cannot give is refused in the shop's words (spec §8): 191.7 → 192.1 kB.
// 192.5 since the same day: the store view machine records the cart a switch leaves behind (ADR 002),
// and the route machine asks again on its own for a page that failed for want of a connection (ADR 007);
// their selectors live in modules of their own, loaded with the views that read them: 192.1 → 192.4 kB.
// 192.8 since the same day: the store view tells whether cart lines show their prices with VAT
// (shopping_cart_display_price, ADR 040), and the cart machine reads its actors' answers as typed
// params rather than event casts (ADR 001): 192.4 → 192.7 kB.
// 193.0 since the same day: the router tells the shop the route shown, for the page host that owns the
// page machines' lives (ADR 009 as amended): 192.7 → 192.9 kB.
// 193.3 since 2026-12-03: the route machine shows a category or product page whose data failed for
// want of a connection once the shop answers its /health poll (ADR 007 as amended), and the cart keeps
// one error record per operation (ADR 032 as amended): 192.9 → 193.2 kB.
// 193.5 since 2026-12-03: the cart answers another machine's request for its details and announces
// each read (ADR 039 as amended), where the review subscribed to its snapshots: 193.3 → 193.45 kB.
// The way back: the wishlist's item actions spawned from a lazily loaded module, as the checkout is;
// the app machine's own page-actor stop, once every page machine lives under the page host.
export const INITIAL_BUDGET = 193.5 * 1000;
export const LAZY_CHUNK_BUDGET = 60 * 1000;
// 4 files since 2026-11-27 (was 6): what index.html loads is index, runtime, framework and shell.
export const INITIAL_FILES_BUDGET = 4;

// What a catalog page loads before it is ready, not only what index.html names. A page
// rendered on the server links its own chunks (server/page-assets.ts: the same manifest walk), so
// its JavaScript is the entry's chunks and its page modules' chunks. The budgets hold the figures
// of the build that merged the catalog's pages into one chunk (216 kB in 6–7 files; before it,
// 10–31 files): a page may not grow, nor split into more requests.
// 214 since 2026-11-27 (was 220): without the checkout machine, 218.5 → 213.2 kB.
// 202 since the same day: DOMPurify in a chunk of its own, loaded where a page has backend HTML
// (213.2 → 201.3 kB).
// 204 since the evening of the same day: the wishlist (the machine's item actions, the product
// page's saved state in the catalog chunk): 201.3 → 203.6 kB.
// 205 since 2026-11-27: the same merges as the initial budget's 189, and the product page's
// measurements per size and the backend's option label: 203.6 → 204.8 kB.
// 206 since 2026-11-27 (ADR 033): hydration takes the server's sanitised blocks over, so the link
// handling and the source digest moved from the sanitiser's chunk into the catalog chunk (204.8 →
// 205.4 kB), while the sanitiser's own chunk (DOMPurify, about 12 kB) no longer loads on a server page.
// 206.5 since 2026-11-27 (the same changes as the initial budget's 189.5): 205.9 → 206.3 kB.
// 206.8 since 2026-12-02: the cart's listener for a cart changed in another tab and the review digest it
// keeps (ADR 039), the store view's country and tax display settings (ADR 040): 206.3 → 206.6 kB.
// 208.1 since 2026-12-02 (the same as the initial budget's 190.9): 206.6 → 207.9 kB.
// 208.5 since the same day (the retry time, as the initial budget's 191.2): 207.9 → 208.2 kB.
// 209.1 since the same day (a page whose code cannot load, as the initial budget's 191.9): 208.2 → 208.8 kB.
// 209.5 since the same day (the cart's answers, as the initial budget's 192.3; the prescription scan in the form's chunk): 208.9 → 209.4 kB.
// 210.0 since the same day (the same as the initial budget's 192.5, and the routed and catalog pages'
// words for a page that could not be reached offline, ADR 007): 209.4 → 209.9 kB.
// 210.3 since the same day (the same as the initial budget's 192.8): 209.9 → 210.2 kB.
// 210.4 since the same day: the page host joins on first use (ADR 009 as amended), the shop's root
// starts it as it starts the checkout, and the router tells it the route shown: 210.2 → 210.3 kB.
// 210.9 since 2026-12-03 (the same as the initial budget's 193.3, and the page's retry words and
// its /health poll in the catalog chunk): 210.3 → 210.8 kB.
// 211.1 since the same day (the same as the initial budget's 193.5): 210.9 → 211.0 kB.
export const PAGE_BUDGET = 211.1 * 1000;
// 5 files since 2026-11-27 (was 8): the re-export facade chunks of the page modules are gone
// (scripts/vite-facade-chunks.ts), every catalog page loads index, runtime, framework, shell and
// catalog (6–7 files before). 203.8 kB with the rewritten imports (+0.1 kB).
export const PAGE_FILES_BUDGET = 5;
export const PAGES = {
  home: ['src/ui/home/home-page.tsx'],
  category: ['src/ui/shell/route-resolver.tsx', 'src/ui/catalog/category-page.tsx'],
  product: ['src/ui/shell/route-resolver.tsx', 'src/ui/product/product-page.tsx'],
  search: ['src/ui/search/search-page.tsx'],
};

export function measure(distDir = 'dist') {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const gz = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error('No entry chunk in the Vite manifest');
  /** The files of `keys` and every chunk they import statically. */
  const closure = (keys) => {
    const files = new Set();
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build's manifest`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imp of chunk.imports ?? []) visit(imp);
    };
    keys.forEach(visit);
    return files;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k] === entry);
  const initial = closure([entryKey]);
  const jsOf = (files) => [...files].filter((f) => f.endsWith('.js'));
  const initialJs = jsOf(initial);
  const lazy = Object.values(manifest).filter((c) => c.file.endsWith('.js') && !initial.has(c.file));
  return {
    initial: { files: initialJs, gzip: initialJs.reduce((sum, f) => sum + gz(f), 0) },
    pages: Object.entries(PAGES).map(([name, modules]) => {
      const files = jsOf(closure([entryKey, ...modules]));
      return { name, files, gzip: files.reduce((sum, f) => sum + gz(f), 0) };
    }),
    lazy: lazy.map((c) => ({ file: c.file, name: c.name ?? c.src ?? c.file, gzip: gz(c.file) })).sort((a, b) => b.gzip - a.gzip),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
  const { initial, lazy, pages } = measure(process.argv[2] ?? 'dist');
  let failed = false;
  const initialOk = initial.gzip <= INITIAL_BUDGET;
  const filesOk = initial.files.length <= INITIAL_FILES_BUDGET;
  failed ||= !initialOk || !filesOk;
  console.log(`${initialOk ? 'ok  ' : 'OVER'} initial JS of the home route: ${kb(initial.gzip)} gzip (budget ${kb(INITIAL_BUDGET)})`);
  console.log(`${filesOk ? 'ok  ' : 'OVER'} initial JS files of the home route: ${initial.files.length} (budget ${INITIAL_FILES_BUDGET})`);
  for (const page of pages) {
    const ok = page.gzip <= PAGE_BUDGET && page.files.length <= PAGE_FILES_BUDGET;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'OVER'} JS the ${page.name} page loads before it is ready: ${kb(page.gzip)} gzip in ${page.files.length} files (budget ${kb(PAGE_BUDGET)} in ${PAGE_FILES_BUDGET})`,
    );
  }
  for (const c of lazy) {
    const ok = c.gzip <= LAZY_CHUNK_BUDGET;
    failed ||= !ok;
    console.log(`${ok ? 'ok  ' : 'OVER'} lazy chunk ${c.name}: ${kb(c.gzip)} gzip (budget ${kb(LAZY_CHUNK_BUDGET)})`);
  }
  process.exit(failed ? 1 : 0);
}
