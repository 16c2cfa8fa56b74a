import preview from '../../../.storybook/preview';
import { expect, userEvent, within } from 'storybook/test';
import { AccountMenu } from './account-menu';
import { RequireSignIn } from './require-sign-in';
import { signedOut } from '../shared/story-fixtures';

/** The header's account entry in the session machine's states: signed out, signed in, expiring, signing out. */
const meta = preview.meta({
  title: 'Account/Account menu',
  component: AccountMenu,
});

const ada = { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', is_subscribed: false };
const signedIn = (details: string, expiry: unknown, context: Record<string, unknown> = {}) => ({
  shop: {
    machines: {
      session: {
        value: { auth: { signedIn: { details, expiry } }, passwordReset: 'idle' },
        context: { tokenRecord: { value: 'story-token', timeStored: 0, ttl: 3600 }, now: 1000, currentUser: details === 'received' ? ada : null, ...context },
      },
    },
  },
});

export const SignedOut = meta.story({
  parameters: { shop: { machines: { session: signedOut } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Sign in' })).toBeVisible();
  },
});

export const SignedIn = meta.story({
  parameters: signedIn('received', 'unlimited'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = await canvas.findByRole('button', { name: 'Hi, Ada' });
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(await canvas.findByRole('link', { name: 'Order history' })).toBeVisible();
    // The menu links every account page, saved prescriptions included.
    await expect(await canvas.findByRole('link', { name: 'Saved prescriptions' })).toHaveAttribute('href', expect.stringMatching(/\/prescription$/));
    await expect(await canvas.findByRole('button', { name: 'Sign out' })).toBeVisible();
  },
});

export const SignedInOnPhone = meta.story({ ...SignedIn.input, globals: { viewport: { value: 'phone' } } });

export const GettingDetails = meta.story({
  parameters: signedIn('requesting', 'measuring'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Account' })).toBeVisible();
  },
});

export const DetailsFailed = meta.story({
  ...GettingDetails.input,
  parameters: signedIn('failed', 'unlimited', { getDetailsError: new Error('Failed to fetch') }),
});

/** Spec §4 expiry: a timer for the remaining lifetime plus a check once per second. */
export const Expiring = meta.story({
  parameters: signedIn('received', { timing: { lifetime: {}, check: 'waiting' } }),
  play: SignedIn.input.play,
});

export const ExpiryCheck = meta.story({ ...Expiring.input, parameters: signedIn('received', { timing: { lifetime: {}, check: 'reading' } }) });

export const SigningOut = meta.story({
  parameters: {
    shop: { machines: { session: { value: { auth: { signingOut: 'revoking' }, passwordReset: 'idle' } } } },
    machineStates: ['session.auth.signingOut.cleaningUp'],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Sign in' })).toBeVisible();
  },
});
/** Spec §4: the lifetime ran out while the shop was open: the same sign-out, then the page reloads. */
export const SigningOutAtExpiry = meta.story({
  ...SigningOut.input,
  parameters: {
    shop: { machines: { session: { value: { auth: { signingOutAtExpiry: 'revoking' }, passwordReset: 'idle' } } } },
    machineStates: ['session.auth.signingOutAtExpiry.cleaningUp'],
  },
});

export const GuardWhileCheckingSession = meta.story({
  render: () => (
    <RequireSignIn>
      <p>Order history</p>
    </RequireSignIn>
  ),
  parameters: { shop: { route: '/order-history', machines: { session: { value: { auth: 'loading', passwordReset: 'idle' } } } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Checking your session…');
  },
});

export const GuardLetsSignedInThrough = meta.story({
  render: () => (
    <RequireSignIn>
      <p>Your orders</p>
    </RequireSignIn>
  ),
  parameters: signedIn('received', 'unlimited'),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Your orders')).toBeVisible();
  },
});
