import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { fromPromise } from 'xstate';
import type { CartLeft, StoreConfigSummary, StoreViewInfo, StoreViewSelection } from '../../machines/store-view/store-view.machine';
import type { BrowserStorage } from '../storage/browser-storage';
import { CART_LEFT_KEY, STORAGE_KEYS } from '../storage/storage-keys';
import { GET_AVAILABLE_STORES, GET_LOCALE } from './store-view.operations';
import { ONE_ATTEMPT_CONTEXT } from '../apollo/links';

/** The live effects of the storeView machine. */
export function storeViewImplementations(deps: {
  client: ApolloClient<NormalizedCacheObject>;
  storage: BrowserStorage;
  /** This tab's own storage (sessionStorage): the record of the cart a switch left behind. */
  tabStorage: BrowserStorage;
  reload: (path: string) => void;
}) {
  return {
    actors: {
      fetchStoreViews: fromPromise<StoreViewInfo[]>(async () => {
        const { data } = await deps.client.query({ query: GET_AVAILABLE_STORES, fetchPolicy: 'network-only' });
        return (data.availableStores ?? []).flatMap((s) =>
          s?.store_code
            ? [
                {
                  code: s.store_code,
                  name: s.store_name ?? s.store_code,
                  currency: s.default_display_currency_code ?? 'USD',
                  secureBaseMediaUrl: s.secure_base_media_url ?? '/media/',
                },
              ]
            : [],
        );
      }),
      fetchStoreConfig: fromPromise<StoreConfigSummary, { storeCode: string }>(async ({ input }) => {
        const config = await storeConfigOf(deps.client);
        return {
          storeCode: config?.store_code ?? input.storeCode,
          locale: config?.locale ?? 'en_CA',
          currency: config?.default_display_currency_code ?? 'USD',
          secureBaseMediaUrl: config?.secure_base_media_url ?? '/media/',
          // Magento's tax display: 1 excluding tax, 2 including, 3 both (the cart line then shows the price with its tax).
          cartPricesIncludeTax: config?.shopping_cart_display_price === 2 || config?.shopping_cart_display_price === 3,
        };
      }),
    },
    actions: {
      saveStoreView: (_: unknown, selection: StoreViewSelection) => {
        deps.storage.setItem(STORAGE_KEYS.storeViewCode, selection.code);
        deps.storage.setItem(STORAGE_KEYS.storeViewCurrency, selection.currency);
        deps.storage.setItem(STORAGE_KEYS.storeViewSecureBaseMediaUrl, selection.secureBaseMediaUrl);
      },
      reloadAt: (_: unknown, params: { path: string }) => deps.reload(params.path),
      recordCartLeft: (_: unknown, cartLeft: CartLeft | null) =>
        cartLeft ? deps.tabStorage.setItem(CART_LEFT_KEY, cartLeft) : deps.tabStorage.removeItem(CART_LEFT_KEY),
    },
  };
}

/**
 * The store config, asked of the backend. Offline, or when the backend cannot answer, the config
 * this browser already holds (ADR 007): a page rendered on the server handed it over,
 * or an earlier answer was kept; without one the failure stands. With one, the question is asked
 * once: a failure shows the page with the kept config at once, not after the retries a phone that
 * lost its network (and still says it is online) would wait through under "Loading the shop…".
 */
async function storeConfigOf(client: ApolloClient<NormalizedCacheObject>) {
  const kept = client.readQuery({ query: GET_LOCALE })?.storeConfig;
  try {
    return (await client.query({ query: GET_LOCALE, fetchPolicy: 'network-only', ...(kept ? { context: ONE_ATTEMPT_CONTEXT } : {}) })).data.storeConfig;
  } catch (error) {
    if (!kept) throw error;
    return kept;
  }
}

/** What local storage holds for the store view (spec §2). */
export function storedStoreView(storage: BrowserStorage): Partial<StoreViewSelection> {
  const text = (key: string) => {
    const v = storage.getItem<unknown>(key);
    return typeof v === 'string' ? v : undefined;
  };
  const code = text(STORAGE_KEYS.storeViewCode);
  const currency = text(STORAGE_KEYS.storeViewCurrency);
  const secureBaseMediaUrl = text(STORAGE_KEYS.storeViewSecureBaseMediaUrl);
  return { ...(code ? { code } : {}), ...(currency ? { currency } : {}), ...(secureBaseMediaUrl ? { secureBaseMediaUrl } : {}) };
}

/** This tab's record of the cart a switch left behind, or null (none, or not one: a foreign or corrupt value is ignored). */
export function readCartLeft(tabStorage: BrowserStorage, knownCodes: readonly string[]): CartLeft | null {
  const { storeCode, itemCount } = tabStorage.getItem<Partial<CartLeft> | null>(CART_LEFT_KEY) ?? {};
  return knownCodes.includes(storeCode!) && Number.isInteger(itemCount) && itemCount! > 0 ? { storeCode: storeCode!, itemCount: itemCount! } : null;
}
