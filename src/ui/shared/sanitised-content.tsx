import DOMPurify from 'dompurify';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useHref } from 'react-router-dom';
import { STORE_CODES } from '../../services/store-view/store-views';
import { CONTENT_SOURCE_ATTRIBUTE, contentSourceDigest, useContentLinks } from './content-links';
import { makeContentImageResponsive } from './image-url';
import { contentWindow } from './render-environment';

export interface RichContentProps {
  html: string;
  className?: string;
  /** How wide the content's images are drawn (their `sizes`). */
  imageSizes?: string;
}

/**
 * HTML from the backend (CMS content, descriptions), sanitised before it reaches the page, its
 * media images made responsive (spec §9). Links to the shop itself (`/eyeglasses.html`) navigate
 * inside the app instead of reloading it. `imageSizes` says how wide the content's images are drawn.
 * Loaded by `RichContent` (rich-content.tsx) only where a page has backend HTML the browser must
 * sanitise itself. The block is marked with the digest of the HTML it was sanitised from, so the
 * browser can take a server render's sanitised markup over (rich-content.tsx).
 */
export function SanitisedContent({ html, className, imageSizes }: RichContentProps) {
  const base = useHref('/');
  const clean = useMemo(() => sanitisedContent(html, imageSizes, base), [html, imageSizes, base]);
  const digest = contentSourceDigest(html, imageSizes);
  const onClick = useContentLinks();
  // Hydrating a server block made from other HTML (the content changed since), React keeps the
  // server's markup (it never rewrites hydrated HTML): the block is replaced by this sanitised one.
  const block = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = block.current;
    if (!element || element.getAttribute(CONTENT_SOURCE_ATTRIBUTE) === digest) return;
    element.innerHTML = clean;
    element.setAttribute(CONTENT_SOURCE_ATTRIBUTE, digest);
  }, [clean, digest]);
  const marks = { [CONTENT_SOURCE_ATTRIBUTE]: digest };
  return <div ref={block} className={className} {...marks} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** DOMPurify bound to a window: the page's own (its default export), or the server's DOM. */
const purifiers = new WeakMap<Window & typeof globalThis, ReturnType<typeof DOMPurify>>();
function purifierOf(win: Window & typeof globalThis): ReturnType<typeof DOMPurify> {
  if (DOMPurify.isSupported && typeof window !== 'undefined' && win === window) return DOMPurify;
  let purifier = purifiers.get(win);
  if (!purifier) purifiers.set(win, (purifier = DOMPurify(win)));
  return purifier;
}

function sanitisedContent(html: string, imageSizes: string | undefined, base: string): string {
  const win = contentWindow();
  // The content cannot carry the marks of a server-rendered block (rich-content.tsx): only this component sets them.
  const fragment = purifierOf(win).sanitize(html, {
    USE_PROFILES: { html: true },
    RETURN_DOM_FRAGMENT: true,
    FORBID_ATTR: [CONTENT_SOURCE_ATTRIBUTE],
  });
  fragment
    .querySelectorAll('img')
    .forEach((img, index) => makeContentImageResponsive(img, { first: index === 0, ...(imageSizes ? { sizes: imageSizes } : {}) }));
  fragment.querySelectorAll('a[href]').forEach((anchor) => {
    const href = inStoreView(anchor.getAttribute('href')!, base);
    if (href !== null) anchor.setAttribute('href', href);
  });
  const container = win.document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/**
 * A link of backend content to the shop without a store view (`/eyeglasses.html`, as Magento's CMS
 * content often has it) in the store view the page is in (`/ca/eyeglasses.html`), so a search engine
 * or a shopper without scripts follows it to the same store view; null to leave the link as it is
 * (another site, a store view named, a media file, an anchor or a relative link).
 */
export function inStoreView(href: string, base: string): string | null {
  const prefix = base.replace(/\/$/, '');
  if (!prefix || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/media/')) return null;
  const first = href.slice(1).split(/[/?#]/)[0]!;
  if ((STORE_CODES as readonly string[]).includes(first)) return null;
  return `${prefix}${href}`;
}
