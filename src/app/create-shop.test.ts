import { describe, expect, it, vi } from 'vitest';
import { selectPageActor } from '../machines/app/page-host.machine';
import { createShop, withRenderedCache, type ShopEnvironment } from './create-shop';

/** A browser with no storage whose requests are recorded and never answered. */
const quietBrowser = (requests: string[]): ShopEnvironment => ({
  pathname: '/ca/',
  graphqlUrl: 'https://shop.test/graphql',
  restBaseUrl: 'https://shop.test',
  origin: 'https://shop.test',
  reload: () => undefined,
  reloadPage: () => undefined,
  assign: () => undefined,
  localStorage: null,
  events: null,
  isOnline: () => true,
  fetch: (input) => {
    requests.push(String(input));
    return new Promise<Response>(() => undefined);
  },
});

// A page machine's code is a dynamic import: on a busy 2-core machine it can take longer than
// expect.poll's default second to load, which says nothing of the host's lifecycle.
const PAGE_CODE_LOADED = { timeout: 10_000 };

describe('createShop in the browser’s tasks (fast on a phone)', () => {
  it('builds the cache, then the machines, then starts them, letting the browser run between the steps', async () => {
    const requests: string[] = [];
    const steps: string[] = [];
    const shop = await createShop({
      ...quietBrowser(requests),
      yieldToBrowser: async () => void steps.push(`yield after ${requests.length} request(s)`),
    });
    // Nothing is sent before the last yield: the machines' first requests start in a task of their own.
    expect(steps).toEqual(['yield after 0 request(s)', 'yield after 0 request(s)']);
    await expect.poll(() => requests.some((url) => url.includes('storeConfig'))).toBe(true);
    shop.stop();
  });
});

describe("ADR 004: the checkout joins the shop's actor system when a page first needs it", () => {
  it('no checkout runs after the start; the first page that asks starts one in the same system, and every page gets that one', async () => {
    const shop = await createShop(quietBrowser([]));
    const system = shop.actors.cart.system;
    expect(system.get('checkout')).toBeUndefined();
    const first = shop.actors.loadCheckout();
    expect(shop.actors.loadCheckout()).toBe(first);
    const checkout = await first;
    expect(system.get('checkout')).toBe(checkout);
    expect(checkout.system).toBe(system);
    expect(checkout.getSnapshot().value).toBe('idle');
    // A checkout begun for the cart runs (it reads the saved steps, then asks the backend).
    checkout.send({ type: 'checkout.begin', cartId: 'c1', isSignedIn: false });
    expect(checkout.getSnapshot().status).toBe('active');
    expect(await shop.actors.loadCheckout()).toBe(checkout);
    shop.stop();
    expect(checkout.getSnapshot().status).toBe('stopped');
  });
});

describe("ADR 009: page machines are the shop's, started when their page is entered and stopped when their route is left", () => {
  it('the page host joins the system on first use; a page machine runs in that system until the router shows another route', async () => {
    const shop = await createShop(quietBrowser([]));
    const system = shop.actors.cart.system;
    expect(system.get('pages')).toBeUndefined();
    shop.enterRoute('/prescription'); // no host yet: nothing to stop, nothing loaded
    const host = await shop.actors.loadPages();
    expect(shop.actors.loadPages()).toBe(shop.actors.loadPages());
    expect(system.get('pages')).toBe(host);

    host.send({ type: 'pages.entered', page: { systemId: 'savedPrescriptions', key: '{}', pathname: '/prescription', args: {} } });
    await expect.poll(() => selectPageActor(host.getSnapshot(), 'savedPrescriptions', '{}'), PAGE_CODE_LOADED).not.toBeNull();
    const page = selectPageActor(host.getSnapshot(), 'savedPrescriptions', '{}')!;
    expect(page.system).toBe(system);
    expect(system.get('savedPrescriptions')).toBe(page);
    expect(page.getSnapshot().status).toBe('active');

    shop.enterRoute('/prescription');
    await Promise.resolve();
    expect(page.getSnapshot().status).toBe('active');
    shop.enterRoute('/cart');
    await expect.poll(() => page.getSnapshot().status).toBe('stopped');
    expect(system.get('savedPrescriptions')).toBeUndefined();
    shop.stop();
  });

  it('the try-on is stopped when its route is left, and its camera turned off with it', async () => {
    // The browser's camera stream, as the page's video holds it once the shopper has allowed it.
    class FakeStream {
      readonly track = { stop: vi.fn() };
      getTracks = () => [this.track];
    }
    vi.stubGlobal('MediaStream', FakeStream);
    try {
      const stream = new FakeStream();
      const video = { srcObject: stream as unknown } as HTMLVideoElement;
      const shop = await createShop(quietBrowser([]));
      const host = await shop.actors.loadPages();
      const elements = { video: () => video, photo: () => null, canvases: () => [] };
      host.send({ type: 'pages.entered', page: { systemId: 'tryOn', key: 'page-1', pathname: '/try-on-glasses', args: { elements } } });
      await expect.poll(() => selectPageActor(host.getSnapshot(), 'tryOn', 'page-1'), PAGE_CODE_LOADED).not.toBeNull();
      const tryOn = selectPageActor(host.getSnapshot(), 'tryOn', 'page-1')!;
      expect(tryOn.getSnapshot().value).toBe('choosingSource');

      shop.enterRoute('/try-on-glasses');
      await Promise.resolve();
      expect(stream.track.stop).not.toHaveBeenCalled();
      shop.enterRoute('/');
      await expect.poll(() => tryOn.getSnapshot().status).toBe('stopped');
      expect(stream.track.stop).toHaveBeenCalled();
      expect(video.srcObject).toBeNull();
      shop.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("the account information's three forms run side by side, each its own machine with the page's values, and stop together when the page is left", async () => {
    const shop = await createShop(quietBrowser([]));
    const host = await shop.actors.loadPages();
    const forms = { nameForm: { firstname: 'Grete', lastname: 'Jung' }, emailForm: { email: 'grete@example.com', password: '' }, passwordForm: {} };
    for (const [systemId, values] of Object.entries(forms))
      host.send({ type: 'pages.entered', page: { systemId, key: systemId, pathname: '/account-information', args: { values } } });
    const running = () => Object.keys(forms).map((systemId) => selectPageActor(host.getSnapshot(), systemId, systemId));
    await expect.poll(() => running().every(Boolean), PAGE_CODE_LOADED).toBe(true);
    const actors = running().map((actor) => actor!);
    expect(actors.map((actor) => actor.getSnapshot().context.values)).toEqual(Object.values(forms));
    expect(new Set(actors).size).toBe(3);

    shop.enterRoute('/address-book');
    await expect.poll(() => actors.map((actor) => actor.getSnapshot().status)).toEqual(['stopped', 'stopped', 'stopped']);
    shop.stop();
  });

  it('spec §2 /stock: a link’s machine runs in the shop’s system, tells the toast region once done, and stays when its route is left', async () => {
    // Mutations go one at a time (spec §7): the visitor's new cart is answered first.
    const answers: Record<string, unknown> = {
      createCart: { cartId: 'c1' },
      SubscribeProductAlert: {
        lunetteProductAlertSubscribe: { __typename: 'LunetteProductAlert', id: 7, type: 'STOCK', product_sku: 'LN1005', product: null },
      },
      AlertProductPage: { products: { __typename: 'Products', items: [] } },
    };
    const shop = await createShop({
      ...quietBrowser([]),
      fetch: (input, init) => {
        const request = `${String(input)} ${typeof init?.body === 'string' ? init.body : ''}`;
        const name = Object.keys(answers).find((operation) => request.includes(operation));
        if (!name) return new Promise<Response>(() => undefined);
        return Promise.resolve(new Response(JSON.stringify({ data: answers[name] }), { headers: { 'content-type': 'application/json' } }));
      },
    });
    const system = shop.actors.cart.system;
    const host = await shop.actors.loadPages();
    const args = { type: 'STOCK', sku: 'LN1005', parentSku: null };
    const key = JSON.stringify(args);
    host.send({ type: 'pages.entered', page: { systemId: 'alertSubscription', key, pathname: '/stock', args, stays: true } });
    await expect.poll(() => selectPageActor(host.getSnapshot(), 'alertSubscription', key)).not.toBeNull();
    const link = selectPageActor(host.getSnapshot(), 'alertSubscription', key)!;
    expect(link.system).toBe(system);
    await expect.poll(() => link.getSnapshot().value).toBe('done');
    const toasts = Object.values(shop.actors.toast.getSnapshot().context.toasts);
    expect(toasts.map((toast) => toast.messageId)).toEqual(['alerts.toast.subscribed']);

    shop.enterRoute('/cart');
    await Promise.resolve();
    expect(link.getSnapshot().status).toBe('active');
    expect(selectPageActor(host.getSnapshot(), 'alertSubscription', key)).toBe(link);
    shop.stop();
  });

  it("the lens wizard's input is the URL's, the session's and today's", async () => {
    const kept = new Map<string, string>();
    const tab = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    };
    const shop = await createShop({ ...quietBrowser([]), sessionStorage: tab as unknown as Storage, now: () => Date.parse('2026-03-01T12:00:00Z') });
    const host = await shop.actors.loadPages();
    host.send({
      type: 'pages.entered',
      page: { systemId: 'customise', key: 'k', pathname: '/customize/frame', args: { urlKey: 'frame', editItemUid: null, preselect: {}, step: null } },
    });
    await expect.poll(() => selectPageActor(host.getSnapshot(), 'customise', 'k'), PAGE_CODE_LOADED).not.toBeNull();
    const wizard = selectPageActor(host.getSnapshot(), 'customise', 'k')!;
    expect(wizard.getSnapshot().context).toMatchObject({ urlKey: 'frame', isSignedIn: false, today: '2026-03-01' });
    shop.stop();
    expect(wizard.getSnapshot().status).toBe('stopped');
  });
});

describe('spec §4 "Cart lifecycle": a visitor\'s new cart once the page is ready', () => {
  it('no cart request before cartStart resolves; then the empty cart is created', async () => {
    const sent: string[] = [];
    let pageReady = () => undefined as void;
    const cartStart = new Promise<void>((resolve) => (pageReady = resolve));
    const shop = await createShop({
      ...quietBrowser([]),
      cartStart,
      fetch: (input, init) => {
        sent.push(`${String(input)} ${typeof init?.body === 'string' ? init.body : ''}`);
        return new Promise<Response>(() => undefined);
      },
    });
    await expect.poll(() => sent.some((request) => request.includes('storeConfig'))).toBe(true);
    expect(sent.some((request) => /createEmptyCart|createCart/.test(request))).toBe(false);
    expect(shop.actors.cart.getSnapshot().value).toBe('awaitingStart');
    pageReady();
    await expect.poll(() => sent.some((request) => /createEmptyCart|createCart/.test(request))).toBe(true);
    shop.stop();
  });
});

describe('withRenderedCache (a server-rendered page taken over in a browser that has a cache)', () => {
  it("the server's answers win field by field; fields only this browser holds stay", () => {
    const kept = {
      ROOT_QUERY: { __typename: 'Query', 'cart({"cart_id":"c1"})': { __ref: 'Cart:c1' }, 'route({"url":"/a.html"})': { __ref: 'old' } },
      'CategoryTree:Mw==': { __typename: 'CategoryTree', uid: 'Mw==', name: 'Old name', description: '<p>Frames</p>' },
      'Cart:c1': { __typename: 'Cart', id: 'c1' },
    };
    const server = {
      ROOT_QUERY: { __typename: 'Query', 'route({"url":"/a.html"})': { __ref: 'new' } },
      'CategoryTree:Mw==': { __typename: 'CategoryTree', uid: 'Mw==', name: 'Eyeglasses' },
    };
    expect(withRenderedCache(kept, server)).toEqual({
      ROOT_QUERY: { __typename: 'Query', 'cart({"cart_id":"c1"})': { __ref: 'Cart:c1' }, 'route({"url":"/a.html"})': { __ref: 'new' } },
      'CategoryTree:Mw==': { __typename: 'CategoryTree', uid: 'Mw==', name: 'Eyeglasses', description: '<p>Frames</p>' },
      'Cart:c1': { __typename: 'Cart', id: 'c1' },
    });
  });
});
