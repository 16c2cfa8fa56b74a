import type { Database } from '../db/database';
import type { StoreView } from '../modules/store/store-views';

export interface BackendConfig {
  /** Public origin of the shop (e.g. http://127.0.0.1:8080); when absent, taken from each request. */
  publicOrigin?: string;
  /** Folder for derived files (resized images). */
  cacheDir: string;
  /** Development mode shows error details; production never shows stack traces. */
  isDevelopment: boolean;
}

/** What every resolver and REST handler receives. */
export interface RequestContext {
  db: Database;
  config: BackendConfig;
  /** The store view named by the `Store` header (or the default store view). */
  store: StoreView;
  /** Origin the request was made to, for absolute URLs (media, links). */
  origin: string;
  /** The raw bearer token of `Authorization: Bearer ...`, or null. */
  bearerToken: string | null;
  /** `Content-Currency` header, when the shopper asked for another of the store's currencies. */
  contentCurrency: string | null;
}

export function bearerTokenOf(authorization: string | null | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  const token = match?.[1]?.trim();
  return token ? token : null;
}
