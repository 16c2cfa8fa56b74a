import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, getNamedType, type GraphQLSchema } from 'graphql';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

/**
 * The catalog answer cache (ADR 016): Magento's full-page cache, in process. Anonymous GET answers
 * of catalog-only queries are kept by query + variables + operation + `Store` + `Content-Currency`
 * (+ the origin when links are written on the request's own), each with the Magento cache tags of
 * what it shows; a catalog, CMS or price write purges the answers carrying its tags.
 */
export interface CachedAnswer {
  /** The answer's bytes (UTF-8 JSON) as first sent: a hit sends them as they are, never parsed or serialised again. */
  body: Buffer;
  /** Compressed copies (`br`, `gzip`), each made once, off the request thread, after the first hit that accepts it. */
  encoded?: Partial<Record<AnswerEncoding, Buffer>>;
  headers: [string, string][];
  tags: readonly string[];
  /** A private answer's stamp (ADR 034): sent again only while its stamp reads the same. */
  stamp?: string;
  expiresAt: number;
}

export type AnswerEncoding = 'br' | 'gzip';

export interface AnswerCacheOptions {
  /** How long an answer is kept, in ms (a bound for writes this process is not told about). */
  ttlMs?: number;
  /** Most answers kept; the least recently used goes first. */
  maxEntries?: number;
  /** Largest answer kept, in bytes. */
  maxBodyBytes?: number;
  now?: () => number;
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  readonly maxBodyBytes: number;
  private readonly now: () => number;
  /** Bumped by every purge: an answer computed across a purge is not stored (it may show the old data). */
  private generationValue = 0;
  private readonly purgeListeners = new Set<(tags: readonly string[]) => void>();

  constructor(options: AnswerCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 300_000;
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBodyBytes = options.maxBodyBytes ?? 2_000_000;
    this.now = options.now ?? Date.now;
  }

  get generation(): number {
    return this.generationValue;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedAnswer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      return null;
    }
    // Map order is the recency order: a hit moves to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps an answer unless a purge happened since `generation` (when its computation began). */
  set(key: string, answer: Omit<CachedAnswer, 'expiresAt'>, generation: number): boolean {
    if (generation !== this.generationValue || answer.body.length > this.maxBodyBytes) return false;
    this.remove(key);
    this.entries.set(key, { ...answer, expiresAt: this.now() + this.ttlMs });
    for (const tag of answer.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
    return true;
  }

  /**
   * Tells `listener` the tags of every purge (this process's writes and, on PostgreSQL, the other
   * processes'): what was made from the kept answers (the server's rendered pages, ADR 025) goes too.
   */
  onPurge(listener: (tags: readonly string[]) => void): () => void {
    this.purgeListeners.add(listener);
    return () => void this.purgeListeners.delete(listener);
  }

  /** Drops every answer carrying one of `tags` (`FPC`: all of them); returns how many went. */
  purge(tags: readonly string[]): number {
    this.generationValue++;
    for (const listener of this.purgeListeners) listener(tags);
    if (tags.includes('FPC')) {
      const count = this.entries.size;
      this.entries.clear();
      this.byTag.clear();
      return count;
    }
    let count = 0;
    for (const tag of tags) {
      for (const key of this.byTag.get(tag) ?? []) if (this.remove(key)) count++;
    }
    return count;
  }

  private remove(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
    return true;
  }
}

/** Reads a request header (Fetch's `Headers`, or a Node request's through a function). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** The parameters of a GraphQL GET that decide its answer (its query string's), in one string. */
export function answerCacheKey(params: URLSearchParams, headers: HeaderReader, origin: string | null): string {
  return JSON.stringify([
    params.get('query') ?? '',
    params.get('variables') ?? '',
    params.get('operationName') ?? '',
    params.get('extensions') ?? '',
    headers.get('store')?.trim() ?? '',
    headers.get('content-currency')?.trim() ?? '',
    origin ?? '',
  ]);
}

/** The query string of a request URL (`/graphql?query=…`), without building a URL object. */
export const searchParamsOf = (url: string): URLSearchParams => {
  const start = url.indexOf('?');
  return new URLSearchParams(start < 0 ? '' : url.slice(start + 1));
};

const compressors: Record<AnswerEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};
const compressing = new WeakMap<CachedAnswer, Partial<Record<AnswerEncoding, Promise<Buffer>>>>();

/**
 * The bytes a hit sends for `encoding` (null: as stored). The compressed copy is made once per
 * answer and encoding, in zlib's thread pool (the first hits that accept it wait for it, the request
 * thread does not), then kept with the answer: memory instead of a compression per hit. Answers
 * under 1 kB are sent as they are.
 */
export function encodedBody(answer: CachedAnswer, encoding: AnswerEncoding | null): { body: Buffer | Promise<Buffer>; encoding: AnswerEncoding | null } {
  if (!encoding || answer.body.length < 1024) return { body: answer.body, encoding: null };
  const ready = answer.encoded?.[encoding];
  if (ready) return { body: ready, encoding };
  const pending = compressing.get(answer) ?? {};
  compressing.set(answer, pending);
  pending[encoding] ??= compressors[encoding](answer.body).then((bytes) => {
    answer.encoded = { ...answer.encoded, [encoding]: bytes };
    delete pending[encoding];
    return bytes;
  });
  return { body: pending[encoding], encoding };
}

/** Where an answer's cache tags are gathered while it is resolved. */
export interface CacheTagged {
  cacheTags?: Set<string>;
}

/** Magento's cache tag prefix of each entity type: an answer showing one carries `<prefix>` and `<prefix>_<id>`. */
const TAG_PREFIXES: Readonly<Record<string, { prefix: string; id: (value: Record<string, unknown>) => unknown }>> = {
  ProductInterface: { prefix: 'cat_p', id: (v) => v.id },
  SimpleProduct: { prefix: 'cat_p', id: (v) => v.id },
  ConfigurableProduct: { prefix: 'cat_p', id: (v) => v.id },
  VirtualProduct: { prefix: 'cat_p', id: (v) => v.id },
  CategoryInterface: { prefix: 'cat_c', id: (v) => v.id },
  CategoryTree: { prefix: 'cat_c', id: (v) => v.id },
  CmsPage: { prefix: 'cms_p', id: (v) => v.identifier },
  CmsBlock: { prefix: 'cms_b', id: (v) => v.identifier },
};

function tagValue(tags: Set<string>, prefix: string, id: (v: Record<string, unknown>) => unknown, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) tagValue(tags, prefix, id, item);
    return;
  }
  if (!value || typeof value !== 'object') return;
  tags.add(prefix);
  const key = id(value as Record<string, unknown>);
  if (typeof key === 'string' || typeof key === 'number') tags.add(`${prefix}_${key}`);
}

/**
 * `route` answers a product, a category or a CMS page: its answer carries the tags of the entity it
 * is (Magento's route cache identity), so renaming or removing that entity's URL purges it.
 */
function tagRoutable(tags: Set<string>, value: unknown): void {
  const typename = (value as { __typename?: unknown } | null)?.__typename;
  const tagging = typeof typename === 'string' ? TAG_PREFIXES[typename] : undefined;
  if (tagging) tagValue(tags, tagging.prefix, tagging.id, value);
}

/**
 * The schema with every field that returns a product, category, CMS page or block (or a route to
 * one) noting that entity's cache tags in the request's context (only when the request gathers them).
 */
export function withCacheTags(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      const named = getNamedType(field.type).name;
      const tagging = TAG_PREFIXES[named];
      if (!tagging && named !== 'RoutableInterface') return field;
      const tag = (tags: Set<string>, value: unknown) => (tagging ? tagValue(tags, tagging.prefix, tagging.id, value) : tagRoutable(tags, value));
      const resolve = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve: (source, args, context: CacheTagged, info) => {
          const result: unknown = resolve(source, args, context, info);
          const tags = context.cacheTags;
          if (!tags) return result;
          if (result instanceof Promise) return result.then((value: unknown) => (tag(tags, value), value));
          tag(tags, result);
          return result;
        },
      };
    },
  });
}
