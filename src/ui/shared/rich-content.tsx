import DOMPurify from 'dompurify';
import { useMemo, type MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router-dom';

/**
 * HTML from the backend (CMS content, descriptions), sanitised before it reaches the page.
 * Links to the shop itself (`/eyeglasses.html`) navigate inside the app instead of reloading it.
 */
export function RichContent({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
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

/** The in-app path of a plain left click on a same-origin link, or null to let the browser follow it. */
function inAppPathOf(e: MouseEvent<HTMLDivElement>): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const anchor = (e.target as Element).closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
