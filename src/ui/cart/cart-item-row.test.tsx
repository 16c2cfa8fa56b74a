// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CartItemRow } from './cart-item-row';
import { auroraLine } from '../shared/stories/cart-story-data';

const tortoiseLine = {
  ...auroraLine,
  configurable_options: auroraLine.configurable_options!.map((option) =>
    option.option_label === 'Color' ? { ...option, value_label: 'Tortoise', value_id: 51 } : option,
  ),
  configured_variant: {
    uid: 'Mw==',
    sku: 'LN1001-TRT-M',
    thumbnail: { url: '/media/catalog/product/a/u/aurora-cat-eye-tortoise-front.png' },
    small_image: { url: '/media/catalog/product/a/u/aurora-cat-eye-tortoise-front.png', label: null },
  },
};

function imageOf(line: typeof auroraLine) {
  const { container } = render(
    <IntlProvider locale="en">
      <MemoryRouter>
        <CartItemRow item={line} lensOptions={[]} busy={false} changing={false} onQuantityChange={() => undefined} onRemove={() => undefined} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return container.querySelector('img')?.getAttribute('src') ?? '';
}

describe('cart line picture (spec §2 Cart page: items)', () => {
  it('a configurable line shows the chosen colour, not the parent frame’s first picture', () => {
    expect(imageOf(tortoiseLine)).toContain('aurora-cat-eye-tortoise-front.png');
  });

  it('a line without a chosen variant shows its product’s picture', () => {
    expect(imageOf({ ...auroraLine, configured_variant: null })).toContain('aurora-cat-eye-black-front.png');
  });
});

describe('cart line prices as the store view shows them (ADR 040; spec §3 "Cart item": prices)', () => {
  // A de line: 118.68 € before VAT, 141.23 € with its 19 % (Magento's price_including_tax, row_total_including_tax).
  const deLine = {
    ...auroraLine,
    quantity: 2,
    prices: {
      price: { value: 118.68, currency: 'EUR' },
      row_total: { value: 237.36 },
      price_including_tax: { value: 141.23 },
      row_total_including_tax: { value: 282.46 },
      total_item_discount: { value: 0 },
    },
  };
  const textOf = (pricesIncludeTax: boolean) =>
    render(
      <IntlProvider locale="de-DE">
        <MemoryRouter>
          <CartItemRow item={deLine} lensOptions={[]} busy={false} changing={false} onQuantityChange={() => undefined} pricesIncludeTax={pricesIncludeTax} />
        </MemoryRouter>
      </IntlProvider>,
    ).container.textContent ?? '';

  it('a view showing cart prices with tax lists the unit price and row total with their VAT, as its totals do', () => {
    const text = textOf(true);
    expect(text).toContain('141,23');
    expect(text).toContain('282,46');
    expect(text).not.toContain('118,68');
    expect(text).not.toContain('237,36');
  });

  it('a view showing cart prices without tax lists Magento’s price and row total', () => {
    const text = textOf(false);
    expect(text).toContain('118,68');
    expect(text).toContain('237,36');
    expect(text).not.toContain('141,23');
  });
});
