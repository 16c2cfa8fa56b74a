import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { CartTrigger } from './cart-trigger';
import { cartWithAurora, emptyCart } from '../shared/stories/cart-story-data';

/** The header's cart button and the mini cart drawer it opens (app machine drawer 'cart'). */
const meta = preview.meta({
  title: 'Cart/Mini cart',
  component: CartTrigger,
});

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const ClosedWithCount = meta.story({
  parameters: { shop: { machines: { cart: { value: 'ready', context: { details: cartWithAurora } }, app: { value: { drawer: 'closed' } } } } },
  play: async ({ canvasElement }) => {
    const trigger = await within(canvasElement).findByRole('button', { name: 'Cart, 1 item' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    await expect(await body(canvasElement).findByRole('dialog', { name: 'Your cart' })).toBeVisible();
  },
});

export const Open = meta.story({
  parameters: {
    shop: { machines: { cart: { value: 'ready', context: { details: cartWithAurora } }, app: { value: { drawer: 'open' }, context: { drawer: 'cart' } } } },
  },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Your cart' });
    await expect(await within(dialog).findByRole('link', { name: 'Aurora Cat-Eye' })).toBeVisible();
    await expect(await within(dialog).findByText('Quantity: 1')).toBeVisible();
    await expect(await within(dialog).findByRole('link', { name: 'Proceed to checkout' })).toBeVisible();
    await expect(await within(dialog).findByRole('link', { name: 'Edit cart' })).toBeVisible();
  },
});

export const OpenOnPhone = meta.story({ ...Open.input, globals: { viewport: { value: 'phone' } } });

export const OpenEmpty = meta.story({
  parameters: {
    shop: { machines: { cart: { value: 'ready', context: { details: emptyCart } }, app: { value: { drawer: 'open' }, context: { drawer: 'cart' } } } },
  },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Your cart' });
    await expect(await within(dialog).findByText('There are no items in your cart.')).toBeVisible();
  },
});

export const OpenWhileLoading = meta.story({
  parameters: { shop: { machines: { cart: { value: 'loadingDetails' }, app: { value: { drawer: 'open' }, context: { drawer: 'cart' } } } } },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Your cart' });
    await expect(await within(dialog).findByText('Loading your cart…')).toBeInTheDocument();
  },
});
