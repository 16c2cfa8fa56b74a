import compression from 'compression';
import express, { type Express } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createBackend, type Backend } from '../backend/src/backend';
import { serverGraphqlFetch } from './backend-graphql';
import type { ServerConfig } from './config';
import { readViteManifest } from './page-assets';
import { loadServerRender, serverRenderedPages } from './page-render';
import { seoRoutes } from './seo/seo-routes';

/** Paths that belong to the backend (embedded or proxied), never to the SPA. */
export const BACKEND_PATHS = ['/graphql', '/rest', '/media'] as const;

/** The proxy headers a client could forge to change the links the shop writes. */
const FORWARDED_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-port', 'x-forwarded-server', 'forwarded'] as const;

/**
 * With no trusted proxy, `X-Forwarded-*` and `Forwarded` come from the client itself: they are
 * dropped before the backend, the Magento proxy or a log reads them (issue 18: a forged
 * `X-Forwarded-Host` put an attacker's host in password-reset links and cacheable answers).
 */
export function dropForwardedHeaders(req: { headers: Record<string, unknown> }, _res: unknown, next: () => void) {
  for (const name of FORWARDED_HEADERS) delete req.headers[name];
  next();
}

/**
 * Headers on every answer (issue 18): the camera for the try-on on the shop's own pages only, and
 * nothing else a page could ask the device for; no MIME sniffing; the full address never sent to
 * other sites; the shop never framed by another site. No script policy yet (ADR 012): the try-on's
 * model runtime must be proven under one first.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
  'X-Frame-Options': 'SAMEORIGIN',
};

/** TRUST_PROXY as Express takes it: `true` (every hop), a hop count, or addresses / names like `loopback`. */
export function trustProxySetting(value: string | null): boolean | number | string {
  if (value === null) return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export interface ShopServer {
  app: Express;
  backend: Backend | null;
  close(): Promise<void>;
}

/**
 * The one Node process of the shop: the backend routes (embedded, or proxied to a real Magento),
 * then — when `distDir` is given — the built SPA with hashed assets cached immutably and every other
 * path answered with index.html (history fallback).
 */
export async function createShopServer(config: ServerConfig, distDir: string | null): Promise<ShopServer> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.trustProxy));
  // Proxy headers are kept only on a request that came from a trusted proxy (Express's own check of the peer address).
  const fromTrustedProxy = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  app.use((req, res, next) => (config.trustProxy && fromTrustedProxy(req.socket.remoteAddress, 0) ? next() : dropForwardedHeaders(req, res, next)));
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    next();
  });
  app.use(compression());

  let backend: Backend | null = null;
  if (config.magentoBackendUrl) {
    const target = config.magentoBackendUrl;
    app.use(
      createProxyMiddleware({
        target,
        changeOrigin: true,
        pathFilter: [...BACKEND_PATHS],
        xfwd: true,
      }),
    );
  } else {
    backend = await createBackend({
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') }),
      cacheDir: join(config.dataDir, 'cache'),
      isDevelopment: config.isDevelopment,
      ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}),
      trustForwardedHeaders: config.trustProxy !== null,
    });
    app.use(backend.router);
  }
  for (const path of BACKEND_PATHS) app.use(path, (_req, res) => res.status(404).json({ message: 'Not found' }));
  // How the server itself asks GraphQL: for robots.txt and the sitemaps, and for the pages it renders.
  const graphql = serverGraphqlFetch(backend, config.magentoBackendUrl);
  app.use(seoRoutes({ publicOrigin: config.publicOrigin, graphql }));

  if (distDir) {
    const indexHtml = join(distDir, 'index.html');
    if (!existsSync(indexHtml)) throw new Error(`No build in ${distDir}: run \`npm run build\` first`);
    app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false, index: false }));
    app.use(express.static(distDir, { index: false, maxAge: 0 }));
    // Catalog and CMS pages rendered on the server (issue 12); every other URL gets the shell.
    const render = await loadServerRender(distDir);
    if (render) {
      app.get(
        /.*/,
        serverRenderedPages({
          indexHtml,
          manifest: readViteManifest(distDir),
          render,
          graphql,
          publicOrigin: config.publicOrigin,
        }),
      );
    }
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml, { dotfiles: 'allow' }); // DIST_DIR may sit under a dot folder
    });
  }

  return {
    app,
    backend,
    close: async () => {
      await backend?.close();
    },
  };
}
