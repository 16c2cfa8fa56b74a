import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import {
  pathWithoutStoreCode,
  selectCartPricesIncludeTax,
  storeCodeOfPath,
  storeViewMachine,
  toLanguageTag,
  type StoreConfigSummary,
  type CartLeft,
  type StoreViewInfo,
  type StoreViewInput,
} from './store-view.machine';
import { selectCartLeft } from './cart-left';

const CODES = ['default', 'eu', 'us', 'fr', 'es', 'uk', 'nl', 'hk', 'mx', 'de', 'au', 'ca', 'ch'] as const;
const STORES: StoreViewInfo[] = CODES.map((code) => ({
  code,
  name: code.toUpperCase(),
  currency: code === 'fr' ? 'EUR' : 'CAD',
  secureBaseMediaUrl: 'https://shop.test/media/',
}));

function start(input: Partial<StoreViewInput> & { pathname: string }, config?: Partial<StoreConfigSummary>) {
  const saveStoreView = vi.fn();
  const reloadAt = vi.fn();
  const fetchStoreConfig = vi.fn(async ({ input: i }: { input: { storeCode: string } }) => ({
    storeCode: i.storeCode,
    locale: 'fr_FR',
    currency: 'EUR',
    secureBaseMediaUrl: 'https://shop.test/media/',
    ...config,
  }));
  const machine = storeViewMachine.provide({
    actors: { fetchStoreViews: fromPromise(async () => STORES), fetchStoreConfig: fromPromise(fetchStoreConfig) },
    actions: { saveStoreView: (_, p) => saveStoreView(p), reloadAt: (_, p) => reloadAt(p) },
  });
  const actor = createActor(machine, { input: { knownCodes: CODES, defaultCode: 'ca', stored: {}, ...input } }).start();
  return { actor, saveStoreView, reloadAt, fetchStoreConfig };
}

describe('storeView machine', () => {
  it('spec §2 Store-view prefix: codes are matched longest first', () => {
    expect(storeCodeOfPath('/default/cart', CODES)).toBe('default');
    expect(storeCodeOfPath('/de/cart', CODES)).toBe('de');
    expect(storeCodeOfPath('/deals', CODES)).toBeNull();
    expect(storeCodeOfPath('/ca', CODES)).toBe('ca');
    expect(pathWithoutStoreCode('/fr/eyeglasses.html', CODES)).toBe('/eyeglasses.html');
    expect(pathWithoutStoreCode('/fr', CODES)).toBe('/');
  });

  it('spec §9: locale from store config has underscores turned into hyphens; default en-CA', () => {
    expect(toLanguageTag('fr_FR')).toBe('fr-FR');
    expect(toLanguageTag(null)).toBe('en-CA');
  });

  it('spec §2: a URL naming another store saves code, currency and secure media URL, then reloads', async () => {
    const { actor, saveStoreView, reloadAt } = start({ pathname: '/fr/sunglasses.html', stored: { code: 'ca', currency: 'CAD', secureBaseMediaUrl: 'x' } });
    await waitFor(actor, (s) => s.hasTag('reloading'));
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'fr', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' });
    expect(reloadAt).toHaveBeenCalledWith({ path: '/fr/sunglasses.html' });
  });

  it('spec §2: that reload keeps the query and fragment (a link into the lens wizard with its colour and size lost them)', async () => {
    const { actor, reloadAt } = start({ pathname: '/de/customize/milo-round', search: '?color=52&size=172#lenses', stored: { code: 'ca', currency: 'CAD' } });
    await waitFor(actor, (s) => s.hasTag('reloading'));
    expect(reloadAt).toHaveBeenCalledWith({ path: '/de/customize/milo-round?color=52&size=172#lenses' });
  });

  it('spec §2: the URL of the current store (default ca when nothing is stored) loads its config without a reload', async () => {
    const { actor, reloadAt, saveStoreView } = start({ pathname: '/ca/' }, { locale: 'en_CA', currency: 'CAD' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(reloadAt).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context).toMatchObject({ storeCode: 'ca', locale: 'en-CA', currency: 'CAD' });
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'ca', currency: 'CAD', secureBaseMediaUrl: 'https://shop.test/media/' });
  });

  it('a path without a store code uses the stored store view', async () => {
    const { actor, fetchStoreConfig } = start({ pathname: '/cart', stored: { code: 'uk', currency: 'GBP', secureBaseMediaUrl: 'm' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.storeCode).toBe('uk');
    expect(fetchStoreConfig.mock.calls[0]![0].input).toEqual({ storeCode: 'uk' });
  });

  it('a broken stored value (unknown code, or a code without its currency) counts as nothing stored', async () => {
    const { actor } = start({ pathname: '/cart', stored: { code: 'atlantis', currency: 'XXX' } });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.storeCode).toBe('ca');
  });

  it('spec §4 Other: switching store view saves the three keys and reloads on the same page of the new store', async () => {
    const { actor, saveStoreView, reloadAt } = start({ pathname: '/ca/cart' });
    await waitFor(actor, (s) => s.matches('ready'));
    saveStoreView.mockClear();
    actor.send({ type: 'storeView.switch', code: 'fr', path: '/cart' });
    await waitFor(actor, (s) => s.hasTag('reloading'));
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'fr', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' });
    expect(reloadAt).toHaveBeenCalledWith({ path: '/fr/cart' });
  });

  describe('spec §9 (the cart id key carries the store code): each store view has its own cart, so a switch records the cart it leaves behind', () => {
    const UK = { code: 'uk', currency: 'GBP', secureBaseMediaUrl: 'm' };
    /** The store view machine beside a cart holding `quantities` (the `cart` of the shop's actor system). */
    function startInShop(input: Partial<StoreViewInput> & { pathname: string }, quantities: number[]) {
      const recordCartLeft = vi.fn();
      const reloadAt = vi.fn();
      const storeView = storeViewMachine.provide({
        actors: {
          fetchStoreViews: fromPromise(async () => STORES),
          fetchStoreConfig: fromPromise(async ({ input: i }: { input: { storeCode: string } }) => ({
            storeCode: i.storeCode,
            locale: 'en_CA',
            currency: 'CAD',
            secureBaseMediaUrl: 'm',
          })),
        },
        actions: { recordCartLeft: (_, p) => recordCartLeft(p), reloadAt: (_, p) => reloadAt(p) },
      });
      const cart = setup({ types: { context: {} as { details: { items: Array<{ quantity: number }> } | null } } }).createMachine({
        context: { details: { items: quantities.map((quantity) => ({ quantity })) } },
      });
      const shop = setup({ actors: { storeView, cart } }).createMachine({
        invoke: [
          { id: 'storeView', systemId: 'storeView', src: 'storeView', input: { knownCodes: CODES, defaultCode: 'ca', stored: {}, ...input } },
          { id: 'cart', systemId: 'cart', src: 'cart' },
        ],
      });
      const root = createActor(shop).start();
      const actor = root.system.get('storeView') as ReturnType<typeof createActor<typeof storeView>>;
      return { actor, recordCartLeft, reloadAt };
    }

    it('a switch from a view whose cart holds items records that view and its number of items, then reloads', async () => {
      const { actor, recordCartLeft, reloadAt } = startInShop({ pathname: '/ca/cart' }, [2, 1]);
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'storeView.switch', code: 'uk', path: '/cart' });
      await waitFor(actor, (s) => s.hasTag('reloading'));
      expect(recordCartLeft).toHaveBeenCalledExactlyOnceWith({ storeCode: 'ca', itemCount: 3 });
      expect(reloadAt).toHaveBeenCalledWith({ path: '/uk/cart' });
    });

    it('a switch from an empty cart (switching back, say) removes the record: nothing was left behind', async () => {
      const { actor, recordCartLeft } = startInShop({ pathname: '/uk/cart', stored: UK, cartLeft: { storeCode: 'ca', itemCount: 3 } }, []);
      await waitFor(actor, (s) => s.matches('ready'));
      actor.send({ type: 'storeView.switch', code: 'ca', path: '/cart' });
      await waitFor(actor, (s) => s.hasTag('reloading'));
      expect(recordCartLeft).toHaveBeenCalledExactlyOnceWith(null);
    });

    it('the new view shows the cart left in the other view until dismissed; in that view itself it shows nothing', async () => {
      const left: CartLeft = { storeCode: 'ca', itemCount: 3 };
      const { actor, recordCartLeft } = startInShop({ pathname: '/uk/cart', stored: UK, cartLeft: left }, []);
      expect(selectCartLeft(actor.getSnapshot())).toBeNull();
      await waitFor(actor, (s) => s.matches('ready'));
      expect(selectCartLeft(actor.getSnapshot())).toEqual(left);
      actor.send({ type: 'storeView.cartLeft.dismiss' });
      expect(selectCartLeft(actor.getSnapshot())).toBeNull();
      expect(recordCartLeft).toHaveBeenCalledExactlyOnceWith(null);

      const back = startInShop({ pathname: '/ca/cart', cartLeft: left }, [3]);
      await waitFor(back.actor, (s) => s.matches('ready'));
      expect(selectCartLeft(back.actor.getSnapshot())).toBeNull();
    });
  });

  it('ignores a switch to an unknown code or to the current store', async () => {
    const { actor, reloadAt } = start({ pathname: '/ca/' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'storeView.switch', code: 'atlantis', path: '/' });
    actor.send({ type: 'storeView.switch', code: 'ca', path: '/' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('a failed store config keeps the store code, says why, and can be retried', async () => {
    let fail = true;
    const machine = storeViewMachine.provide({
      actors: {
        fetchStoreViews: fromPromise(async () => STORES),
        fetchStoreConfig: fromPromise(async () => {
          if (fail) throw new Error('Failed to fetch');
          return { storeCode: 'ca', locale: 'en_CA', currency: 'CAD', secureBaseMediaUrl: 'm' };
        }),
      },
    });
    const actor = createActor(machine, { input: { knownCodes: CODES, defaultCode: 'ca', pathname: '/ca/', stored: {} } }).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Failed to fetch');
    fail = false;
    actor.send({ type: 'storeView.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
  });
});

describe('storeView machine on a server-rendered page', () => {
  const RENDERED: StoreConfigSummary = { storeCode: 'fr', locale: 'fr_FR', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' };

  it('spec §2 Store-view prefix: the page already stands under the URL store, so it is saved with no reload and no config request', () => {
    const { actor, saveStoreView, reloadAt, fetchStoreConfig } = start({
      pathname: '/fr/aurora-cat-eye.html',
      stored: { code: 'ca', currency: 'CAD' },
      rendered: RENDERED,
    });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ storeCode: 'fr', locale: 'fr-FR', currency: 'EUR' });
    expect(saveStoreView).toHaveBeenCalledWith({ code: 'fr', currency: 'EUR', secureBaseMediaUrl: 'https://shop.test/media/' });
    expect(reloadAt).not.toHaveBeenCalled();
    expect(fetchStoreConfig).not.toHaveBeenCalled();
  });
});

describe('storeView machine: how the cart shows its prices (ADR 040)', () => {
  it("the store config's cart price display is kept: a view showing cart prices with tax says so, another does not", async () => {
    const fr = start({ pathname: '/fr/cart', stored: { code: 'fr', currency: 'EUR' } }, { cartPricesIncludeTax: true });
    expect(selectCartPricesIncludeTax(await waitFor(fr.actor, (s) => s.matches('ready')))).toBe(true);
    const ca = start({ pathname: '/ca/cart', stored: { code: 'ca', currency: 'CAD' } }, { storeCode: 'ca', cartPricesIncludeTax: false });
    expect(selectCartPricesIncludeTax(await waitFor(ca.actor, (s) => s.matches('ready')))).toBe(false);
  });

  it('a server-rendered page hands the setting over with its store config', () => {
    const { actor } = start({
      pathname: '/de/aurora-cat-eye.html',
      stored: { code: 'de', currency: 'EUR' },
      rendered: { storeCode: 'de', locale: 'de_DE', currency: 'EUR', secureBaseMediaUrl: '/media/', cartPricesIncludeTax: true },
    });
    expect(selectCartPricesIncludeTax(actor.getSnapshot())).toBe(true);
  });
});
