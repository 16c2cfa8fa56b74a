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
