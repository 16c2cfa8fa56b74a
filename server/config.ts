import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Database and derived files (resized images). */
  dataDir: string;
  /** DATABASE_URL (`postgres://…`): the embedded backend's database on a PostgreSQL server instead of PGlite in `dataDir/db`. */
  databaseUrl: string | null;
  /** When set, `/graphql`, `/rest` and `/media` go to this Magento store instead of the embedded backend. */
  magentoBackendUrl: string | null;
  isDevelopment: boolean;
  /** DIST_DIR: the production build to serve instead of dist/ (a test's own build). */
  distDir: string | null;
  /**
   * The origin shoppers reach the shop at: every link the backend writes (password-reset and order
   * emails, media and store URLs in cacheable answers) starts with it, whatever a request's headers
   * say. PUBLIC_URL, else the address the server listens on; null only when neither can tell (a
   * random port, a wildcard host, or a trusted proxy that names the host, see `trustProxy`).
   */
  publicOrigin: string | null;
  /**
   * TRUST_PROXY: who may set `X-Forwarded-*` (Express's `trust proxy` value: `loopback`, addresses,
   * subnets). Null: nobody; those headers are dropped from every request before anything reads them.
   */
  trustProxy: string | null;
  /** CORS_ALLOWED_ORIGINS: other origins whose pages may call the embedded backend (ADR 037); empty: same origin only. */
  allowedOrigins: string[];
  /** MEDIA_CACHE_MAX_MB: the resized images' disk cap (ADR 037); null: the backend's default (256 MB). */
  mediaCacheMaxBytes: number | null;
}

/**
 * The origin a request's links are written on (ADR 012): the configured public one, else the
 * request's own (Express reads `X-Forwarded-*` only from a trusted proxy, see TRUST_PROXY).
 */
export function requestOrigin(publicOrigin: string | null, req: { protocol: string; host: string }): string {
  return publicOrigin ?? `${req.protocol}://${req.host}`;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** PUBLIC_URL as an origin (`https://shop.example`); refused when it is not an http(s) origin. */
export function publicOriginOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PUBLIC_URL must be an http:// or https:// address, not "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new Error(`PUBLIC_URL must be an http:// or https:// address, not "${value}"`);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(`PUBLIC_URL must be an origin with no path (the shop is served at its root), not "${value}"`);
  return url.origin;
}

/** CORS_ALLOWED_ORIGINS (comma-separated origins) as origins; refused when one is not an http(s) origin. */
export function allowedOriginsOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const url = URL.canParse(item) ? new URL(item) : null;
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ''))
        throw new Error(`CORS_ALLOWED_ORIGINS must list origins such as https://app.example, not "${item}"`);
      return url.origin;
    });
}

/** MEDIA_CACHE_MAX_MB as bytes; refused when it is not a whole number of megabytes from 1. */
export function mediaCacheMaxBytesOf(value: string | undefined): number | null {
  if (!value?.trim()) return null;
  const megabytes = Number(value);
  if (!Number.isInteger(megabytes) || megabytes < 1) throw new Error(`MEDIA_CACHE_MAX_MB must be a whole number of megabytes from 1, not "${value}"`);
  return megabytes * 1024 * 1024;
}

/** DATABASE_URL as given, when it names a PostgreSQL server; refused otherwise. */
export function databaseUrlOf(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  return url;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const magento = env.MAGENTO_BACKEND_URL?.trim() || null;
  if (magento && !/^https?:\/\//.test(magento)) throw new Error(`MAGENTO_BACKEND_URL must start with http:// or https://, not "${magento}"`);
  const host = env.HOST?.trim() || '127.0.0.1';
  const trustProxy = env.TRUST_PROXY?.trim() && env.TRUST_PROXY.trim() !== 'false' ? env.TRUST_PROXY.trim() : null;
  const publicUrl = env.PUBLIC_URL?.trim();
  const listened =
    port !== 0 && !WILDCARD_HOSTS.has(host) && !trustProxy ? `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}` : null;
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR?.trim() || '.data'),
    databaseUrl: databaseUrlOf(env.DATABASE_URL),
    magentoBackendUrl: magento ? magento.replace(/\/+$/, '') : null,
    isDevelopment: env.NODE_ENV === 'development',
    distDir: env.DIST_DIR?.trim() ? resolve(env.DIST_DIR.trim()) : null,
    publicOrigin: publicUrl ? publicOriginOf(publicUrl) : listened,
    trustProxy,
    allowedOrigins: allowedOriginsOf(env.CORS_ALLOWED_ORIGINS),
    mediaCacheMaxBytes: mediaCacheMaxBytesOf(env.MEDIA_CACHE_MAX_MB),
  };
}

/**
 * Why this server must not start as configured, or null. An embedded backend writes links into
 * emails (password reset, orders, alerts' unsubscribe): with no origin of its own (no PUBLIC_URL, and
 * a wildcard HOST, PORT 0 or TRUST_PROXY) it would take them from a request's `Host` or a proxy's
 * `X-Forwarded-Host`, which the sender of a password reset chooses. The development
 * server and a proxied Magento (whose emails are its own) may run without one.
 */
export function missingPublicOrigin(config: ServerConfig): string | null {
  if (config.publicOrigin || config.magentoBackendUrl || config.isDevelopment) return null;
  const why = config.trustProxy ? 'behind a proxy (TRUST_PROXY)' : config.port === 0 ? 'on a random port (PORT=0)' : `on every interface (HOST=${config.host})`;
  return `PUBLIC_URL is required when the shop listens ${why}: the links in its emails (password reset, orders) would otherwise take the host a request names. Set PUBLIC_URL to the address shoppers use, e.g. PUBLIC_URL=https://shop.example.`;
}
