import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { cartWithAurora, emptyCart } from '../../cart/cart-story-data';
import { RoutedStory, WithHistoryState } from '../alerts/story-routing';
import { PaymentFailPage } from './payment-fail-page';
import { PaymentResultPage } from './payment-result-page';
import { PaymentSuccessPage } from './payment-success-page';

const signedOut = { value: { auth: { signedOut: 'idle' }, passwordReset: 'idle' } };
const signedIn = {
  value: { auth: { signedIn: { details: 'received', expiry: 'measuring' } }, passwordReset: 'idle' },
  context: { tokenRecord: { value: 'story-token', timeStored: 0, ttl: 3600 } },
};
const receipt = {
  orderNumber: '000000042',
  shippingAddress: {
    firstname: 'Mary', lastname: 'Shelley', street: ['1 Main St'], city: 'Toronto', region: 'Ontario', region_code: 'ON', postcode: 'M5H 1A1',
    telephone: '4165550000', country_id: 'CA', email: 'mary@example.com',
  },
};

const success = (
  <WithHistoryState path="/success?order=000000042" state={{ receipt }}>
    <RoutedStory path="/success">
      <PaymentSuccessPage />
    </RoutedStory>
  </WithHistoryState>
);

/** Spec §2 payment outcome pages: /success, /paymentfail, /payment-result. */
const meta = {
  title: 'Eyewear/Payment return/Outcome pages',
  render: () => success,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const SuccessGuest: Story = {
  parameters: { shop: { route: '/', machines: { session: signedOut } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(canvas.getByText('Your payment was approved. Your order number is 000000042.', { exact: true })).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Shipping to' })).toHaveTextContent('Mary Shelley');
    await expect(canvas.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/create-account?email=mary%40example.com&firstName=Mary&lastName=Shelley');
  },
};

export const SuccessSignedInOnPhone: Story = {
  parameters: { shop: { route: '/', machines: { session: signedIn } } },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/order-history');
    await expect(canvas.queryByRole('link', { name: 'Create an account' })).toBeNull();
  },
};

export const SuccessWithoutOrder: Story = {
  parameters: { shop: { route: '/success', machines: { session: signedOut } } },
  render: () => (
    <RoutedStory path="/success">
      <PaymentSuccessPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'There is no recent order to show' })).toBeVisible();
  },
};

const failPage = (
  <RoutedStory path="/paymentfail">
    <PaymentFailPage />
  </RoutedStory>
);

export const PaymentDeclinedCartIntact: Story = {
  parameters: { shop: { route: '/paymentfail?order=000000042', machines: { cart: { value: 'ready', context: { details: cartWithAurora } } } } },
  render: () => failPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: "Your payment didn't go through" })).toBeVisible();
    await expect(canvas.getByText('Your cart is just as you left it: 1 item.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout');
  },
};

export const PaymentDeclinedCartLoading: Story = {
  parameters: { shop: { route: '/paymentfail?order=000000042', machines: { cart: { value: 'loadingDetails' } } } },
  render: () => failPage,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading your cart…')).toBeVisible();
  },
};

export const PaymentDeclinedCartEmpty: Story = {
  parameters: { shop: { route: '/paymentfail', machines: { cart: { value: 'ready', context: { details: emptyCart } } } } },
  render: () => failPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Your cart is empty.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Try again' })).toBeNull();
  },
};

const resultPage = (
  <RoutedStory path="/payment-result">
    <PaymentResultPage />
  </RoutedStory>
);

export const Cancelled: Story = {
  parameters: { shop: { route: '/payment-result?status=cancelled&order=000000042' } },
  render: () => resultPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'You cancelled the payment' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout');
  },
};

export const Pending: Story = {
  parameters: { shop: { route: '/payment-result?status=pending&order=000000042' } },
  render: () => resultPage,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The payment provider has not confirmed the payment for order #000000042 yet.', { exact: true })).toBeVisible();
  },
};

export const Unknown: Story = {
  parameters: { shop: { route: '/payment-result' } },
  render: () => resultPage,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: "We don't know the outcome of this payment yet" })).toBeVisible();
  },
};
