import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, SimulatedClock, waitFor } from 'xstate';
import { appMachine, selectIsPageLoading } from '../app/app.machine';
import {
  FETCH_ROOT_COMPONENT_NOT_DEFINED,
  GENERIC_ERROR_MESSAGE,
  isAllowedRedirect,
  PAGE_NOT_FOUND_MESSAGE,
  RECONNECT_RETRY_MS,
  redirectOutcomeOf,
  routeMachine,
  routeOutcomeOf,
  selectIsResolving,
  selectNextRootComponent,
  selectPageAttempt,
  selectPending,
  selectRedirectTo,
  selectResolvedPage,
  selectRouteMessage,
  selectRouteStatus,
  selectShowsCategoryShimmer,
  settledRouteOf,
  type RouteAnswer,
} from './route.machine';
import { selectFailedForConnection } from './route-offline';
import { deferred } from '../shared/deferred.test-helpers';
import { startInShopSystem } from '../shared/shop-system.test-helpers';

const HOSTS = ['shop.example.com', 'www.shop.example.com:8443'];

function startRoute(resolve: (url: string) => Promise<RouteAnswer | null>, clock?: SimulatedClock, reach: () => Promise<void> = async () => {}) {
  const spies = { redirectBrowser: vi.fn(), setPageLoading: vi.fn(), resolve: vi.fn(resolve), reach: vi.fn(reach) };
  const machine = routeMachine.provide({
    actors: { resolveRoute: fromPromise(({ input }) => spies.resolve(input.url)), reachShop: fromPromise(() => spies.reach()) },
    actions: { redirectBrowser: (_, p) => spies.redirectBrowser(p), setPageLoading: (_, p) => spies.setPageLoading(p) },
  });
  const actor = createActor(machine, { input: { shopHosts: HOSTS, redirectAllowList: ['pay.partner.example'] }, ...(clock ? { clock } : {}) }).start();
  return { actor, spies };
}

const CATEGORY: RouteAnswer = { type: 'CATEGORY', uid: 'Mw==', typename: 'CategoryTree', redirect_code: 0, relative_url: 'eyeglasses.html' };
const PRODUCT: RouteAnswer = {
  type: 'PRODUCT',
  uid: 'MQ==',
  url_key: 'aurora-cat-eye',
  typename: 'ConfigurableProduct',
  redirect_code: 0,
  relative_url: 'aurora-cat-eye.html',
};
const CMS: RouteAnswer = { type: 'CMS_PAGE', identifier: 'about-us', typename: 'CmsPage', redirect_code: 0, relative_url: 'about-us' };

describe('route outcomes (spec §2 "Route resolution outcomes")', () => {
  it('spec §2: a category, a product and a CMS page answer load their page with what the page needs', () => {
    expect(routeOutcomeOf(CATEGORY, HOSTS)).toEqual({ kind: 'page', page: { type: 'CATEGORY', uid: 'Mw==' } });
    expect(routeOutcomeOf(PRODUCT, HOSTS)).toEqual({ kind: 'page', page: { type: 'PRODUCT', urlKey: 'aurora-cat-eye', uid: 'MQ==' } });
    expect(routeOutcomeOf(CMS, HOSTS)).toEqual({ kind: 'page', page: { type: 'CMS_PAGE', identifier: 'about-us' } });
  });

  it('spec §2: no route (or one without a type) is not found', () => {
    expect(routeOutcomeOf(null, HOSTS)).toEqual({ kind: 'notFound' });
    expect(routeOutcomeOf({ type: null, redirect_code: 0 }, HOSTS)).toEqual({ kind: 'notFound' });
  });

  it("spec §8: a type the shop has no page for is the error 'fetchRootComponent is not defined'", () => {
    expect(routeOutcomeOf({ type: 'SOMETHING_ELSE', redirect_code: 0 }, HOSTS)).toEqual({ kind: 'error', message: FETCH_ROOT_COMPONENT_NOT_DEFINED });
    expect(routeOutcomeOf({ type: 'PRODUCT', uid: 'MQ==', redirect_code: 0 }, HOSTS)).toEqual({ kind: 'error', message: FETCH_ROOT_COMPONENT_NOT_DEFINED });
  });

  it('spec §2: redirect codes 301 and 302 redirect to relative_url (made a path); 0 does not', () => {
    expect(routeOutcomeOf({ ...CMS, redirect_code: 301, relative_url: 'new-page.html' }, HOSTS)).toEqual({ kind: 'redirect', to: '/new-page.html' });
    expect(routeOutcomeOf({ ...PRODUCT, redirect_code: 302, relative_url: '/p.html' }, HOSTS)).toEqual({ kind: 'redirect', to: '/p.html' });
    expect(routeOutcomeOf({ ...PRODUCT, redirect_code: 0, relative_url: '/p.html' }, HOSTS).kind).toBe('page');
    expect(routeOutcomeOf({ ...PRODUCT, redirect_code: 404, relative_url: '/p.html' }, HOSTS).kind).toBe('page');
  });

  it('spec §2: a relative_url starting with http is a full browser redirect, to the shop hosts or the allow-list only', () => {
    expect(routeOutcomeOf({ redirect_code: 301, relative_url: 'https://shop.example.com/fr/' }, HOSTS)).toEqual({
      kind: 'browserRedirect',
      url: 'https://shop.example.com/fr/',
    });
    expect(routeOutcomeOf({ redirect_code: 301, relative_url: 'https://www.shop.example.com:8443/fr/' }, HOSTS).kind).toBe('browserRedirect');
    expect(routeOutcomeOf({ redirect_code: 302, relative_url: 'https://evil.example.net/' }, HOSTS).kind).toBe('error');
    expect(isAllowedRedirect('https://shop.example.com/x', HOSTS)).toBe(true);
    expect(isAllowedRedirect('https://www.shop.example.com:9999/x', HOSTS)).toBe(false);
    expect(isAllowedRedirect('http://shop.example.com.evil.net/', HOSTS)).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)', HOSTS)).toBe(false);
  });

  it('spec §2: anything that is neither a relative path nor an allowed http URL is the generic error', () => {
    expect(redirectOutcomeOf('//evil.example.net/x', HOSTS).kind).toBe('error');
    expect(redirectOutcomeOf('javascript:alert(1)', HOSTS).kind).toBe('error');
    expect(redirectOutcomeOf('mailto:a@b.c', HOSTS).kind).toBe('error');
    expect(redirectOutcomeOf('/\\evil.example.net', HOSTS).kind).toBe('error');
    expect(redirectOutcomeOf('HTTPS://evil.example.net', HOSTS).kind).toBe('error');
    // A page that redirects to itself would loop.
    expect(redirectOutcomeOf('old.html', HOSTS, '/old.html').kind).toBe('error');
    expect(redirectOutcomeOf('eyeglasses.html', HOSTS, '/old.html')).toEqual({ kind: 'redirect', to: '/eyeglasses.html' });
  });
});

describe('route machine', () => {
  it('spec §2: while resolving, the page-loading flag is on and the category shimmer shows for a category or an unknown type', async () => {
    const answer = deferred<RouteAnswer | null>();
    const { actor, spies } = startRoute(() => answer.promise);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    expect(selectIsResolving(actor.getSnapshot())).toBe(true);
    expect(selectRouteStatus('/eyeglasses.html')(actor.getSnapshot())).toBe('loading');
    expect(spies.setPageLoading).toHaveBeenLastCalledWith({ isLoading: true });
    expect(selectShowsCategoryShimmer(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'route.resolve', pathname: '/about.html', pendingType: 'CMS_PAGE' });
    expect(selectShowsCategoryShimmer(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html', pendingType: 'CATEGORY' });
    expect(selectShowsCategoryShimmer(actor.getSnapshot())).toBe(true);
    // Spec §3 App: pending is the page being fetched; nextRootComponent the page shown once it is.
    expect(selectPending(actor.getSnapshot())).toBe('/eyeglasses.html');
    expect(selectNextRootComponent(actor.getSnapshot())).toBeNull();
    answer.resolve(CATEGORY);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectPending(actor.getSnapshot())).toBeNull();
    expect(selectNextRootComponent(actor.getSnapshot())).toEqual({ type: 'CATEGORY', uid: 'Mw==' });
    expect(spies.setPageLoading).toHaveBeenLastCalledWith({ isLoading: false });
    expect(selectRouteStatus('/eyeglasses.html')(actor.getSnapshot())).toBe('loaded');
    expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'CATEGORY', uid: 'Mw==' });
  });

  it('spec §2: the loaded page of a product carries its url_key, of a CMS page its identifier', async () => {
    const { actor } = startRoute(async (url) => (url === '/aurora-cat-eye.html' ? PRODUCT : CMS));
    actor.send({ type: 'route.resolve', pathname: '/aurora-cat-eye.html' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'PRODUCT', urlKey: 'aurora-cat-eye', uid: 'MQ==' });
    actor.send({ type: 'route.resolve', pathname: '/about-us' });
    await waitFor(actor, (s) => s.matches('loaded') && s.context.pathname === '/about-us');
    expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'CMS_PAGE', identifier: 'about-us' });
  });

  it('spec §2: a relative redirect is handed to the router (no browser redirect)', async () => {
    const { actor, spies } = startRoute(async () => ({ type: 'PRODUCT', redirect_code: 301, relative_url: 'aviator.html' }));
    actor.send({ type: 'route.resolve', pathname: '/old-aviator.html' });
    await waitFor(actor, (s) => s.matches('redirect'));
    expect(selectRouteStatus('/old-aviator.html')(actor.getSnapshot())).toBe('redirect');
    expect(selectRedirectTo(actor.getSnapshot())).toBe('/aviator.html');
    expect(spies.redirectBrowser).not.toHaveBeenCalled();
  });

  it('spec §2: a redirect starting with http to an allowed host is a full browser redirect, through the injected action', async () => {
    const { actor, spies } = startRoute(async () => ({ redirect_code: 302, relative_url: 'https://pay.partner.example/return' }));
    actor.send({ type: 'route.resolve', pathname: '/pay' });
    await waitFor(actor, (s) => s.matches('browserRedirect'));
    expect(selectRouteStatus('/pay')(actor.getSnapshot())).toBe('browserRedirect');
    expect(spies.redirectBrowser).toHaveBeenCalledWith({ url: 'https://pay.partner.example/return' });
  });

  it('spec §2: a redirect to another host is the generic error, never followed', async () => {
    const { actor, spies } = startRoute(async () => ({ redirect_code: 301, relative_url: 'https://lunette-eyewear.example/lens-guide' }));
    actor.send({ type: 'route.resolve', pathname: '/lens-guide' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(spies.redirectBrowser).not.toHaveBeenCalled();
    expect(selectRouteMessage(actor.getSnapshot())).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('spec §2/§8: not found and the generic error carry the catalogue words', async () => {
    const { actor } = startRoute(async (url) => (url === '/missing' ? null : Promise.reject(new Error('500 Internal Server Error'))));
    actor.send({ type: 'route.resolve', pathname: '/missing' });
    await waitFor(actor, (s) => s.matches('notFound'));
    expect(selectRouteStatus('/missing')(actor.getSnapshot())).toBe('notFound');
    expect(selectRouteMessage(actor.getSnapshot())).toBe(PAGE_NOT_FOUND_MESSAGE);
    actor.send({ type: 'route.resolve', pathname: '/broken' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(selectRouteStatus('/broken')(actor.getSnapshot())).toBe('error');
    expect(selectRouteMessage(actor.getSnapshot())).toBe(GENERIC_ERROR_MESSAGE);
    expect(actor.getSnapshot().context.error?.message).toBe('500 Internal Server Error');
  });

  it('spec §2: a fast second navigation never shows the first URL’s answer', async () => {
    const first = deferred<RouteAnswer | null>();
    const second = deferred<RouteAnswer | null>();
    const { actor, spies } = startRoute((url) => (url === '/eyeglasses.html' ? first.promise : second.promise));
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    actor.send({ type: 'route.resolve', pathname: '/about-us' });
    // The first answer arrives after the second navigation: it is dropped.
    first.resolve(CATEGORY);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('resolving')).toBe(true);
    expect(selectRouteStatus('/eyeglasses.html')(actor.getSnapshot())).toBe('loading');
    expect(selectResolvedPage(actor.getSnapshot())).toBeNull();
    second.resolve(CMS);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.pathname).toBe('/about-us');
    expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'CMS_PAGE', identifier: 'about-us' });
    expect(spies.resolve.mock.calls.map(([url]) => url)).toEqual(['/eyeglasses.html', '/about-us']);
  });

  it('spec §2: the view shows loading, not the previous page, for a pathname the machine has not resolved', async () => {
    const { actor } = startRoute(async () => CATEGORY);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectRouteStatus('/sunglasses.html')(actor.getSnapshot())).toBe('loading');
  });

  it('spec §2 (cache-first): the same pathname again, while resolving or once settled, asks nothing new; after an error it tries again', async () => {
    let fail = true;
    const { actor, spies } = startRoute(async () => {
      if (fail) throw new Error('Failed to fetch');
      return CATEGORY;
    });
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(spies.resolve).toHaveBeenCalledTimes(1);
    fail = false;
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(spies.resolve).toHaveBeenCalledTimes(2);
  });

  it('ADR 007: a page that failed for want of a connection is resolved again when the connection comes back', async () => {
    const notSent = Object.assign(new Error('The browser is offline: the request was not sent.'), { requestNotSent: true });
    const apolloOffline = Object.assign(new Error('Failed to fetch'), { graphQLErrors: [], networkError: new TypeError('Failed to fetch') });
    for (const failure of [notSent, apolloOffline]) {
      let offline = true;
      const { actor, spies } = startRoute(async () => {
        if (offline) throw failure;
        return CATEGORY;
      });
      actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
      await waitFor(actor, (s) => s.matches('error'));
      expect(selectRouteMessage(actor.getSnapshot())).toBe(GENERIC_ERROR_MESSAGE);
      offline = false;
      actor.send({ type: 'route.online' });
      expect(selectRouteStatus('/eyeglasses.html')(actor.getSnapshot())).toBe('loading');
      await waitFor(actor, (s) => s.matches('loaded'));
      expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'CATEGORY', uid: 'Mw==' });
      expect(spies.resolve).toHaveBeenCalledTimes(2);
      expect(spies.resolve).toHaveBeenLastCalledWith('/eyeglasses.html');
    }
  });

  it('ADR 007: a page that failed for want of a connection with no `online` event (the browser believed it was online) is asked again quietly until it loads', async () => {
    const clock = new SimulatedClock();
    let offline = true;
    const { actor, spies } = startRoute(async () => {
      if (offline) throw Object.assign(new Error('Failed to fetch'), { graphQLErrors: [], networkError: new TypeError('Failed to fetch') });
      return CATEGORY;
    }, clock);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(selectFailedForConnection(actor.getSnapshot())).toBe(true);
    clock.increment(RECONNECT_RETRY_MS - 1);
    expect(spies.resolve).toHaveBeenCalledTimes(1);
    clock.increment(1);
    // Asked again, the page keeping its words and no loading flag meanwhile.
    expect(spies.resolve).toHaveBeenCalledTimes(2);
    expect(selectRouteStatus('/eyeglasses.html')(actor.getSnapshot())).toBe('error');
    expect(spies.setPageLoading).toHaveBeenCalledTimes(2);
    await waitFor(actor, (s) => s.matches('error') && spies.resolve.mock.calls.length === 2);
    offline = false;
    clock.increment(RECONNECT_RETRY_MS);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'CATEGORY', uid: 'Mw==' });
    expect(selectFailedForConnection(actor.getSnapshot())).toBe(false);
  });

  it('ADR 007: a refusal the backend explained is never asked again on a timer', async () => {
    const clock = new SimulatedClock();
    const refusal = Object.assign(new Error('Response not successful'), {
      graphQLErrors: [],
      networkError: Object.assign(new Error('Response not successful'), { statusCode: 500 }),
    });
    const { actor, spies } = startRoute(async () => {
      throw refusal;
    }, clock);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(selectFailedForConnection(actor.getSnapshot())).toBe(false);
    clock.increment(RECONNECT_RETRY_MS * 3);
    expect(spies.resolve).toHaveBeenCalledTimes(1);
    expect(selectRouteMessage(actor.getSnapshot())).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('ADR 007: the connection coming back leaves a refusal the backend explained, and a settled page, as they are', async () => {
    const graphQLRefusal = Object.assign(new Error('Internal server error'), { graphQLErrors: [{ message: 'Internal server error' }], networkError: null });
    const serverError = Object.assign(new Error('Response not successful'), {
      graphQLErrors: [],
      networkError: Object.assign(new Error('Response not successful'), { statusCode: 500 }),
    });
    for (const failure of [graphQLRefusal, serverError]) {
      const { actor, spies } = startRoute(async () => {
        throw failure;
      });
      actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
      await waitFor(actor, (s) => s.matches('error'));
      actor.send({ type: 'route.online' });
      expect(actor.getSnapshot().matches('error')).toBe(true);
      expect(spies.resolve).toHaveBeenCalledTimes(1);
    }
    const { actor, spies } = startRoute(async () => CATEGORY);
    actor.send({ type: 'route.online' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'route.online' });
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(spies.resolve).toHaveBeenCalledTimes(1);
  });

  it('spec §2: the route machine sets the app machine’s page-loading flag through the actor system', async () => {
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
    expect(selectIsPageLoading(app.getSnapshot())).toBe(false);
    actor.system.get('route')!.send({ type: 'route.resolve', pathname: '/x' });
    expect(selectIsPageLoading(app.getSnapshot())).toBe(true);
    answer.resolve(CMS);
    await waitFor(app, (s) => !selectIsPageLoading(s));
  });

  it('spec §2: runs without an app actor or a browser (a server render, which provides its own page-loading effect): resolving still settles', async () => {
    const machine = routeMachine.provide({
      actors: { resolveRoute: fromPromise<RouteAnswer | null, { url: string }>(async () => CATEGORY) },
      actions: { setPageLoading: () => {} },
    });
    const actor = createActor(machine, { input: { shopHosts: HOSTS } }).start();
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'CATEGORY', uid: 'Mw==' });
  });

  it('ADR 010: the page-loading flag is not dropped silently: without an app actor (and no effect of its own) the route machine fails', () => {
    const machine = routeMachine.provide({ actors: { resolveRoute: fromPromise<RouteAnswer | null, { url: string }>(async () => CATEGORY) } });
    const { actor, received } = startInShopSystem(machine, { shopHosts: HOSTS }, { standIns: ['toast', 'session'] });
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    expect(actor.getSnapshot().status).toBe('error');
    expect(actor.getSnapshot().error).toEqual(new Error("No 'app' actor in this actor system: the event sent to it would be lost."));
    expect(received).toEqual([]);
  });

  it('spec §2: the page-loading flag goes to the system’s app actor: on while resolving, off once settled', async () => {
    const answer = deferred<RouteAnswer | null>();
    const { actor, sentTo } = startInShopSystem(routeMachine.provide({ actors: { resolveRoute: fromPromise(() => answer.promise) } }), { shopHosts: HOSTS });
    actor.send({ type: 'route.resolve', pathname: '/about-us' });
    expect(sentTo('app')).toEqual([{ type: 'app.pageLoading.set', isLoading: true }]);
    answer.resolve(CMS);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(sentTo('app')).toEqual([
      { type: 'app.pageLoading.set', isLoading: true },
      { type: 'app.pageLoading.set', isLoading: false },
    ]);
  });
});

const CONNECTION_LOST = () => Object.assign(new Error('Failed to fetch'), { graphQLErrors: [], networkError: new TypeError('Failed to fetch') });

describe("the routed page's own data (ADR 007: a page loaded while offline)", () => {
  async function loadedCategory(reach: () => Promise<void>) {
    const clock = new SimulatedClock();
    const started = startRoute(async () => CATEGORY, clock, reach);
    started.actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    await waitFor(started.actor, (s) => s.matches('loaded'));
    return { ...started, clock };
  }

  it('ADR 007: a category whose own query failed for want of a connection is shown again once the shop answers, asked every 5 s with no `online` event', async () => {
    let offline = true;
    const { actor, spies, clock } = await loadedCategory(async () => {
      if (offline) throw new TypeError('Failed to fetch');
    });
    expect(selectPageAttempt(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'route.page.failed', error: CONNECTION_LOST() });
    expect(actor.getSnapshot().matches({ loaded: 'pageOffline' })).toBe(true);
    // The page keeps its words (the route stays loaded, no loading flag), asked again only on the machine's clock.
    expect(selectRouteStatus('/eyeglasses.html')(actor.getSnapshot())).toBe('loaded');
    clock.increment(RECONNECT_RETRY_MS - 1);
    expect(spies.reach).not.toHaveBeenCalled();
    clock.increment(1);
    expect(spies.reach).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.matches({ loaded: 'pageOffline' }));
    expect(selectPageAttempt(actor.getSnapshot())).toBe(0);
    clock.increment(RECONNECT_RETRY_MS);
    expect(spies.reach).toHaveBeenCalledTimes(2);
    await waitFor(actor, (s) => s.matches({ loaded: 'pageOffline' }));
    offline = false;
    clock.increment(RECONNECT_RETRY_MS);
    await waitFor(actor, (s) => s.matches({ loaded: 'shown' }));
    // Shown anew: the page reads its data again.
    expect(selectPageAttempt(actor.getSnapshot())).toBe(1);
    expect(spies.setPageLoading).toHaveBeenCalledTimes(2);
    expect(spies.resolve).toHaveBeenCalledTimes(1);
    clock.increment(RECONNECT_RETRY_MS * 3);
    expect(spies.reach).toHaveBeenCalledTimes(3);
  });

  it('ADR 007: the connection coming back, or "Try again", shows the page again at once', async () => {
    const { actor, spies } = await loadedCategory(async () => {
      throw new TypeError('Failed to fetch');
    });
    actor.send({ type: 'route.page.failed', error: CONNECTION_LOST() });
    actor.send({ type: 'route.online' });
    expect(actor.getSnapshot().matches({ loaded: 'shown' })).toBe(true);
    expect(selectPageAttempt(actor.getSnapshot())).toBe(1);
    actor.send({ type: 'route.page.failed', error: CONNECTION_LOST() });
    actor.send({ type: 'route.page.retry' });
    expect(actor.getSnapshot().matches({ loaded: 'shown' })).toBe(true);
    expect(selectPageAttempt(actor.getSnapshot())).toBe(2);
    expect(spies.reach).not.toHaveBeenCalled();
  });

  it('ADR 007: a page whose data the backend refused is never asked again on a timer; its "Try again" still shows it anew', async () => {
    const { actor, spies, clock } = await loadedCategory(async () => {});
    const refusal = Object.assign(new Error('Response not successful'), {
      graphQLErrors: [],
      networkError: Object.assign(new Error('Response not successful'), { statusCode: 500 }),
    });
    actor.send({ type: 'route.page.failed', error: refusal });
    expect(actor.getSnapshot().matches({ loaded: 'shown' })).toBe(true);
    clock.increment(RECONNECT_RETRY_MS * 3);
    expect(spies.reach).not.toHaveBeenCalled();
    expect(selectPageAttempt(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'route.page.retry' });
    expect(selectPageAttempt(actor.getSnapshot())).toBe(1);
  });

  it('ADR 007: leaving the page stops asking: another pathname resolves as usual', async () => {
    const { actor, spies, clock } = await loadedCategory(async () => {
      throw new TypeError('Failed to fetch');
    });
    actor.send({ type: 'route.page.failed', error: CONNECTION_LOST() });
    actor.send({ type: 'route.resolve', pathname: '/aurora-cat-eye.html' });
    await waitFor(actor, (s) => s.matches({ loaded: 'shown' }));
    clock.increment(RECONNECT_RETRY_MS * 2);
    expect(spies.reach).not.toHaveBeenCalled();
  });
});

describe('route machine started from the server (ADR 015)', () => {
  function startSettled(settled: { pathname: string; answer: RouteAnswer | null }) {
    const spies = { redirectBrowser: vi.fn(), setPageLoading: vi.fn(), resolve: vi.fn(async (): Promise<RouteAnswer | null> => PRODUCT) };
    const machine = routeMachine.provide({
      actors: { resolveRoute: fromPromise(() => spies.resolve()) },
      actions: { redirectBrowser: (_, p) => spies.redirectBrowser(p), setPageLoading: (_, p) => spies.setPageLoading(p) },
    });
    const outcome = routeOutcomeOf(settled.answer, HOSTS, settled.pathname);
    const actor = createActor(machine, { input: { shopHosts: HOSTS, settled: { pathname: settled.pathname, outcome } } }).start();
    return { actor, spies };
  }

  it('spec §2 Fallback: starts on the page the server resolved, without asking again or flagging page loading', () => {
    const { actor, spies } = startSettled({ pathname: '/aurora-cat-eye.html', answer: PRODUCT });
    expect(selectRouteStatus('/aurora-cat-eye.html')(actor.getSnapshot())).toBe('loaded');
    expect(selectResolvedPage(actor.getSnapshot())).toEqual({ type: 'PRODUCT', urlKey: 'aurora-cat-eye', uid: 'MQ==' });
    actor.send({ type: 'route.resolve', pathname: '/aurora-cat-eye.html' });
    expect(spies.resolve).not.toHaveBeenCalled();
    expect(spies.setPageLoading).not.toHaveBeenCalled();
  });

  it('spec §8: starts on not found for a URL the server found no route for', () => {
    const { actor } = startSettled({ pathname: '/no-such-frame.html', answer: null });
    expect(selectRouteStatus('/no-such-frame.html')(actor.getSnapshot())).toBe('notFound');
    expect(selectRouteMessage(actor.getSnapshot())).toBe(PAGE_NOT_FOUND_MESSAGE);
  });

  it('resolves the next pathname as usual', async () => {
    const { actor, spies } = startSettled({ pathname: '/no-such-frame.html', answer: null });
    actor.send({ type: 'route.resolve', pathname: '/aurora-cat-eye.html' });
    await waitFor(actor, (s) => s.hasTag('loaded'));
    expect(spies.resolve).toHaveBeenCalledTimes(1);
  });

  it('settledRouteOf gives back what the machine settled on, for the hand-over', async () => {
    const { actor } = startRoute(async () => CATEGORY);
    expect(settledRouteOf(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'route.resolve', pathname: '/eyeglasses.html' });
    expect(settledRouteOf(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.hasTag('loaded'));
    expect(settledRouteOf(actor.getSnapshot())).toEqual({ pathname: '/eyeglasses.html', outcome: { kind: 'page', page: { type: 'CATEGORY', uid: 'Mw==' } } });
  });
});
