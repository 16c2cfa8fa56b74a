import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { cartWithAurora, emptyCart } from '../shared/stories/cart-story-data';
import { RoutedStory, WithHistoryState } from '../shared/link-page/story-routing';
import { PaymentFailPage } from './payment-fail-page';
import { PaymentResultPage } from './payment-result-page';
import { PaymentSuccessPage } from './payment-success-page';
import { signedOut } from '../shared/story-fixtures';

const signedIn = {
  value: { auth: { signedIn: { details: 'received', expiry: 'measuring' } }, passwordReset: 'idle' },
  context: { tokenRecord: { value: 'story-token', timeStored: 0, ttl: 3600 } },
};
const shippingAddress = {
  firstname: 'Mary',
  lastname: 'Shelley',
  street: ['1 Main St'],
  city: 'Toronto',
  region: 'Ontario',
  region_id: 74,
  postcode: 'M5H 1A1',
  telephone: '4165550000',
  country_id: 'CA',
  email: 'mary@example.com',
};
const confirmedOrder = { number: '000000042', status: 'Processing', email: 'mary@example.com', paymentCode: 'lunettepay_card', shippingAddress };
const guestLookup = { orderNumber: '000000042', orderToken: 'story-order-token', isSignedIn: false };
/** The checkout machine's answer about the order in the URL (spec §2 /success): the page only renders it. */
const lookupIn = (value: string, context: Record<string, unknown> = {}) => ({
  value: { orderLookup: value },
  context: { orderLookup: guestLookup, ...context },
});
const success = (
  <WithHistoryState path="/success?order=000000042" state={{ orderToken: 'story-order-token' }}>
    <RoutedStory path="/success">
      <PaymentSuccessPage />
    </RoutedStory>
  </WithHistoryState>
);

/** Spec §2 payment outcome pages: /success, /paymentfail, /payment-result. */
const meta = preview.meta({
  title: 'Eyewear/Payment return/Outcome pages',
  render: () => success,
});

export const SuccessGuest = meta.story({
  parameters: { shop: { route: '/', machines: { session: signedOut, checkout: lookupIn('confirmed', { confirmedOrder }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(await canvas.findByText('Your payment was approved. Your order number is #000000042.', { exact: true })).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Shipping to' })).toHaveTextContent('Mary Shelley');
    await expect(await canvas.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/create-account?email=mary%40example.com&firstName=Mary&lastName=Shelley',
    );
  },
});

/** A check / money order's receipt (its own address, /success): the order is placed, not yet paid. */
export const SuccessCheckOrder = meta.story({
  parameters: {
    shop: { route: '/', machines: { session: signedOut, checkout: lookupIn('confirmed', { confirmedOrder: { ...confirmedOrder, paymentCode: 'checkmo' } }) } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
    await expect(await canvas.findByText('Your order number is #000000042.', { exact: true })).toBeVisible();
    await expect(canvas.queryByText(/Your payment was approved/)).toBeNull();
    // The shipping address's country by name in the store's language.
    await expect(await canvas.findByRole('region', { name: 'Shipping to' })).toHaveTextContent('Canada');
  },
});

export const SuccessSignedInOnPhone = meta.story({
  parameters: {
    shop: {
      route: '/',
      machines: {
        session: signedIn,
        checkout: lookupIn('confirmed', { confirmedOrder, orderLookup: { ...guestLookup, orderToken: 'story-order-token', isSignedIn: true } }),
      },
    },
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/order-history');
    await expect(canvas.queryByRole('link', { name: 'Create an account' })).toBeNull();
  },
});

export const SuccessChecking = meta.story({
  parameters: { shop: { route: '/', machines: { session: signedOut, checkout: lookupIn('checking') } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Looking up your order…')).toBeInTheDocument();
  },
});

export const SuccessWithoutOrder = meta.story({
  parameters: {
    shop: {
      route: '/success',
      machines: { session: signedOut, checkout: lookupIn('notFound', { orderLookup: { orderNumber: '', orderToken: null, isSignedIn: false } }) },
    },
  },
  render: () => (
    <RoutedStory path="/success">
      <PaymentSuccessPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'There is no recent order to show' })).toBeVisible();
  },
});

/** /success?order=<another order> shows no order, and says why. */
export const SuccessAnotherOrder = meta.story({
  parameters: { shop: { route: '/success?order=000000001', machines: { session: signedOut } } },
  render: () => (
    <RoutedStory path="/success">
      <PaymentSuccessPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'There is no recent order to show' })).toBeVisible();
    await expect(
      await canvas.findByText('Order #000000001 cannot be shown here: it was not paid in this browser, or it belongs to another account.'),
    ).toBeVisible();
    await expect(canvas.queryByText(/payment was approved/)).toBeNull();
  },
});

export const SuccessLookupFailed = meta.story({
  tags: ['shows-error'],
  parameters: { shop: { route: '/', machines: { session: signedOut, checkout: lookupIn('failed', { orderLookupError: new Error('Failed to fetch') }) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "We couldn't look up your order yet" })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Check again' }));
    await expect(await canvas.findByText('Looking up your order…')).toBeInTheDocument();
  },
});

const failPage = (
  <RoutedStory path="/paymentfail">
    <PaymentFailPage />
  </RoutedStory>
);

export const PaymentDeclinedCartIntact = meta.story({
  parameters: { shop: { route: '/paymentfail?order=000000042', machines: { cart: { value: 'ready', context: { details: cartWithAurora } } } } },
  render: () => failPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "Your payment didn't go through" })).toBeVisible();
    await expect(await canvas.findByText('Your cart is just as you left it: 1 item.')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/checkout');
  },
});

export const PaymentDeclinedCartLoading = meta.story({
  parameters: { shop: { route: '/paymentfail?order=000000042', machines: { cart: { value: 'loadingDetails' } } } },
  render: () => failPage,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your cart…')).toBeVisible();
  },
});

export const PaymentDeclinedCartEmpty = meta.story({
  parameters: { shop: { route: '/paymentfail', machines: { cart: { value: 'ready', context: { details: emptyCart } } } } },
  render: () => failPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your cart is empty.')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Try again' })).toBeNull();
  },
});

const resultPage = (
  <RoutedStory path="/payment-result">
    <PaymentResultPage />
  </RoutedStory>
);

export const Cancelled = meta.story({
  parameters: { shop: { route: '/payment-result?status=cancelled&order=000000042' } },
  render: () => resultPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'You cancelled the payment' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout');
  },
});

export const Pending = meta.story({
  parameters: { shop: { route: '/payment-result?status=pending&order=000000042' } },
  render: () => resultPage,
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('The payment provider has not confirmed the payment for order #000000042 yet.', { exact: true }),
    ).toBeVisible();
  },
});

export const Unknown = meta.story({
  parameters: { shop: { route: '/payment-result' } },
  render: () => resultPage,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: "We don't know the outcome of this payment yet" })).toBeVisible();
  },
});
