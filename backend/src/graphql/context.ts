import DataLoader from 'dataloader';
import type { Database } from '../db/database';
import type { StoreView } from '../modules/store/store-views';

export interface BackendConfig {
  /** Public origin of the shop (e.g. http://127.0.0.1:8080); when absent, taken from each request. */
  publicOrigin?: string;
  /** Folder for derived files (resized images). */
  cacheDir: string;
  /** Development mode shows error details; production never shows stack traces. */
  isDevelopment: boolean;
  /** The resized images' disk cap in bytes (MEDIA_CACHE_MAX_MB, ADR 037); unset: 256 MB. */
  mediaCacheMaxBytes?: number;
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
  /** This request's DataLoaders (see `loaderOf`); a new, empty registry for every request. */
  loaders: RequestLoaders;
  /**
   * The client's address as the server sees it (Express's `req.ip`: the peer, or what a trusted
   * proxy forwarded, per TRUST_PROXY); absent for the server's own in-process requests. Coupon
   * guesses are counted by it (ADR 037).
   */
  clientAddress?: string;
}

/** A DataLoader batch function: the values of `keys`, in their order, read for one request. */
export type BatchLoad<K, V> = (ctx: RequestContext, keys: readonly K[]) => Promise<V[]>;

/** The DataLoaders of one request, one per batch function. */
export type RequestLoaders = Map<BatchLoad<never, unknown>, DataLoader<unknown, unknown>>;

export const newRequestLoaders = (): RequestLoaders => new Map();

/**
 * The request's DataLoader for `batch` (made on first use): every key asked for while GraphQL
 * resolves the sibling fields of a list goes to one call of `batch` (one query per field per
 * request instead of one per item, the N+1 problem), and answers are cached for the rest of the
 * request, never beyond it.
 */
export function loaderOf<K, V>(ctx: RequestContext, batch: BatchLoad<K, V>): DataLoader<K, V> {
  let loader = ctx.loaders.get(batch) as DataLoader<K, V> | undefined;
  if (!loader) {
    loader = new DataLoader<K, V>((keys) => batch(ctx, keys));
    ctx.loaders.set(batch, loader as unknown as DataLoader<unknown, unknown>);
  }
  return loader;
}

export function bearerTokenOf(authorization: string | null | undefined): string | null {
  if (!authorization) return null;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  const token = match?.[1]?.trim();
  return token ? token : null;
}
