import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAurora, AURORA, frameChoice, guestCart, PLAIN_LENSES, startCommerceBackend, TORONTO, type CommerceTestBackend } from './commerce-test-kit';

/**
 * ADR 040: each store view shows prices as its country does. The EU views show consumers prices
 * with VAT (Magento's `tax/display/type` and `tax/cart_display/*` = 2, including tax, for the
 * view's `tax/defaults/country`); the total at payment is the price the catalog showed.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const STORE_CONFIG = `{ storeConfig { store_code default_country display_product_prices_in_catalog shopping_cart_display_price
  shopping_cart_display_subtotal shopping_cart_display_shipping } }`;
const LISTING = `{ products(filter: { sku: { eq: "LN1001" } }) { items { price_range { minimum_price { final_price { value currency } } }
  ... on ConfigurableProduct { variants { product { sku price_range { minimum_price { final_price { value } } } } } } } } }`;
const CART = `query ($c: String!) { cart(cart_id: $c) { itemsV2 { items { prices { price { value } price_including_tax { value } row_total_including_tax { value } } } }
  prices { grand_total { value currency } subtotal_excluding_tax { value } subtotal_including_tax { value } applied_taxes { label amount { value } } } } }`;
const SHIPPING = `mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }`;
const METHOD = `mutation ($c: String!, $carrier: String!, $method: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: $carrier, method_code: $method }] }) {
  cart { prices { grand_total { value } subtotal_including_tax { value } applied_taxes { label amount { value } } } } } }`;

const SET_ADDRESS_METHODS = `mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) {
  cart { shipping_addresses { available_shipping_methods { carrier_code error_message available amount { value } } } } } }`;
type SetAddressAnswer = {
  setShippingAddressesOnCart: {
    cart: {
      shipping_addresses: {
        available_shipping_methods: { carrier_code: string; error_message: string | null; available: boolean; amount: { value: number } }[];
      }[];
    };
  };
};

type Listing = {
  products: {
    items: {
      price_range: { minimum_price: { final_price: { value: number; currency: string } } };
      variants: { product: { sku: string; price_range: { minimum_price: { final_price: { value: number } } } } }[];
    }[];
  };
};
type CartAnswer = {
  cart: {
    itemsV2: { items: { prices: { price: { value: number }; price_including_tax: { value: number }; row_total_including_tax: { value: number } } }[] };
    prices: {
      grand_total: { value: number; currency: string };
      subtotal_excluding_tax: { value: number };
      subtotal_including_tax: { value: number };
      applied_taxes: unknown[];
    };
  };
};

const PARIS = { firstname: 'A', lastname: 'B', street: ['8 Rue de Rivoli'], city: 'Paris', postcode: '75004', country_code: 'FR', telephone: '0140000000' };

/** A de cart of one Milo (LN1002, 95 USD = 87.40 € before VAT) with plain lenses and an optional coupon, shipped to Berlin: its methods. */
async function berlinMethodsOfLn1002(coupon: string | null) {
  const headers = { Store: 'de' };
  const cartId = await guestCart(api, headers);
  const { lenses } = await frameChoice(api, 'LN1002', PLAIN_LENSES);
  await api.gql(
    'mutation ($c: String!, $l: [ID]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1002-CRY-M", quantity: 1, selected_options: $l }]) { user_errors { message } } }',
    { c: cartId, l: lenses },
    headers,
  );
  if (coupon) {
    const applied = await api.gql(
      'mutation ($c: String!, $code: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: $code }) { cart { id } } }',
      {
        c: cartId,
        code: coupon,
      },
      headers,
    );
    expect(applied.errors).toBeUndefined();
  }
  const res = await api.gql<SetAddressAnswer>(
    SET_ADDRESS_METHODS,
    { c: cartId, a: { ...PARIS, city: 'Berlin', postcode: '10117', country_code: 'DE' } },
    headers,
  );
  return res.data!.setShippingAddressesOnCart.cart.shipping_addresses[0]!.available_shipping_methods;
}

describe('ADR 040: store views show prices as their country does', () => {
  it("storeConfig carries each view's default country and Magento's tax display settings (1 excluding, 2 including tax)", async () => {
    const of = async (store: string) => (await api.gqlGet<{ storeConfig: Record<string, unknown> }>(STORE_CONFIG, {}, { Store: store })).data!.storeConfig;
    const display = (value: number) => ({
      display_product_prices_in_catalog: value,
      shopping_cart_display_price: value,
      shopping_cart_display_subtotal: value,
      shopping_cart_display_shipping: value,
    });
    expect(await of('fr')).toEqual({ store_code: 'fr', default_country: 'FR', ...display(2) });
    expect(await of('de')).toEqual({ store_code: 'de', default_country: 'DE', ...display(2) });
    expect(await of('nl')).toEqual({ store_code: 'nl', default_country: 'NL', ...display(2) });
    expect(await of('eu')).toEqual({ store_code: 'eu', default_country: 'BE', ...display(2) });
    expect(await of('ca')).toEqual({ store_code: 'ca', default_country: 'CA', ...display(1) });
    expect(await of('us')).toEqual({ store_code: 'us', default_country: 'US', ...display(1) });
  });

  it("uk, ch, au and mx show consumers prices with their VAT, MWST, GST and IVA (each country's price display law), no longer excluding tax", async () => {
    const of = async (store: string) => (await api.gqlGet<{ storeConfig: Record<string, unknown> }>(STORE_CONFIG, {}, { Store: store })).data!.storeConfig;
    for (const [store, country] of [
      ['uk', 'GB'],
      ['ch', 'CH'],
      ['au', 'AU'],
      ['mx', 'MX'],
    ] as const) {
      expect(await of(store)).toEqual({
        store_code: store,
        default_country: country,
        display_product_prices_in_catalog: 2,
        shopping_cart_display_price: 2,
        shopping_cart_display_subtotal: 2,
        shopping_cart_display_shipping: 2,
      });
    }
    const finalOf = async (store: string) =>
      (await api.gqlGet<Listing>(LISTING, {}, { Store: store })).data!.products.items[0]!.price_range.minimum_price.final_price;
    // 129 USD = 101.91 £ + 20 % VAT; 113.52 CHF + 8.1 % MWST; 196.08 AUD + 10 % GST; 2218.80 MXN + 16 % IVA.
    expect(await finalOf('uk')).toEqual({ value: 122.29, currency: 'GBP' });
    expect(await finalOf('ch')).toEqual({ value: 122.72, currency: 'CHF' });
    expect(await finalOf('au')).toEqual({ value: 215.69, currency: 'AUD' });
    expect(await finalOf('mx')).toEqual({ value: 2573.81, currency: 'MXN' });
  });

  it('a uk cart charges the price the catalog showed, VAT included, before an address and at payment', async () => {
    const headers = { Store: 'uk' };
    const cartId = await guestCart(api, headers);
    await addAurora(api, cartId, 1, headers);
    const before = (await api.gqlGet<CartAnswer>(CART, { c: cartId }, headers)).data!.cart;
    expect(before.itemsV2.items[0]!.prices.price_including_tax).toEqual({ value: 122.29 });
    expect(before.prices.subtotal_including_tax).toEqual({ value: 122.29 });
    expect(before.prices.applied_taxes).toEqual([{ label: 'VAT', amount: { value: 20.38 } }]);
    const LONDON = { ...PARIS, street: ['10 Downing Street'], city: 'London', postcode: 'SW1A 2AA', country_code: 'GB', telephone: '02070000000' };
    await api.gql(SHIPPING, { c: cartId, a: LONDON }, headers);
    const paid = await api.gql<{
      setShippingMethodsOnCart: { cart: { prices: { grand_total: { value: number }; subtotal_including_tax: { value: number } } } };
    }>(METHOD, { c: cartId, carrier: 'flatrate', method: 'flatrate' }, headers);
    const prices = paid.data!.setShippingMethodsOnCart.cart.prices;
    expect(prices.subtotal_including_tax).toEqual({ value: 122.29 });
    // Over the uk view's free-shipping subtotal (80.00 £) the standard parcel is free: the total is the price shown.
    expect(prices.grand_total.value).toBe(122.29);
  });

  it('the fr and de catalogs show prices with VAT (129 USD = 118.68 € + 20 % = 142.42 €; + 19 % = 141.23 €); ca keeps prices without tax', async () => {
    const finalOf = async (store: string) => (await api.gqlGet<Listing>(LISTING, {}, { Store: store })).data!.products.items[0]!;
    const fr = await finalOf('fr');
    expect(fr.price_range.minimum_price.final_price).toEqual({ value: 142.42, currency: 'EUR' });
    expect(fr.variants.find((v) => v.product.sku === 'LN1001-BLK-M')!.product.price_range.minimum_price.final_price.value).toBe(142.42);
    expect((await finalOf('de')).price_range.minimum_price.final_price).toEqual({ value: 141.23, currency: 'EUR' });
    expect((await finalOf('ca')).price_range.minimum_price.final_price).toEqual({ value: 176.73, currency: 'CAD' });
  });

  it('a fr cart charges the price the catalog showed: before an address (the default tax destination) and at payment', async () => {
    const headers = { Store: 'fr' };
    const cartId = await guestCart(api, headers);
    await addAurora(api, cartId, 1, headers);
    const before = (await api.gqlGet<CartAnswer>(CART, { c: cartId }, headers)).data!.cart;
    expect(before.itemsV2.items[0]!.prices).toEqual({
      price: { value: 118.68 },
      price_including_tax: { value: 142.42 },
      row_total_including_tax: { value: 142.42 },
    });
    expect(before.prices).toEqual({
      grand_total: { value: 142.42, currency: 'EUR' },
      subtotal_excluding_tax: { value: 118.68 },
      subtotal_including_tax: { value: 142.42 },
      applied_taxes: [{ label: 'TVA', amount: { value: 23.74 } }],
    });
    await api.gql(SHIPPING, { c: cartId, a: PARIS }, headers);
    const paid = await api.gql<{ setShippingMethodsOnCart: { cart: { prices: unknown } } }>(
      METHOD,
      { c: cartId, carrier: 'flatrate', method: 'flatrate' },
      headers,
    );
    expect(paid.data!.setShippingMethodsOnCart.cart.prices).toEqual({
      grand_total: { value: 142.42 },
      subtotal_including_tax: { value: 142.42 },
      applied_taxes: [{ label: 'TVA', amount: { value: 23.74 } }],
    });
  });

  it('two of the same frame in a de cart: the row is taxed once (237.36 € + 19 % = 282.46 €), here twice the listed price', async () => {
    const headers = { Store: 'de' };
    const cartId = await guestCart(api, headers);
    await addAurora(api, cartId, 2, headers);
    const cart = (await api.gqlGet<CartAnswer>(CART, { c: cartId }, headers)).data!.cart;
    expect(cart.itemsV2.items[0]!.prices.row_total_including_tax).toEqual({ value: 282.46 });
    expect(cart.prices.grand_total).toEqual({ value: 282.46, currency: 'EUR' });
  });

  it('Québec: the subtotal including tax is the grand total less shipping (each tax rounded per row, as the applied taxes are)', async () => {
    const cartId = await guestCart(api);
    // Four Aurora frames: 706.92 CAD + GST 35.35 + QST 70.52 (each rounded once on the row) = 812.79.
    await addAurora(api, cartId, 4);
    await api.gql(SHIPPING, { c: cartId, a: { ...TORONTO, city: 'Montréal', region: 'QC', postcode: 'H2X 1Y4' } });
    const res = await api.gql<{
      setShippingMethodsOnCart: { cart: { prices: { grand_total: { value: number }; subtotal_including_tax: { value: number } } } };
    }>(METHOD, { c: cartId, carrier: 'flatrate', method: 'flatrate' });
    const prices = res.data!.setShippingMethodsOnCart.cart.prices;
    expect(prices.subtotal_including_tax.value).toBe(prices.grand_total.value);
    expect(prices.grand_total.value).toBe(812.79);
  });

  it('the free-shipping threshold is written in the view\'s currency and number format ("92,00 €" in de, not "92.00")', async () => {
    // 87.40 € − 18.40 € (SAVE20) = 69.00 € + 19 % = 82.11 €: under the 92,00 € subtotal, VAT included.
    const methods = await berlinMethodsOfLn1002('SAVE20');
    const free = methods.find((m) => m.carrier_code === 'freeshipping')!;
    expect(free.error_message).toBe('Kostenloser Versand gilt ab einem Bestellwert von 92,00\u00a0€.');
  });

  it('the free-shipping subtotal is compared with the subtotal after discount VAT included, as the de cart shows it (carriers/freeshipping/tax_including)', async () => {
    const of = async (store: string) => (await api.gqlGet<{ storeConfig: Record<string, unknown> }>(STORE_CONFIG, {}, { Store: store })).data!.storeConfig;
    expect((await of('de')).shopping_cart_display_subtotal).toBe(2);
    // 95 USD = 87.40 € + 19 % = 104.01 €: under 92,00 € before VAT, over it as shown. The standard parcel is free.
    const plain = await berlinMethodsOfLn1002(null);
    expect(plain.map((m) => [m.carrier_code, m.amount.value, m.available])).toEqual([
      ['flatrate', 0, true],
      ['lunetteexpress', 22.95, true],
    ]);
    // With 10 % off: 78.66 € + 14.95 € VAT = 93.61 € after discount, still over 92,00 €.
    const discounted = await berlinMethodsOfLn1002('WELCOME10');
    expect(discounted.find((m) => m.carrier_code === 'flatrate')!.amount.value).toBe(0);
    expect(discounted.some((m) => m.carrier_code === 'freeshipping')).toBe(false);
  });

  it('ca (prices shown without tax) still compares its free-shipping subtotal before tax', async () => {
    // 95 USD = 130.15 CAD (+ 13 % HST in Ontario = 147.07): under 137.00 before tax, so shipping is paid.
    const cartId = await guestCart(api);
    const { lenses } = await frameChoice(api, 'LN1002', PLAIN_LENSES);
    await api.gql(
      'mutation ($c: String!, $l: [ID]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1002-CRY-M", quantity: 1, selected_options: $l }]) { user_errors { message } } }',
      { c: cartId, l: lenses },
    );
    const res = await api.gql<SetAddressAnswer>(SET_ADDRESS_METHODS, { c: cartId, a: TORONTO });
    const methods = res.data!.setShippingAddressesOnCart.cart.shipping_addresses[0]!.available_shipping_methods;
    expect(methods.find((m) => m.carrier_code === 'flatrate')!.amount.value).toBeGreaterThan(0);
    expect(methods.find((m) => m.carrier_code === 'freeshipping')!.available).toBe(false);
  });

  it('one free-shipping subtotal per store view: the refusal and the shipping policy page state the same amount, as the view writes money', async () => {
    const page = async (store: string) =>
      (await api.gqlGet<{ cmsPage: { content: string } }>('{ cmsPage(identifier: "shipping-returns") { content } }', {}, { Store: store })).data!.cmsPage
        .content;
    const de = await page('de');
    expect(de).toContain('ab einem Bestellwert von 92,00\u00a0€ kostenlos');
    // spec §2 checkout: the lab's working days and the carriers' days the checkout adds up.
    expect(de).toContain('in 5–7 Werktagen an, mit Expressversand in 1–2');
    expect(de).toContain('das dauert 5 Werktage zusätzlich');
    expect(de).not.toContain('{{');
    const ca = await page('ca');
    expect(ca).toContain('free on orders of $137.00 or more');
    expect(ca).toContain('which adds 5 working days');
    expect(await page('uk')).toContain('free on orders of £80.00 or more');
  });
});

describe('ADR 040: the price filter and its buckets select by the price the listing shows', () => {
  type Filtered = {
    products: {
      total_count: number;
      items: { sku: string; price_range: { minimum_price: { final_price: { value: number } } } }[];
      aggregations: { attribute_code: string; options: { value: string; count: number }[] }[];
    };
  };
  const FILTERED = `query ($f: ProductAttributeFilterInput) { products(filter: $f, pageSize: 100) { total_count
    items { sku price_range { minimum_price { final_price { value } } } } aggregations { attribute_code options { value count } } } }`;
  const search = async (store: string, filter: Record<string, unknown>) =>
    (await api.gqlGet<Filtered>(FILTERED, { f: filter }, { Store: store })).data!.products;

  it('fr: "100–200 €" selects a 95 USD frame shown at 104,88 € (87,40 € before VAT)', async () => {
    const inRange = await search('fr', { price: { from: '100', to: '200' } });
    const milo = inRange.items.find((i) => i.sku === 'LN1002');
    expect(milo?.price_range.minimum_price.final_price.value).toBe(104.88);
    const under = await search('fr', { price: { from: '0', to: '100' } });
    expect(under.items.map((i) => i.sku)).not.toContain('LN1002');
    // ca shows prices without tax: its filter reads them so (95 USD = 130.15 CAD).
    expect((await search('ca', { price: { from: '100', to: '200' } })).items.map((i) => i.sku)).toContain('LN1002');
  });

  it('in every view, each price bucket holds exactly the products whose shown price falls in it', async () => {
    for (const store of ['fr', 'de', 'uk', 'ch', 'ca']) {
      const all = await search(store, {});
      const buckets = all.aggregations.find((a) => a.attribute_code === 'price')!.options;
      expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(all.total_count);
      for (const bucket of buckets) {
        const [from, to] = bucket.value.split('_').map(Number) as [number, number];
        const selected = await search(store, { price: { from: String(from), to: String(to) } });
        expect(selected.total_count, `${store} ${bucket.value}`).toBe(bucket.count);
        for (const item of selected.items) {
          const shown = item.price_range.minimum_price.final_price.value;
          expect(shown >= from && shown < to, `${store} ${item.sku} ${shown} in ${bucket.value}`).toBe(true);
        }
      }
    }
  });
});

describe('ADR 040: one rule for a line with tax, in the cart and the lens wizard (rules/prices/tax.ts)', () => {
  it('storeConfig names the taxes the catalog prices include: de 19 %, fr 20 %, ch 8.1 %; none in ca', async () => {
    const percentsOf = async (store: string) =>
      (await api.gqlGet<{ storeConfig: { lunette_catalog_tax_percents: number[] } }>('{ storeConfig { lunette_catalog_tax_percents } }', {}, { Store: store }))
        .data!.storeConfig.lunette_catalog_tax_percents;
    expect(await percentsOf('de')).toEqual([19]);
    expect(await percentsOf('fr')).toEqual([20]);
    expect(await percentsOf('ch')).toEqual([8.1]);
    expect(await percentsOf('ca')).toEqual([]);
  });

  it('de: Aurora with 1.59 polycarbonate polarised lenses costs in the cart what the rule makes of the parts the catalog shows (238.67 €, not 238.66 €)', async () => {
    const { lineWithTaxes } = await import('../../rules/prices/tax');
    const headers = { Store: 'de' };
    const cartId = await guestCart(api, headers);
    const { lenses } = await frameChoice(api, 'LN1001', ['Non-prescription', '1.59 Polycarbonate', 'Polarised']);
    const shown = await api.gqlGet<{
      products: { items: { price_range: { minimum_price: { final_price: { value: number } } }; options: { value?: { uid: string; price: number }[] }[] }[] };
    }>(
      `{ products(filter: { sku: { eq: "LN1001" } }) { items { price_range { minimum_price { final_price { value } } }
        ... on CustomizableProductInterface { options { ... on CustomizableRadioOption { value { uid price } } ... on CustomizableCheckboxOption { value { uid price } } } } } } }`,
      {},
      headers,
    );
    const item = shown.data!.products.items[0]!;
    const values = item.options.flatMap((o) => o.value ?? []);
    const parts = [item.price_range.minimum_price.final_price.value, ...lenses.map((uid) => values.find((v) => v.uid === uid)!.price)];
    // 118.68 € + 0 + 27.60 € + 54.28 € before VAT, shown 141.23 €, 0, 32.84 €, 64.59 € (238.66 € added up).
    expect(parts).toEqual([141.23, 0, 32.84, 64.59]);
    const add = await api.gql<{ addProductsToCart: { user_errors: unknown[] } }>(
      'mutation ($c: String!, $o: [ID]) { addProductsToCart(cartId: $c, cartItems: [{ sku: "LN1001", quantity: 1, selected_options: $o }]) { user_errors { message } } }',
      { c: cartId, o: [AURORA.BLACK, AURORA.M, ...lenses] },
      headers,
    );
    expect(add.data!.addProductsToCart.user_errors).toEqual([]);
    const cart = (await api.gqlGet<CartAnswer>(CART, { c: cartId }, headers)).data!.cart;
    // One row taxed once: 200.56 € + 38.11 € = 238.67 €, what the wizard's total computes from the parts it shows.
    expect(cart.itemsV2.items[0]!.prices.price_including_tax).toEqual({ value: 238.67 });
    expect(lineWithTaxes(parts, [19])).toBe(238.67);
  });
});
