import type { RouteAnswer } from './route-resolver.operations';

/** Where a redirect goes (spec §2: relative_url; a value starting with http is a full browser redirect). */
export type RedirectTarget =
  | { kind: 'internal'; path: string }
  /** A full browser redirect, allowed only to the shop's own host. */
  | { kind: 'sameHost'; href: string }
  /** Another host: never followed automatically (no open redirect); the shopper is told and may follow the link. */
  | { kind: 'foreign'; href: string };

/** The outcomes of spec §2 "Route resolution". */
export type RouteResolution =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'notFound' }
  | { kind: 'redirect'; target: RedirectTarget }
  | { kind: 'category'; uid: string }
  | { kind: 'product'; urlKey: string }
  | { kind: 'cms'; identifier: string };

const REDIRECT_CODES = new Set([301, 302]);

export function redirectTargetOf(relativeUrl: string, currentHost: string): RedirectTarget {
  if (/^https?:\/\//i.test(relativeUrl)) {
    let host: string | null = null;
    try {
      host = new URL(relativeUrl).host;
    } catch {
      host = null;
    }
    return host === currentHost ? { kind: 'sameHost', href: relativeUrl } : { kind: 'foreign', href: relativeUrl };
  }
  return { kind: 'internal', path: `/${relativeUrl.replace(/^\/+/, '')}` };
}

/** What the page shows for a `route` query's state. */
export function routeResolutionOf(result: { data?: { route: RouteAnswer | null } | undefined; loading: boolean; error?: unknown }, currentHost: string): RouteResolution {
  const route = result.data?.route;
  if (route === undefined) {
    if (result.loading) return { kind: 'loading' };
    return result.error ? { kind: 'error' } : { kind: 'loading' };
  }
  if (route === null) return result.error ? { kind: 'error' } : { kind: 'notFound' };
  if (REDIRECT_CODES.has(route.redirect_code) && route.relative_url) return { kind: 'redirect', target: redirectTargetOf(route.relative_url, currentHost) };
  if (route.type === 'CATEGORY' && route.uid) return { kind: 'category', uid: route.uid };
  if (route.type === 'PRODUCT' && route.url_key) return { kind: 'product', urlKey: route.url_key };
  if (route.type === 'CMS_PAGE' && route.identifier) return { kind: 'cms', identifier: route.identifier };
  return { kind: 'notFound' };
}
