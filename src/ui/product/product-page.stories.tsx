import preview from '../../../.storybook/preview';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ProductPage } from './product-page';
import { ProductShimmer } from './product-shimmer';
import { slow } from '../shared/story-fixtures';

/** Product page (spec §2 fallback → product) on the backend's Milo Round frame (colour and size variants). */
const meta = preview.meta({
  title: 'Product/Product page',
  component: ProductPage,
  args: { urlKey: 'milo-round' },
  parameters: { shop: { route: '/milo-round.html' } },
  decorators: [
    (Story) => (
      <main style={{ padding: '1rem' }}>
        <Story />
      </main>
    ),
  ],
});

const mainImage = (canvasElement: HTMLElement) => canvasElement.querySelector('img[fetchpriority="high"]');

export const Filled = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Milo Round' }, slow)).toBeVisible();
    await expect(await canvas.findByText('$130.15')).toBeVisible();
    await expect(await canvas.findByRole('status')).toHaveTextContent('In stock');
    await expect(await canvas.findByRole('group', { name: 'Colour' })).toBeVisible();
    await expect(await canvas.findByRole('radio', { name: 'Tortoise' })).not.toBeChecked();
    await expect((await canvas.findByText('Lens width')).nextElementSibling).toHaveTextContent('51 mm');
    await expect(await canvas.findByRole('link', { name: 'Choose your lenses' })).toHaveAttribute('href', '/customize/milo-round');
    await expect(await canvas.findByRole('link', { name: 'Try them on' })).toHaveAttribute('href', '/try-on-glasses?sku=LN1002');
    // spec §9: responsive images at the spec widths, WebP, 0.8 ratio; only the first loads eagerly
    const first = mainImage(canvasElement)!;
    await expect(first.getAttribute('srcset')).toContain('auto=webp');
    await expect(first.getAttribute('srcset')).toContain('width=320&height=400');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(canvasElement.querySelectorAll('img[loading="lazy"]').length).toBeGreaterThan(0);
    // description is sanitised HTML from the backend
    await expect(await canvas.findByRole('heading', { name: 'About this frame' })).toBeVisible();
  },
});

export const Phone = meta.story({ ...Filled.input, globals: { viewport: { value: 'phone' } } });

/** Picking a colour switches the images; a size then settles the stock status of that variant. */
export const PickingColourAndSize = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Crystal' }, slow));
    await expect(await canvas.findByRole('group', { name: 'Colour: Crystal' })).toBeVisible();
    await waitFor(() => expect(mainImage(canvasElement)).toHaveAttribute('alt', 'Milo Round in crystal, front view'));
    await userEvent.click(await canvas.findByRole('radio', { name: 'L' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('In stock');
    await expect((await canvas.findByText('Lens width')).nextElementSibling).toHaveTextContent('53 mm');
    // The lens wizard starts with this colour and size.
    await expect((await canvas.findByRole('link', { name: 'Choose your lenses' })).getAttribute('href')).toMatch(
      /^\/customize\/milo-round\?color=\d+&size=\d+$/,
    );
  },
});

/** Tortoise in size S is out of stock: the size says so before it is picked, and the status after. */
export const OutOfStockVariant = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Tortoise' }, slow));
    await expect(await canvas.findByRole('radio', { name: 'S (out of stock)' })).not.toBeChecked();
    await userEvent.click(await canvas.findByRole('radio', { name: 'S (out of stock)' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Out of stock in this colour and size');
    // No lens wizard for it, and the reason is shown and tied to the button.
    await expect(canvas.queryByRole('link', { name: 'Choose your lenses' })).toBeNull();
    const choose = await canvas.findByRole('button', { name: 'Choose your lenses' });
    await expect(choose).toBeDisabled();
    await expect(choose).toHaveAccessibleDescription('Lenses cannot be fitted to an out-of-stock colour and size: choose another one.');
    await userEvent.click(await canvas.findByRole('radio', { name: 'M' }));
    await expect(await canvas.findByRole('link', { name: 'Choose your lenses' })).toBeVisible();
  },
});

export const InFrenchInEuros = meta.story({
  parameters: { shop: { route: '/milo-round.html', storeCode: 'fr', locale: 'fr-FR' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Milo Round' }, slow)).toBeVisible();
    await expect(await canvas.findByText(/€/)).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'Mesures de la monture' })).toBeVisible();
  },
});

export const UnknownProduct = meta.story({
  args: { urlKey: 'no-such-frame' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: /doesn't exist/ }, slow)).toBeVisible();
  },
});

export const Loading = meta.story({
  render: () => <ProductShimmer />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Loading the product…');
  },
});
