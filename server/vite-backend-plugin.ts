import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Plugin } from 'vite';

const BACKEND_PATH = /^\/(graphql|rest|media)(\/|\?|$)/;

/**
 * Serves the embedded backend's routes (`/graphql`, `/rest`, `/media`) from a Vite dev server, so
 * Storybook and its story tests render views on the same real data as the shop (DESIGN.md §6
 * rule 4: one mock layer). The backend runs in a child process (server/backend-process.ts) on a
 * free port with its database in `dataDir/<backend source version>`, seeded on first use (so a
 * changed backend never serves stale data); requests are proxied to it.
 */
export function embeddedBackendPlugin(options: { dataDir: string; rootDir?: string }): Plugin {
  let child: ChildProcess | null = null;
  const stop = () => {
    child?.kill('SIGTERM');
    child = null;
  };
  return {
    name: 'eyewear:embedded-backend',
    async configureServer(server) {
      const rootDir = options.rootDir ?? process.cwd();
      child = spawn(process.execPath, ['--import', 'tsx', resolve(rootDir, 'server/backend-process.ts')], {
        cwd: rootDir,
        env: { ...process.env, PORT: '0', DATA_DIR: options.dataDir, BACKEND_VERSIONED_DATA: '1', BACKEND_EXIT_WITH_PARENT: '1', NODE_ENV: 'development' },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const target = await new Promise<string>((done, fail) => {
        let out = '';
        child!.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /BACKEND_READY (\S+)/.exec(out);
          if (match) done(match[1]!);
        });
        child!.once('exit', (code) => fail(new Error(`The embedded backend exited (code ${code}) before it was ready`)));
      });
      const proxy = createProxyMiddleware({ target, changeOrigin: false, xfwd: true });
      server.middlewares.use((req, res, next) => {
        if (BACKEND_PATH.test(req.url ?? '')) void proxy(req as Parameters<typeof proxy>[0], res as Parameters<typeof proxy>[1], next);
        else next();
      });
      process.once('exit', stop);
      const closeServer = server.close.bind(server);
      server.close = async () => {
        stop();
        return closeServer();
      };
    },
  };
}
