import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import { CreateAccountPage } from './create-account-page';

/** Create account (spec §2 /create-account), prefilled after a guest order. */
const meta = preview.meta({
  title: 'Account/Create account',
  component: CreateAccountPage,
});

const route = '/create-account?email=marie.curie%40example.com&firstName=Marie&lastName=Curie';
const session = (auth: unknown, context: Record<string, unknown> = {}) => ({
  shop: { route, machines: { session: { value: { auth, passwordReset: 'idle' }, context } } },
});

export const PrefilledAfterOrder = meta.story({
  parameters: session({ signedOut: 'idle' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('First name')).toHaveValue('Marie');
    await expect(await canvas.findByLabelText('Last name')).toHaveValue('Curie');
    await expect(await canvas.findByLabelText('Email')).toHaveValue('marie.curie@example.com');
    await expect(await canvas.findByLabelText('Password')).toHaveValue('');
  },
});

export const PrefilledOnPhone = meta.story({ ...PrefilledAfterOrder.input, globals: { viewport: { value: 'phone' } } });

export const Creating = meta.story({
  parameters: session({ signedOut: 'creatingAccount' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Creating your account…' })).toBeDisabled();
  },
});

/** The creation's answer was lost; signing in with what was typed tells whether the account exists, and the wait stays on screen. */
export const CreatingAnswerLost = meta.story({ ...Creating.input, parameters: session({ signedOut: { creatingAccount: 'checking' } }) });

export const Refused = meta.story({
  parameters: session(
    { signedOut: 'idle' },
    { createAccountError: new Error('A customer with the same email address already exists in an associated website.') },
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('A customer with the same email address already exists');
    await expect(await canvas.findByLabelText('First name')).toHaveValue('Marie');
  },
});
