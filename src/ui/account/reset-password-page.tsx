import { useMutation } from '@apollo/client';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../shared/button';
import { FormPage } from './account-layout';
import { RESET_PASSWORD } from './account.operations';
import styles from './account.module.css';
import { FormError, FormField } from './form-field';

/** Reset or create a password `/customer/account/createPassword?email&token` (the link of the reset email). */
export function ResetPasswordPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [reset, { data, loading, error }] = useMutation(RESET_PASSWORD);
  const done = data?.resetPassword === true;
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void reset({ variables: { email: email.trim(), token, newPassword: password } }).catch(() => undefined);
  };
  return (
    <FormPage title={title}>
      {done ? (
        <div role="status" className={styles.success}>
          <p>
            <FormattedMessage id="account.reset.done" defaultMessage="Your new password is saved." />{' '}
            <Link to="/sign-in" state={{ email }}>
              <FormattedMessage id="account.signIn.submit" defaultMessage="Sign in" />
            </Link>
          </p>
        </div>
      ) : (
        <form className={styles.form} onSubmit={submit} aria-describedby="reset-error">
          <FormError id="reset-error" message={error?.message} />
          <FormField label={intl.formatMessage({ id: 'account.field.email', defaultMessage: 'Email' })} type="email" autoComplete="email" value={email} onValue={setEmail} />
          <FormField
            label={intl.formatMessage({ id: 'account.field.newPassword', defaultMessage: 'Password' })}
            type="password"
            autoComplete="new-password"
            minLength={8}
            value={password}
            onValue={setPassword}
            hint={intl.formatMessage({ id: 'account.password.rules', defaultMessage: 'At least 8 characters, with three of: lower case, upper case, digits, symbols.' })}
          />
          <div className={styles.actions}>
            <Button type="submit" priority="high" disabled={loading}>
              {loading ? intl.formatMessage({ id: 'account.reset.saving', defaultMessage: 'Saving…' }) : intl.formatMessage({ id: 'account.reset.submit', defaultMessage: 'Save the new password' })}
            </Button>
          </div>
        </form>
      )}
    </FormPage>
  );
}
