/**
 * storeView — spec §2 "Store-view prefix behaviour", §3 "Store view", §9.
 *
 * Injected by the services (`store-view.actors.ts`):
 * - actor `fetchStoreViews`: () => StoreViewInfo[] (availableStores)
 * - actor `fetchStoreConfig`: ({ storeCode }) => StoreConfigSummary (getLocale: storeConfig store_code, locale, currency, media URL)
 * - action `saveStoreView`: ({ code, currency, secureBaseMediaUrl }) => void (the three local-storage keys)
 * - action `reloadAt`: ({ path }) => void (full page load of that path)
 * - action `recordCartLeft`: (CartLeft | null) => void (this tab's record of the cart a switch left behind; null removes it)
 *
 * Each store view has its own cart (spec §9: the cart id key carries the store code; a Magento
 * quote belongs to a store). A switch from a view whose cart holds items records that cart
 * (`cartLeft`), so the new view's cart can say where it stayed and switch back to it; switching
 * again records anew (nothing when the cart left is empty), dismissing forgets it.
 */
import { assign, setup, type NonReducibleUnknown } from 'xstate';
import { selectNumItems, type CartSnapshot } from '../cart/cart.machine';
import { notProvidedActor } from '../shared/effects';

export interface StoreViewInfo {
  code: string;
  name: string;
  currency: string;
  secureBaseMediaUrl: string;
}

export interface StoreViewSelection {
  code: string;
  currency: string;
  secureBaseMediaUrl: string;
}

/** The cart a store-view switch left behind: the store view it belongs to and its number of items. */
export interface CartLeft {
  storeCode: string;
  itemCount: number;
}

export interface StoreConfigSummary {
  storeCode: string;
  locale: string;
  currency: string;
  secureBaseMediaUrl: string;
  /**
   * The cart shows its lines' prices with their tax (Magento's `tax/cart_display/price`, storeConfig
   * `shopping_cart_display_price` 2 or 3: ADR 040). Missing (a page rendered before it was kept): without.
   */
  cartPricesIncludeTax?: boolean;
}

export interface StoreViewInput {
  /** Known store codes (spec §2). */
  knownCodes: readonly string[];
  defaultCode: string;
  /** The page's path, e.g. `/fr/eyeglasses.html`. */
  pathname: string;
  /** The page's query and fragment (`?color=52&size=172`): a reload under the URL's store keeps them. */
  search?: string;
  /** What local storage holds (`store_view_code`, `store_view_currency`, `store_view_secure_base_media_url`). */
  stored: Partial<StoreViewSelection>;
  /**
   * The store config a server-rendered page was rendered with: the page already stands
   * under the URL's store view, so the machine starts ready with it, saving it as the current
   * store view instead of reloading (docs/spec-choices.md); the server starts its own machine the
   * same way, so both render the same first page.
   */
  rendered?: StoreConfigSummary | null;
  /**
   * The store view whose base path serves this page, when it is not the stored one: a server render
   * serves every store's URLs under that store. Else the stored store view, or the default.
   */
  servedUnder?: string | null;
  /** This tab's record of the cart the last switch left behind. */
  cartLeft?: CartLeft | null;
}

export interface StoreViewContext {
  knownCodes: readonly string[];
  storeCode: string;
  currency: string | null;
  secureBaseMediaUrl: string | null;
  /** From store config; underscores turned into hyphens (spec §9). */
  locale: string;
  /** Where a switch reloads to. */
  reloadPath: string | null;
  error: string | null;
  /** See StoreConfigSummary.cartPricesIncludeTax. */
  cartPricesIncludeTax: boolean;
  /** The cart the last switch left behind, until the shopper dismisses it. */
  cartLeft: CartLeft | null;
  /** The cart the switch under way leaves behind (null when empty). */
  leaving: CartLeft | null;
}

export type StoreViewEvent = { type: 'storeView.switch'; code: string; path: string } | { type: 'storeView.retry' } | { type: 'storeView.cartLeft.dismiss' };

export const DEFAULT_LOCALE = 'en-CA';

/** The store code a path starts with, matching the longest code first (spec §2). */
export function storeCodeOfPath(pathname: string, knownCodes: readonly string[]): string | null {
  const byLength = [...knownCodes].sort((a, b) => b.length - a.length);
  return byLength.find((code) => pathname === `/${code}` || pathname.startsWith(`/${code}/`)) ?? null;
}

/** The path without its store-code prefix (always starting with `/`). */
export function pathWithoutStoreCode(pathname: string, knownCodes: readonly string[]): string {
  const code = storeCodeOfPath(pathname, knownCodes);
  if (!code) return pathname || '/';
  return pathname.slice(code.length + 1) || '/';
}

/** Store config locale (`en_CA`) as a BCP 47 tag (`en-CA`) (spec §9); the default when missing. */
export function toLanguageTag(locale: string | null | undefined): string {
  return locale ? locale.replace(/_/g, '-') : DEFAULT_LOCALE;
}

/** The store view a page opens in: the URL's, else the stored one, else the default (spec §2). */
export function initialStoreCode(input: StoreViewInput): string {
  return storeCodeOfPath(input.pathname, input.knownCodes) ?? trustedStoredCode(input) ?? input.defaultCode;
}

/** The stored store code, trusted only with its currency (one save writes both) and when known. */
function trustedStoredCode({ stored, knownCodes }: StoreViewInput): string | null {
  return stored.code && stored.currency && knownCodes.includes(stored.code) ? stored.code : null;
}

interface PrefixContext {
  /** See StoreViewInput.servedUnder. */
  servedUnder: string | null;
  /** The store code the URL starts with, if any. */
  urlCode: string | null;
  /** The stored store code; trusted only with its currency, as both are written by one save. */
  storedCode: string | null;
  /** The URL's path after the store code. */
  pathRest: string;
  /** The URL's query and fragment, kept by a reload under its store (a link's colour and size, a search). */
  search: string;
  defaultCode: string;
}

type Context = StoreViewContext & PrefixContext & { rendered: StoreConfigSummary | null };

function initialContext(input: StoreViewInput): Context {
  const urlCode = storeCodeOfPath(input.pathname, input.knownCodes);
  const storedCode = trustedStoredCode(input);
  return {
    knownCodes: input.knownCodes,
    storeCode: input.rendered?.storeCode ?? initialStoreCode(input),
    rendered: input.rendered ?? null,
    currency: input.stored.currency ?? null,
    secureBaseMediaUrl: input.stored.secureBaseMediaUrl ?? null,
    locale: DEFAULT_LOCALE,
    reloadPath: null,
    error: null,
    cartPricesIncludeTax: false,
    urlCode,
    storedCode,
    servedUnder: input.servedUnder ?? null,
    defaultCode: input.defaultCode,
    pathRest: pathWithoutStoreCode(input.pathname, input.knownCodes),
    search: input.search ?? '',
    cartLeft: input.cartLeft ?? null,
    leaving: null,
  };
}

export const storeViewMachine = setup({
  types: {
    context: {} as Context,
    input: {} as StoreViewInput,
    events: {} as StoreViewEvent,
    tags: {} as 'busy' | 'reloading',
  },
  actors: {
    fetchStoreViews: notProvidedActor<StoreViewInfo[], NonReducibleUnknown>('fetchStoreViews'),
    fetchStoreConfig: notProvidedActor<StoreConfigSummary, { storeCode: string }>('fetchStoreConfig'),
  },
  actions: {
    saveStoreView: (_, _selection: StoreViewSelection) => {},
    reloadAt: (_, _params: { path: string }) => {},
    recordCartLeft: (_, _cartLeft: CartLeft | null) => {},
    forgetCartLeft: assign({ cartLeft: null }),
    /** The page reloads at the same path under the store the URL names. */
    reloadUnderUrlStore: assign(({ context }) => ({
      reloadPath: `/${context.storeCode}${context.pathRest === '/' ? '/' : context.pathRest}${context.search}`,
    })),
    /** Spec §2 switch: the page reloads at the path asked for, under the new store's prefix. */
    switchTo: assign(({ context, system }, params: { code: string; path: string }) => ({
      leaving: cartLeftBy(context.storeCode, system.get('cart')?.getSnapshot() as CartSnapshot | undefined),
      storeCode: params.code,
      reloadPath: `/${params.code}${params.path.startsWith('/') ? params.path : `/${params.path}`}`,
    })),
    rememberConfig: assign((_, params: { config: StoreConfigSummary }) => ({
      locale: toLanguageTag(params.config.locale),
      currency: params.config.currency,
      secureBaseMediaUrl: params.config.secureBaseMediaUrl,
      cartPricesIncludeTax: params.config.cartPricesIncludeTax === true,
      error: null,
    })),
    tellUnknownStore: assign(({ context }) => ({ error: `Unknown store view "${context.storeCode}"` })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: null }),
  },
  guards: {
    /** The server rendered this page under its store view: no config to load, no reload. */
    wasRenderedByServer: ({ context }) => context.rendered !== null,
    /**
     * The URL names a known store that differs from the stored one (spec §2): save it and reload.
     * The base path is the stored store view, or the default one when none is stored.
     */
    urlNamesAnotherStore: ({ context }) => context.urlCode !== null && context.urlCode !== (context.servedUnder ?? context.storedCode ?? context.defaultCode),
    /** The backend has the store being switched to. */
    storeExists: ({ context }, params: { stores: StoreViewInfo[] }) => params.stores.some((s) => s.code === context.storeCode),
    /** Another store the shop knows. */
    canSwitchTo: ({ context }, params: { code: string }) => context.knownCodes.includes(params.code) && params.code !== context.storeCode,
  },
}).createMachine({
  id: 'storeView',
  context: ({ input }) => initialContext(input),
  initial: 'checkingPrefix',
  states: {
    checkingPrefix: {
      tags: ['busy'],
      always: [
        {
          guard: 'wasRenderedByServer',
          target: 'ready',
          actions: [
            { type: 'rememberConfig', params: ({ context }) => ({ config: renderedConfigOf(context) }) },
            { type: 'saveStoreView', params: ({ context }) => selectionOf(renderedConfigOf(context)) },
          ],
        },
        {
          guard: 'urlNamesAnotherStore',
          target: 'switching',
          actions: 'reloadUnderUrlStore',
        },
        { target: 'loadingConfig' },
      ],
    },
    switching: {
      tags: ['busy'],
      invoke: {
        src: 'fetchStoreViews',
        onDone: [
          {
            guard: { type: 'storeExists', params: ({ event }) => ({ stores: event.output }) },
            target: 'reloading',
            actions: [
              {
                type: 'saveStoreView',
                params: ({ context, event }) => {
                  const store = event.output.find((s) => s.code === context.storeCode)!;
                  return { code: store.code, currency: store.currency, secureBaseMediaUrl: store.secureBaseMediaUrl };
                },
              },
              { type: 'recordCartLeft', params: ({ context }) => context.leaving },
              { type: 'reloadAt', params: ({ context }) => ({ path: context.reloadPath ?? `/${context.storeCode}/` }) },
            ],
          },
          { target: 'failed', actions: 'tellUnknownStore' },
        ],
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingConfig: {
      tags: ['busy'],
      invoke: {
        src: 'fetchStoreConfig',
        input: ({ context }) => ({ storeCode: context.storeCode }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'rememberConfig', params: ({ event }) => ({ config: event.output }) },
            // Keep the three keys in step with the backend (first visit, or a currency changed): no reload.
            { type: 'saveStoreView', params: ({ event }) => selectionOf(event.output) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        'storeView.switch': {
          guard: { type: 'canSwitchTo', params: ({ event }) => ({ code: event.code }) },
          target: 'switching',
          actions: { type: 'switchTo', params: ({ event }) => ({ code: event.code, path: event.path }) },
        },
        'storeView.cartLeft.dismiss': { actions: ['forgetCartLeft', { type: 'recordCartLeft', params: null }] },
      },
    },
    failed: {
      on: { 'storeView.retry': { target: 'checkingPrefix', actions: 'clearError' } },
    },
    reloading: { tags: ['reloading'] },
  },
});

/** Whether the cart shows its lines' prices with their tax in this store view (ADR 040). */
export const selectCartPricesIncludeTax = (snapshot: { context: StoreViewContext }) => snapshot.context.cartPricesIncludeTax;
/** The cart a switch from `storeCode` leaves behind: its items, or null when there are none. */
function cartLeftBy(storeCode: string, cart: CartSnapshot | undefined): CartLeft | null {
  const itemCount = cart ? selectNumItems(cart) : 0;
  return itemCount > 0 ? { storeCode, itemCount } : null;
}

/** What local storage keeps of a store config (spec §2). */
const selectionOf = (config: StoreConfigSummary): StoreViewSelection => ({
  code: config.storeCode,
  currency: config.currency,
  secureBaseMediaUrl: config.secureBaseMediaUrl,
});

/** The server's store config; only read behind the `wasRenderedByServer` guard. */
function renderedConfigOf(context: Context): StoreConfigSummary {
  if (!context.rendered) throw new Error('No server-rendered store config');
  return context.rendered;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
