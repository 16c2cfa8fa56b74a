/**
 * The cart machine's spec §6 check, spec §7 GetCartDetailsAfterSignIn and spec §4 `cart.adopt`
 * against the REAL embedded backend: createShop starts every machine in one actor system.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { AURORA, frameChoice, PLAIN_LENSES } from '../../backend/test/commerce-test-kit';
import { startTestBackend, type TestBackend } from '../../backend/test/test-backend';
import { createShop } from '../../src/app/create-shop';
import {
  selectAddItemError,
  selectCartItems,
  selectNumItems,
  selectRemoveItemError,
  selectUpdateItemError,
  type CartSnapshot,
} from '../../src/machines/cart/cart.machine';
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
  const signIn = await api.gql<{ generateCustomerToken: { token: string } }>(
    'mutation { generateCustomerToken(email: "alan@example.com", password: "Eyewear!2026") { token } }',
  );
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
    await api.gql(
      'mutation ($c: String!, $o: [ID!]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 2, selected_options: $o }]) { user_errors { message } } }',
      {
        c: other,
        o: [AURORA.BLACK, AURORA.M, ...lenses],
      },
    );
    const outcome = await adoptCart(
      {
        storage: shop.storage,
        storeCode: 'ca',
        settledCartId: () => settledCartId(shop.actors.cart),
        revalidateCart: async () => {},
        refreshCart: () => shop.actors.cart.send({ type: 'cart.getDetails' }),
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

/** Every GraphQL request the shop sends, by operation name (GET queries carry it in the URL, mutations in the body). */
function countingFetch() {
  const requests: string[] = [];
  const counted: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.includes('/graphql')) {
      const fromUrl = new URL(url, 'http://localhost').searchParams.get('operationName');
      const fromBody = typeof init?.body === 'string' ? (JSON.parse(init.body) as { operationName?: string }).operationName : undefined;
      requests.push(fromUrl ?? fromBody ?? '(unnamed)');
    }
    return fetch(input, init);
  };
  return { requests, fetch: counted };
}

async function openCountedShop() {
  const counter = countingFetch();
  const shop = await createShop({
    pathname: '/ca/',
    graphqlUrl: `${api.url}/graphql`,
    restBaseUrl: api.url,
    origin: api.url,
    reload: () => undefined,
    reloadPage: () => undefined,
    assign: () => undefined,
    localStorage: new MemoryStorage(),
    events: null,
    isOnline: () => true,
    fetch: counter.fetch,
  });
  return { shop, requests: counter.requests };
}

interface BackendLine {
  uid: string;
  configured_variant: { sku: string } | null;
  configurable_options: Array<{ value_label: string }>;
  customizable_options: Array<{ label: string; values: Array<{ customizable_option_value_uid: string; label: string; value: string }> }>;
}

/** The cart as the backend holds it (read directly, not through the shop). */
async function backendLines(cartId: string): Promise<BackendLine[]> {
  const answer = await api.gql<{ cart: { items: BackendLine[] } }>(
    `query ($c: String!) { cart(cart_id: $c) { items { uid ... on ConfigurableCartItem {
      configured_variant { sku } configurable_options { value_label }
      customizable_options { label values { customizable_option_value_uid label value } } } } } }`,
    { c: cartId },
  );
  return answer.data!.cart.items;
}

async function variantSku(parentSku: string, colour: string, size: string): Promise<string> {
  const answer = await api.gql<{
    products: { items: Array<{ variants: Array<{ attributes: Array<{ code: string; label: string }>; product: { sku: string } }> }> };
  }>(
    `query ($s: String!) { products(filter: { sku: { eq: $s } }) { items { ... on ConfigurableProduct { variants { attributes { code label } product { sku } } } } } }`,
    { s: parentSku },
  );
  const variant = answer.data!.products.items[0]!.variants.find(
    (v) => v.attributes.some((a) => a.label === colour) && v.attributes.some((a) => a.label === size),
  );
  return variant!.product.sku;
}

const PRESCRIPTION = JSON.stringify({
  usage: 'SINGLE_VISION_DISTANCE',
  exam_date: '2026-01-15',
  od: { sph: -2.25, cyl: -0.5, axis: 90 },
  os: { sph: -2, cyl: 0 },
  pd: { single: 63 },
});
const LENSES = ['Single vision – distance', '1.61 Thin', 'Anti-reflective'];

const optionsOf = (line: BackendLine) =>
  Object.fromEntries(line.customizable_options.map((o) => [o.label, o.values.map((v) => v.label || v.value).join(', ')]));

describe('a cart line edit against the embedded backend (spec §4 Update item)', () => {
  it('editing the colour and size re-adds the line with every lens choice and the typed prescription, in the backend and in the cart details', async () => {
    const { shop } = await openCountedShop();
    const cart = shop.actors.cart;
    await waitFor(cart, (s) => s.matches('ready'));
    const { lenses, prescriptionUid } = await frameChoice(api, 'LN1001', LENSES);
    cart.send({
      type: 'cart.addItem',
      item: {
        sku: 'LN1001',
        quantity: 1,
        selectedOptions: [AURORA.BLACK, AURORA.M, ...lenses],
        enteredOptions: [{ uid: prescriptionUid, value: PRESCRIPTION }],
      },
    });
    const added = await waitFor(cart, (s) => s.matches('ready') && selectNumItems(s) === 1);
    expect(selectAddItemError(added)).toBeNull();
    const line = selectCartItems(added)[0]!;
    // The cart details select the line's custom options with their values.
    expect(line.customizable_options?.find((o) => o?.label === 'Prescription')?.values?.[0]?.value).toBe(PRESCRIPTION);
    const before = optionsOf((await backendLines(added.context.cartId!))[0]!);

    // What the edit drawer sends: the new variant only, the machine keeps the rest.
    const sku = await variantSku('LN1001', 'Tortoise', 'L');
    cart.send({
      type: 'cart.updateItem',
      update: {
        itemUid: line.uid,
        quantity: 1,
        isConfigurable: true,
        keepLineOptions: true,
        item: { sku, parentSku: 'LN1001', quantity: 1, selectedOptions: [AURORA.TORTOISE, AURORA.L] },
      },
    });
    const edited = await waitFor(cart, (s) => s.matches('ready') && !s.hasTag('updatingItem'));
    expect(selectUpdateItemError(edited)).toBeNull();

    const lines = await backendLines(edited.context.cartId!);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.configured_variant?.sku).toBe(sku);
    expect(lines[0]!.configurable_options.map((o) => o.value_label)).toEqual(['Tortoise', 'L']);
    expect(optionsOf(lines[0]!)).toEqual(before);
    expect(optionsOf(lines[0]!)).toMatchObject({
      'Lens type': 'Single vision – distance',
      'Lens index': '1.61 Thin',
      'Lens coatings': 'Anti-reflective',
      Prescription: PRESCRIPTION,
    });
    // The machine shows the backend's answer for the new line.
    const shown = selectCartItems(edited)[0]!;
    expect(shown.uid).toBe(lines[0]!.uid);
    expect(shown.configurable_options?.map((o) => o.value_label)).toEqual(['Tortoise', 'L']);
    expect(shown.customizable_options?.find((o) => o?.label === 'Prescription')?.values?.[0]?.value).toBe(PRESCRIPTION);
    shop.stop();
  });
});

describe('one round trip per cart call against the embedded backend (spec §4 add / update / remove)', () => {
  it('add, quantity update, colour edit and remove each send ONE GraphQL request, and the cart shows its answer', async () => {
    const { shop, requests } = await openCountedShop();
    const cart = shop.actors.cart;
    await waitFor(cart, (s) => s.matches('ready'));
    const { lenses, prescriptionUid } = await frameChoice(api, 'LN1001', LENSES);
    const sku = await variantSku('LN1001', 'Tortoise', 'L');
    const idle = () => waitFor(cart, (s) => s.matches('ready') && !s.hasTag('addingItem') && !s.hasTag('updatingItem') && !s.hasTag('removingItem'));
    const during = async (send: () => void) => {
      requests.length = 0;
      send();
      const settled = await idle();
      expect(selectAddItemError(settled) ?? selectUpdateItemError(settled) ?? selectRemoveItemError(settled)).toBeNull();
      return { settled, sent: [...requests] };
    };

    const add = await during(() =>
      cart.send({
        type: 'cart.addItem',
        item: {
          sku: 'LN1001',
          quantity: 1,
          selectedOptions: [AURORA.BLACK, AURORA.M, ...lenses],
          enteredOptions: [{ uid: prescriptionUid, value: PRESCRIPTION }],
        },
      }),
    );
    expect(add.sent).toEqual(['AddProductToCart']);
    expect(selectNumItems(add.settled)).toBe(1);
    const line = selectCartItems(add.settled)[0]!;

    const quantity = await during(() =>
      cart.send({ type: 'cart.updateItem', update: { itemUid: line.uid, quantity: 2, isConfigurable: false, item: { sku: 'LN1001', quantity: 2 } } }),
    );
    expect(quantity.sent).toEqual(['UpdateCartItem']);
    expect(selectNumItems(quantity.settled)).toBe(2);

    // Spec §4: a configurable edit is a removal and a re-add; both travel in this one request.
    const edit = await during(() =>
      cart.send({
        type: 'cart.updateItem',
        update: {
          itemUid: line.uid,
          quantity: 2,
          isConfigurable: true,
          keepLineOptions: true,
          item: { sku, parentSku: 'LN1001', quantity: 2, selectedOptions: [AURORA.TORTOISE, AURORA.L] },
        },
      }),
    );
    expect(edit.sent).toEqual(['ReplaceCartItem']);
    const edited = selectCartItems(edit.settled)[0]!;
    expect(edited.configurable_options?.map((o) => o.value_label)).toEqual(['Tortoise', 'L']);
    expect(edited.customizable_options?.find((o) => o?.label === 'Prescription')?.values?.[0]?.value).toBe(PRESCRIPTION);

    const remove = await during(() => cart.send({ type: 'cart.removeItem', itemUid: edited.uid }));
    expect(remove.sent).toEqual(['RemoveItemFromCart']);
    expect(selectNumItems(remove.settled)).toBe(0);
    expect(await backendLines(remove.settled.context.cartId!)).toEqual([]);
    shop.stop();
  });
});
