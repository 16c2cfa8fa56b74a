import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ProductPrice } from './price';

/**
 * A product's price as every listing and product page shows it: the final price in the store
 * view's currency and the shopper's locale, and on a sale the regular price struck through.
 */
const meta = preview.meta({
  title: 'Shared/Product price',
  component: ProductPrice,
  // The component library: a Docs page of its properties; Controls for the amounts and the currency.
  tags: ['autodocs'],
  args: {
    price: { final_price: { value: 95, currency: 'CAD' }, regular_price: { value: 95, currency: 'CAD' } },
    labelSale: true,
  },
  argTypes: {
    price: { control: 'object', description: "Magento's `price_range.minimum_price`: final and regular price, each a value and a currency code" },
    labelSale: { control: 'boolean', description: 'Names a sale\'s final price "Sale price" to screen readers' },
  },
});

export const FullPrice = meta.story({
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('$95.00')).toBeVisible();
    await expect(canvasElement.querySelector('s, del')).toBeNull();
  },
});

export const OnSale = meta.story({
  args: { price: { final_price: { value: 76, currency: 'CAD' }, regular_price: { value: 95, currency: 'CAD' } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('$76.00')).toBeVisible();
    await expect(await canvas.findByText('$95.00')).toBeVisible();
    await expect(await canvas.findByText('Sale price')).toBeInTheDocument();
  },
});

export const InEuros = meta.story({
  args: { price: { final_price: { value: 129.5, currency: 'EUR' }, regular_price: { value: 129.5, currency: 'EUR' } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('€129.50')).toBeVisible();
  },
});
