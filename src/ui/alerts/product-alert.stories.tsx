import preview from '../../../.storybook/preview';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { LinkRequestActor } from '../../machines/link-request/link-request.machine';
import { useInspectedSystem } from '../inspector';
import { ProductAlertOutcome, ProductAlertPage } from './product-alert-page';
import { ProductAlertView } from './product-alert-view';
import { RoutedStory } from '../shared/link-page/story-routing';
import { PriceAlertButton, StockAlertButton } from './stock-alert-button';
import { signedOut, slow } from '../shared/story-fixtures';

const signedIn = {
  value: { auth: { signedIn: { details: 'received', expiry: 'measuring' } }, passwordReset: 'idle' },
  context: { tokenRecord: { value: 'story-token-the-backend-does-not-know', timeStored: 0, ttl: 3600 } },
};

/** Spec §2 /stock and /price: every state of the subscription page, and the "Notify me" controls. */
const meta = preview.meta({
  title: 'Eyewear/Alerts/Product alert',
  component: ProductAlertView,
  args: { type: 'STOCK' as const, state: { status: 'subscribing' as const } },
});

export const Subscribing = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Back-in-stock alert' })).toBeVisible();
    await expect(await canvas.findByText('Setting up your alert…')).toBeInTheDocument();
  },
});

export const Subscribed = meta.story({
  args: { state: { status: 'subscribed', productName: 'Milo Round Tortoise S', productPath: '/milo-round.html' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const title = "We'll email you when Milo Round Tortoise S is back in stock";
    await expect(await canvas.findByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(await canvas.findByRole('status')).toHaveTextContent(title);
    await expect(await canvas.findByRole('link', { name: 'Back to Milo Round Tortoise S' })).toHaveAttribute('href', '/milo-round.html');
  },
});

export const PriceSubscribedOnPhone = meta.story({
  args: { type: 'PRICE', state: { status: 'subscribed', productName: 'Juno Aviator', productPath: '/juno-aviator.html' } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: "We'll email you when the price of Juno Aviator drops" })).toBeVisible();
  },
});

export const BadLink = meta.story({
  args: { state: { status: 'badLink' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: "This alert link doesn't name a product" })).toBeVisible();
  },
});

export const UnknownProduct = meta.story({
  args: { state: { status: 'unknownProduct', sku: 'LN9999' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No product has the reference LN9999. It may have been removed from the shop.')).toBeVisible();
  },
});

export const ShopUnreachable = meta.story({
  tags: ['shows-error'],
  args: { state: { status: 'error', message: 'The shop could not be reached. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "We couldn't set up your alert" })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Try again' }));
    await expect((args.state as { onRetry: () => void }).onRetry).toHaveBeenCalledOnce();
  },
});

/** The real page, signed out: it sends the shopper to /sign-in and remembers where they were going. */
export const SignedOutRedirectsToSignIn = meta.story({
  parameters: { shop: { route: '/stock?product=LN1002-TRT-S&parent=LN1002', machines: { session: signedOut } } },
  render: () => (
    <RoutedStory path="/stock">
      <ProductAlertPage type="STOCK" />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Then back to: /stock?product=LN1002-TRT-S&parent=LN1002')).toBeVisible();
  },
});

/** The real page and backend with a token the backend refuses (an ended session): sign in again. */
export const SessionEndedSignInAgain = meta.story({
  parameters: { shop: { route: '/price?product=LN1005', machines: { session: signedIn } } },
  render: () => (
    <RoutedStory path="/price">
      <ProductAlertPage type="PRICE" />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Please sign in again' }, slow)).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  },
});

/** The "Notify me" controls the product page places for an out-of-stock product. */
export const NotifyMeButtons = meta.story({
  render: () => (
    <div style={{ display: 'flex', gap: '1rem', flexWrap: 'wrap', padding: '1rem' }}>
      <StockAlertButton sku="LN1002-TRT-S" parentSku="LN1002" productName="Milo Round Tortoise S" />
      <PriceAlertButton sku="LN1005" productName="Juno Aviator" />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Notify me when back in stock: Milo Round Tortoise S' })).toHaveAttribute(
      'href',
      '/stock?product=LN1002-TRT-S&parent=LN1002',
    );
    await expect(await canvas.findByRole('link', { name: 'Notify me of a price drop: Juno Aviator' })).toHaveAttribute('href', '/price?product=LN1005');
  },
});

/** The page's link machine (`linkRequest`) in each of its states, shown by the page's own outcome view. */
const AlertOutcome = () => (
  <ProductAlertOutcome type="STOCK" sku="LN1002-TRT-S" from="/stock?product=LN1002-TRT-S" actor={useInspectedSystem().actors.linkRequest as LinkRequestActor} />
);
const alertLink = (value: string, context: Record<string, unknown> = {}) => ({
  shop: { route: '/stock?product=LN1002-TRT-S', machines: { linkRequest: { value, context } } },
});

export const MachineRequesting = meta.story({
  render: () => <AlertOutcome />,
  parameters: alertLink('requesting'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Setting up your alert…')).toBeInTheDocument();
  },
});

export const MachineDone = meta.story({
  render: () => <AlertOutcome />,
  parameters: alertLink('done', { answer: { productName: 'Milo Round Tortoise S', productPath: '/milo-round.html' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "We'll email you when Milo Round Tortoise S is back in stock" })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Back to Milo Round Tortoise S' })).toHaveAttribute('href', '/milo-round.html');
  },
});

export const MachineRefusedUnknownProduct = meta.story({
  render: () => <AlertOutcome />,
  parameters: alertLink('refused', { refusal: 'unknownProduct' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No product has the reference LN1002-TRT-S. It may have been removed from the shop.')).toBeVisible();
  },
});

export const MachineRefusedSignInAgain = meta.story({
  render: () => <AlertOutcome />,
  parameters: alertLink('refused', { refusal: 'signInAgain' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Please sign in again' })).toBeVisible();
  },
});

/** The shop could not be reached: "Try again" sends `link.retry`, and the page is setting up the alert again. */
export const MachineFailedThenRetry = meta.story({
  tags: ['shows-error'],
  render: () => <AlertOutcome />,
  parameters: alertLink('failed', { detail: null }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The shop could not be reached. Check your connection and try again.')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('Setting up your alert…')).toBeInTheDocument();
  },
});
