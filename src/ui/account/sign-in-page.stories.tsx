import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { SignInPage } from './sign-in-page';

/** Sign in (spec §2 /sign-in) in the session machine's signed-out states (spec §4 "User session"). */
const meta = preview.meta({
  title: 'Account/Sign in',
  component: SignInPage,
  parameters: { shop: { route: '/sign-in' } },
});

const session = (auth: unknown, context: Record<string, unknown> = {}) => ({
  shop: { route: '/sign-in', machines: { session: { value: { auth, passwordReset: 'idle' }, context } } },
});

export const SignedOut = meta.story({
  parameters: session({ signedOut: 'idle' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
    await expect(await canvas.findByLabelText('Email')).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Forgot your password?' })).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Create an account' })).toBeVisible();
  },
});

export const SignedOutOnPhone = meta.story({ ...SignedOut.input, globals: { viewport: { value: 'phone' } } });

export const SigningIn = meta.story({
  parameters: session({ signedOut: 'signingIn' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Signing in…' })).toBeDisabled();
  },
});

export const StoringToken = meta.story({ ...SigningIn.input, parameters: session('storingToken', { pendingToken: 'story-token' }) });

export const Refused = meta.story({
  parameters: session(
    { signedOut: 'idle' },
    { signInError: new Error('The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.') },
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('The account sign-in was incorrect');
  },
});

/** ADR 037: a sign-in locked after too many failures says when it opens again, and that a new password opens it at once. */
export const Locked = meta.story({
  parameters: session(
    { signedOut: 'idle' },
    {
      signInError: Object.assign(new Error('The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.'), {
        graphQLErrors: [
          {
            message: 'The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.',
            extensions: { category: 'graphql-authentication', retry_after: new Date(Date.now() + 9 * 60_000).toISOString() },
          },
        ],
      }),
    },
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/Please wait and try again later\. You can try again (at|on) /);
    await expect(canvas.getByRole('link', { name: 'reset your password' })).toHaveAttribute('href', expect.stringMatching(/\/forgot-password$/));
  },
});

export const CheckingSession = meta.story({
  parameters: session('loading'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Sign in' })).toBeEnabled();
  },
});

/** Empty fields are refused before asking the backend: each is marked invalid and read with its message. */
export const EmptyFieldsRefused = meta.story({
  parameters: session({ signedOut: 'idle' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in' }));
    const email = await canvas.findByLabelText('Email');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email is required.');
    await expect(await canvas.findByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    await expect(email).toHaveFocus();
    await userEvent.type(email, 'ada@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
});
