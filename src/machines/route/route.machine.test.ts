import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import { appMachine, selectIsPageLoading } from '../app/app.machine';
import {
  GENERIC_ERROR_MESSAGE,
  isAllowedRedirect,
  PAGE_NOT_FOUND_MESSAGE,
  routeMachine,
  routeOutcomeOf,
  selectIsResolving,
  selectRedirectTo,
  selectResolvedPage,
  selectRouteMessage,
  selectShowsCategoryShimmer,
  type RouteAnswer,
} from './route.machine';

const HOSTS = ['shop.example.com', 'www.shop.example.com'];

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function startRoute(resolve: (url: string) => Promise<RouteAnswer | null>) {
  const spies = { redirectBrowser: vi.fn(), setPageLoading: vi.fn() };
  const machine = routeMachine.provide({
    actors: { resolveRoute: fromPromise(({ input }) => resolve(input.url)) },
    actions: { redirectBrowser: (_, p) => spies.redirectBrowser(p), setPageLoading: (_, p) => spies.setPageLoading(p) },
  });
  const actor = createActor(machine, { input: { shopHosts: HOSTS, redirectAllowList: ['pay.partner.example'] } }).start();
  return { actor, spies };
}

describe('route machine', () => {
  it('spec §2: route outcomes — page, redirect (301/302), full redirect for http, not found', () => {
    expect(routeOutcomeOf({ type: 'CATEGORY', uid: 'Mw==', typename: 'CategoryTree' }, HOSTS)).toEqual({
      kind: 'page',
      page: { type: 'CATEGORY', id: null, uid: 'Mw==', identifier: null, typename: 'CategoryTree' },
    });
    expect(routeOutcomeOf({ type: 'CMS_PAGE', redirect_code: 301, relative_url: 'new-page.html' }, HOSTS)).toEqual({ kind: 'redirect', to: '/new-page.html' });
    expect(routeOutcomeOf({ type: 'PRODUCT', redirect_code: 302, relative_url: '/p.html' }, HOSTS)).toEqual({ kind: 'redirect', to: '/p.html' });
    expect(routeOutcomeOf({ type: 'PRODUCT', redirect_code: 0, relative_url: '/p.html', uid: 'x' }, HOSTS).kind).toBe('page');
    expect(routeOutcomeOf({ redirect_code: 301, relative_url: 'https://www.shop.example.com/fr/' }, HOSTS)).toEqual({ kind: 'browserRedirect', url: 'https://www.shop.example.com/fr/' });
    expect(routeOutcomeOf(null, HOSTS)).toEqual({ kind: 'notFound' });
  });

  it('spec §2: a full browser redirect goes only to the shop hosts or the allow-list', () => {
    expect(isAllowedRedirect('https://shop.example.com/x', HOSTS)).toBe(true);
    expect(isAllowedRedirect('https://evil.example.net/x', HOSTS)).toBe(false);
    expect(isAllowedRedirect('http://shop.example.com.evil.net/', HOSTS)).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)', HOSTS)).toBe(false);
    expect(routeOutcomeOf({ redirect_code: 302, relative_url: 'https://evil.example.net/' }, HOSTS).kind).toBe('error');
  });

  it('spec §2: while resolving, the page-loading flag is on and the category shimmer shows for a category or an unknown type', async () => {
    const answer = deferred<RouteAnswer | null>();
    const { actor, spies } = startRoute(() => answer.promise);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    expect(selectIsResolving(actor.getSnapshot())).toBe(true);
    expect(spies.setPageLoading).toHaveBeenLastCalledWith({ isLoading: true });
    expect(selectShowsCategoryShimmer(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'route.resolve', pathname: '/about.html', pendingType: 'CMS_PAGE' });
    expect(selectShowsCategoryShimmer(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html', pendingType: 'CATEGORY' });
    expect(selectShowsCategoryShimmer(actor.getSnapshot())).toBe(true);
    answer.resolve({ type: 'CATEGORY', uid: 'Mw==', typename: 'CategoryTree' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(spies.setPageLoading).toHaveBeenLastCalledWith({ isLoading: false });
    expect(selectResolvedPage(actor.getSnapshot())).toMatchObject({ type: 'CATEGORY', uid: 'Mw==' });
    expect(selectShowsCategoryShimmer(actor.getSnapshot())).toBe(false);
  });

  it('spec §2: a relative redirect is handed to the router', async () => {
    const { actor, spies } = startRoute(async () => ({ type: 'PRODUCT', redirect_code: 301, relative_url: 'aviator.html' }));
    actor.send({ type: 'route.resolve', pathname: '/old-aviator.html' });
    await waitFor(actor, (s) => s.matches('redirect'));
    expect(selectRedirectTo(actor.getSnapshot())).toBe('/aviator.html');
    expect(spies.redirectBrowser).not.toHaveBeenCalled();
  });

  it('spec §2: a redirect starting with http is a full browser redirect', async () => {
    const { actor, spies } = startRoute(async () => ({ redirect_code: 302, relative_url: 'https://pay.partner.example/return' }));
    actor.send({ type: 'route.resolve', pathname: '/pay' });
    await waitFor(actor, (s) => s.matches('browserRedirect'));
    expect(spies.redirectBrowser).toHaveBeenCalledWith({ url: 'https://pay.partner.example/return' });
  });

  it('spec §8: not found and generic errors carry the catalogue words', async () => {
    const { actor } = startRoute(async (url) => (url === '/missing' ? null : Promise.reject(new Error('500 Internal Server Error'))));
    actor.send({ type: 'route.resolve', pathname: '/missing' });
    await waitFor(actor, (s) => s.matches('notFound'));
    expect(selectRouteMessage(actor.getSnapshot())).toBe(PAGE_NOT_FOUND_MESSAGE);
    actor.send({ type: 'route.resolve', pathname: '/broken' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(selectRouteMessage(actor.getSnapshot())).toBe(GENERIC_ERROR_MESSAGE);
    expect(actor.getSnapshot().context.error?.message).toBe('500 Internal Server Error');
  });

  it('spec §2: the route machine tells the app machine that the page is loading', async () => {
    const answer = deferred<RouteAnswer | null>();
    const route = routeMachine.provide({ actors: { resolveRoute: fromPromise(() => answer.promise) } });
    const shop = setup({ actors: { app: appMachine, route } }).createMachine({
      invoke: [
        { src: 'app', systemId: 'app', input: { isOnline: true } },
        { src: 'route', systemId: 'route', input: { shopHosts: HOSTS } },
      ],
    });
    const actor = createActor(shop).start();
    const app = actor.system.get('app') as ReturnType<typeof createActor<typeof appMachine>>;
    actor.system.get('route')!.send({ type: 'route.resolve', pathname: '/x' });
    expect(selectIsPageLoading(app.getSnapshot())).toBe(true);
    answer.resolve({ type: 'CMS_PAGE', identifier: 'x' });
    await waitFor(app, (s) => !selectIsPageLoading(s));
  });
});
