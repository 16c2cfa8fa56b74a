import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAurora,
  addAuroraWithPrescription,
  firstError,
  guestCart,
  PLACE_ORDER,
  readyForOrder,
  startCommerceBackend,
  TORONTO,
  type CommerceTestBackend,
} from './commerce-test-kit';

/**
 * Every store view answers the catalog, CMS, checkout titles and Magento's messages in its
 * own language (store-scoped values falling back to the default, English ones), as Magento does.
 */
let api: CommerceTestBackend;
beforeAll(async () => {
  api = await startCommerceBackend();
});
afterAll(() => api.close());

const store = (code: string) => ({ Store: code });

const CATEGORY = `query ($path: String!) { categoryList(filters: { url_path: { eq: $path } }) { name description meta_title breadcrumbs { category_name } } }`;
type CategoryAnswer = { categoryList: { name: string; description: string; meta_title: string; breadcrumbs: { category_name: string }[] | null }[] };
const categoryIn = async (code: string, path: string) => (await api.gql<CategoryAnswer>(CATEGORY, { path }, store(code))).data!.categoryList[0]!;

const PRODUCT = `query { products(filter: { sku: { eq: "LN1001" } }) {
  aggregations { attribute_code label options { label } }
  items { name meta_description description { html } short_description { html } image { label } media_gallery { label }
    ... on CustomizableProductInterface { options { title ... on CustomizableRadioOption { value { title } } ... on CustomizableCheckboxOption { value { title } } } }
    ... on ConfigurableProduct { configurable_options { label values { label default_label store_label } } variants { product { name } } } } } }`;
interface ProductAnswer {
  products: {
    aggregations: { attribute_code: string; label: string; options: { label: string }[] }[];
    items: {
      name: string;
      image: { label: string };
      media_gallery: { label: string }[];
      meta_description: string;
      description: { html: string };
      short_description: { html: string };
      options: { title: string; value?: { title: string }[] }[];
      configurable_options: { label: string; values: { label: string; default_label: string; store_label: string }[] }[];
      variants: { product: { name: string } }[];
    }[];
  };
}
const auroraIn = async (code: string) => {
  const res = await api.gql<ProductAnswer>(PRODUCT, {}, store(code));
  expect(res.errors).toBeUndefined();
  return res.data!.products;
};

describe('catalog data per store view', () => {
  it('spec §1: category names, descriptions and meta titles in the view’s language; regional words where the region has them', async () => {
    expect(await categoryIn('fr', 'sunglasses')).toMatchObject({ name: 'Lunettes de soleil', meta_title: 'Lunettes de soleil | Lunette Eyewear' });
    expect((await categoryIn('fr', 'sunglasses')).description).toContain('polarisants sur demande');
    expect((await categoryIn('de', 'eyeglasses/women')).name).toBe('Damen');
    expect((await categoryIn('de', 'eyeglasses/women')).breadcrumbs?.map((b) => b.category_name)).toEqual(['Brillen']);
    expect((await categoryIn('nl', 'sale')).name).toBe('Uitverkoop');
    // Spain says gafas, Mexico lentes; Switzerland takes German
    expect((await categoryIn('es', 'sunglasses')).name).toBe('Gafas de sol');
    expect((await categoryIn('mx', 'sunglasses')).name).toBe('Lentes de sol');
    expect((await categoryIn('ch', 'sunglasses')).name).toBe('Sonnenbrillen');
    // English views keep the default values
    for (const code of ['uk', 'ca', 'au', 'hk', 'us', 'eu', 'default']) expect((await categoryIn(code, 'sunglasses')).name).toBe('Sunglasses');
  });

  it('spec §1: option labels, swatch labels, descriptions and variant names in the view’s language; frame model names stay', async () => {
    const fr = await auroraIn('fr');
    const aurora = fr.items[0]!;
    expect(aurora.name).toBe('Aurora Cat-Eye');
    expect(aurora.configurable_options.map((o) => o.label)).toEqual(['Couleur', 'Taille']);
    expect(aurora.configurable_options[0]!.values[0]).toEqual({ label: 'Noir', default_label: 'Black', store_label: 'Noir' });
    expect(aurora.variants[0]!.product.name).toBe('Aurora Cat-Eye Noir S');
    expect(aurora.description.html).toContain('Hauteur de verre');
    expect(aurora.short_description.html).toMatch(/^Monture, forme papillon, acétate, cerclée/);
    expect(aurora.meta_description).toBe(aurora.short_description.html);
    // images' labels (their alt text) too
    expect(aurora.image.label).toBe('Aurora Cat-Eye en noir, vue de face');
    expect(aurora.media_gallery.map((m) => m.label)).toContain('Aurora Cat-Eye en écaille, vue de trois quarts');
    expect(fr.aggregations.find((a) => a.attribute_code === 'color')?.label).toBe('Couleur');
    expect(fr.aggregations.find((a) => a.attribute_code === 'price')?.label).toBe('Prix');
    expect(fr.aggregations.find((a) => a.attribute_code === 'frame_shape')?.options.map((o) => o.label)).toEqual(['Papillon']);

    const de = (await auroraIn('de')).items[0]!;
    expect(de.configurable_options.map((o) => o.label)).toEqual(['Farbe', 'Größe']);
    expect(de.description.html).toContain('Größen S, M und L');
    // de_CH falls back to German, spelt the Swiss way (no ß)
    const ch = (await auroraIn('ch')).items[0]!;
    expect(ch.configurable_options.map((o) => o.label)).toEqual(['Farbe', 'Grösse']);
    expect(ch.description.html).toContain('Grössen S, M und L');
    expect((await auroraIn('nl')).items[0]!.configurable_options[0]!.values[0]!.label).toBe('Zwart');
    expect((await auroraIn('es')).items[0]!.configurable_options[0]!.values[0]!.label).toBe('Negro');

    const uk = (await auroraIn('uk')).items[0]!;
    expect(uk.configurable_options[0]!.values[0]).toEqual({ label: 'Black', default_label: 'Black', store_label: 'Black' });
    expect(uk.description.html).toContain('<p>The Aurora Cat-Eye is a full-rim cat-eye frame');
    expect(uk.image.label).toBe('Aurora Cat-Eye in black, front view');
  });

  it('one word for colour per English view: "Colour" in the Commonwealth views, "Color" in the US one', async () => {
    for (const code of ['ca', 'uk', 'au', 'hk']) {
      const products = await auroraIn(code);
      expect(products.items[0]!.configurable_options.map((o) => o.label)).toEqual(['Colour', 'Size']);
      expect(products.aggregations.find((a) => a.attribute_code === 'color')?.label).toBe('Colour');
    }
    const us = await auroraIn('us');
    expect(us.items[0]!.configurable_options.map((o) => o.label)).toEqual(['Color', 'Size']);
    expect(us.aggregations.find((a) => a.attribute_code === 'color')?.label).toBe('Color');
  });

  it('lens options (usage, index, coatings) in the view’s language, with Mexico’s own words and decimal point', async () => {
    const titles = async (code: string) => (await auroraIn(code)).items[0]!.options.map((o) => [o.title, ...(o.value ?? []).map((v) => v.title)]);
    const fr = await titles('fr');
    expect(fr[0]).toEqual([
      'Type de verres',
      'Unifocal – vision de loin',
      'Unifocal – lecture',
      'Progressifs',
      'Sans correction',
      'Monture seule – sans verres',
    ]);
    expect(fr[1]?.[1]).toBe('1,50 Standard');
    expect(fr[2]).toContain('Antireflet');
    expect(fr[3]).toEqual(['Ordonnance']);
    expect((await titles('de'))[2]).toContain('Entspiegelung');
    expect((await titles('nl'))[0]?.[0]).toBe('Soort glas');
    expect((await titles('es'))[1]?.[1]).toBe('1,50 Estándar');
    expect((await titles('mx'))[1]?.[1]).toBe('1.50 Estándar');
    expect((await titles('mx'))[0]?.[0]).toBe('Tipo de cristal');
    expect((await titles('ca'))[0]?.[0]).toBe('Lens type');
  });

  it('search finds products by the view’s own words (stemmed in its language), and by the English ones still', async () => {
    const SEARCH = 'query ($q: String!) { products(search: $q, pageSize: 50) { total_count items { sku name } } }';
    type SearchAnswer = { products: { total_count: number; items: { sku: string; name: string }[] } };
    const search = async (code: string, q: string) => (await api.gql<SearchAnswer>(SEARCH, { q }, store(code))).data!.products;
    const sun = await search('de', 'Sonnenbrillen');
    expect(sun.total_count).toBe(12);
    expect((await search('fr', 'écaille papillon')).items.map((i) => i.name)).toContain('Aurora Cat-Eye');
    expect((await search('nl', 'zonnebril')).total_count).toBe(12);
    expect((await search('fr', 'aurora')).items[0]?.name).toBe('Aurora Cat-Eye');
    expect((await search('uk', 'Sonnenbrillen')).total_count).toBe(0);
  });

  it('a store view without its own value shows the default one (Magento’s store 0 fallback)', async () => {
    const before = (await auroraIn('nl')).items[0]!;
    expect(before.description.html).toContain('Glashoogte');
    await api.backend.db.query("DELETE FROM catalog_product_store WHERE store_id = 7 AND product_id = (SELECT id FROM catalog_product WHERE sku = 'LN1001')");
    const after = (await auroraIn('nl')).items[0]!;
    expect(after.description.html).toContain('<p>The Aurora Cat-Eye is a full-rim cat-eye frame');
    expect(after.configurable_options[0]!.label).toBe('Kleur');
  });

  it('CMS pages and blocks in the view’s language, same identifiers and links', async () => {
    const PAGE = 'query ($id: String!) { cmsPage(identifier: $id) { title content_heading content meta_title } }';
    const home = await api.gql<{ cmsPage: { title: string; content: string; meta_title: string } }>(PAGE, { id: 'home' }, store('fr'));
    expect(home.data!.cmsPage.title).toBe('Accueil');
    expect(home.data!.cmsPage.content).toContain('<h2>Trouvez votre monture</h2>');
    expect(home.data!.cmsPage.content).toContain('href="/eyeglasses/women.html"');
    const about = await api.gql<{ cmsPage: { content_heading: string } }>(PAGE, { id: 'about-us' }, store('de'));
    expect(about.data!.cmsPage.content_heading).toBe('Über Lunette Eyewear');
    const mx = await api.gql<{ cmsPage: { title: string } }>(PAGE, { id: 'no-route' }, store('mx'));
    expect(mx.data!.cmsPage.title).toBe('404 Página no encontrada');
    const BLOCKS = 'query { cmsBlocks(identifiers: ["footer-links", "lens-promo"]) { items { identifier title content } } }';
    const blocks = await api.gql<{ cmsBlocks: { items: { content: string }[] } }>(BLOCKS, {}, store('nl'));
    expect(blocks.data!.cmsBlocks.items[0]!.content).toContain('>Over ons</a>');
    expect(blocks.data!.cmsBlocks.items[1]!.content).toContain('gratis ontspiegeling');
    const pages = await api.gql<{ lunetteCmsPages: { identifier: string; title: string }[] }>('{ lunetteCmsPages { identifier title } }', {}, store('es'));
    expect(pages.data!.lunetteCmsPages.find((p) => p.identifier === 'shipping-returns')?.title).toBe('Envíos y devoluciones');
    const en = await api.gql<{ cmsPage: { title: string } }>(PAGE, { id: 'home' }, store('uk'));
    expect(en.data!.cmsPage.title).toBe('Home Page');
  });
});

const CHECKOUT = `query ($c: String!) { cart(cart_id: $c) {
  items { ... on ConfigurableCartItem { configurable_options { option_label value_label } customizable_options { label values { label } } } }
  shipping_addresses { country { label } available_shipping_methods { carrier_title method_title error_message } }
  available_payment_methods { code title } } }`;
interface CheckoutAnswer {
  cart: {
    items: { configurable_options: { option_label: string; value_label: string }[]; customizable_options: { label: string; values: { label: string }[] }[] }[];
    shipping_addresses: {
      country: { label: string };
      available_shipping_methods: { carrier_title: string; method_title: string; error_message: string | null }[];
    }[];
    available_payment_methods: { code: string; title: string }[];
  };
}

async function checkoutIn(code: string): Promise<CheckoutAnswer['cart']> {
  const cartId = await guestCart(api, store(code));
  expect(await addAurora(api, cartId, 1, store(code))).toEqual([]);
  const address = await api.gql(
    'mutation ($c: String!, $a: CartAddressInput!) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }',
    { c: cartId, a: TORONTO },
    store(code),
  );
  expect(address.errors).toBeUndefined();
  const res = await api.gql<CheckoutAnswer>(CHECKOUT, { c: cartId }, store(code));
  expect(res.errors).toBeUndefined();
  return res.data!.cart;
}

describe('checkout words per store view', () => {
  it('cart options, shipping methods and payment methods in the view’s language', async () => {
    const fr = await checkoutIn('fr');
    expect(fr.items[0]!.configurable_options).toEqual([
      { option_label: 'Couleur', value_label: 'Noir' },
      { option_label: 'Taille', value_label: 'M' },
    ]);
    expect(fr.items[0]!.customizable_options.map((o) => [o.label, o.values[0]!.label])).toEqual([
      ['Type de verres', 'Sans correction'],
      ['Indice des verres', '1,50 Standard'],
    ]);
    const address = fr.shipping_addresses[0]!;
    // A cart address's country label is its id, as Magento answers it (ADR 036); the country's name in
    // the view's language is `country(id).full_name_locale`, below.
    expect(address.country.label).toBe('CA');
    // Over the fr view's free-shipping subtotal: the one standard parcel is free, no second free carrier (ADR 040).
    expect(address.available_shipping_methods.map((m) => [m.carrier_title, m.method_title])).toEqual([
      ['Livraison standard', 'Colis suivi'],
      ['Livraison express', 'Coursier prioritaire'],
    ]);
    // The fr view takes no checks (ADR 040: only where the shop can cash them).
    expect(fr.available_payment_methods.map((m) => m.title)).toEqual(['Carte de crédit ou de débit (LunettePay)', 'Portefeuille LunettePay']);

    const de = await checkoutIn('de');
    expect(de.shipping_addresses[0]!.country.label).toBe('CA');
    expect(de.shipping_addresses[0]!.available_shipping_methods.map((m) => m.method_title)).toEqual(['Paket mit Sendungsverfolgung', 'Prioritätskurier']);
    const nl = await checkoutIn('nl');
    expect(nl.available_payment_methods[0]!.title).toBe('Creditcard of betaalpas (LunettePay)');
    const mx = await checkoutIn('mx');
    expect(mx.available_payment_methods[1]!.title).toBe('Cartera LunettePay');
    const ca = await checkoutIn('ca');
    expect(ca.shipping_addresses[0]!.available_shipping_methods[0]).toMatchObject({ carrier_title: 'Standard shipping', method_title: 'Tracked parcel' });
    expect(ca.available_payment_methods[0]!.title).toBe('Check / Money order');
  });

  it('an order placed in a view keeps its words; its status label is the view’s', async () => {
    const cartId = await guestCart(api, store('de'));
    await addAurora(api, cartId, 1, store('de'));
    await readyForOrder(api, cartId, store('de'), 'lunettepay_card');
    const placed = await api.gql<{ placeOrder: { orderV2: { number: string; status: string; payment_methods: { type: string }[] } } }>(
      PLACE_ORDER,
      { c: cartId },
      store('de'),
    );
    expect(placed.errors).toBeUndefined();
    expect(placed.data!.placeOrder.orderV2.status).toBe('Zahlung ausstehend');
    const rows = await api.backend.db.query<{ shipping_method: { carrier_title: string }; payment: { title: string } }>(
      'SELECT shipping_method, payment FROM sales_order WHERE number = $1',
      [placed.data!.placeOrder.orderV2.number],
    );
    expect(rows.rows[0]).toMatchObject({ shipping_method: { carrier_title: 'Standardversand' }, payment: { title: 'Kredit- oder Debitkarte (LunettePay)' } });
  });
});

describe('backend messages per store view', () => {
  it('GraphQL errors Magento localises answer in the view’s language, keeping their category', async () => {
    const PAGE = 'query { cmsPage(identifier: "nope") { title } }';
    const fr = await api.gql(PAGE, {}, store('fr'));
    expect(fr.errors?.[0]).toMatchObject({ message: 'La page « nope » n’existe pas.', extensions: { category: 'graphql-no-such-entity' } });
    expect(firstError(await api.gql(PAGE, {}, store('uk')))).toBe('The CMS page with the "nope" ID doesn\'t exist.');
    const SIGN_IN = 'mutation { generateCustomerToken(email: "nobody@example.com", password: "Wrong#Pass1") { token } }';
    const english = firstError(await api.gql(SIGN_IN));
    const german = firstError(await api.gql(SIGN_IN, {}, store('de')));
    expect(german).not.toBe(english);
    expect(german).toMatch(/Anmeld|Passwort/);
    const COUPON = 'mutation ($c: String!) { applyCouponToCart(input: { cart_id: $c, coupon_code: "NOPE" }) { cart { id } } }';
    const cartId = await guestCart(api, store('es'));
    expect(firstError(await api.gql(COUPON, { c: cartId }, store('es')))).toBe('El carrito no contiene productos.');
    await addAurora(api, cartId, 1, store('es'));
    expect(firstError(await api.gql(COUPON, { c: cartId }, store('es')))).toBe('El código de cupón no es válido. Verifica el código e inténtalo de nuevo.');
  });

  it('prescription checks, joined into one message, are translated sentence by sentence, eye names included', async () => {
    const cartId = await guestCart(api, store('fr'));
    const errors = await addAuroraWithPrescription(
      api,
      cartId,
      {
        lenses: ['Single vision – distance', '1.50 Standard'],
        prescription: { usage: 'SINGLE_VISION_DISTANCE', exam_date: '2026-02-01', od: {}, os: { sph: -2 }, pd: { single: 63 } },
      },
      store('fr'),
    ).catch((e: Error) => e.message);
    expect(JSON.stringify(errors)).toContain('OD (œil droit) : la sphère (SPH) est obligatoire.');
  });

  it('spec §5 and §8: the messages the storefront recognises by their words stay English in every view', async () => {
    const fr = await api.gql('query { cart(cart_id: "0123456789abcdef0123456789abcdef") { id } }', {}, store('fr'));
    expect(firstError(fr)).toBe('Could not find a cart with ID "0123456789abcdef0123456789abcdef"');
  });
});

describe('region names per store view (Magento’s directory_country_region_name)', () => {
  const REGIONS = `query { country(id: "CA") { full_name_locale available_regions { code name } } }`;
  type RegionsAnswer = { country: { full_name_locale: string; available_regions: { code: string; name: string }[] } };
  const regionsIn = async (code: string) => (await api.gql<RegionsAnswer>(REGIONS, {}, store(code))).data!.country;

  it('Canada’s provinces in French, German, Spanish and Dutch, sorted by their names there; English views keep the default names', async () => {
    const fr = await regionsIn('fr');
    expect(fr.full_name_locale).toBe('Canada');
    expect(fr.available_regions.find((r) => r.code === 'NL')?.name).toBe('Terre-Neuve-et-Labrador');
    const names = fr.available_regions.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'fr')));
    expect((await regionsIn('de')).available_regions.find((r) => r.code === 'PE')?.name).toBe('Prinz-Edward-Insel');
    expect((await regionsIn('mx')).available_regions.find((r) => r.code === 'NS')?.name).toBe('Nueva Escocia');
    expect((await regionsIn('nl')).available_regions.find((r) => r.code === 'BC')?.name).toBe('Brits-Columbia');
    expect((await regionsIn('ca')).available_regions.find((r) => r.code === 'NL')?.name).toBe('Newfoundland and Labrador');
  });
});
