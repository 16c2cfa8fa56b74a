import { AnswerCache, type AnswerCacheOptions } from '../backend/src/graphql/answer-cache';

/**
 * Rendered pages kept (ADR 025): the server render of an anonymous catalog or CMS page is the same
 * for every visitor (it is rendered for nobody: no token, no cart, the store view's own currency),
 * so its HTML is kept by origin + URL (path and query; the store code is in the path) and sent
 * again until one of the GraphQL answers it was made from is purged. Each page carries the
 * Magento cache tags of every answer it was rendered from; a page made from any answer without
 * tags (not a cacheable catalog read) is not kept. A purge of the catalog answer cache (ADR 016: a
 * catalog, stock, CMS or price write, here or on another process) purges the pages with its tags.
 *
 * The Content-Security-Policy nonce differs per answer: a kept page is sent with its nonce
 * replaced by the new answer's.
 */
export interface KeptPage {
  html: string;
  status: number;
  /** The nonce the page was rendered with ('' for none). */
  nonce: string;
}

export class PageCache {
  private readonly pages: AnswerCache;

  constructor(options: AnswerCacheOptions = {}) {
    this.pages = new AnswerCache({ maxEntries: 500, ...options });
  }

  /** The cache generation when a render begins: a page rendered across a purge is not kept. */
  get generation(): number {
    return this.pages.generation;
  }

  get size(): number {
    return this.pages.size;
  }

  static keyOf(origin: string, url: string): string {
    return `${origin} ${url}`;
  }

  get(key: string, nonce: string): KeptPage | null {
    const kept = this.pages.get(key);
    if (!kept) return null;
    const keptNonce = kept.headers.find(([name]) => name === 'nonce')?.[1] ?? '';
    const status = Number(kept.headers.find(([name]) => name === 'status')?.[1] ?? 200);
    const keptHtml = kept.body.toString('utf8');
    const html = keptNonce && nonce ? keptHtml.split(keptNonce).join(nonce) : keptHtml;
    return { html, status, nonce };
  }

  /** Keeps a page unless a purge came since `generation`; returns whether it was kept. */
  set(key: string, page: KeptPage, tags: readonly string[], generation: number): boolean {
    return this.pages.set(
      key,
      {
        body: Buffer.from(page.html, 'utf8'),
        headers: [
          ['nonce', page.nonce],
          ['status', String(page.status)],
        ],
        tags,
      },
      generation,
    );
  }

  purge(tags: readonly string[]): number {
    return this.pages.purge(tags);
  }
}

/**
 * GraphQL as a render asks it, noting the cache tags of every answer; `cacheable` turns false when
 * an answer has none (it was not a cacheable catalog read, or it failed).
 */
export function taggedFetch(fetch: typeof globalThis.fetch): { fetch: typeof globalThis.fetch; tags: Set<string>; cacheable: () => boolean } {
  const tags = new Set<string>();
  let cacheable = true;
  return {
    tags,
    cacheable: () => cacheable,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const header = response.headers.get('x-magento-tags');
      if (!header || response.status !== 200) cacheable = false;
      else for (const tag of header.split(',')) if (tag.trim()) tags.add(tag.trim());
      return response;
    },
  };
}
