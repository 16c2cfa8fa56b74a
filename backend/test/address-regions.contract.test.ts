import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, bearer, firstError, guestCart, jsonPost, newCustomer, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

/**
 * ADR 040 (amended 2026-12-02): a region is required only in the countries of Magento's
 * `general/region/state_required` (answered as `storeConfig.countries_with_required_region`), each
 * with a region list in the directory. It named France, Germany and five countries the directory has
 * no regions of, so the address form asked a French shopper for a département. These requests are
 * forged (no storefront form before them): the server is the last word.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const PARIS = {
  firstname: 'Marie',
  lastname: 'Curie',
  street: ['8 Rue de Rivoli'],
  city: 'Paris',
  postcode: '75004',
  country_code: 'FR',
  telephone: '0140000000',
};
const BERLIN = {
  firstname: 'Lise',
  lastname: 'Meitner',
  street: ['Unter den Linden 1'],
  city: 'Berlin',
  postcode: '10117',
  country_code: 'DE',
  telephone: '030000000',
};
const TORONTO_WITHOUT_PROVINCE = {
  firstname: 'Ada',
  lastname: 'L',
  street: ['12 King St W'],
  city: 'Toronto',
  postcode: 'M5H 1A1',
  country_code: 'CA',
  telephone: '4165550100',
};

const SET_SHIPPING = `mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) {
  cart { shipping_addresses { city postcode region { code label region_id } country { code } } } } }`;

type Shipped = { setShippingAddressesOnCart: { cart: { shipping_addresses: { city: string; region: { code: string | null; region_id: number | null } }[] } } };

async function shipTo(store: string, address: Record<string, unknown>) {
  const headers = { Store: store };
  const cartId = await guestCart(api, headers);
  await addAurora(api, cartId, 1, headers);
  return { cartId, answer: await api.gql<Shipped>(SET_SHIPPING, { c: cartId, a: address }, headers) };
}

describe('a region only where the country has regions (ADR 040)', () => {
  it("storeConfig names Magento's region-required countries: only countries with a region list, and neither France nor Germany", async () => {
    const res = await api.gqlGet<{ storeConfig: { countries_with_required_region: string }; countries: { id: string; available_regions: unknown[] | null }[] }>(
      '{ storeConfig { countries_with_required_region } countries { id available_regions { code } } }',
      {},
      { Store: 'fr' },
    );
    const required = res.data!.storeConfig.countries_with_required_region.split(',');
    const withRegions = res.data!.countries.filter((c) => c.available_regions?.length).map((c) => c.id);
    expect(required.sort()).toEqual(['AU', 'CA', 'CH', 'ES', 'MX', 'US']);
    expect(required.filter((id) => !withRegions.includes(id))).toEqual([]);
    // The directory lists France's départements and Germany's Länder; Magento does not require them.
    expect(withRegions).toEqual(expect.arrayContaining(['FR', 'DE']));
  });

  it('a forged French or German cart address without a region is accepted, and keeps none; a Land given by its code is kept', async () => {
    for (const [store, address] of [
      ['fr', PARIS],
      ['de', BERLIN],
    ] as const) {
      const { answer } = await shipTo(store, address);
      expect(answer.errors, store).toBeUndefined();
      expect(answer.data!.setShippingAddressesOnCart.cart.shipping_addresses[0]!.region?.code ?? null).toBeNull();
    }
    const { answer } = await shipTo('de', { ...BERLIN, region: 'BE' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.setShippingAddressesOnCart.cart.shipping_addresses[0]!.region).toMatchObject({ code: 'BE', label: 'Berlin', region_id: 82 });
  });

  it('a forged Australian address without its state is refused as Magento refuses it (AU is region-required), and a Canadian province id in Germany too', async () => {
    const sydney = { firstname: 'A', lastname: 'B', street: ['1 George St'], city: 'Sydney', postcode: '2000', country_code: 'AU', telephone: '0290000000' };
    expect(firstError((await shipTo('au', sydney)).answer)).toBe('"regionId" is required. Enter and try again.');
    expect((await shipTo('au', { ...sydney, region: 'NSW' })).answer.errors).toBeUndefined();
    expect(firstError((await shipTo('de', { ...BERLIN, region_id: 66 })).answer)).toBe('Die Region „66“ ist ungültig.');
  });

  it("a forged Canadian address without its province is refused with Magento's words, in the view's language", async () => {
    expect(firstError((await shipTo('ca', TORONTO_WITHOUT_PROVINCE)).answer)).toBe('"regionId" is required. Enter and try again.');
    expect(firstError((await shipTo('fr', TORONTO_WITHOUT_PROVINCE)).answer)).toBe('La région est obligatoire. Indiquez-la et réessayez.');
  });

  it('REST shipping-information and the address book agree: France without a region passes, Canada without one does not', async () => {
    const { cartId } = await shipTo('fr', PARIS);
    const rest = (address: Record<string, unknown>) =>
      api.http(
        `/rest/fr/V1/guest-carts/${cartId}/shipping-information`,
        jsonPost({ addressInformation: { shipping_address: address, shipping_carrier_code: 'flatrate', shipping_method_code: 'flatrate' } }),
      );
    const { country_code: fr, ...paris } = PARIS;
    expect((await rest({ ...paris, country_id: fr, email: 'marie@example.com' })).status).toBe(200);
    const { country_code: ca, ...toronto } = TORONTO_WITHOUT_PROVINCE;
    const refused = await rest({ ...toronto, country_id: ca, email: 'ada@example.com' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('La région est obligatoire. Indiquez-la et réessayez.');

    const { token } = await newCustomer(api);
    const create = (input: Record<string, unknown>) =>
      api.gql('mutation ($input: CustomerAddressInput!) { createCustomerAddress(input: $input) { id region { region_code } } }', { input }, bearer(token));
    expect((await create(BERLIN)).errors).toBeUndefined();
    expect(firstError(await create(TORONTO_WITHOUT_PROVINCE))).toBe('"regionId" is required. Enter and try again.');
  });
});
