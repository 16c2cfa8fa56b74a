import DOMPurify from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
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
 * Loaded by `RichContent` (rich-content.tsx) only where a page has backend HTML to show.
 */
export function SanitisedContent({ html, className, imageSizes }: RichContentProps) {
  const clean = useMemo(() => sanitisedContent(html, imageSizes), [html, imageSizes]);
  const navigate = useNavigate();
  const base = useHref('/');
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const path = inAppPathOf(e);
    if (path === null) return;
    e.preventDefault();
    // content may name the store's base path (`/ca/sale.html`) or not (`/sale.html`)
    navigate(base !== '/' && path.startsWith(base) ? `/${path.slice(base.length)}` : path);
  };
  // The click handler only upgrades links that already work as plain anchors (keyboard included:
  // Enter on a link fires click).
  return <div className={className} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** DOMPurify bound to a window: the page's own (its default export), or the server's DOM. */
const purifiers = new WeakMap<Window & typeof globalThis, ReturnType<typeof DOMPurify>>();
function purifierOf(win: Window & typeof globalThis): ReturnType<typeof DOMPurify> {
  if (DOMPurify.isSupported && typeof window !== 'undefined' && win === window) return DOMPurify;
  let purifier = purifiers.get(win);
  if (!purifier) purifiers.set(win, (purifier = DOMPurify(win)));
  return purifier;
}

function sanitisedContent(html: string, imageSizes: string | undefined): string {
  const win = contentWindow();
  const fragment = purifierOf(win).sanitize(html, { USE_PROFILES: { html: true }, RETURN_DOM_FRAGMENT: true });
  fragment
    .querySelectorAll('img')
    .forEach((img, index) => makeContentImageResponsive(img, { first: index === 0, ...(imageSizes ? { sizes: imageSizes } : {}) }));
  const container = win.document.createElement('div');
  container.append(fragment);
  return container.innerHTML;
}

/** The in-app path of a plain left click on a same-origin link, or null to let the browser follow it. */
function inAppPathOf(e: MouseEvent<HTMLDivElement>): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const anchor = (e.target as Element).closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
