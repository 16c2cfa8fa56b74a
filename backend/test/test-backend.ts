import express from 'express';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createBackend, type Backend } from '../src/backend';
import { backendSourceVersion } from '../src/db/source-version';
import type { BackendModule } from '../src/module';
import { copyOfDatabase, databaseForFolder, seededTemplateDatabase, testDatabaseUrl } from './test-databases';

export interface GraphqlAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: { message: string; extensions?: { category?: string } }[];
}

export interface TestBackend {
  url: string;
  backend: Backend;
  /** The backend's folder of derived files (resized images). */
  cacheDir: string;
  /** POST a query or mutation. */
  gql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphqlAnswer<T>>;
  /** GET a query (as the storefront sends queries). */
  gqlGet<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<GraphqlAnswer<T>>;
  /** Any HTTP call on the server (REST, media). */
  http(path: string, init?: RequestInit): Promise<Response>;
  /** Stops the server; the database stays in `dataDir` when one was given. */
  stop(): Promise<void>;
  /** Stops the server and removes its temporary folders. */
  close(): Promise<void>;
}

export interface TestBackendOptions {
  /** A database folder to open (to test restarts); by default a fresh copy of the seeded template. */
  dataDir?: string;
  /** The modules to run (default: all); tests inject clocks this way. */
  modules?: readonly BackendModule[];
  /** Names the seeded template for these modules (one per distinct seeding, e.g. with a test clock). */
  templateKey?: string;
  /** The server's PUBLIC_URL (see BackendOptions). */
  publicOrigin?: string;
  /** Whether the server trusts the proxy that sets `X-Forwarded-*` (see BackendOptions). */
  trustForwardedHeaders?: boolean;
  /** Other origins whose pages may call the backend (see BackendOptions). */
  allowedOrigins?: readonly string[];
  /** The resized images' disk cap (see BackendOptions). */
  mediaCacheMaxBytes?: number;
  /** Express's `trust proxy` for the test server (the server's TRUST_PROXY): whose `X-Forwarded-For` names the client. */
  trustProxy?: string;
}

const backendRoot = resolve(import.meta.dirname, '..');

/**
 * A database seeded once per source version and module set, copied for each test backend: seeding
 * takes seconds, a copy milliseconds. Built by the first test process that needs it; the others
 * wait for its READY mark (a lock folder, so parallel test files never seed twice).
 */
export async function seededTemplate(key: string, modules: readonly BackendModule[] | undefined): Promise<string> {
  const dir = resolve(backendRoot, '..', '.data', 'test-db-template', `${key}-${backendSourceVersion()}`);
  const ready = join(dir, 'READY');
  const lock = `${dir}.lock`;
  mkdirSync(resolve(dir, '..'), { recursive: true });
  const giveUpAt = Date.now() + 240_000;
  for (;;) {
    if (existsSync(ready)) return join(dir, 'db');
    if (Date.now() > giveUpAt) throw new Error(`the seeded test database ${dir} was not ready after 4 minutes (lock: ${lock})`);
    try {
      mkdirSync(lock, { recursive: false });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Another test process is seeding (seconds); a lock older than 2 minutes belongs to a process that died.
      const lockedAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (lockedAt !== undefined && Date.now() - lockedAt > 120_000) rmSync(lock, { recursive: true, force: true });
      await delay(250);
      continue;
    }
    try {
      rmSync(dir, { recursive: true, force: true });
      const backend = await createBackend({ dataDir: join(dir, 'db'), cacheDir: join(dir, 'cache'), ...(modules ? { modules } : {}) });
      await backend.close();
      writeFileSync(ready, new Date().toISOString());
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * The database of a test backend. PGlite: a fresh copy of the seeded template folder (or `dataDir`).
 * With DATABASE_URL (the PostgreSQL suite): a fresh copy of a seeded template database on that server
 * (or a database standing for `dataDir`), dropped by `close()`.
 */
async function testDatabase(options: TestBackendOptions, scratch: string): Promise<{ dataDir?: string; databaseUrl?: string; drop?(): Promise<void> }> {
  const key = options.templateKey ?? 'all-modules';
  if (testDatabaseUrl()) {
    if (options.dataDir) return { databaseUrl: await databaseForFolder(options.dataDir) };
    const template = await seededTemplateDatabase(`${key}-${backendSourceVersion()}`, async (databaseUrl) => {
      const backend = await createBackend({ databaseUrl, cacheDir: join(scratch, 'cache'), ...(options.modules ? { modules: options.modules } : {}) });
      await backend.close();
    });
    const copy = await copyOfDatabase(template);
    return { databaseUrl: copy.url, drop: copy.drop };
  }
  if (options.dataDir) return { dataDir: options.dataDir };
  const dataDir = join(scratch, 'db');
  cpSync(await seededTemplate(key, options.modules), dataDir, { recursive: true });
  return { dataDir };
}

/**
 * Starts the real embedded backend (migrations, seed, GraphQL, REST, media) on a random loopback
 * port, on a fresh copy of the seeded database (or on `dataDir`, to test restarts).
 */
export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  // A dot folder, like the default DATA_DIR ./.data: files served from it must still be served.
  const scratch = mkdtempSync(join(tmpdir(), '.eyewear-backend-'));
  const database = await testDatabase(options, scratch);
  const backend = await createBackend({
    ...(database.dataDir ? { dataDir: database.dataDir } : {}),
    ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
    cacheDir: join(scratch, 'cache'),
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}),
    ...(options.trustForwardedHeaders ? { trustForwardedHeaders: true } : {}),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    ...(options.mediaCacheMaxBytes ? { mediaCacheMaxBytes: options.mediaCacheMaxBytes } : {}),
  });
  const app = express();
  if (options.trustProxy) app.set('trust proxy', options.trustProxy);
  app.use(backend.router);
  const server = await new Promise<Server>((done) => {
    const s = app.listen(0, '127.0.0.1', () => done(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const answer = async <T>(res: Response): Promise<GraphqlAnswer<T>> => ({ status: res.status, headers: res.headers, ...((await res.json()) as object) });
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await backend.close();
  };
  return {
    url,
    backend,
    cacheDir: join(scratch, 'cache'),
    gql: async (query, variables = {}, headers = {}) =>
      answer(
        await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ query, variables }),
        }),
      ),
    gqlGet: async (query, variables = {}, headers = {}) => {
      const params = new URLSearchParams({ query, variables: JSON.stringify(variables) });
      return answer(await fetch(`${url}/graphql?${params}`, { headers }));
    },
    http: (path, init) => fetch(`${url}${path}`, init),
    stop,
    close: async () => {
      await stop();
      await database.drop?.();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
