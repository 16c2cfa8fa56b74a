import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { selectIsSignedIn, selectIsSigningIn, selectSignInError } from '../../machines/session/session.machine';
import { useFormValidation } from '../shared/form-validation';
import { isThrottledRefusal } from '../shared/shopper-message';
import { useSessionActor } from '../app/shop-actor-hooks';
import { FormPage } from './account-layout';
import styles from './account.module.css';
import { EmailField, FormError, FormField, FormSubmit, OtherFormLink } from './form-field';
import type { SignInReturn } from './require-sign-in';

/** Where to go after signing in: the remembered path, never another site. */
export function returnPathOf(state: unknown, fallback = '/'): string {
  const from = (state as SignInReturn | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/sign-in' ? from : fallback;
}

/** Sign in `/sign-in` (spec §2): back to the remembered path once signed in; a guest cart is merged (spec §4). */
export function SignInPage() {
  const intl = useIntl();
  const session = useSessionActor();
  const signedIn = useSelector(session, selectIsSignedIn);
  const signingIn = useSelector(session, selectIsSigningIn);
  const error = useSelector(session, selectSignInError);
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState(() => (location.state as SignInReturn | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const destination = returnPathOf(location.state);
  const validation = useFormValidation();

  useEffect(() => {
    if (signedIn) void navigate(destination, { replace: true });
  }, [signedIn, destination, navigate]);

  // A field the submit validates: its message clears as the shopper types again.
  const validated = (name: 'email' | 'password', value: string, set: (value: string) => void) => ({
    name,
    value,
    error: validation.errors[name],
    onValue: (next: string) => {
      validation.clear(name);
      set(next);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validation.validate(event.currentTarget)) return;
    session.send({ type: 'session.signIn', email: email.trim(), password });
  };
  return (
    <FormPage title={intl.formatMessage({ id: 'account.signIn.title', defaultMessage: 'Sign in' })}>
      <form className={styles.form} onSubmit={submit} aria-describedby="sign-in-error" noValidate>
        <FormError id="sign-in-error" message={error} />
        {isThrottledRefusal(error) ? (
          // ADR 037: a sign-in locked after too many failures opens again at the time said above, or at once with a new password.
          <p className={styles.hint}>
            <FormattedMessage
              id="account.signIn.lockedHint"
              defaultMessage="Or choose a new password now: <link>reset your password</link> and your account opens at once."
              values={{
                link: (words: ReactNode) => (
                  <Link to="/forgot-password" state={{ email }}>
                    {words}
                  </Link>
                ),
              }}
            />
          </p>
        ) : null}
        <EmailField {...validated('email', email, setEmail)} />
        <FormField
          label={intl.formatMessage({ id: 'account.field.password', defaultMessage: 'Password' })}
          type="password"
          autoComplete="current-password"
          {...validated('password', password, setPassword)}
        />
        <FormSubmit
          busy={signingIn}
          label={intl.formatMessage({ id: 'account.signIn.submit', defaultMessage: 'Sign in' })}
          busyLabel={intl.formatMessage({ id: 'account.signIn.signingIn', defaultMessage: 'Signing in…' })}
        >
          <Link to="/forgot-password" state={{ email }}>
            <FormattedMessage id="account.signIn.forgot" defaultMessage="Forgot your password?" />
          </Link>
        </FormSubmit>
      </form>
      <OtherFormLink prompt={<FormattedMessage id="account.signIn.noAccount" defaultMessage="New to Lunette?" />} to="/create-account" state={location.state}>
        <FormattedMessage id="account.signIn.create" defaultMessage="Create an account" />
      </OtherFormLink>
    </FormPage>
  );
}
