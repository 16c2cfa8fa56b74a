import preview from '../../../.storybook/preview';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RoutedStory } from '../shared/link-page/story-routing';
import { PaymentReturnPage } from './payment-return-page';
import { PaymentReturnView } from './payment-return-view';

/** Spec §2 /ayden/action/return.html and /paypal/action/return.html: checking, refused, incomplete, unreachable. */
const meta = preview.meta({
  title: 'Eyewear/Payment return/Return from the provider',
  component: PaymentReturnView,
  args: { state: { status: 'verifying' as const } },
});

export const Verifying = meta.story({
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Checking your payment' })).toBeVisible();
    await expect(await canvas.findByText('Confirming your payment with the provider…')).toBeInTheDocument();
  },
});

const RETURN_ROUTE = '/ayden/action/return.html?payment_token=forged&result=approved&order_number=000000042&signature=00ff';
const RETURN_INPUT = { payment_token: 'forged', result: 'approved', signature: '00ff' };
/** The checkout machine checking this page's return (spec §2): the page only renders its state. */
const checkoutOnReturn = (value: unknown, context: Record<string, unknown> = {}) => ({
  shop: { route: RETURN_ROUTE, machines: { checkout: { value, context: { paymentReturn: { input: RETURN_INPUT, orderNumber: '000000042' }, ...context } } } },
});

/** Stories only: where the return page sent the shopper, and what it handed over. */
function Destination() {
  const location = useLocation();
  return (
    <main>
      <h1>Outcome page</h1>
      <p>Path: {`${location.pathname}${location.search}`}</p>
      <p>Order token: {(location.state as { orderToken?: string } | null)?.orderToken ?? 'none'}</p>
    </main>
  );
}
const returnPage = (
  <Routes>
    <Route path="/ayden/action/return.html" element={<PaymentReturnPage />} />
    <Route path="*" element={<Destination />} />
  </Routes>
);

export const VerifyingThroughPage = meta.story({
  parameters: checkoutOnReturn({ paymentReturn: 'verifying' }),
  render: () => returnPage,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Checking your payment' })).toBeVisible();
  },
});

/** A return whose payment token and signature the backend does not know: refused, nothing changed. */
export const Tampered = meta.story({
  parameters: checkoutOnReturn({ paymentReturn: 'refused' }, { paymentReturnError: { kind: 'refused', message: 'The payment could not be found.' } }),
  render: () => returnPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: "We couldn't confirm this payment" })).toBeVisible();
    await expect(await canvas.findByText('The payment could not be found.', { exact: true })).toBeVisible();
    await expect(await canvas.findByText(/If you did pay for order #000000042/)).toBeVisible();
  },
});
export const TamperedOnPhone = meta.story({ ...Tampered.input, globals: { viewport: { value: 'phone' } } });

export const ApprovedGoesToSuccess = meta.story({
  parameters: checkoutOnReturn(
    { paymentReturn: 'approved' },
    { verifiedPayment: { result: 'APPROVED', order_number: '000000042', message: 'ok', cart_id: null, order_token: 'story-order-token' } },
  ),
  render: () => returnPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Path: /success?order=000000042')).toBeVisible();
    await expect(await canvas.findByText('Order token: story-order-token')).toBeVisible();
  },
});

export const DeclinedGoesToPaymentFail = meta.story({
  parameters: checkoutOnReturn(
    { paymentReturn: 'notPaid' },
    { verifiedPayment: { result: 'DECLINED', order_number: '000000042', message: 'declined', cart_id: 'story-cart-id', order_token: null } },
  ),
  render: () => returnPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Path: /paymentfail?order=000000042')).toBeVisible();
    await expect(await canvas.findByText('Order token: none')).toBeVisible();
  },
});

/** The verification's answer was lost; the backend is asked what became of the order, and the page still says it is checking. */
export const ConfirmingLostAnswer = meta.story({
  parameters: checkoutOnReturn({ paymentReturn: 'confirming' }, { paymentReturnError: { kind: 'unreachable', message: 'Failed to fetch' } }),
  render: () => returnPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Checking your payment' })).toBeVisible();
    await expect(canvasElement.textContent).not.toMatch(/Failed to fetch/);
  },
});

export const UnreachableThroughPage = meta.story({
  tags: ['shows-error'],
  parameters: checkoutOnReturn({ paymentReturn: 'unreachable' }, { paymentReturnError: { kind: 'unreachable', message: 'Failed to fetch' } }),
  render: () => returnPage,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The shop could not be reached. Check your connection, then check again.')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Check again' }));
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Checking your payment' })).toBeVisible();
  },
});

/** The real page: a return missing its signature is never sent to the backend. */
export const Incomplete = meta.story({
  parameters: { shop: { route: '/paypal/action/return.html?payment_token=abc&result=approved' } },
  render: () => (
    <RoutedStory path="/paypal/action/return.html">
      <PaymentReturnPage />
    </RoutedStory>
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'This payment address is incomplete' })).toBeVisible();
  },
});

export const ShopUnreachable = meta.story({
  tags: ['shows-error'],
  args: { state: { status: 'error', message: 'The shop could not be reached. Check your connection, then check again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Do not pay again: checking again is safe and will not charge you twice.')).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Check again' }));
    await expect((args.state as { onRetry: () => void }).onRetry).toHaveBeenCalledOnce();
  },
});
