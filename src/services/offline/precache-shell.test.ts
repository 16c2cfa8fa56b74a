import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getManifest } from 'workbox-build';
import { describe, expect, it } from 'vitest';
import { BROWSING_ROUTE_MODULES, PRECACHE_GLOB_IGNORES, selectShellPrecache, shellPrecacheFiles, type ViteManifest } from './precache-shell';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_framework.js'], css: ['assets/index-a.css'] },
  '_framework.js': { file: 'assets/framework-b.js' },
  '_button.js': { file: 'assets/button-c.js', css: ['assets/button-c.css'] },
  'src/ui/home/home-page.tsx': { file: 'assets/home-page-d.js', imports: ['_framework.js', '_button.js'], css: ['assets/home-page-d.css'] },
  'src/ui/account/sign-in-page.tsx': { file: 'assets/sign-in-page-e.js', imports: ['_button.js'] },
  'src/ui/try-on/try-on-page.tsx': { file: 'assets/try-on-page-f.js', imports: ['_framework.js'] },
};

describe('shellPrecacheFiles', () => {
  it('precaches index.html, the entry graph and the browsing routes with their CSS, nothing else', () => {
    const files = shellPrecacheFiles(manifest, ['src/ui/home/home-page.tsx']);
    expect([...files].sort()).toEqual(
      [
        'index.html',
        'assets/index-a.js',
        'assets/index-a.css',
        'assets/framework-b.js',
        'assets/home-page-d.js',
        'assets/home-page-d.css',
        'assets/button-c.js',
        'assets/button-c.css',
      ].sort(),
    );
    expect(files.has('assets/sign-in-page-e.js')).toBe(false);
    expect(files.has('assets/try-on-page-f.js')).toBe(false);
  });

  it('fails the build with the module name when a listed route is not in the build', () => {
    expect(() => shellPrecacheFiles(manifest, ['src/ui/home/home-page.tsx', 'src/ui/home/renamed.tsx'])).toThrow(
      /src\/ui\/home\/renamed\.tsx.*BROWSING_ROUTE_MODULES/,
    );
  });

  it('fails with a clear message on a manifest without an entry', () => {
    expect(() => shellPrecacheFiles({ a: { file: 'a.js' } }, [])).toThrow('The Vite manifest has no entry chunk');
  });

  it('lists the browsing pages of the shop', () => {
    expect(BROWSING_ROUTE_MODULES).toContain('src/ui/product/product-page.tsx');
    expect(BROWSING_ROUTE_MODULES).toContain('src/ui/catalog/category-page.tsx');
  });

  it('ADR 007: precaches the lens wizard a product page opens, so it opens offline for a visited frame', () => {
    expect(BROWSING_ROUTE_MODULES).toContain('src/ui/customise/customise-page.tsx');
  });

  it('ADR 007, ADR 033: precaches the lazy chunks a server page needs without the network (sanitiser, failure words, early-click replay)', () => {
    expect(BROWSING_ROUTE_MODULES).toEqual(
      expect.arrayContaining(['src/ui/shared/sanitised-content.tsx', 'src/ui/shared/shop-failure-words.ts', 'src/app/early-interactions.ts']),
    );
  });
});

describe('selectShellPrecache', () => {
  it('keeps the shell entries workbox found and adds up their size', () => {
    const candidates = [
      { url: 'index.html', size: 4000, revision: '1' },
      { url: 'assets/index-a.js', size: 50_000, revision: null },
      { url: 'assets/sign-in-page-e.js', size: 3000, revision: null },
      { url: 'try-on/human.esm.js', size: 2_000_000, revision: '2' },
    ];
    const { manifest: kept, bytes } = selectShellPrecache(candidates, new Set(['index.html', 'assets/index-a.js']));
    expect(kept.map((entry) => entry.url)).toEqual(['index.html', 'assets/index-a.js']);
    expect(bytes).toBe(54_000);
  });

  it('fails the build when a shell file was not offered, rather than leave a hole the shell meets offline', () => {
    const candidates = [{ url: 'index.html', size: 4000, revision: '1' }];
    expect(() => selectShellPrecache(candidates, new Set(['index.html', 'assets/try-on-media-a.js']))).toThrow(/assets\/try-on-media-a\.js/);
  });
});

describe('PRECACHE_GLOB_IGNORES', () => {
  it("leaves out the try-on and reader folders' files, never a chunk named like those folders (workbox's own glob)", async () => {
    const build = mkdtempSync(join(tmpdir(), 'precache-ignores-'));
    try {
      const files = [
        'index.html',
        'assets/try-on-media-a1.js',
        'assets/try-on-page-b2.js',
        'assets/prescription-reader-c3.js',
        'assets/try-on-0b16646731/human.esm.js',
        'assets/try-on-0b16646731/models/face.js',
        'assets/prescription-reader-16dd4a4511/tesseract-core.js',
        '.vite/manifest.js',
      ];
      for (const file of files) {
        mkdirSync(dirname(join(build, file)), { recursive: true });
        writeFileSync(join(build, file), 'x');
      }
      const { manifestEntries } = await getManifest({ globDirectory: build, globPatterns: ['**/*.{html,js,css}'], globIgnores: PRECACHE_GLOB_IGNORES });
      expect(manifestEntries?.map((entry) => entry.url).sort()).toEqual(
        ['assets/prescription-reader-c3.js', 'assets/try-on-media-a1.js', 'assets/try-on-page-b2.js', 'index.html'].sort(),
      );
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
});
