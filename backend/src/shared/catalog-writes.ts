/**
 * Catalog, CMS and price writes, told to whoever keeps answers built from them (the answer cache,
 * ADR 016). A write names the cache tags it changes, as Magento's entities do for its full-page
 * cache and Varnish purges: `cat_p_<id>` a product, `cat_p` every product answer, `cat_c_<id>` a
 * category, `cms_p_<id>` a CMS page, `store` store views, currencies and rates, `FPC` everything.
 *
 * Process-wide on purpose: a write in any module of any backend of this process reaches every
 * cache of this process (over-purging another backend's cache in a test is harmless; missing a
 * purge would not be).
 */
type Listener = (tags: readonly string[]) => void;

const listeners = new Set<Listener>();

/** Subscribes to catalog writes; returns the unsubscribe function. */
export function onCatalogWrite(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener that what `tags` name has changed. */
export function catalogWritten(tags: readonly string[]): void {
  if (tags.length === 0) return;
  for (const listener of listeners) listener(tags);
}
