import preview from '../../../.storybook/preview';
import { expect, within } from 'storybook/test';
import type { SavedFormActor } from '../../machines/account/saved-form.machine';
import { useInspectedSystem } from '../inspector';
import { EmailFormView, NameFormView, PasswordFormView } from './account-information-page';
import { NewsletterChoice } from './communications-page';
import { ContactUsForm } from './contact-us-page';
import { NewPasswordForm } from './reset-password-page';

/**
 * The account pages' forms in each state of the `savedForm` machine (spec §4 User, §7 operations),
 * rendered by their real views from the story system's savedForm actor.
 */
const meta = preview.meta({
  title: 'Account/Saved forms',
});

/** The story system's savedForm actor, put in the story's state by `parameters.shop.machines.savedForm`. */
function useStoryForm(): SavedFormActor {
  return useInspectedSystem().actors.savedForm as SavedFormActor;
}

const savedForm = (value: unknown, context: Record<string, unknown>) => ({
  shop: { route: '/account-information', machines: { savedForm: { value, context } } },
});

const NameForm = () => <NameFormView actor={useStoryForm()} />;
const EmailForm = () => <EmailFormView actor={useStoryForm()} email="ada@example.com" />;
const PasswordForm = () => <PasswordFormView actor={useStoryForm()} email="ada@example.com" />;
const Newsletter = ({ subscribed }: { subscribed: boolean }) => <NewsletterChoice actor={useStoryForm()} subscribed={subscribed} loading={false} />;
const Contact = () => <ContactUsForm actor={useStoryForm()} />;
const NewPassword = () => <NewPasswordForm actor={useStoryForm()} />;

export const NameEditing = meta.story({
  render: () => <NameForm />,
  parameters: savedForm({ editing: 'idle' }, { values: { firstname: 'Ada', lastname: 'Lovelace' } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('First name')).toHaveValue('Ada');
    await expect(await canvas.findByRole('button', { name: 'Save changes' })).toBeEnabled();
    await expect(await canvas.findByRole('status')).toBeEmptyDOMElement();
  },
});

export const NameSaved = meta.story({
  render: () => <NameForm />,
  parameters: savedForm({ editing: 'saved' }, { values: { firstname: 'Ada', lastname: 'Byron' } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Your details are saved.');
  },
});

export const EmailRefused = meta.story({
  render: () => <EmailForm />,
  parameters: savedForm(
    { editing: 'failed' },
    { values: { email: 'ada@lovelace.example', password: 'wrong' }, error: "The password doesn't match this account. Verify the password and try again." },
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent("The password doesn't match this account.");
    // What was typed is kept.
    await expect(await canvas.findByRole('textbox', { name: 'Email' })).toHaveValue('ada@lovelace.example');
    await expect(await canvas.findByLabelText('Password (to confirm the change)')).toHaveValue('wrong');
  },
});

export const PasswordSaving = meta.story({
  render: () => <PasswordForm />,
  parameters: savedForm('saving', { values: { currentPassword: 'Old!2026', newPassword: 'New!2026x' } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Change password' })).toBeDisabled();
  },
});

export const PasswordSavedInFrench = meta.story({
  render: () => <PasswordForm />,
  parameters: { shop: { ...savedForm({ editing: 'saved' }, { values: { currentPassword: '', newPassword: '' } }).shop, locale: 'fr-FR', storeCode: 'fr' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent('Votre mot de passe est changé.');
    await expect(await canvas.findByRole('button', { name: 'Changer le mot de passe' })).toBeEnabled();
  },
});

export const NewsletterSaved = meta.story({
  render: () => <Newsletter subscribed />,
  parameters: savedForm({ editing: 'saved' }, { values: { isSubscribed: true } }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('checkbox')).toBeChecked();
    await expect(await canvas.findByRole('status')).toHaveTextContent('You are subscribed to the newsletter.');
  },
});

export const NewsletterRefused = meta.story({
  render: () => <Newsletter subscribed={false} />,
  parameters: savedForm({ editing: 'failed' }, { values: { isSubscribed: true }, error: 'Failed to fetch' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The shop could not be reached. Check your connection and try again.');
    await expect(await canvas.findByRole('checkbox')).not.toBeChecked();
    await expect(await canvas.findByRole('checkbox')).toBeEnabled();
  },
});

export const ContactSending = meta.story({
  render: () => <Contact />,
  parameters: {
    shop: {
      route: '/contact-us',
      machines: {
        savedForm: {
          value: 'saving',
          context: { values: { name: 'Ada', email: 'ada@example.com', telephone: '', comment: 'Do you have round frames in green?' } },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
});

export const ContactSent = meta.story({
  render: () => <Contact />,
  parameters: {
    shop: {
      route: '/contact-us',
      machines: {
        savedForm: { value: { editing: 'saved' }, context: { values: { name: 'Ada ', email: 'ada@example.com', telephone: '', comment: 'Hello' } } },
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent('Thank you, Ada. We received your message and will answer by email.');
  },
});

export const ResetPasswordRefused = meta.story({
  render: () => <NewPassword />,
  parameters: {
    shop: {
      route: '/customer/account/createPassword?email=ada%40example.com&token=abc123',
      machines: {
        savedForm: {
          value: { editing: 'failed' },
          context: {
            values: { email: 'ada@example.com', password: 'short', token: 'abc123' },
            error: 'The password token is mismatched. Reset and try again.',
          },
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The password token is mismatched. Reset and try again.');
    await expect(await canvas.findByLabelText('Password')).toHaveValue('short');
  },
});

export const ResetPasswordSaved = meta.story({
  render: () => <NewPassword />,
  parameters: {
    shop: {
      route: '/customer/account/createPassword?email=ada%40example.com&token=abc123',
      machines: { savedForm: { value: { editing: 'saved' }, context: { values: { email: 'ada@example.com', password: '', token: 'abc123' } } } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Your new password is saved.');
    await expect(await canvas.findByRole('link', { name: 'Sign in' })).toBeVisible();
  },
});
