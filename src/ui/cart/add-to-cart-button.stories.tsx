import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { AddToCartButton } from './add-to-cart-button';
import { AddToWishlistButton } from '../wishlist';
import { cartWithAurora } from '../shared/stories/cart-story-data';
import { signedOut } from '../shared/story-fixtures';

const aurora = { sku: 'LN1001-BLK-M', parentSku: 'LN1001', quantity: 1, selectedOptions: ['Y29uZmlndXJhYmxlLzkzLzUw', 'Y29uZmlndXJhYmxlLzE0NC8xNzI='] };

/** The product page's "Add to cart" (spec §4 "Add item") and "Add to wishlist". */
const meta = preview.meta({
  title: 'Cart/Add to cart',
  component: AddToCartButton,
  args: { item: aurora },
});

const ready = { cart: { value: 'ready', context: { details: cartWithAurora } } };

export const Ready = meta.story({
  parameters: { shop: { machines: ready } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add to cart' }));
    // The cart's effects never settle in a story: it stays adding.
    await expect(await canvas.findByRole('button', { name: 'Adding…' })).toBeDisabled();
  },
});

export const ChooseOptionsFirst = meta.story({
  args: { item: null, chooseFirstMessage: 'Choose a colour and a size' },
  parameters: { shop: { machines: ready } },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: 'Add to cart' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Choose a colour and a size');
  },
});

export const Adding = meta.story({
  parameters: {
    shop: { machines: { cart: { value: { addingItem: 'mutating' }, context: { details: cartWithAurora, operation: { kind: 'addItem', item: aurora } } } } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Adding…' })).toBeDisabled();
  },
});

/** The outcome is the cart machine's (`lastAddition`); the button only shows it. */
export const Added = meta.story({
  parameters: {
    shop: { machines: { cart: { value: 'ready', context: { details: cartWithAurora, lastAddition: { item: aurora, outcome: 'added', error: null } } } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Added to your cart.');
    await expect(await canvas.findByRole('link', { name: 'View cart' })).toBeVisible();
  },
});

/** A refused item says why, next to the button; the button stays usable. */
export const Refused = meta.story({
  parameters: {
    shop: {
      machines: {
        cart: {
          value: 'ready',
          context: { details: cartWithAurora, lastAddition: { item: aurora, outcome: 'failed', error: { message: 'The requested qty is not available' } } },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The requested qty is not available');
    await expect(await canvas.findByRole('button', { name: 'Add to cart' })).toBeEnabled();
  },
});

/** An add made while the cart loads is kept and sent once it is ready, so the button stays enabled. */
export const WhileCartLoads = meta.story({
  parameters: { shop: { machines: { cart: { value: 'loadingDetails' } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Add to cart' })).toBeEnabled();
  },
});

export const WishlistForGuest = meta.story({
  render: () => <AddToWishlistButton sku="LN1001" />,
  parameters: { shop: { machines: { session: signedOut } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Sign in to save this frame to your wishlist' })).toBeVisible();
  },
});

export const WishlistSignedIn = meta.story({
  render: () => <AddToWishlistButton sku="LN1001" />,
  parameters: {
    shop: {
      machines: {
        session: {
          value: { auth: { signedIn: { details: 'received', expiry: 'unlimited' } }, passwordReset: 'idle' },
          context: { tokenRecord: { value: 'story-token', timeStored: 0 }, currentUser: { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' } },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Add to wishlist' })).toBeEnabled();
  },
});
