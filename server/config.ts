import { resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Database and derived files (resized images). */
  dataDir: string;
  /** When set, `/graphql`, `/rest` and `/media` go to this Magento store instead of the embedded backend. */
  magentoBackendUrl: string | null;
  isDevelopment: boolean;
  /** DIST_DIR: the production build to serve instead of dist/ (a test's own build). */
  distDir: string | null;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const magento = env.MAGENTO_BACKEND_URL?.trim() || null;
  if (magento && !/^https?:\/\//.test(magento)) throw new Error(`MAGENTO_BACKEND_URL must start with http:// or https://, not "${magento}"`);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || '.data'),
    magentoBackendUrl: magento ? magento.replace(/\/+$/, '') : null,
    isDevelopment: env.NODE_ENV === 'development',
    distDir: env.DIST_DIR?.trim() ? resolve(env.DIST_DIR.trim()) : null,
  };
}
