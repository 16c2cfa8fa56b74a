import type { ApolloClient, NormalizedCacheObject } from '@apollo/client';
import { createActor } from 'xstate';
import { initialStoreCode, storeViewMachine, type StoreViewInput } from '../machines/store-view/store-view.machine';
import { createApolloClient } from '../services/apollo/apollo-client';
import { createBrowserStorage, pageLocalStorage, type BrowserStorage } from '../services/storage/browser-storage';
import { STORAGE_KEYS } from '../services/storage/storage-keys';
import { storedStoreView, storeViewImplementations } from '../services/store-view/store-view.actors';
import { DEFAULT_STORE_CODE, STORE_CODES } from '../services/store-view/store-views';
import type { ShopActors } from '../ui/app/shop-actors';

export interface Shop {
  storeCode: string;
  client: ApolloClient<NormalizedCacheObject>;
  storage: BrowserStorage;
  actors: ShopActors;
}

export interface ShopEnvironment {
  pathname: string;
  graphqlUrl: string;
  reload: (path: string) => void;
}

/**
 * The composition root: builds the services for the page's store view and starts the machines
 * with their live implementations.
 */
export function createShop(env: ShopEnvironment): Shop {
  const storage = createBrowserStorage(pageLocalStorage());
  const input: StoreViewInput = {
    knownCodes: STORE_CODES,
    defaultCode: DEFAULT_STORE_CODE,
    pathname: env.pathname,
    stored: storedStoreView(storage),
  };
  const storeCode = initialStoreCode(input);
  const client = createApolloClient({
    uri: env.graphqlUrl,
    storeCode,
    getToken: () => {
      const token = storage.getItem<unknown>(STORAGE_KEYS.signinToken);
      return typeof token === 'string' ? token : null;
    },
  });
  const storeView = createActor(storeViewMachine.provide(storeViewImplementations({ client, storage, reload: env.reload })), {
    input,
    systemId: 'storeView',
  });
  storeView.start();
  return { storeCode, client, storage, actors: { storeView } };
}
