import type { ApolloClient } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CART_NOT_READY, OUT_OF_STOCK_AT_ADD } from '../../machines/customise/cart-outcome';
import { FIXTURE_FRAME, FIXTURE_PROGRESSIVE_PRESCRIPTION_JSON } from '../../machines/customise/customise.fixtures';
import { customiseMachine, type CustomiseEvent } from '../../machines/customise/customise.machine';
import { startFakeCart, type CartCall } from '../../machines/customise/customise.test-helpers';
import type { LensProduct } from '../../machines/customise/customise.types';
import { shopFailureMessage } from '../../machines/shared/shop-failure';
import { customiseImplementations } from './customise.actors';
import type { CustomiseCartLineNode, CustomiseLensProductQuery } from './customise.operations';
import { cartLensChoicesOf, coatingKindOfTitle, indexOfTitle, lensProductOf, rimTypeOfLabel, usageOfTitle } from './lens-product';

/**
 * The cart machine's contract as the wizard meets it (src/machines/cart): `ready` takes
 * `cart.addItem` / `cart.updateItem`; an add's outcome is emitted (`cart.item.added` /
 * `cart.item.failed`), an update's is its `updateItem` error record once at rest.
 */
function fakeCart(call: (c: CartCall) => Promise<unknown>, startReady = true) {
  return startFakeCart({ call, loading: !startReady }).cart;
}

const CART_LINE: CustomiseCartLineNode = {
  uid: 'item-9',
  quantity: 1,
  product: { uid: 'MQ==', sku: 'LN1001' },
  configured_variant: { uid: 'Mg==', sku: 'LN1001-BLK-M' },
  customizable_options: [
    { customizable_option_uid: 'opt-usage', values: [{ customizable_option_value_uid: 'u-distance', value: '1' }] },
    { customizable_option_uid: 'opt-index', values: [{ customizable_option_value_uid: 'i-159', value: '2' }] },
    {
      customizable_option_uid: 'opt-coatings',
      values: [
        { customizable_option_value_uid: 'k-ar', value: '5' },
        { customizable_option_value_uid: 'k-blue', value: '6' },
      ],
    },
    {
      customizable_option_uid: 'opt-rx',
      values: [{ customizable_option_value_uid: 'opt-rx', value: 'Uploaded prescription: rx.pdf (application/pdf, 1200 bytes, ref AbC1.s3cr3t)' }],
    },
  ],
};

/** A line added with a typed prescription (the JSON the wizard sends), progressive with dual PD. */
const TYPED_LINE: CustomiseCartLineNode = {
  ...CART_LINE,
  uid: 'item-4',
  customizable_options: [
    { customizable_option_uid: 'opt-usage', values: [{ customizable_option_value_uid: 'u-progressive', value: '3' }] },
    { customizable_option_uid: 'opt-index', values: [{ customizable_option_value_uid: 'i-161', value: '3' }] },
    {
      customizable_option_uid: 'opt-rx',
      values: [
        {
          customizable_option_value_uid: 'opt-rx',
          value: FIXTURE_PROGRESSIVE_PRESCRIPTION_JSON,
        },
      ],
    },
  ],
};

/** An Apollo client answering the wizard's queries from fixtures (only `query` is used). */
function fakeClient(product: LensProduct = FIXTURE_FRAME) {
  return {
    query: async ({ query }: { query: { definitions: { name?: { value: string } }[] } }) => {
      const name = query.definitions[0]?.name?.value;
      if (name === 'CustomiseCartLine') return { data: { cart: { id: 'cart-1', items: [CART_LINE, TYPED_LINE] } } };
      throw new Error(`unexpected query ${name} for ${product.sku}`);
    },
  } as unknown as ApolloClient<object>;
}

/** The wizard with its live effects (the frame from the fixture), inside the fake cart's actor system (or a system of its own). */
function wizardIn(cart: ReturnType<typeof fakeCart> | undefined, input: { editItemUid?: string } = {}) {
  const live = customiseImplementations({ client: fakeClient(), timeoutMs: 50 });
  const machine = customiseMachine.provide({ actors: { ...live.actors, fetchLensProduct: fromPromise(async () => FIXTURE_FRAME) } });
  return createActor(machine, { parent: cart, input: { urlKey: 'aurora-cat-eye', isSignedIn: false, today: '2026-03-01', ...input } }).start();
}

const send = (actor: ReturnType<typeof wizardIn>, ...events: CustomiseEvent[]) => events.forEach((e) => actor.send(e));
const NEXT: CustomiseEvent = { type: 'customise.next' };
const throughToReview: CustomiseEvent[] = [
  { type: 'customise.selectVariant', attributeUid: 'attr-color', valueUid: 'c-black' },
  { type: 'customise.selectVariant', attributeUid: 'attr-size', valueUid: 's-m' },
  NEXT,
  { type: 'customise.chooseUsage', usage: 'NON_PRESCRIPTION' },
  NEXT,
  NEXT,
  NEXT,
];

describe('customise services: the wizard reaches the cart machine by event (ADR 004)', () => {
  it('spec §4 Add item: "Add to cart" is the cart machine’s cart.addItem, sent to the system’s cart; the cart’s emitted cart.item.added settles it', async () => {
    const calls: CartCall[] = [];
    const cart = fakeCart(async (c) => calls.push(c));
    const wizard = wizardIn(cart);
    await waitFor(wizard, (s) => s.matches('frame'));
    send(wizard, ...throughToReview, { type: 'customise.addToCart' });
    await waitFor(wizard, (s) => s.matches('added'));
    expect(calls).toEqual([
      { kind: 'add', item: { sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 1, selectedOptions: ['u-plano', 'i-150'], enteredOptions: [] } },
    ]);
  });

  it('spec §4 Add item: the cart’s emitted cart.item.failed keeps the review and says an out-of-stock answer in words, not the backend’s text', async () => {
    const cart = fakeCart(async () => {
      throw { message: 'The requested qty is not available', graphQLErrors: [{ message: 'The requested qty is not available' }] };
    });
    const wizard = wizardIn(cart);
    await waitFor(wizard, (s) => s.matches('frame'));
    send(wizard, ...throughToReview, { type: 'customise.addToCart' });
    const failed = await waitFor(wizard, (s) => s.matches('review') && s.context.addError !== null);
    expect(failed.context.addError).toBe(OUT_OF_STOCK_AT_ADD);
  });

  it('waits for a cart still loading, and says so when it never becomes ready', async () => {
    const cart = fakeCart(async () => true, false);
    const wizard = wizardIn(cart);
    await waitFor(wizard, (s) => s.matches('frame'));
    send(wizard, ...throughToReview, { type: 'customise.addToCart' });
    expect(wizard.getSnapshot().matches({ adding: 'waitingForCart' })).toBe(true);
    const failed = await waitFor(wizard, (s) => s.matches('review') && s.context.addError !== null);
    expect(failed.context.addError).toBe(CART_NOT_READY);
  });

  it('spec §4 Update item: a cart line reopened by its uid comes back with every option, and confirming replaces it with cart.updateItem carrying them all', async () => {
    const calls: CartCall[] = [];
    const cart = fakeCart(async (c) => calls.push(c));
    const wizard = wizardIn(cart, { editItemUid: 'item-9' });
    const atFrame = await waitFor(wizard, (s) => s.matches('frame'));
    expect(atFrame.context).toMatchObject({
      usage: 'SINGLE_VISION_DISTANCE',
      indexUid: 'i-159',
      coatingUids: ['k-ar', 'k-blue'],
      method: 'upload',
      variantSelection: { 'attr-color': 'c-black', 'attr-size': 's-m' },
    });
    // Change the lenses only: everything else is kept.
    send(wizard, NEXT, NEXT, NEXT, { type: 'customise.chooseIndex', uid: 'i-161' }, NEXT, NEXT, { type: 'customise.addToCart' });
    await waitFor(wizard, (s) => s.matches('updated'));
    expect(calls).toEqual([
      {
        kind: 'update',
        update: {
          itemUid: 'item-9',
          quantity: 1,
          isConfigurable: true,
          item: {
            sku: 'LN1001-BLK-M',
            parentSku: 'LN1001',
            quantity: 1,
            selectedOptions: ['u-distance', 'i-161', 'k-ar', 'k-blue'],
            enteredOptions: [{ uid: 'opt-rx', value: 'Uploaded prescription: rx.pdf (application/pdf, 1200 bytes, ref AbC1.s3cr3t)' }],
          },
        },
      },
    ]);
  });

  it('spec §4 Update item: a cart line reopened by its uid keeps its typed prescription, in the wizard’s one form', async () => {
    const cart = fakeCart(async () => true);
    const wizard = wizardIn(cart, { editItemUid: 'item-4' });
    const atFrame = await waitFor(wizard, (s) => s.matches('frame'));
    expect(atFrame.context).toMatchObject({ usage: 'PROGRESSIVE', method: 'typed', indexUid: 'i-161' });
    const form = atFrame.context.form.getSnapshot().context;
    expect(form.usage).toBe('PROGRESSIVE');
    expect(form.draft).toMatchObject({
      od: { sph: '-1.00', add: '+2.00' },
      os: { sph: '-1.50', cyl: '-0.75', axis: '10' },
      pdMode: 'dual',
      pdRight: '31',
      pdLeft: '32',
      examDate: '2025-09-15',
    });
  });

  it('ADR 010: without a cart in the system the wizard says so, loudly, instead of losing its call', async () => {
    const wizard = wizardIn(undefined, { editItemUid: 'item-9' });
    const failed = await waitFor(wizard, (s) => s.matches('loadFailed'));
    expect(failed.context.loadError).toBe("No 'cart' actor in this actor system: the event sent to it would be lost.");
  });

  it('reads a cart line’s options: chosen values by their uid, typed text by its option', () => {
    expect(cartLensChoicesOf(CART_LINE)).toEqual({
      itemUid: 'item-9',
      quantity: 1,
      variantSku: 'LN1001-BLK-M',
      selectedOptionUids: ['u-distance', 'i-159', 'k-ar', 'k-blue'],
      enteredOptions: [{ uid: 'opt-rx', value: 'Uploaded prescription: rx.pdf (application/pdf, 1200 bytes, ref AbC1.s3cr3t)' }],
    });
  });
});

describe('customise services: reading the catalog answer', () => {
  it('recognises the lens options by their values', () => {
    expect(usageOfTitle('Single vision – distance')).toBe('SINGLE_VISION_DISTANCE');
    expect(usageOfTitle('Single vision – reading')).toBe('SINGLE_VISION_READING');
    expect(usageOfTitle('Progressive')).toBe('PROGRESSIVE');
    expect(usageOfTitle('Non-prescription')).toBe('NON_PRESCRIPTION');
    expect(indexOfTitle('1.59 Polycarbonate')).toEqual({ index: 1.59, material: 'polycarbonate' });
    expect(indexOfTitle('1.67 Extra thin')).toEqual({ index: 1.67, material: 'high-index' });
    expect(indexOfTitle('1.50 Standard')).toEqual({ index: 1.5, material: 'standard' });
    // The Dutch view's "Polycarbonaat" was read as a standard lens (its words, and the rimless rule, were wrong).
    for (const title of ['1,59 Polycarbonate', '1,59 Polycarbonat', '1,59 Policarbonato', '1,59 Polycarbonaat'])
      expect(indexOfTitle(title)).toEqual({ index: 1.59, material: 'polycarbonate' });
    expect(rimTypeOfLabel('Semi-rimless')).toBe('semi-rimless');
    expect(rimTypeOfLabel('Rimless')).toBe('rimless');
  });

  it('recognises what each coating does from its title, in every store view’s language, and nothing from an unknown one', () => {
    const coatings = {
      'anti-reflective': ['Anti-reflective', 'Antireflet', 'Entspiegelung', 'Antirreflejante', 'Ontspiegeling'],
      'blue-light': ['Blue-light filter', 'Filtre lumière bleue', 'Blaulichtfilter', 'Filtro de luz azul', 'Blauwlichtfilter'],
      photochromic: ['Photochromic', 'Photochromique', 'Selbsttönend', 'Fotocromático', 'Fotochromatisch'],
      'sun-tint': ['Sun tint', 'Teinte solaire', 'Sonnentönung', 'Tinte solar', 'Zonnetint'],
      polarised: ['Polarised', 'Polarisant', 'Polarisiert', 'Polarizado', 'Gepolariseerd'],
    };
    for (const [kind, titles] of Object.entries(coatings)) for (const title of titles) expect(coatingKindOfTitle(title), title).toBe(kind);
    expect(coatingKindOfTitle('Scratch guard')).toBeNull();
  });

  it('recognises them in every store view’s language (the backend answers them in the view’s words)', () => {
    const usages = {
      SINGLE_VISION_DISTANCE: ['Unifocal – vision de loin', 'Einstärken – Ferne', 'Monofocal – visión de lejos', 'Enkelvoudig – veraf'],
      SINGLE_VISION_READING: ['Unifocal – lecture', 'Einstärken – Lesen', 'Monofocal – lectura', 'Enkelvoudig – lezen'],
      PROGRESSIVE: ['Progressifs', 'Gleitsicht', 'Progresivas', 'Progresivos', 'Multifocaal'],
      NON_PRESCRIPTION: ['Sans correction', 'Ohne Sehstärke', 'Sin graduación', 'Zonder sterkte'],
    };
    for (const [usage, titles] of Object.entries(usages)) for (const title of titles) expect(usageOfTitle(title), title).toBe(usage);
    // ADR 035 "Frame only" and the sunglasses' own sun lens, as lens-options.json titles them in each language.
    const frameOnly = ['Frame only – no lenses', 'Monture seule – sans verres', 'Nur die Fassung – ohne Gläser', 'Solo la montura – sin lentes'];
    for (const title of [...frameOnly, 'Alleen het montuur – zonder glazen', 'Solo el armazón – sin micas'])
      expect(usageOfTitle(title), title).toBe('FRAME_ONLY');
    for (const title of ['1.50 Tinted UV400 sun lens', '1,50 Verre solaire teinté UV400', '1,50 Getöntes UV400-Sonnenglas', '1,50 Lente solar tintada UV400'])
      expect(indexOfTitle(title), title).toEqual({ index: 1.5, material: 'standard', sun: true });
    for (const title of [
      '1,59 Getint UV400-zonneglas, polycarbonaat',
      '1.59 Mica solar entintada UV400, policarbonato',
      '1.59 Tinted UV400 sun lens, polycarbonate',
    ])
      expect(indexOfTitle(title), title).toEqual({ index: 1.59, material: 'polycarbonate', sun: true });
    expect(indexOfTitle('1,61 Amincis')).toEqual({ index: 1.61, material: 'high-index' });
    expect(indexOfTitle('1,59 Policarbonato')).toEqual({ index: 1.59, material: 'polycarbonate' });
    expect(indexOfTitle('1,59 Polycarbonat')).toEqual({ index: 1.59, material: 'polycarbonate' });
    expect(indexOfTitle('1.74 Ultradelgadas')).toEqual({ index: 1.74, material: 'high-index' });
    expect(['Demi-cerclée', 'Halbrand', 'Semi al aire', 'Halfrand'].map(rimTypeOfLabel)).toEqual(Array(4).fill('semi-rimless'));
    expect(['Percée', 'Randlos', 'Al aire', 'Randloos'].map(rimTypeOfLabel)).toEqual(Array(4).fill('rimless'));
    expect(['Cerclée', 'Vollrand', 'Aro completo', 'Volledige rand', 'Full-rim'].map(rimTypeOfLabel)).toEqual(Array(5).fill('full-rim'));
  });

  it('finds the typed prescription option by its type under any title a store view gives it, as migration 106 titles them (ADR 018)', () => {
    // lens-options.json: "Prescription", fr "Ordonnance", de "Rezept", es "Graduación", nl "Recept"; before: "Brillenpass",
    // "Receta"; and a title a merchant may give it that names no prescription at all.
    for (const title of ['Prescription', 'Ordonnance', 'Rezept', 'Graduación', 'Recept', 'Brillenpass', 'Receta', 'Vos valeurs']) {
      const data: CustomiseLensProductQuery = {
        products: {
          items: [
            {
              __typename: 'SimpleProduct',
              uid: 'MQ==',
              sku: 'LN1002',
              name: 'Milo Round',
              url_key: 'milo-round',
              stock_status: 'IN_STOCK',
              small_image: null,
              price_range: { minimum_price: { final_price: { value: 104.01, currency: 'EUR' } } },
              lens_height: null,
              rim_type: null,
              lens_sph_min: null,
              lens_sph_max: null,
              lens_cyl_max: null,
              categories: [],
              options: [
                {
                  __typename: 'CustomizableAreaOption',
                  uid: 'o8',
                  title,
                  required: false,
                  sort_order: 8,
                  area_value: { uid: 'o8', price: 0, max_characters: 4000 },
                },
              ],
            },
          ],
          aggregations: [],
        },
        storeConfig: null,
      };
      expect(lensProductOf(data, 'milo-round').prescriptionOption, title).toEqual({ uid: 'o8', price: 0, maxCharacters: 4000 });
    }
  });

  it('maps a configurable frame with its custom options, variants and rim type', () => {
    const money = (value: number) => ({ minimum_price: { final_price: { value, currency: 'CAD' as const } } });
    const data: CustomiseLensProductQuery = {
      products: {
        items: [
          {
            __typename: 'ConfigurableProduct',
            uid: 'MQ==',
            sku: 'LN1001',
            name: 'Aurora Cat-Eye',
            url_key: 'aurora-cat-eye',
            stock_status: 'IN_STOCK',
            small_image: { url: '/media/a.png', label: null },
            price_range: money(176.73),
            lens_height: 26,
            rim_type: 322,
            lens_sph_min: -8,
            lens_sph_max: 6,
            lens_cyl_max: 3,
            categories: [{ uid: 'Mw==', url_path: 'eyeglasses' }],
            options: [
              {
                __typename: 'CustomizableRadioOption',
                uid: 'o1',
                title: 'Lens type',
                required: true,
                sort_order: 1,
                radio_values: [{ uid: 'v1', title: 'Progressive', price: 204.13, sort_order: 1 }],
              },
              {
                __typename: 'CustomizableRadioOption',
                uid: 'o2',
                title: 'Lens index',
                required: true,
                sort_order: 2,
                radio_values: [{ uid: 'v2', title: '1.61 Thin', price: 68.5, sort_order: 1 }],
              },
              {
                __typename: 'CustomizableCheckboxOption',
                uid: 'o3',
                title: 'Lens coatings',
                required: false,
                sort_order: 3,
                checkbox_values: [{ uid: 'v3', title: 'Anti-reflective', price: 34.25, sort_order: 1 }],
              },
              {
                __typename: 'CustomizableAreaOption',
                uid: 'o4',
                title: 'Prescription',
                required: false,
                sort_order: 4,
                area_value: { uid: 'o4', price: 0, max_characters: 4000 },
              },
            ],
            configurable_options: [{ uid: 'a1', attribute_code: 'color', label: 'Color', values: [{ uid: 'c1', label: 'Black', value_index: 1 }] }],
            variants: [
              {
                attributes: [{ uid: 'c1', code: 'color' }],
                product: { uid: 'Mg==', sku: 'LN1001-BLK-M', stock_status: 'IN_STOCK', small_image: null, price_range: money(176.73) },
              },
            ],
          },
        ],
        aggregations: [{ attribute_code: 'rim_type', options: [{ label: 'Rimless', value: '322' }] }],
      },
      storeConfig: { store_code: 'de', lunette_catalog_tax_percents: [19] },
    };
    const product = lensProductOf(data, 'aurora-cat-eye');
    // ADR 040: the taxes the view's catalog prices include, so the wizard's total is taxed as the cart line is.
    expect(product.taxPercents).toEqual([19]);
    expect(product.frame).toEqual({ lensHeight: 26, rimType: 'rimless', sphMin: -8, sphMax: 6, cylMax: 3, sunglasses: false });
    expect(product.usageOption?.values).toEqual([{ uid: 'v1', label: 'Progressive', price: 204.13, usage: 'PROGRESSIVE' }]);
    expect(product.indexOption?.values).toEqual([{ uid: 'v2', label: '1.61 Thin', price: 68.5, index: 1.61, material: 'high-index' }]);
    expect(product.coatingOption?.values).toEqual([{ uid: 'v3', label: 'Anti-reflective', price: 34.25, kind: 'anti-reflective' }]);
    expect(product.prescriptionOption).toEqual({ uid: 'o4', price: 0, maxCharacters: 4000 });
    expect(product.variants).toEqual([{ sku: 'LN1001-BLK-M', valueUids: ['c1'], price: 176.73, inStock: true, imageUrl: null }]);
    expect(() => lensProductOf({ products: { items: [], aggregations: [] }, storeConfig: null }, 'nope')).toThrow(shopFailureMessage('frameNotFound'));
  });
});
