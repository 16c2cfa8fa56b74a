import compression from 'compression';
import express, { type Express } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createBackend, type Backend } from '../backend/src/backend';
import { serverGraphqlFetch } from './backend-graphql';
import type { ServerConfig } from './config';
import { readViteManifest } from './page-assets';
import { loadServerRender, serverRenderedPages } from './page-render';
import { PageCache } from './page-cache';
import { seoRoutes } from './seo/seo-routes';
import { frontDoor } from './front-door';
import { answeredAsDesigned, createLogger, pathOf, type Logger } from './logger';
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';

/** Paths that belong to the backend (embedded or proxied), never to the SPA. */
export const BACKEND_PATHS = ['/graphql', '/rest', '/media'] as const;

/**
 * Headers on every answer: the camera for the try-on on the shop's own pages only, and
 * nothing else a page could ask the device for; no MIME sniffing; the full address never sent to
 * other sites; the shop never framed by another site.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "frame-ancestors 'self'; base-uri 'self'; object-src 'none'",
  'X-Frame-Options': 'SAMEORIGIN',
};

/**
 * The Content-Security-Policy of the built shop: scripts, styles, fonts, workers and requests from
 * the shop's own origins only (the server's, PUBLIC_URL's, and a proxied Magento's, whose answers
 * may name media on its own host). `'wasm-unsafe-eval'` lets the try-on's face model run on
 * WebAssembly; inline styles are React's `style` attributes; `data:` and `blob:` images are the
 * favicon, swatches and try-on photos. The development server (Vite's inline preamble and
 * hot-reload socket) keeps only the framing rules of SECURITY_HEADERS.
 */
export function contentSecurityPolicy(origins: { publicOrigin: string | null; magentoBackendUrl: string | null }, nonce?: string): string {
  const own = [
    "'self'",
    ...new Set([origins.publicOrigin, origins.magentoBackendUrl && new URL(origins.magentoBackendUrl).origin].filter((o): o is string => Boolean(o))),
  ].join(' ');
  return [
    `default-src ${own}`,
    // A server-rendered page's inline scripts (React's streamed boundaries) carry the answer's nonce.
    `script-src ${own}${nonce ? ` 'nonce-${nonce}'` : ''} 'wasm-unsafe-eval'`,
    `style-src ${own} 'unsafe-inline'`,
    `img-src ${own} data: blob:`,
    `font-src ${own} data:`,
    `connect-src ${own}`,
    `media-src ${own} blob:`,
    `worker-src ${own} blob:`,
    `manifest-src ${own}`,
    `form-action ${own}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** TRUST_PROXY as Express takes it: `true` (every hop), a hop count, or addresses / names like `loopback`. */
export function trustProxySetting(value: string | null): boolean | number | string {
  if (value === null) return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export interface ShopServer {
  /** The Express application behind the front door (routes; the development server adds Vite's middleware to it). */
  app: Express;
  /** The request listener every request goes through first (`server/front-door.ts`), then `app`. */
  listener: RequestListener;
  /** An HTTP server on `listener`, listening. */
  listen(port: number, host: string, ready?: () => void): Server;
  backend: Backend | null;
  logger: Logger;
  /** Stopping: every answer from now on closes its connection, and `/ready` answers 503. */
  startDraining(): void;
  /** Requests being answered now. */
  inFlight(): number;
  close(): Promise<void>;
}

export interface ShopServerOptions {
  /** Where the access log and the server's events go (default: JSON lines on stdout at LOG_LEVEL). */
  logger?: Logger;
  /** How long the Magento proxy waits for an answer (default PROXY_TIMEOUT_MS). */
  proxyTimeoutMs?: number;
}

/** Largest GraphQL request body (a query and its variables; Magento's own requests are a few kB). */
export const GRAPHQL_BODY_LIMIT = '256kb';
/** How long the Magento proxy waits for an answer before answering 504 (and logging it). */
export const PROXY_TIMEOUT_MS = 30_000;
/** How long `/ready` waits for the database or Magento. */
export const READY_TIMEOUT_MS = 3_000;

/**
 * `/ready`: whether this process can answer shoppers now. The embedded backend's database must
 * answer a query; in proxy mode, Magento must answer a GraphQL request (any HTTP answer below 500).
 */
export async function readiness(backend: Backend | null, magentoBackendUrl: string | null): Promise<{ ok: boolean; checks: Record<string, string> }> {
  const within = <T>(work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`no answer in ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS).unref())]);
  const checks: Record<string, string> = {};
  let ok = true;
  if (backend) {
    try {
      await within(backend.db.query('SELECT 1'));
      checks.database = 'ok';
    } catch (error) {
      ok = false;
      checks.database = error instanceof Error ? error.message : 'unreachable';
    }
  }
  if (magentoBackendUrl) {
    try {
      const url = new URL('graphql', `${magentoBackendUrl}/`);
      url.searchParams.set('query', '{__typename}');
      const answer = await fetch(url, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
      await answer.body?.cancel();
      if (answer.status >= 500) throw new Error(`answered ${answer.status}`);
      checks.magento = 'ok';
    } catch (error) {
      ok = false;
      checks.magento = error instanceof Error ? error.message : 'unreachable';
    }
  }
  return { ok, checks };
}

/**
 * The words of a refusal by the server itself (ADR 037, *Malformed input*): fixed per kind of
 * refusal, never the error's own message. The JSON parser's message quotes the body it could not
 * read (`Unexpected token 'z', "{"query": zq…" is not valid JSON`), the body parser's charset and
 * encoding refusals name what was sent, and Express's "Failed to decode param '%E0'" the path.
 * A body that is not JSON gets yoga's own words for it, so the answer is the same whether the
 * server's parser or the backend's read it.
 */
export function refusalWords(status: number, type: string | undefined): string {
  if (status >= 500) return 'Internal server error';
  if (status === 413) return 'The request is too large.';
  if (status === 415) return 'The request body is in a charset or encoding the server does not read.';
  if (type === 'entity.parse.failed') return 'POST body sent invalid JSON.';
  return STATUS_CODES[status] ?? 'Bad Request';
}

/**
 * The one Node process of the shop: the backend routes (embedded, or proxied to a real Magento),
 * then — when `distDir` is given — the built SPA with hashed assets cached immutably and every other
 * path answered with index.html (history fallback).
 */
export async function createShopServer(config: ServerConfig, distDir: string | null, options: ShopServerOptions = {}): Promise<ShopServer> {
  const logger = options.logger ?? createLogger();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxySetting(config.trustProxy));
  // Proxy headers are kept only on a request that came from a trusted proxy (Express's own check of the peer address).
  const trustFn = app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean;
  const fromTrustedProxy = (address: string | undefined) => Boolean(config.trustProxy) && trustFn(address, 0);
  let backend: Backend | null = null;
  // Every request is counted, logged and given the security headers by the front door; a kept
  // answer (ADR 016, 034) is sent from there, before Express.
  const door = frontDoor({
    logger,
    headers: distDir ? { ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(config) } : SECURITY_HEADERS,
    fromTrustedProxy,
    keptAnswer: (req, res, next) => (backend ? backend.keptAnswers(req, res, next) : next()),
    app,
  });
  app.use(compression());

  // Alive: answered by the process itself, never by the SPA's history fallback.
  app.get('/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  app.get('/ready', (_req, res, next) => {
    if (door.draining()) {
      answeredAsDesigned(res);
      return void res.status(503).setHeader('Cache-Control', 'no-store').json({ status: 'stopping', checks: {} });
    }
    readiness(backend, config.magentoBackendUrl).then(({ ok, checks }) => {
      if (!ok) {
        logger.warn({ checks }, 'not ready');
        answeredAsDesigned(res);
      }
      res.setHeader('Cache-Control', 'no-store');
      res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready', checks });
    }, next);
  });

  if (config.magentoBackendUrl) {
    const target = config.magentoBackendUrl;
    app.use(
      createProxyMiddleware({
        target,
        changeOrigin: true,
        pathFilter: [...BACKEND_PATHS],
        xfwd: true,
        // How long Magento may take to answer (http-proxy's `timeout` would cut the shopper's own socket instead).
        proxyTimeout: options.proxyTimeoutMs ?? PROXY_TIMEOUT_MS,
        on: {
          // An unreachable or silent Magento is logged, and the shopper gets a JSON answer, not a hang.
          error(error, req, res) {
            const code = (error as NodeJS.ErrnoException).code ?? 'ERROR';
            const timedOut = code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT';
            const status = timedOut ? 504 : 502;
            logger.error({ code, target, path: pathOf(req.url), err: error.message }, `Magento proxy: ${timedOut ? 'no answer in time' : 'unreachable'}`);
            if (!('writeHead' in res) || res.headersSent) return void (res as { destroy?: () => void }).destroy?.();
            res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
            res.end(JSON.stringify({ message: status === 504 ? 'The store did not answer in time.' : 'The store cannot be reached.' }));
          },
        },
      }),
    );
  } else {
    backend = await createBackend({
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') }),
      cacheDir: join(config.dataDir, 'cache'),
      isDevelopment: config.isDevelopment,
      ...(config.publicOrigin ? { publicOrigin: config.publicOrigin } : {}),
      trustForwardedHeaders: config.trustProxy !== null,
      allowedOrigins: config.allowedOrigins,
      ...(config.mediaCacheMaxBytes ? { mediaCacheMaxBytes: config.mediaCacheMaxBytes } : {}),
    });
    // Request body limits: GraphQL here; the REST routes and the prescription upload have their own.
    app.use('/graphql', express.json({ limit: GRAPHQL_BODY_LIMIT }));
    app.use(backend.router);
  }
  for (const path of BACKEND_PATHS) app.use(path, (_req, res) => res.status(404).json({ message: 'Not found' }));
  // How the server itself asks GraphQL: for robots.txt and the sitemaps, and for the pages it renders.
  const graphql = serverGraphqlFetch(backend, config.magentoBackendUrl);
  app.use(seoRoutes({ publicOrigin: config.publicOrigin, graphql }));

  if (distDir) {
    const indexHtml = join(distDir, 'index.html');
    if (!existsSync(indexHtml)) throw new Error(`No build in ${distDir}: run \`npm run build\` first`);
    // Hashed assets, with the brotli / gzip copies the build made (scripts/precompress.mjs) sent to a
    // browser that accepts them; a file without a copy is compressed on the fly by compression().
    app.use(
      '/assets',
      expressStaticGzip(join(distDir, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', fallthrough: false, index: false },
      }),
    );
    app.use(express.static(distDir, { index: false, maxAge: 0 }));
    // Catalog and CMS pages rendered on the server; every other URL gets the shell.
    const render = await loadServerRender(distDir);
    if (render) {
      // ADR 025: rendered pages are kept while the answers they show are; the embedded backend's
      // answer cache tells every purge. A real Magento tells none: each page is rendered anew.
      const answerCache = backend?.answerCache ?? null;
      const pageCache = answerCache ? new PageCache() : null;
      if (answerCache && pageCache) answerCache.onPurge((tags) => pageCache.purge(tags));
      app.get(
        /.*/,
        serverRenderedPages({
          indexHtml,
          manifest: readViteManifest(distDir),
          render,
          graphql,
          publicOrigin: config.publicOrigin,
          contentSecurityPolicy: (nonce) => contentSecurityPolicy(config, nonce),
          pageCache,
        }),
      );
    }
    app.get(/.*/, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexHtml, { dotfiles: 'allow' }); // DIST_DIR may sit under a dot folder
    });
  }

  app.use((error: Error & { status?: number; type?: string }, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, path: pathOf(req.originalUrl) }, 'unhandled error');
    const message = refusalWords(status, error.type);
    // GraphQL clients read `errors`; the other routes answer Magento REST's `message`.
    res.status(status).json(pathOf(req.originalUrl).startsWith('/graphql') ? { errors: [{ message }] } : { message });
  });

  return {
    app,
    listener: door.listener,
    listen: (port, host, ready) => createServer(door.listener).listen(port, host, ready),
    backend,
    logger,
    startDraining: door.startDraining,
    inFlight: door.inFlight,
    close: async () => {
      await backend?.close();
    },
  };
}
