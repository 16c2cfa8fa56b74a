import { describe, expect, it } from 'vitest';
import type { WishlistItem } from '../../machines/wishlist/wishlist.machine';
import { pictureOf } from './wishlist-item-card';

const TORTOISE = 'Y29uZmlndXJhYmxlLzkzLzUx';
const ROSE = 'Y29uZmlndXJhYmxlLzkzLzUy';
const M = 'Y29uZmlndXJhYmxlLzk0LzYx';
const variant = (color: number, size: number, url: string) => ({
  attributes: [
    { code: 'color', value_index: color },
    { code: 'size', value_index: size },
  ],
  product: { small_image: { url } },
});

/** Milo Round, its own picture rose; saved with the options given. */
const milo = (saved: string[], configured: string | null = null): WishlistItem => ({
  id: '1',
  product: {
    uid: 'Mg==',
    name: 'Milo Round',
    sku: 'LN1002',
    small_image: { url: 'milo-rose.png' },
    configurable_options: [
      {
        attribute_code: 'color',
        values: [
          { uid: ROSE, value_index: 52 },
          { uid: TORTOISE, value_index: 51 },
        ],
      },
      { attribute_code: 'size', values: [{ uid: M, value_index: 61 }] },
    ],
    variants: [variant(52, 61, 'milo-rose.png'), variant(51, 61, 'milo-tortoise.png')],
  },
  configurable_options: saved.map((uid) => ({ configurable_product_option_value_uid: uid, option_label: 'Colour', value_label: uid })),
  configured_variant: configured ? { sku: 'LN1002-TOR-M', small_image: { url: configured } } : null,
});

describe('the wishlist card picture (spec §3 Wishlist, ADR 029: a partial choice is kept)', () => {
  it('a colour saved without its size shows that colour’s picture, as the product page does', () => {
    expect(pictureOf(milo([TORTOISE]))).toBe('milo-tortoise.png');
  });

  it('a saved variant shows its own picture', () => {
    expect(pictureOf(milo([TORTOISE, M], 'variant-tortoise.png'))).toBe('variant-tortoise.png');
  });

  it('a frame saved without a colour shows the frame’s own picture', () => {
    expect(pictureOf(milo([]))).toBe('milo-rose.png');
  });

  it('a colour no variant pictures falls back to the frame’s own picture', () => {
    const item = milo([TORTOISE]);
    expect(pictureOf({ ...item, product: { ...item.product, variants: [variant(51, 61, '')].map((v) => ({ ...v, product: { small_image: null } })) } })).toBe(
      'milo-rose.png',
    );
  });
});
