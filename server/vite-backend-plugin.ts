import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Plugin } from 'vite';

const BACKEND_PATH = /^\/(graphql|rest|media)(\/|\?|$)/;

/**
 * Serves the embedded backend's routes (`/graphql`, `/rest`, `/media`) from a Vite dev server, so
 * Storybook and its story tests render views on the same real data as the shop (ADR 003
 * rule 4: one mock layer). The backend runs in a child process (server/backend-process.ts) on a
 * free port with its database in `dataDir/<backend source version>`, seeded on first use (so a
 * changed backend never serves stale data); requests are proxied to it.
 */
/** A running embedded backend: its URL, and how many Vite servers use it. */
interface SharedBackend {
  target: Promise<string>;
  child: ChildProcess;
  users: number;
}

/**
 * One backend a data folder in this process, shared by every Vite server that asks for it: Vitest
 * starts more than one server from one config (the story tests' project and Storybook's own), and a
 * PGlite folder serves one process (ADR 017: the second would refuse to start). Kept on `globalThis`
 * because each loaded copy of the config bundles its own copy of this module.
 */
const SHARED_BACKENDS: Map<string, SharedBackend> = ((globalThis as { __lunetteBackends?: Map<string, SharedBackend> }).__lunetteBackends ??= new Map());

function startBackend(rootDir: string, dataDir: string): SharedBackend {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(rootDir, 'server/backend-process.ts')], {
    cwd: rootDir,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, BACKEND_VERSIONED_DATA: '1', BACKEND_EXIT_WITH_PARENT: '1', NODE_ENV: 'development' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const target = new Promise<string>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /BACKEND_READY (\S+)/.exec(out);
      if (match) done(match[1]!);
    });
    child.once('exit', (code) => fail(new Error(`The embedded backend exited (code ${code}) before it was ready`)));
  });
  process.once('exit', () => child.kill('SIGTERM'));
  return { target, child, users: 0 };
}

export function embeddedBackendPlugin(options: { dataDir: string; rootDir?: string }): Plugin {
  return {
    name: 'eyewear:embedded-backend',
    async configureServer(server) {
      const rootDir = options.rootDir ?? process.cwd();
      let backend = SHARED_BACKENDS.get(options.dataDir);
      if (!backend || backend.child.exitCode !== null) {
        backend = startBackend(rootDir, options.dataDir);
        SHARED_BACKENDS.set(options.dataDir, backend);
      }
      backend.users += 1;
      const shared = backend;
      const target = await shared.target;
      const proxy = createProxyMiddleware({ target, changeOrigin: false, xfwd: true });
      server.middlewares.use((req, res, next) => {
        if (BACKEND_PATH.test(req.url ?? '')) void proxy(req as Parameters<typeof proxy>[0], res as Parameters<typeof proxy>[1], next);
        else next();
      });
      const closeServer = server.close.bind(server);
      server.close = async () => {
        shared.users -= 1;
        if (shared.users === 0) {
          shared.child.kill('SIGTERM');
          if (SHARED_BACKENDS.get(options.dataDir) === shared) SHARED_BACKENDS.delete(options.dataDir);
        }
        return closeServer();
      };
    },
  };
}
