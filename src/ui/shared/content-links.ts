import type { MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

/**
 * Links to the shop itself in backend HTML (`/eyeglasses.html`) navigate inside the app instead of
 * reloading it. Only links that already work as plain anchors are upgraded (keyboard included:
 * Enter on a link fires click).
 */
export function useContentLinks(): (e: MouseEvent<HTMLDivElement>) => void {
  const navigate = useNavigate();
  const base = useHref('/');
  return (e) => {
    const path = inAppPathOf(e);
    if (path === null) return;
    e.preventDefault();
    // content may name the store's base path (`/ca/sale.html`) or not (`/sale.html`)
    navigate(base !== '/' && path.startsWith(base) ? `/${path.slice(base.length)}` : path);
  };
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

/** The attribute holding the digest of the backend HTML (and image sizes) a block was sanitised from. */
export const CONTENT_SOURCE_ATTRIBUTE = 'data-rich-source';

/** A short digest (FNV-1a, 32 bits) of the backend HTML and image sizes a block is made from. */
export function contentSourceDigest(html: string, imageSizes: string | undefined): string {
  const text = `${imageSizes ?? ''}\u0000${html}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}
