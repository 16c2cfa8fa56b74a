/**
 * The production index.html links the app's stylesheets with `media="print"` and this attribute
 * (vite.config.ts, deferEntryStylesheets): they download without blocking the first paint, so the
 * static shell (styled inline) paints before any script has run. They must apply before React's
 * first render, or the page would render unstyled and shift.
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred-stylesheet';

/** Resolves once every deferred stylesheet has loaded (or failed) and applies to the screen. */
export async function applyDeferredStylesheets(doc: Document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)];
  await Promise.all(links.map(settled));
  for (const link of links) link.media = 'all';
}

function settled(link: HTMLLinkElement): Promise<void> | undefined {
  if (link.sheet) return undefined;
  return new Promise((done) => {
    link.addEventListener('load', () => done(), { once: true });
    // A stylesheet that fails leaves the page unstyled rather than never rendering it.
    link.addEventListener('error', () => done(), { once: true });
  });
}
