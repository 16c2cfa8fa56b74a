/**
 * The cart machine's spec §6 check, spec §7 GetCartDetailsAfterSignIn and spec §4 `cart.adopt`
 * against the REAL embedded backend: createShop starts every machine in one actor system.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { AURORA, frameChoice, PLAIN_LENSES } from '../../backend/test/commerce-test-kit';
import { startTestBackend, type TestBackend } from '../../backend/test/test-backend';
import { selectNumItems, type CartSnapshot } from '../../src/machines/cart/cart.machine';
import { CART_PAGE_FRAGMENT } from '../../src/services/cart/cart.operations';
import { adoptCart, sendCartAdopt, settledCartId } from '../../src/services/abandoned-cart/cart-adoption';
import { createBrowserStorage } from '../../src/services/storage/browser-storage';
import { MemoryStorage } from './memory-storage';
import { openShopAt } from './open-shop';

let api: TestBackend;
beforeAll(async () => {
  api = await startTestBackend();
});
afterAll(() => api?.close());

const openShop = (localStorage?: Storage) => openShopAt(api.url, localStorage);

const settled = (s: CartSnapshot) => s.matches('ready') || s.matches('noCart') || s.matches('detailsFailed');

async function customerCartId(): Promise<string> {
  const signIn = await api.gql<{ generateCustomerToken: { token: string } }>('mutation { generateCustomerToken(email: "alan@example.com", password: "Eyewear!2026") { token } }');
  const token = signIn.data!.generateCustomerToken.token;
  const cart = await api.gql<{ customerCart: { id: string } }>('{ customerCart { id } }', {}, { authorization: `Bearer ${token}` });
  return cart.data!.customerCart.id;
}

describe('the cart machine against the embedded backend', () => {
  it("spec §6: a guest whose stored cart id is a customer's cart may not query it: a fresh guest cart replaces it", async () => {
    const foreign = await customerCartId();
    const localStorage = new MemoryStorage();
    createBrowserStorage(localStorage).setItem('cartId_ca', foreign);
    const { shop } = await openShop(localStorage);
    const ready = await waitFor(shop.actors.cart, (s) => settled(s) && s.context.cartId !== foreign);
    expect(ready.value).toBe('ready');
    expect(ready.context.cartId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(createBrowserStorage(localStorage).getItem('cartId_ca')).toBe(ready.context.cartId);
    shop.stop();
  });

  it('spec §4 cart.adopt: another cart becomes the current one, stored with the store-code key, without a page reload', async () => {
    const localStorage = new MemoryStorage();
    const { shop, reloads } = await openShop(localStorage);
    const first = await waitFor(shop.actors.cart, (s) => s.matches('ready'));
    const other = (await api.gql<{ createGuestCart: { cart: { id: string } } }>('mutation { createGuestCart { cart { id } } }')).data!.createGuestCart.cart.id;
    const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    await api.gql('mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 2, selected_options: $o }]) { user_errors { message } } }', {
      c: other,
      o: [AURORA.BLACK, AURORA.M, ...lenses],
    });
    const navigated: string[] = [];
    const outcome = await adoptCart(
      {
        storage: shop.storage,
        storeCode: 'ca',
        settledCartId: () => settledCartId(shop.actors.cart),
        revalidateCart: async () => {},
        refreshCart: () => shop.actors.cart.send({ type: 'cart.getDetails' }),
        navigate: (path) => navigated.push(path),
        loadPage: (path) => reloads.push(path),
        adoptInCart: (cartId) => sendCartAdopt(shop.actors.cart, cartId),
      },
      other,
      '/cart',
    );
    expect(outcome).toBe('adopted');
    const adopted = await waitFor(shop.actors.cart, (s) => s.matches('ready') && s.context.cartId === other);
    expect(adopted.context.cartId).not.toBe(first.context.cartId);
    expect(selectNumItems(adopted)).toBe(2);
    expect(shop.storage.getItem('cartId_ca')).toBe(other);
    expect(navigated).toEqual(['/cart']);
    expect(reloads).toEqual([]);
    shop.stop();
  });

  it("spec §7/§4: after sign-in the merged cart is read with GetCartDetailsAfterSignIn: the cart page fragment is in the client's cache", async () => {
    const { shop } = await openShop();
    const guest = await waitFor(shop.actors.cart, (s) => s.matches('ready'));
    const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
    shop.actors.cart.send({ type: 'cart.addItem', item: { sku: 'LN1001', quantity: 1, selectedOptions: [AURORA.BLACK, AURORA.M, ...lenses] } });
    await waitFor(shop.actors.cart, (s) => s.matches('ready') && selectNumItems(s) === 1);
    shop.actors.session.send({ type: 'session.signIn', email: 'alan@example.com', password: 'Eyewear!2026' });
    await waitFor(shop.actors.cart, (s) => s.matches('loadingDetailsAfterSignIn'));
    const merged = await waitFor(shop.actors.cart, (s) => settled(s) && s.context.cartId !== guest.context.cartId);
    expect(merged.value).toBe('ready');
    const cached = shop.client.readFragment<{ id: string; total_quantity: number }>({
      fragment: CART_PAGE_FRAGMENT,
      fragmentName: 'CartPageFragment',
      id: shop.client.cache.identify({ __typename: 'Cart' }),
    });
    expect(cached?.id).toBe(merged.context.cartId);
    expect(cached?.total_quantity).toBe(selectNumItems(merged));
    shop.stop();
  });
});
