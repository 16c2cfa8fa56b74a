import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import type { CartDetails, CartItemToAdd } from '../../machines/cart/cart.types';
import type { LensCartItem } from '../../machines/customise/customise.types';
import { CART_NOT_READY, cartPortOf } from './customise.actors';
import type { CustomiseLensProductQuery } from './customise.operations';
import { indexOfTitle, lensProductOf, rimTypeOfLabel, usageOfTitle } from './lens-product';

const ITEM: LensCartItem = {
  sku: 'LN1001-BLK-M',
  parentSku: 'LN1001',
  quantity: 1,
  selectedOptions: ['u-distance', 'i-150'],
  enteredOptions: [{ uid: 'opt-rx', value: '{"od":{}}' }],
};

function cartWith(addCartItem: (input: { cartId: string; item: unknown }) => Promise<unknown>) {
  const details: CartDetails = { id: 'cart-1', items: [], total_quantity: 0 };
  const machine = cartMachine.provide({
    actors: {
      createCart: fromPromise(async () => 'cart-1'),
      fetchCustomerCartId: fromPromise(async () => 'cart-1'),
      fetchCartDetails: fromPromise(async () => details),
      addCartItem: fromPromise<unknown, { cartId: string; item: CartItemToAdd }>(async ({ input }) => addCartItem(input)),
      updateCartItem: fromPromise<unknown, { cartId: string; itemUid: string; quantity: number }>(async () => true),
      removeCartItem: fromPromise<unknown, { cartId: string; itemUid: string }>(async () => true),
      mergeCarts: fromPromise(async () => ({ cartId: 'cart-1' })),
    },
    actions: { saveCartId: () => {}, clearCartId: () => {}, reloadPage: () => {}, notifyMergeFailed: () => {}, requestSignOut: () => {} },
  });
  const cart = createActor(machine, { input: { cartId: 'cart-1', isSignedIn: false } });
  cart.start();
  return cart;
}

describe('customise services: the cart port', () => {
  it('adds the lens line through the cart machine, entered options included', async () => {
    const sent: unknown[] = [];
    const cart = cartWith(async ({ item }) => sent.push(item));
    await expect(cartPortOf(cart).add(ITEM, null)).resolves.toBe(true);
    expect(sent).toEqual([{ sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 1, selectedOptions: ['u-distance', 'i-150'], enteredOptions: [{ uid: 'opt-rx', value: '{"od":{}}' }] }]);
  });

  it('rejects with the cart’s own error when the add fails', async () => {
    const cart = cartWith(async () => {
      throw { message: 'The requested qty is not available', graphQLErrors: [{ message: 'The requested qty is not available' }] };
    });
    await expect(cartPortOf(cart).add(ITEM, null)).rejects.toMatchObject({ message: 'The requested qty is not available' });
  });

  it('says the cart is not ready when it never becomes ready', async () => {
    const cart = cartWith(async () => true);
    cart.send({ type: 'cart.reset' });
    await expect(cartPortOf(cart, 10).add(ITEM, null)).rejects.toThrow(CART_NOT_READY);
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
    expect(rimTypeOfLabel('Semi-rimless')).toBe('semi-rimless');
    expect(rimTypeOfLabel('Rimless')).toBe('rimless');
  });

  it('maps a configurable frame with its custom options, variants and rim type', () => {
    const money = (value: number) => ({ minimum_price: { final_price: { value, currency: 'CAD' } } });
    const data: CustomiseLensProductQuery = {
      products: {
        items: [
          {
            __typename: 'ConfigurableProduct',
            uid: 'MQ==',
            sku: 'LN1001',
            name: 'Aurora Cat-Eye',
            url_key: 'aurora-cat-eye',
            small_image: { url: '/media/a.png', label: null },
            price_range: money(176.73),
            lens_height: 26,
            rim_type: 322,
            lens_sph_min: -8,
            lens_sph_max: 6,
            lens_cyl_max: 3,
            options: [
              { __typename: 'CustomizableRadioOption', uid: 'o1', title: 'Lens usage', required: true, sort_order: 1, radio_values: [{ uid: 'v1', title: 'Progressive', price: 204.13, sort_order: 1 }] },
              { __typename: 'CustomizableRadioOption', uid: 'o2', title: 'Lens index', required: true, sort_order: 2, radio_values: [{ uid: 'v2', title: '1.61 Thin', price: 68.5, sort_order: 1 }] },
              { __typename: 'CustomizableCheckboxOption', uid: 'o3', title: 'Lens coatings', required: false, sort_order: 3, checkbox_values: [{ uid: 'v3', title: 'Anti-reflective', price: 34.25 }] },
              { __typename: 'CustomizableAreaOption', uid: 'o4', title: 'Prescription', required: false, sort_order: 4, area_value: { uid: 'o4', price: 0, max_characters: 4000 } },
            ],
            configurable_options: [{ uid: 'a1', attribute_code: 'color', label: 'Color', values: [{ uid: 'c1', label: 'Black' }] }],
            variants: [{ attributes: [{ uid: 'c1', code: 'color' }], product: { uid: 'Mg==', sku: 'LN1001-BLK-M', stock_status: 'IN_STOCK', price_range: money(176.73) } }],
          },
        ],
        aggregations: [{ attribute_code: 'rim_type', options: [{ label: 'Rimless', value: '322' }] }],
      },
    };
    const product = lensProductOf(data, 'aurora-cat-eye');
    expect(product.frame).toEqual({ lensHeight: 26, rimType: 'rimless', sphMin: -8, sphMax: 6, cylMax: 3 });
    expect(product.usageOption?.values).toEqual([{ uid: 'v1', label: 'Progressive', price: 204.13, usage: 'PROGRESSIVE' }]);
    expect(product.indexOption?.values).toEqual([{ uid: 'v2', label: '1.61 Thin', price: 68.5, index: 1.61, material: 'high-index' }]);
    expect(product.coatingOption?.values).toEqual([{ uid: 'v3', label: 'Anti-reflective', price: 34.25 }]);
    expect(product.prescriptionOption).toEqual({ uid: 'o4', price: 0, maxCharacters: 4000 });
    expect(product.variants).toEqual([{ sku: 'LN1001-BLK-M', valueUids: ['c1'], price: 176.73, inStock: true }]);
    expect(() => lensProductOf({ products: { items: [], aggregations: [] } }, 'nope')).toThrow('Could not find a frame at "nope".');
  });
});
