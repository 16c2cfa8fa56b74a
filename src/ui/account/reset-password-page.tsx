import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import type { SavedFormActor } from '../../machines/account/saved-form.machine';
import { useSavedForm, useSavedFormActor } from './account-forms';
import { FormPage } from './account-layout';
import styles from './account.module.css';
import { EmailField, FormError, FormSubmit, NewPasswordField } from './form-field';

/** Reset or create a password `/customer/account/createPassword?email&token` (the link of the reset email; spec §7 resetPassword). */
export function ResetPasswordPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const title = intl.formatMessage({ id: 'account.reset.title', defaultMessage: 'Choose a new password' });
  if (!token) {
    return (
      <FormPage title={title}>
        <p role="alert" className={styles.error}>
          <FormattedMessage id="account.reset.noToken" defaultMessage="This link has no reset token. Ask for a new link." />
        </p>
        <p>
          <Link to="/forgot-password">
            <FormattedMessage id="account.reset.askAgain" defaultMessage="Ask for a new link" />
          </Link>
        </p>
      </FormPage>
    );
  }
  return <NewPassword token={token} email={params.get('email') ?? ''} />;
}

function NewPassword({ token, email }: { token: string; email: string }) {
  // No toast: the page itself becomes the confirmation, with the way to sign in.
  // Another link is another reset: its own machine.
  const actor = useSavedFormActor('resetPasswordForm', { values: { email, password: '', token }, clearOnSave: ['password'] }, `${email} ${token}`);
  return actor ? <NewPasswordForm actor={actor} /> : null;
}

export function NewPasswordForm({ actor }: { actor: SavedFormActor }) {
  const intl = useIntl();
  const { saving, saved, error, text, bind, submit } = useSavedForm(actor);
  return (
    <FormPage title={intl.formatMessage({ id: 'account.reset.title', defaultMessage: 'Choose a new password' })}>
      {saved ? (
        <div role="status" className={styles.success}>
          <p>
            <FormattedMessage id="account.reset.done" defaultMessage="Your new password is saved." />{' '}
            <Link to="/sign-in" state={{ email: text('email').trim() }}>
              <FormattedMessage id="account.signIn.submit" defaultMessage="Sign in" />
            </Link>
          </p>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} aria-describedby="reset-error">
          <FormError id="reset-error" message={error} />
          <EmailField {...bind('email')} />
          <NewPasswordField label={intl.formatMessage({ id: 'account.field.newPassword', defaultMessage: 'Password' })} {...bind('password')} />
          <FormSubmit
            busy={saving}
            label={intl.formatMessage({ id: 'account.reset.submit', defaultMessage: 'Save the new password' })}
            busyLabel={intl.formatMessage({ id: 'account.reset.saving', defaultMessage: 'Saving…' })}
          />
        </form>
      )}
    </FormPage>
  );
}
