import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * No re-export facade chunks. A module that is dynamically imported (a page of the route
 * table, a module the first page's preload asks for) and put into a grouped chunk
 * (scripts/vite-page-group-chunk.ts) gets a chunk of its own from rolldown that only re-exports
 * from the group's chunk (`export{d as CategoryPage}from"./catalog-….js"`; rolldown's
 * https://github.com/rolldown/rolldown/issues/9729: Rollup rewrites such imports, rolldown keeps the facade). Each is one more request before the page
 * is ready. This plugin rewrites every `import("./facade.js")` into an import of the chunk it
 * re-exports from, picking out the facade's names (`.then(m=>({CategoryPage:m.d}))`), drops the
 * facades, and points Vite's manifest entries of their modules at that chunk (the server's
 * modulepreloads, the bundle budget and the service worker's precache read the manifest).
 */
export interface Facade {
  /** The chunk it re-exports from (a file name in the same folder). */
  target: string;
  /** [exported name, the target's export name]. */
  bindings: [string, string][];
}

const FACADE = /^export\s*\{([^}]*)\}\s*from\s*["']\.\/([^"']+)["'];?$/;

/** The facade a chunk's code is, or null: nothing but one `export { a as X, … } from "./chunk.js"`. */
export function facadeOf(code: string): Facade | null {
  const match = FACADE.exec(code.trim());
  if (!match) return null;
  const bindings = match[1]!
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part): [string, string] => {
      const [local, exported] = part.split(/\s+as\s+/);
      return [(exported ?? local)!.trim(), local!.trim()];
    });
  return { target: match[2]!, bindings };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `code` with each dynamic import of a facade (by its base name) made an import of its target. */
export function withoutFacadeImports(code: string, facades: ReadonlyMap<string, Facade>): string {
  let out = code;
  for (const [file, facade] of facades) {
    const pick = facade.bindings.map(([exported, local]) => `${JSON.stringify(exported)}:m.${local}`).join(',');
    const importOf = new RegExp(`import\\((["'\`])\\./${escapeRegExp(file)}\\1\\)`, 'g');
    out = out.replace(importOf, (_all, quote: string) => `import(${quote}./${facade.target}${quote}).then(m=>({${pick}}))`);
    // Vite's preload lists name files from the output root (`assets/…`): the target instead of the facade.
    out = out.split(`"assets/${file}"`).join(`"assets/${facade.target}"`);
  }
  return out;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export function inlineFacadeChunks(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  /** The source module of each facade dropped (as the manifest keys it) → the file it re-exported from. */
  const replaced = new Map<string, string>();
  return {
    name: 'lunette:inline-facade-chunks',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      replaced.clear();
      const facades = new Map<string, Facade>();
      const modules = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || output.isEntry || !output.fileName.startsWith('assets/')) continue;
        const facade = facadeOf(output.code);
        if (!facade || !output.facadeModuleId) continue;
        facades.set(output.fileName.slice('assets/'.length), facade);
        modules.set(output.fileName, relative(root, output.facadeModuleId).split(sep).join('/'));
      }
      if (facades.size === 0) return;
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || facades.has(output.fileName.slice('assets/'.length))) continue;
        output.code = withoutFacadeImports(output.code, facades);
        output.dynamicImports = [
          ...new Set(
            output.dynamicImports.map((file) => {
              const facade = facades.get(file.slice('assets/'.length));
              return facade ? `assets/${facade.target}` : file;
            }),
          ),
        ];
      }
      for (const [file, facade] of facades) {
        delete bundle[`assets/${file}`];
        replaced.set(modules.get(`assets/${file}`)!, `assets/${facade.target}`);
      }
    },
    writeBundle() {
      if (replaced.size === 0) return;
      const path = join(outDir, '.vite', 'manifest.json');
      let manifest: Record<string, ManifestChunk>;
      try {
        manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
      } catch {
        return;
      }
      const targetOf = (file: string) => Object.values(manifest).find((chunk) => chunk.file === file);
      for (const [src, file] of replaced) {
        const target = targetOf(file);
        if (!target) throw new Error(`lunette:inline-facade-chunks: ${file} (for ${src}) is not in the manifest`);
        // The module now loads the chunk it lives in, with that chunk's imports and styles.
        manifest[src] = { ...target, src, isDynamicEntry: true };
      }
      writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
