import { createShop, type Shop } from '../../src/app/create-shop';
import { MemoryStorage } from './memory-storage';

/**
 * The shop as main.tsx builds it, pointed at a test backend: page reloads, reloads of another path
 * and assignments are recorded instead of carried out; no browser events.
 */
export async function openShopAt(
  backendUrl: string,
  localStorage: Storage = new MemoryStorage(),
  pathname = '/ca/',
  /** The network the shop sees (a test drops or delays answers with it); by default the real one. */
  fetchImpl?: typeof fetch,
): Promise<{ shop: Shop; localStorage: Storage; reloads: string[] }> {
  const reloads: string[] = [];
  const shop = await createShop({
    pathname,
    graphqlUrl: `${backendUrl}/graphql`,
    restBaseUrl: backendUrl,
    origin: backendUrl,
    reload: (path) => reloads.push(path),
    reloadPage: () => reloads.push('(reload)'),
    assign: (url) => reloads.push(url),
    localStorage,
    events: null,
    isOnline: () => true,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return { shop, localStorage, reloads };
}
