import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RoutedStory } from '../alerts/story-routing';
import { PaymentReturnPage } from './payment-return-page';
import { PaymentReturnView } from './payment-return-view';

const slow = { timeout: 20_000 };

/** Spec §2 /ayden/action/return.html and /paypal/action/return.html: checking, refused, incomplete, unreachable. */
const meta = {
  title: 'Eyewear/Payment return/Return from the provider',
  component: PaymentReturnView,
  args: { state: { status: 'verifying' } },
} satisfies Meta<typeof PaymentReturnView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Verifying: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeVisible();
    await expect(canvas.getByText('Confirming your payment with the provider…')).toBeInTheDocument();
  },
};

export const Continuing: Story = {
  args: { state: { status: 'continuing', path: '/paymentfail?order=000000042' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/paymentfail?order=000000042');
  },
};

/** The real page and backend: a return whose payment token and signature the backend does not know. */
export const Tampered: Story = {
  parameters: { shop: { route: '/ayden/action/return.html?payment_token=forged&result=approved&order_number=000000042&signature=00ff' } },
  render: () => (
    <RoutedStory path="/ayden/action/return.html">
      <PaymentReturnPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "We couldn't confirm this payment" }, slow)).toBeVisible();
    await expect(canvas.getByText('The payment could not be found.', { exact: true })).toBeVisible();
    await expect(canvas.getByText(/If you did pay for order #000000042/)).toBeVisible();
  },
};

export const TamperedOnPhone: Story = { ...Tampered, globals: { viewport: { value: 'phone' } } };

/** The real page: a return missing its signature is never sent to the backend. */
export const Incomplete: Story = {
  parameters: { shop: { route: '/paypal/action/return.html?payment_token=abc&result=approved' } },
  render: () => (
    <RoutedStory path="/paypal/action/return.html">
      <PaymentReturnPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'This payment address is incomplete' })).toBeVisible();
  },
};

export const ShopUnreachable: Story = {
  args: { state: { status: 'error', message: 'The shop could not be reached. Check your connection, then check again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Do not pay again: checking again is safe and will not charge you twice.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Check again' }));
    await expect((args.state as { onRetry: () => void }).onRetry).toHaveBeenCalledOnce();
  },
};
