import express from 'express';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';
import type { Backend } from '../backend/src/backend';

/**
 * Mounts the embedded backend (`/graphql`, `/rest`, `/media`) in a Vite dev server, so Storybook and
 * its story tests render views on the same real data as the shop (DESIGN.md §6 rule 4: one mock
 * layer). The database lives in `dataDir` and is seeded on first use.
 *
 * The backend is loaded through tsx at server start rather than bundled into the Vite config: it
 * must share Node's single copy of `graphql` with graphql-yoga.
 */
export function embeddedBackendPlugin(options: { dataDir: string; rootDir?: string }): Plugin {
  let backend: Backend | null = null;
  return {
    name: 'eyewear:embedded-backend',
    async configureServer(server) {
      const entry = pathToFileURL(resolve(options.rootDir ?? process.cwd(), 'backend/src/backend.ts')).href;
      const { createBackend } = (await tsImport(entry, import.meta.url)) as typeof import('../backend/src/backend');
      backend = await createBackend({ dataDir: join(options.dataDir, 'db'), cacheDir: join(options.dataDir, 'cache'), isDevelopment: true });
      const app = express();
      app.use(backend.router);
      server.middlewares.use((req, res, next) => {
        if (/^\/(graphql|rest|media)(\/|\?|$)/.test(req.url ?? '')) app(req, res, next);
        else next();
      });
      // Close the database with the server (Vitest runs Vite without an HTTP server of its own).
      const closeServer = server.close.bind(server);
      server.close = async () => {
        await backend?.close();
        backend = null;
        return closeServer();
      };
    },
  };
}
