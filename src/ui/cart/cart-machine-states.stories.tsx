import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { CartPage } from './cart-page';
import { cartPageWith, cartWithAurora } from '../shared/stories/cart-story-data';

/**
 * The cart page in the cart machine's states added for spec §4 (`cart.adopt`: a restored abandoned
 * cart or a payment's cart taken without a reload) and spec §7 (GetCartDetailsAfterSignIn after the
 * sign-in merge). Effects never settle in a story: each stays in its state.
 */
const meta = preview.meta({
  title: 'Cart/Cart machine states',
  component: CartPage,
  parameters: { shop: { route: '/cart' } },
});

/** Spec §4 cart.adopt: the adopted cart's details (and the spec §6 check) are on their way; nothing of the old cart shows. */
export const AdoptingRestoredCart = meta.story({
  parameters: cartPageWith({ value: 'adopting', context: { cartId: 'restored-cart', details: null } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading your cart…')).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Aurora Cat-Eye' })).toBeNull();
  },
});

/** Spec §7: after the merge, the customer's cart is read with GetCartDetailsAfterSignIn; the lines already shown stay. */
export const LoadingDetailsAfterSignIn = meta.story({
  parameters: cartPageWith({ value: 'loadingDetailsAfterSignIn', context: { cartId: 'customer-cart', isSignedIn: true, details: cartWithAurora } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Aurora Cat-Eye' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
});

/** The machine reaches `adopting` from a ready cart through the `cart.adopt` event. */
export const AdoptEventFromReady = meta.story({
  parameters: cartPageWith({
    value: 'ready',
    context: { cartId: 'current-cart', details: cartWithAurora },
    events: [{ type: 'cart.adopt', cartId: 'restored-cart' }],
  }),
  play: AdoptingRestoredCart.input.play,
});
