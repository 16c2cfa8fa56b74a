import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { selectIsResettingPassword, selectResetPasswordError, selectResetPasswordSentTo } from '../../machines/session/session.machine';
import { useSessionActor } from '../app/shop-actor-hooks';
import { FormPage } from './account-layout';
import styles from './account.module.css';
import { EmailField, FormError, FormSubmit } from './form-field';
import type { SignInReturn } from './require-sign-in';

/** Forgot password `/forgot-password`: asks for a reset link (spec §4 password reset: request, then receive). */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const session = useSessionActor();
  const resetting = useSelector(session, selectIsResettingPassword);
  const error = useSelector(session, selectResetPasswordError);
  const location = useLocation();
  const [email, setEmail] = useState(() => (location.state as SignInReturn | null)?.email ?? '');
  const sentTo = useSelector(session, selectResetPasswordSentTo);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'session.resetPassword', email: email.trim() });
  };
  return (
    <FormPage title={intl.formatMessage({ id: 'account.forgot.title', defaultMessage: 'Reset your password' })}>
      <form className={styles.form} onSubmit={submit} aria-describedby="forgot-error">
        <p className={styles.hint}>
          <FormattedMessage id="account.forgot.intro" defaultMessage="Enter the email of your account and we will send you a link to choose a new password." />
        </p>
        <FormError id="forgot-error" message={error} />
        <EmailField value={email} onValue={setEmail} />
        <FormSubmit
          busy={resetting}
          label={intl.formatMessage({ id: 'account.forgot.submit', defaultMessage: 'Send the link' })}
          busyLabel={intl.formatMessage({ id: 'account.forgot.sending', defaultMessage: 'Sending…' })}
        />
        <p role="status" className={sentTo ? styles.success : 'visually-hidden'}>
          {sentTo ? (
            <FormattedMessage
              id="account.forgot.sent"
              defaultMessage="If an account exists for {email}, an email with a link to reset the password is on its way."
              values={{ email: sentTo }}
            />
          ) : null}
        </p>
      </form>
      <div className={styles.links}>
        <Link to="/sign-in">
          <FormattedMessage id="account.forgot.back" defaultMessage="Back to sign in" />
        </Link>
      </div>
    </FormPage>
  );
}
