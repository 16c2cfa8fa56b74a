import { MapperKind, mapSchema } from '@graphql-tools/utils';
import { defaultFieldResolver, getNamedType, type GraphQLSchema } from 'graphql';

/**
 * The catalog answer cache (ADR 016): Magento's full-page cache, in process. Anonymous GET answers
 * of catalog-only queries are kept by query + variables + operation + `Store` + `Content-Currency`
 * (+ the origin when links are written on the request's own), each with the Magento cache tags of
 * what it shows; a catalog, CMS or price write purges the answers carrying its tags.
 */
export interface CachedAnswer {
  body: string;
  /** The body gzipped, made on the first hit that accepts gzip (then every such hit sends it as is). */
  gzipped?: Buffer;
  headers: [string, string][];
  tags: readonly string[];
  expiresAt: number;
}

export interface AnswerCacheOptions {
  /** How long an answer is kept, in ms (a bound for writes this process is not told about). */
  ttlMs?: number;
  /** Most answers kept; the least recently used goes first. */
  maxEntries?: number;
  /** Largest answer kept, in characters. */
  maxBodyChars?: number;
  now?: () => number;
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  readonly maxBodyChars: number;
  private readonly now: () => number;
  /** Bumped by every purge: an answer computed across a purge is not stored (it may show the old data). */
  private generationValue = 0;
  private readonly purgeListeners = new Set<(tags: readonly string[]) => void>();

  constructor(options: AnswerCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 300_000;
    this.maxEntries = options.maxEntries ?? 2000;
    this.maxBodyChars = options.maxBodyChars ?? 2_000_000;
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
    if (generation !== this.generationValue || answer.body.length > this.maxBodyChars) return false;
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

/** The parameters of a GraphQL GET that decide its answer, in one string. */
export function answerCacheKey(url: URL, headers: HeaderReader, origin: string | null): string {
  const p = url.searchParams;
  return JSON.stringify([
    p.get('query') ?? '',
    p.get('variables') ?? '',
    p.get('operationName') ?? '',
    p.get('extensions') ?? '',
    headers.get('store')?.trim() ?? '',
    headers.get('content-currency')?.trim() ?? '',
    origin ?? '',
  ]);
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
 * The schema with every field that returns a product, category, CMS page or block noting that
 * entity's cache tags in the request's context (only when the request gathers them).
 */
export function withCacheTags(schema: GraphQLSchema): GraphQLSchema {
  return mapSchema(schema, {
    [MapperKind.OBJECT_FIELD]: (field) => {
      const tagging = TAG_PREFIXES[getNamedType(field.type).name];
      if (!tagging) return field;
      const resolve = field.resolve ?? defaultFieldResolver;
      return {
        ...field,
        resolve: (source, args, context: CacheTagged, info) => {
          const result: unknown = resolve(source, args, context, info);
          const tags = context.cacheTags;
          if (!tags) return result;
          if (result instanceof Promise) return result.then((value: unknown) => (tagValue(tags, tagging.prefix, tagging.id, value), value));
          tagValue(tags, tagging.prefix, tagging.id, result);
          return result;
        },
      };
    },
  });
}
