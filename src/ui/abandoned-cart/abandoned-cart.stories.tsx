import preview from '../../../.storybook/preview';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RoutedStory } from '../shared/link-page/story-routing';
import type { LinkRequestActor } from '../../machines/link-request/link-request.machine';
import { useInspectedSystem } from '../inspector';
import { AbandonedCartPage, CartRestoreOutcome } from './abandoned-cart-page';
import { AbandonedCartView } from './abandoned-cart-view';
import { signedOut, slow } from '../shared/story-fixtures';

const LINK = '/abandonedcart/checkout/cart/id/:id/token/:token';

/** Spec §2 abandoned-cart link: restoring, restored, and every way it keeps the current cart. */
const meta = preview.meta({
  title: 'Eyewear/Abandoned cart',
  component: AbandonedCartView,
  args: { state: { status: 'restoring' as const } },
});

export const Restoring = meta.story({
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Bringing back your cart…')).toBeInTheDocument();
  },
});

export const Restored = meta.story({
  args: { state: { status: 'restored' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Your cart is back' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Open your cart' })).toHaveAttribute('href', '/cart');
  },
});

/** The real page and backend: the seeded cart's id with a wrong token. Nothing is written. */
export const WrongToken = meta.story({
  parameters: { shop: { route: '/abandonedcart/checkout/cart/id/1/token/not0the0right0token/', machines: { session: signedOut } } },
  render: () => (
    <RoutedStory path={LINK}>
      <AbandonedCartPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'This cart link has expired or is not valid' }, slow)).toBeVisible();
    await expect(await canvas.findByText('Your current cart has not changed.', { exact: true })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'View your current cart' })).toHaveAttribute('href', '/cart');
  },
});

export const WrongTokenOnPhone = meta.story({ ...WrongToken.input, globals: { viewport: { value: 'phone' } } });

export const Unavailable = meta.story({
  args: { state: { status: 'unavailable' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'This cart is no longer available' })).toBeVisible();
  },
});

export const SignInNeeded = meta.story({
  args: { state: { status: 'signInNeeded', from: '/abandonedcart/checkout/cart/id/7/token/abc/' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Sign in to restore this cart' })).toBeVisible();
  },
});

export const ShopUnreachable = meta.story({
  tags: ['shows-error'],
  args: { state: { status: 'error', message: 'The shop could not be reached. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "We couldn't restore your cart yet" })).toBeVisible();
    // One sentence says what failed: the generic words do not stand above it.
    await expect(canvas.getByText('The shop could not be reached. Check your connection and try again.')).toBeVisible();
    await expect(canvas.queryByText('Something went wrong. Sorry about that.')).toBeNull();
    await userEvent.click(await canvas.findByRole('button', { name: 'Try again' }));
    await expect((args.state as { onRetry: () => void }).onRetry).toHaveBeenCalledOnce();
  },
});

/** The cart link's machine (`linkRequest`), shown by the page's own outcome view (which stays put: the page goes to /cart once done). */
const Outcome = () => (
  <CartRestoreOutcome
    actor={useInspectedSystem().actors.linkRequest as LinkRequestActor}
    from="/abandonedcart/checkout/cart/id/7/token/abc/"
    goToCart={false}
  />
);
const cartLink = (value: string, context: Record<string, unknown> = {}) => ({
  shop: { route: '/abandonedcart/checkout/cart/id/7/token/abc/', machines: { linkRequest: { value, context } } },
});

export const MachineRestoring = meta.story({
  render: () => <Outcome />,
  parameters: cartLink('requesting'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Bringing back your cart…')).toBeInTheDocument();
  },
});

export const MachineRestored = meta.story({
  render: () => <Outcome />,
  parameters: cartLink('done', { answer: { productName: null, productPath: null } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Your cart is back' })).toBeVisible();
  },
});

export const MachineCartOrdered = meta.story({
  render: () => <Outcome />,
  parameters: cartLink('refused', { refusal: 'unavailable' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'This cart is no longer available' })).toBeVisible();
  },
});

export const MachineSignInNeeded = meta.story({
  render: () => <Outcome />,
  parameters: cartLink('refused', { refusal: 'signInNeeded' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Sign in to restore this cart' })).toBeVisible();
  },
});

/** The shop could not be reached: "Try again" sends `link.retry`, and the cart is being restored again. */
export const MachineUnreachableThenRetry = meta.story({
  tags: ['shows-error'],
  render: () => <Outcome />,
  parameters: cartLink('failed', { detail: null }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "We couldn't restore your cart yet" })).toBeVisible();
    // One sentence says what failed: the generic words do not stand above it.
    await expect(canvas.getByText('The shop could not be reached. Check your connection and try again.')).toBeVisible();
    await expect(canvas.queryByText('Something went wrong. Sorry about that.')).toBeNull();
    await userEvent.click(await canvas.findByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Bringing back your cart…')).toBeInTheDocument();
  },
});
