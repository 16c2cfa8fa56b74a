import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Files served from one content-hashed folder under /assets/ (the try-on's, the prescription reader's). */
export interface AssetFolder {
  /** `/assets/<name>-<hash>/` */
  base: string;
  /** Path inside the folder → content. */
  files: Map<string, Uint8Array>;
}

export interface AssetFolderPluginOptions {
  name: string;
  /** `virtual:…`: the module that tells the page where the folder is. */
  virtualModule: string;
  /** Every folder this plugin serves starts so (`/assets/try-on-`). */
  pathPrefix: string;
  /** Made on first use: a dev server or test run that never asks for the files does not pay for them. */
  make: () => AssetFolder;
  moduleSource: (folder: AssetFolder) => string;
  contentTypes: Record<string, string>;
}

/**
 * A Vite plugin for a folder of large runtime files (libraries, WebAssembly, models) kept out of every
 * JS chunk: the development server serves them from memory; a production client build writes them to
 * `<outDir><base>`; the page learns the folder from the virtual module. The server caches `/assets/`
 * immutably, so a visit after the first downloads nothing; an upgrade changes the hash.
 */
export function assetFolderPlugin(options: AssetFolderPluginOptions): Plugin {
  const resolvedVirtualModule = `\0${options.virtualModule}`;
  let outDir = 'dist';
  let isClientBuild = false;
  let folder: AssetFolder | null = null;
  const get = () => (folder ??= options.make());
  return {
    name: options.name,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      isClientBuild = config.command === 'build' && !config.build.ssr;
    },
    resolveId(id) {
      return id === options.virtualModule ? resolvedVirtualModule : null;
    },
    load(id) {
      return id === resolvedVirtualModule ? options.moduleSource(get()) : null;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (!path.startsWith(options.pathPrefix)) return next();
        const { base, files } = get();
        const file = path.startsWith(base) ? files.get(path.slice(base.length)) : undefined;
        if (!file) {
          res.statusCode = 404;
          res.end(`Not one of ${options.name}'s files`);
          return;
        }
        res.setHeader('Content-Type', options.contentTypes[path.split('.').pop() ?? ''] ?? 'application/octet-stream');
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.end(file);
      });
    },
    closeBundle() {
      if (!isClientBuild) return;
      const { base, files } = get();
      for (const [path, content] of files) {
        const target = join(outDir, base, path);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, content);
      }
    },
  };
}
