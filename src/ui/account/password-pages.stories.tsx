import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

/** Forgot password (spec §4 password reset: request, then receive) and the reset link's page. */
const meta = preview.meta({
  title: 'Account/Passwords',
  component: ForgotPasswordPage,
});

const session = (passwordReset: string, context: Record<string, unknown> = {}) => ({
  shop: { route: '/forgot-password', machines: { session: { value: { auth: { signedOut: 'idle' }, passwordReset }, context } } },
});

export const ForgotPassword = meta.story({
  parameters: session('idle'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Send the link' })).toBeEnabled();
  },
});

export const ForgotPasswordRequesting = meta.story({
  parameters: session('requesting'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
});

/** The backend took the request: the page says where the link went, from the session machine. */
export const ForgotPasswordSent = meta.story({
  parameters: session('idle', { resetPasswordRequestedFor: 'ada@example.com', resetPasswordSentTo: 'ada@example.com' }),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('If an account exists for ada@example.com, an email with a link to reset the password is on its way.'),
    ).toBeVisible();
  },
});

export const ForgotPasswordRefused = meta.story({
  parameters: session('idle', { resetPasswordError: new Error('The email address has an invalid format.') }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The email address has an invalid format.');
  },
});

export const ResetWithToken = meta.story({
  render: () => <ResetPasswordPage />,
  parameters: { shop: { route: '/customer/account/createPassword?email=ada%40example.com&token=abc123' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Email')).toHaveValue('ada@example.com');
    await expect(await canvas.findByRole('button', { name: 'Save the new password' })).toBeEnabled();
  },
});

export const ResetWithoutToken = meta.story({
  render: () => <ResetPasswordPage />,
  parameters: { shop: { route: '/customer/account/createPassword' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('This link has no reset token.');
  },
});
