import { describe, expect, it } from 'vitest';
import { redirectTargetOf, routeResolutionOf } from './route-resolution';
import type { RouteAnswer } from './route-resolver.operations';

const HOST = 'shop.example:8080';
const answer = (a: Partial<RouteAnswer>): { route: RouteAnswer } => ({ route: { __typename: 'CategoryTree', type: 'CATEGORY', relative_url: 'x.html', redirect_code: 0, ...a } });

describe('route fallback (spec §2 "Route resolution outcomes")', () => {
  it('spec §2: a category shimmer while loading', () => {
    expect(routeResolutionOf({ loading: true }, HOST)).toEqual({ kind: 'loading' });
  });

  it('spec §2: category, product and CMS page answers load their page', () => {
    expect(routeResolutionOf({ loading: false, data: answer({ uid: 'Mw==' }) }, HOST)).toEqual({ kind: 'category', uid: 'Mw==' });
    expect(routeResolutionOf({ loading: false, data: answer({ __typename: 'ConfigurableProduct', type: 'PRODUCT', uid: 'MQ==', url_key: 'aurora-cat-eye' }) }, HOST)).toEqual({ kind: 'product', urlKey: 'aurora-cat-eye' });
    expect(routeResolutionOf({ loading: false, data: answer({ __typename: 'CmsPage', type: 'CMS_PAGE', identifier: 'about-us' }) }, HOST)).toEqual({ kind: 'cms', identifier: 'about-us' });
  });

  it('spec §2: no route is not found; a failed query is the generic error', () => {
    expect(routeResolutionOf({ loading: false, data: { route: null } }, HOST)).toEqual({ kind: 'notFound' });
    expect(routeResolutionOf({ loading: false, error: new Error('Failed to fetch') }, HOST)).toEqual({ kind: 'error' });
    expect(routeResolutionOf({ loading: false, data: answer({ type: 'SOMETHING_ELSE' }) }, HOST)).toEqual({ kind: 'notFound' });
  });

  it('spec §2: redirect codes 301 and 302 redirect to relative_url; 0 does not', () => {
    expect(routeResolutionOf({ loading: false, data: answer({ relative_url: 'eyeglasses.html', redirect_code: 301, uid: 'Mw==' }) }, HOST)).toEqual({ kind: 'redirect', target: { kind: 'internal', path: '/eyeglasses.html' } });
    expect(routeResolutionOf({ loading: false, data: answer({ relative_url: 'sale.html', redirect_code: 302, uid: 'MTA=' }) }, HOST)).toEqual({ kind: 'redirect', target: { kind: 'internal', path: '/sale.html' } });
    expect(routeResolutionOf({ loading: false, data: answer({ relative_url: 'eyeglasses.html', redirect_code: 0, uid: 'Mw==' }) }, HOST).kind).toBe('category');
  });

  it('spec §2: a relative_url starting with http is a full browser redirect, only to the shop\'s own host', () => {
    expect(redirectTargetOf('http://shop.example:8080/ca/sale.html', HOST)).toEqual({ kind: 'sameHost', href: 'http://shop.example:8080/ca/sale.html' });
    expect(redirectTargetOf('https://evil.example/phish', HOST)).toEqual({ kind: 'foreign', href: 'https://evil.example/phish' });
    expect(redirectTargetOf('/about-us', HOST)).toEqual({ kind: 'internal', path: '/about-us' });
  });
});
