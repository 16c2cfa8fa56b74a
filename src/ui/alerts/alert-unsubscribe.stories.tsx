import preview from '../../../.storybook/preview';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { LinkRequestActor } from '../../machines/link-request/link-request.machine';
import { useInspectedSystem } from '../inspector';
import { ProductAlertUnsubscribePage, UnsubscribeByIdPage, UnsubscriptionOutcome } from './alert-unsubscribe-page';
import { AlertUnsubscribeView } from './alert-unsubscribe-view';
import { RoutedStory } from '../shared/link-page/story-routing';
import { signedOut, slow } from '../shared/story-fixtures';

const LONG_LINK = '/productalert/unsubscribe/:action/product/:product/product_id/:productId/hash/:hash/type/:type';

/** Spec §2 unsubscribe links: done, the link does not work, sign in first, or the shop cannot be reached. */
const meta = preview.meta({
  title: 'Eyewear/Alerts/Unsubscribe',
  component: AlertUnsubscribeView,
  args: { state: { status: 'working' as const } },
});

export const Working = meta.story({
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Unsubscribing…')).toBeInTheDocument();
  },
});

export const Unsubscribed = meta.story({
  args: { state: { status: 'unsubscribed', productName: 'Milo Round Tortoise S' } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: "You won't get alerts about Milo Round Tortoise S any more" }),
    ).toBeVisible();
  },
});

export const UnsubscribedOnPhone = meta.story({
  args: { state: { status: 'unsubscribed', productName: null } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: "You're unsubscribed from this alert" })).toBeVisible();
  },
});

export const ShopUnreachable = meta.story({
  tags: ['shows-error'],
  args: { state: { status: 'error', message: 'The shop could not be reached. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Try again' }));
    await expect((args.state as { onRetry: () => void }).onRetry).toHaveBeenCalledOnce();
  },
});

/** The real page and backend: a well-formed link whose hash the backend does not know. */
export const BadHash = meta.story({
  parameters: { shop: { route: '/productalert/unsubscribe/stock/product/milo-round-tortoise-s/product_id/9/hash/0000deadbeef0000/type/stock' } },
  render: () => (
    <RoutedStory path={LONG_LINK}>
      <ProductAlertUnsubscribePage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" }, slow)).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Continue shopping' })).toBeVisible();
  },
});

/** A link that cannot be right (a type that is neither stock nor price) is refused without asking the shop. */
export const MalformedLink = meta.story({
  parameters: { shop: { route: '/productalert/unsubscribe/newsletter/product/x/product_id/nine/hash/abc/type/newsletter' } },
  render: () => (
    <RoutedStory path={LONG_LINK}>
      <ProductAlertUnsubscribePage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
  },
});

/** /unsubscribe/{id} without its code, signed out: only the alert's owner may stop it. */
export const SignInNeeded = meta.story({
  parameters: { shop: { route: '/unsubscribe/12', machines: { session: signedOut } } },
  render: () => (
    <RoutedStory path="/unsubscribe/:id/:code?">
      <UnsubscribeByIdPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Sign in to unsubscribe' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('link', { name: 'Sign in' }));
    await expect(await canvas.findByText('Then back to: /unsubscribe/12')).toBeVisible();
  },
});

/** The unsubscribe link's machine (`linkRequest`), shown by the page's own outcome view. */
const Outcome = () => <UnsubscriptionOutcome actor={useInspectedSystem().actors.linkRequest as LinkRequestActor} />;
const unsubscribeLink = (value: string, context: Record<string, unknown> = {}) => ({
  shop: { route: '/unsubscribe/12/abc', machines: { linkRequest: { value, context } } },
});

export const MachineUnsubscribed = meta.story({
  render: () => <Outcome />,
  parameters: unsubscribeLink('done', { answer: { productName: 'Juno Aviator', productPath: null } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: "You won't get alerts about Juno Aviator any more" })).toBeVisible();
  },
});

/** A used link: refused for good, no retry offered. */
export const MachineUsedLink = meta.story({
  render: () => <Outcome />,
  parameters: unsubscribeLink('refused', { refusal: 'badLink' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "This unsubscribe link doesn't work" })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
});

export const MachineUnreachableInFrench = meta.story({
  tags: ['shows-error'],
  render: () => <Outcome />,
  parameters: { shop: { ...unsubscribeLink('failed', { detail: null }).shop, locale: 'fr-FR', storeCode: 'fr' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Réessayer' })).toBeVisible();
  },
});
