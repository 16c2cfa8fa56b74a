import { describe, expect, it } from 'vitest';
import { lensWizardPathOfFrame, productPathOfFrame, sizesOf, tryOnProductsOf, type TryOnProductItem } from './try-on.operations';

const variant = (colour: [string, number], size: [string, number], widthMm: number) => ({
  attributes: [
    { code: 'color', label: colour[0], value_index: colour[1] },
    { code: 'size', label: size[0], value_index: size[1] },
  ],
  product: { uid: `${colour[0]}-${size[0]}`, sku: `LN1002-${colour[0]}-${size[0]}`, frame_width: widthMm, tryon_image: { url: `/media/${colour[0]}.png` } },
});

const MILO = {
  __typename: 'ConfigurableProduct',
  uid: 'MILO',
  sku: 'LN1002',
  name: 'Milo Round',
  url_key: 'milo-round',
  url_suffix: '.html',
  frame_width: 133,
  tryon_image: null,
  variants: [
    variant(['Tortoise', 49], ['S', 61], 128),
    variant(['Tortoise', 49], ['M', 62], 133),
    variant(['Tortoise', 49], ['L', 63], 138),
    variant(['Crystal', 50], ['M', 62], 133),
  ],
} as unknown as TryOnProductItem;

describe('try-on frames (every colour and size, and the way to buy the frame tried)', () => {
  it('one entry per colour at the standard size; the sizes of a colour, narrowest first', () => {
    const [milo] = tryOnProductsOf([MILO]);
    expect(milo!.colours.map((c) => [c.colour, c.size, c.widthMm])).toEqual([
      ['Tortoise', 'M', 133],
      ['Crystal', 'M', 133],
    ]);
    expect(sizesOf(milo!, milo!.colours[0]!).map((s) => s.size)).toEqual(['S', 'M', 'L']);
    expect(sizesOf(milo!, milo!.colours[1]!).map((s) => s.size)).toEqual(['M']);
  });

  it('the colour and size tried go to the lens wizard ("Choose your lenses") and to the product page', () => {
    const [milo] = tryOnProductsOf([MILO]);
    const large = sizesOf(milo!, milo!.colours[0]!)[2]!;
    expect(lensWizardPathOfFrame(large)).toBe('/customize/milo-round?color=49&size=63');
    expect(productPathOfFrame(large)).toBe('/milo-round.html?color=49&size=63');
    expect(lensWizardPathOfFrame({ ...large, urlKey: null })).toBeNull();
  });
});
