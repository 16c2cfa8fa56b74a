/**
 * The services and the composition root against the REAL embedded backend (no mocked Apollo):
 * createShop starts every machine in one actor system, pointed at the backend's /graphql and /rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorLogic, type InputFrom, type OutputFrom } from 'xstate';
import { startTestBackend, type TestBackend } from '../../backend/test/test-backend';
import { AURORA, frameChoice, PLAIN_LENSES } from '../../backend/test/commerce-test-kit';
import { selectAddItemError, selectMergeError, selectNumItems } from '../../src/machines/cart/cart.machine';
import type { Address } from '../../src/machines/checkout/checkout.types';
import { checkoutImplementations } from '../../src/services/checkout/checkout.actors';
import { RestResponseError } from '../../src/services/rest/rest-client';
import { MemoryStorage } from './memory-storage';
import { openShopAt } from './open-shop';

let api: TestBackend;
beforeAll(async () => {
  api = await startTestBackend();
});
afterAll(() => api?.close());

const openShop = (localStorage?: Storage, pathname?: string) => openShopAt(api.url, localStorage, pathname);

/** Runs one promise actor of an implementations object, as its machine would. */
function run<TLogic extends AnyActorLogic>(logic: TLogic, input: InputFrom<TLogic>): Promise<OutputFrom<TLogic>> {
  const actor = createActor(logic, { input });
  const done = new Promise<OutputFrom<TLogic>>((resolve, reject) => {
    actor.subscribe({ complete: () => resolve((actor.getSnapshot() as { output?: unknown }).output as OutputFrom<TLogic>), error: reject });
  });
  actor.start();
  return done;
}

async function auroraItem() {
  const { lenses } = await frameChoice(api, 'LN1001', PLAIN_LENSES);
  return { sku: 'LN1001', quantity: 1, selectedOptions: [AURORA.BLACK, AURORA.M, ...lenses] };
}

const TORONTO: Address = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  street: ['12 King St W'],
  city: 'Toronto',
  region_code: 'ON',
  postcode: 'M5H 1A1',
  telephone: '4165550100',
  country_id: 'CA',
  email: 'guest@example.com',
};

describe('the shop against the embedded backend', () => {
  it('spec §3 Store config: the store view reads store_code and locale (underscores to hyphens)', async () => {
    const { shop } = await openShop(new MemoryStorage(), '/fr/');
    const ready = await waitFor(shop.actors.storeView, (s) => s.matches('ready') || s.matches('failed') || s.matches('reloading'));
    expect(ready.value).toBe('reloading'); // the URL names another store than the stored default: saved, then reloaded
    shop.stop();
    const { shop: ca } = await openShop();
    const config = await waitFor(ca.actors.storeView, (s) => s.matches('ready'));
    expect(config.context).toMatchObject({ storeCode: 'ca', locale: 'en-CA', currency: 'CAD' });
    ca.stop();
  });

  it('spec §4 Cart lifecycle: no cart id → a cart is created, its id stored with the store-code suffix, details fetched; add item then refresh', async () => {
    const { shop, localStorage } = await openShop();
    const ready = await waitFor(shop.actors.cart, (s) => s.matches('ready') || s.matches('noCart') || s.matches('detailsFailed'));
    expect(ready.value).toBe('ready');
    const cartId = ready.context.cartId!;
    expect(cartId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(JSON.parse(localStorage.getItem('cartId_ca')!)).toMatchObject({ value: cartId });
    expect(selectNumItems(ready)).toBe(0);

    shop.actors.cart.send({ type: 'cart.addItem', item: await auroraItem() });
    const added = await waitFor(shop.actors.cart, (s) => s.matches('ready') && !s.hasTag('addingItem'));
    expect(selectAddItemError(added)).toBeNull();
    expect(selectNumItems(added)).toBe(1);
    expect(added.context.details?.items?.[0]?.product.sku).toBe('LN1001');
    expect(added.context.details?.prices?.grand_total?.currency).toBe('CAD');
    shop.stop();
  });

  it('eyewear: a customised frame reaches the cart with its lens choices and the prescription typed in', async () => {
    const { shop } = await openShop();
    await waitFor(shop.actors.cart, (s) => s.matches('ready'));
    const { lenses, prescriptionUid } = await frameChoice(api, 'LN1001', ['Single vision – distance', '1.67 Extra thin']);
    const prescription = 'OD −5.00 −0.50 × 90; OS −4.75 DS; PD 63';
    shop.actors.cart.send({
      type: 'cart.addItem',
      item: {
        sku: 'LN1001',
        quantity: 1,
        selectedOptions: [AURORA.BLACK, AURORA.M, ...lenses],
        enteredOptions: [{ uid: prescriptionUid, value: prescription }],
      },
    });
    const added = await waitFor(shop.actors.cart, (s) => s.matches('ready') && !s.hasTag('addingItem'));
    expect(selectAddItemError(added)).toBeNull();
    const cartId = added.context.cartId!;
    const res = await api.gql<{ cart: { items: { customizable_options: { label: string; values: { value: string }[] }[] }[] } }>(
      'query ($c: String!) { cart(cart_id: $c) { items { ... on ConfigurableCartItem { customizable_options { label values { value } } } } } }',
      { c: cartId },
    );
    expect(res.errors).toBeUndefined();
    const options = res.data!.cart.items[0]!.customizable_options;
    expect(options.find((o) => o.label === 'Prescription')?.values[0]?.value).toBe(prescription);
    expect(options.map((o) => o.label)).toEqual(expect.arrayContaining(['Lens type', 'Lens index', 'Prescription']));
    shop.stop();
  });

  it('spec §7: the response cache id is stored under magento_cache_id, and the persisted cache is written per store view', async () => {
    const { shop, localStorage } = await openShop();
    await waitFor(shop.actors.storeView, (s) => s.matches('ready'));
    expect(JSON.parse(localStorage.getItem('magento_cache_id')!).value).toMatch(/\w+/);
    await shop.persistence!.persist();
    expect(localStorage.getItem('apollo-cache-persist-ca')).toContain('StoreConfig:{\\"store_code\\":\\"ca\\"}');
    shop.stop();
    // A new page restores it before anything renders.
    const { shop: again } = await openShop(localStorage);
    expect(again.client.cache.extract()['StoreConfig:{"store_code":"ca"}']).toMatchObject({ locale: 'en_CA' });
    again.stop();
  });

  it('spec §4 User session: sign-in stores the token record with ttl 3600 and merges the guest cart; sign-out resets the cart', async () => {
    const { shop, localStorage } = await openShop();
    const guest = await waitFor(shop.actors.cart, (s) => s.matches('ready'));
    const guestCartId = guest.context.cartId;
    shop.actors.cart.send({ type: 'cart.addItem', item: await auroraItem() });
    await waitFor(shop.actors.cart, (s) => s.matches('ready') && selectNumItems(s) === 1);

    shop.actors.session.send({ type: 'session.signIn', email: 'alan@example.com', password: 'Eyewear!2026' });
    await waitFor(shop.actors.session, (s) => s.hasTag('signedIn'));
    const record = JSON.parse(localStorage.getItem('signin_token')!);
    expect(record).toMatchObject({ value: expect.any(String), ttl: 3600, timeStored: expect.any(Number) });

    const merged = await waitFor(shop.actors.cart, (s) => s.matches('ready') && s.context.cartId !== guestCartId);
    expect(selectMergeError(merged)).toBeNull();
    expect(selectNumItems(merged)).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(localStorage.getItem('cartId_ca')!).value).toBe(merged.context.cartId);

    shop.actors.session.send({ type: 'session.getDetails' });
    shop.actors.session.send({ type: 'session.signOut' });
    await waitFor(shop.actors.session, (s) => !s.hasTag('signedIn') && !s.hasTag('signingOut'));
    expect(localStorage.getItem('signin_token')).toBeNull();
    const fresh = await waitFor(shop.actors.cart, (s) => s.matches('ready') && s.context.cartId !== merged.context.cartId);
    expect(selectNumItems(fresh)).toBe(0);
    shop.stop();
  });

  it('spec §8 Non-OK HTTP response: a REST failure names method, URL, status and the server message', async () => {
    const { shop } = await openShop();
    const url = `${api.url}/rest/ca/V1/guest-carts/no-such-cart/shipping-information`;
    const rest = await shop.loadRest();
    const error = await rest.post('/rest/ca/V1/guest-carts/no-such-cart/shipping-information', { addressInformation: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestResponseError);
    expect((error as RestResponseError).message).toMatch(new RegExp(`^POST ${url.replace(/[.?]/g, '\\$&')} responded 4\\d\\d [A-Za-z ]+: .+`));
    expect((error as RestResponseError).serverMessage).not.toMatch(/%\w/);
    shop.stop();
  });

  it('spec §7 checkout: guest email + shipping address (GraphQL), then shipping and payment information (REST) place an order', async () => {
    const { shop } = await openShop();
    const ready = await waitFor(shop.actors.cart, (s) => s.matches('ready'));
    shop.actors.cart.send({ type: 'cart.addItem', item: await auroraItem() });
    await waitFor(shop.actors.cart, (s) => s.matches('ready') && selectNumItems(s) === 1);
    const cartId = ready.context.cartId!;
    const { actors } = checkoutImplementations({ client: shop.client, rest: shop.loadRest, storage: shop.storage, storeCode: 'ca' });

    const methods = await run(actors.setShippingAddress, { cartId, isSignedIn: false, address: TORONTO });
    const flatrate = methods.find((m) => m.carrier_code === 'flatrate');
    expect(flatrate).toMatchObject({ code: 'flatrate', title: flatrate?.carrier_title });

    await run(actors.submitShippingInformation, {
      cartId,
      isSignedIn: false,
      shippingAddress: TORONTO,
      billingAddress: TORONTO,
      carrierCode: 'flatrate',
      methodCode: flatrate!.method_code,
    });
    const orderId = await run(actors.submitPaymentInformation, {
      cartId,
      isSignedIn: false,
      billingAddress: TORONTO,
      email: 'guest@example.com',
      paymentMethod: { method: 'checkmo', additional_data: { payment_method_nonce: null } },
    });
    expect(orderId).toMatch(/^\d+$/);
    shop.stop();
  });

  it('spec §5: a guest shipping address without an email is refused before anything is sent', async () => {
    const { shop } = await openShop();
    const { actors } = checkoutImplementations({ client: shop.client, rest: shop.loadRest, storage: shop.storage, storeCode: 'ca' });
    await expect(run(actors.setShippingAddress, { cartId: 'x', isSignedIn: false, address: { ...TORONTO, email: null } })).rejects.toMatchObject({
      code: 'emailMissing',
    });
    shop.stop();
  });
});
