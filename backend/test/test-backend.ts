import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackend, type Backend } from '../src/backend';

export interface GraphqlAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: { message: string; extensions?: { category?: string } }[];
}

export interface TestBackend {
  url: string;
  backend: Backend;
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

/**
 * Starts the real embedded backend (migrations, seed, GraphQL, REST, media) on a random loopback
 * port, with its database in a temporary folder (or `dataDir`, to test restarts).
 */
export async function startTestBackend(options: { dataDir?: string } = {}): Promise<TestBackend> {
  const scratch = mkdtempSync(join(tmpdir(), 'eyewear-backend-'));
  const backend = await createBackend({ dataDir: options.dataDir ?? join(scratch, 'db'), cacheDir: join(scratch, 'cache') });
  const app = express();
  app.use(backend.router);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const answer = async <T>(res: Response): Promise<GraphqlAnswer<T>> => ({ status: res.status, headers: res.headers, ...((await res.json()) as object) });
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await backend.close();
  };
  return {
    url,
    backend,
    gql: async (query, variables = {}, headers = {}) =>
      answer(await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) })),
    gqlGet: async (query, variables = {}, headers = {}) => {
      const params = new URLSearchParams({ query, variables: JSON.stringify(variables) });
      return answer(await fetch(`${url}/graphql?${params}`, { headers }));
    },
    http: (path, init) => fetch(`${url}${path}`, init),
    stop,
    close: async () => {
      await stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
